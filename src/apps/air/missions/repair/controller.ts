/** Step 9, the aircraft repair dialog: the side's squadron owners', or the GM's. */
import { cardOf } from "../../../base/controller";
import { forSideOwners, missionController } from "../controller";
import { repairContext } from "./context";
import { initialRepair, readRepair, rollRepair, type RepairState } from "./state";

export const repairController = missionController<RepairState>({
  template: "apps/air-missions/repair.hbs",
  title: "NOBC.AirMissions.Repair.Title",
  ...forSideOwners("squadrons", initialRepair),
  context: (state, world, i18n) => repairContext(state, world, i18n),
  change: (state, values, world) => readRepair(state, values, world),
  submit: (state, world, i18n, dice) => cardOf(rollRepair(state, world, dice, i18n), i18n),
});
