/** Step 7, the paradrop dialog: the umpire's. */
import { cardOf } from "../../../base/controller";
import { paradropStateSchema } from "../schemas";
import { forUmpire, missionController } from "../controller";
import { paradropContext } from "./context";
import { initialParadrop, readParadrop, rollParadrop, paradropHolds, type ParadropState } from "./state";

export const paradropController = missionController<ParadropState>({
  template: "apps/air-missions/paradrop.hbs",
  title: "NOBC.AirMissions.Paradrop.Title",
  stateSchema: paradropStateSchema,
  ...forUmpire((world, side) => initialParadrop(world, side ?? "nato")),
  context: (state, world, i18n) => paradropContext(state, world, i18n),
  change: (state, values, world) => readParadrop(state, values, world),
  claims: (state, world) => paradropHolds(state, world),
  submit: (state, world, i18n, dice) => cardOf(rollParadrop(state, world, dice, i18n), i18n),
});
