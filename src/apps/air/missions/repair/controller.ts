/**
 * Step 9, the aircraft repair dialog: the side's squadron owners', or the GM's. A squadron sheet's
 * Repair button asks it for that one squadron (`only`), which the asker must own.
 */
import { cardOf, denied } from "../../../base/controller";
import { repairStateSchema } from "../schemas";
import { forSideOwners, missionController } from "../controller";
import { repairContext } from "./context";
import { initialRepair, readRepair, rollRepair, repairHolds, type RepairState } from "./state";

const sideOwners = forSideOwners("squadrons", initialRepair);

export const repairController = missionController<RepairState>({
  template: "apps/air-missions/repair.hbs",
  title: "NOBC.AirMissions.Repair.Title",
  stateSchema: repairStateSchema,
  open: sideOwners.open,
  access(state, world) {
    const side = sideOwners.access(state, world);
    if (!side.ok || world.isGM) return side;
    const foreign = (state.only ?? []).find((id) => !world.owned.has(id));
    return foreign === undefined ? side : denied("NOBC.AirRequest.notYourSquadron", { name: world.names.get(foreign) ?? foreign });
  },
  context: (state, world, i18n) => repairContext(state, world, i18n),
  change: (state, values, world) => readRepair(state, values, world),
  claims: (state, world) => repairHolds(state, world),
  submit: (state, world, i18n, dice) => cardOf(rollRepair(state, world, dice, i18n), i18n),
});
