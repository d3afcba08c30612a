/** Step 11, the airfield overrun dialog: the umpire's. */
import { cardOf, opened, type DialogController } from "../../../base/controller";
import type { SideArgs } from "../args";
import { gmOnly, readMissionWorld, type MissionWorld } from "../world";
import { overrunContext } from "./context";
import { initialOverrun, postOverrun, readOverrun, type OverrunState } from "./state";

export const overrunController: DialogController<OverrunState, MissionWorld, SideArgs> = {
  template: "apps/air-missions/overrun.hbs",
  title: "NOBC.AirMissions.Overrun.Title",
  icon: "fa-solid fa-plane",
  classes: ["nobc", "nobc-air-missions"],
  width: 640,
  submitAction: "roll",
  read: readMissionWorld,
  open(world) {
    const gm = gmOnly(world);
    return gm.ok ? opened(initialOverrun(world)) : gm;
  },
  access: (_state, world) => gmOnly(world),
  context: (state, world, i18n) => overrunContext(state, world, i18n),
  change: (state, values) => readOverrun(state, values),
  submit: (state, world, i18n) => cardOf(postOverrun(state, world, i18n)),
};
