/** Step 8, the deep strike dialog: the striking side's squadron owners', or the GM's. */
import { cardOf, opened, type DialogController } from "../../../base/controller";
import type { SideArgs } from "../args";
import { readMissionWorld, sideFor, type MissionWorld } from "../world";
import { deepStrikeContext } from "./context";
import { initialDeepStrike, readDeepStrike, rollDeepStrike, type DeepStrikeState } from "./state";

export const deepStrikeController: DialogController<DeepStrikeState, MissionWorld, SideArgs> = {
  template: "apps/air-missions/deep-strike.hbs",
  title: "NOBC.AirMissions.DeepStrike.Title",
  icon: "fa-solid fa-plane",
  classes: ["nobc", "nobc-air-missions"],
  width: 640,
  submitAction: "roll",
  read: readMissionWorld,
  open(world, args) {
    const side = sideFor(world, "squadrons", args.side);
    return side.ok ? opened(initialDeepStrike(world, side.side)) : side;
  },
  access: (state, world) => sideFor(world, "squadrons", state.side),
  context: (state, world, i18n) => deepStrikeContext(state, world, i18n),
  change: (state, values, world) => readDeepStrike(state, values, world),
  submit: (state, world, i18n, dice) => cardOf(rollDeepStrike(state, world, dice, i18n)),
};
