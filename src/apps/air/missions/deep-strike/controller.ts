/** Step 8, the deep strike dialog: the striking side's squadron owners', or the GM's. */
import { cardOf } from "../../../base/controller";
import { deepStrikeStateSchema } from "../schemas";
import { forSideOwners, missionController } from "../controller";
import { deepStrikeContext } from "./context";
import { initialDeepStrike, readDeepStrike, rollDeepStrike, deepStrikeHolds, type DeepStrikeState } from "./state";

export const deepStrikeController = missionController<DeepStrikeState>({
  template: "apps/air-missions/deep-strike.hbs",
  title: "NOBC.AirMissions.DeepStrike.Title",
  stateSchema: deepStrikeStateSchema,
  ...forSideOwners("squadrons", initialDeepStrike),
  context: (state, world, i18n) => deepStrikeContext(state, world, i18n),
  change: (state, values, world) => readDeepStrike(state, values, world),
  claims: (state, world) => deepStrikeHolds(state, world),
  submit: (state, world, i18n, dice) => cardOf(rollDeepStrike(state, world, dice, i18n), i18n),
});
