/** Step 9, the aircraft repair dialog: the side's squadron owners', or the GM's. */
import { cardOf, opened, type DialogController } from "../../../base/controller";
import type { SideArgs } from "../args";
import { readMissionWorld, sideFor, type MissionWorld } from "../world";
import { repairContext } from "./context";
import { initialRepair, readRepair, rollRepair, type RepairState } from "./state";

export const repairController: DialogController<RepairState, MissionWorld, SideArgs> = {
  template: "apps/air-missions/repair.hbs",
  title: "NOBC.AirMissions.Repair.Title",
  icon: "fa-solid fa-plane",
  classes: ["nobc", "nobc-air-missions"],
  width: 640,
  submitAction: "roll",
  read: readMissionWorld,
  open(world, args) {
    const side = sideFor(world, "squadrons", args.side);
    return side.ok ? opened(initialRepair(world, side.side)) : side;
  },
  access: (state, world) => sideFor(world, "squadrons", state.side),
  context: (state, world, i18n) => repairContext(state, world, i18n),
  change: (state, values, world) => readRepair(state, values, world),
  submit: (state, world, i18n, dice) => cardOf(rollRepair(state, world, dice, i18n)),
};
