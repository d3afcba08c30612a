/** Step 10, the basing dialog (squadrons to their airbases for next turn): the umpire's. */
import { cardOf, opened, type DialogController } from "../../../base/controller";
import type { SideArgs } from "../args";
import { gmOnly, readMissionWorld, type MissionWorld } from "../world";
import { capacityContext } from "./context";
import { initialCapacity, postCapacity, readCapacity, type CapacityState } from "./state";

export const capacityController: DialogController<CapacityState, MissionWorld, SideArgs> = {
  template: "apps/air-missions/capacity.hbs",
  title: "NOBC.AirMissions.Capacity.Title",
  icon: "fa-solid fa-plane",
  classes: ["nobc", "nobc-air-missions"],
  width: 640,
  submitAction: "roll",
  read: readMissionWorld,
  open(world) {
    const gm = gmOnly(world);
    return gm.ok ? opened(initialCapacity(world)) : gm;
  },
  access: (_state, world) => gmOnly(world),
  context: (state, world, i18n) => capacityContext(state, world, i18n),
  change: (state, values, world) => readCapacity(state, values, world),
  submit: (state, world, i18n) => cardOf(postCapacity(state, world, i18n)),
};
