/** Step 10, the basing dialog (squadrons to their airbases for next turn): the umpire's. */
import { cardOf } from "../../../base/controller";
import { capacityStateSchema } from "../schemas";
import { forUmpire, missionController } from "../controller";
import { capacityContext } from "./context";
import { initialCapacity, postCapacity, readCapacity, type CapacityState } from "./state";

export const capacityController = missionController<CapacityState>({
  template: "apps/air-missions/capacity.hbs",
  title: "NOBC.AirMissions.Capacity.Title",
  stateSchema: capacityStateSchema,
  ...forUmpire((world) => initialCapacity(world)),
  context: (state, world, i18n) => capacityContext(state, world, i18n),
  change: (state, values, world) => readCapacity(state, values, world),
  submit: (state, world, i18n) => cardOf(postCapacity(state, world, i18n), i18n),
});
