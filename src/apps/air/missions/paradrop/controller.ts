/** Step 7, the paradrop dialog: the umpire's. */
import { cardOf, opened, type DialogController } from "../../../base/controller";
import type { SideArgs } from "../args";
import { gmOnly, readMissionWorld, type MissionWorld } from "../world";
import { paradropContext } from "./context";
import { initialParadrop, readParadrop, rollParadrop, type ParadropState } from "./state";

export const paradropController: DialogController<ParadropState, MissionWorld, SideArgs> = {
  template: "apps/air-missions/paradrop.hbs",
  title: "NOBC.AirMissions.Paradrop.Title",
  icon: "fa-solid fa-plane",
  classes: ["nobc", "nobc-air-missions"],
  width: 640,
  submitAction: "roll",
  read: readMissionWorld,
  open(world, args) {
    const gm = gmOnly(world);
    return gm.ok ? opened(initialParadrop(world, args.side ?? gm.side)) : gm;
  },
  access: (_state, world) => gmOnly(world),
  context: (state, world, i18n) => paradropContext(state, world, i18n),
  change: (state, values, world) => readParadrop(state, values, world),
  submit: (state, world, i18n, dice) => cardOf(rollParadrop(state, world, dice, i18n)),
};
