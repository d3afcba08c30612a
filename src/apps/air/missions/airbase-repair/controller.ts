/** Step 11, the airbase repair dialog: the side's airbase owners', or the GM's. */
import { cardOf, opened, type DialogController } from "../../../base/controller";
import type { SideArgs } from "../args";
import { readMissionWorld, sideFor, type MissionWorld } from "../world";
import { airbaseRepairContext } from "./context";
import { initialAirbaseRepair, readAirbaseRepair, rollAirbaseRepair, type AirbaseRepairState } from "./state";

export const airbaseRepairController: DialogController<AirbaseRepairState, MissionWorld, SideArgs> = {
  template: "apps/air-missions/airbase-repair.hbs",
  title: "NOBC.AirMissions.AirbaseRepair.Title",
  icon: "fa-solid fa-plane",
  classes: ["nobc", "nobc-air-missions"],
  width: 640,
  submitAction: "roll",
  read: readMissionWorld,
  open(world, args) {
    const side = sideFor(world, "airbases", args.side);
    return side.ok ? opened(initialAirbaseRepair(world, side.side)) : side;
  },
  access: (state, world) => sideFor(world, "airbases", state.side),
  context: (state, world, i18n) => airbaseRepairContext(state, world, i18n),
  change: (state, values, world) => readAirbaseRepair(state, values, world),
  submit: (state, world, i18n, dice) => cardOf(rollAirbaseRepair(state, world, dice, i18n)),
};
