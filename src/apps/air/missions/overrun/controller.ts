/** Step 11, the airfield overrun dialog: the umpire's. */
import { cardOf } from "../../../base/controller";
import { overrunStateSchema } from "../schemas";
import { forUmpire, missionController } from "../controller";
import { overrunContext } from "./context";
import { initialOverrun, postOverrun, readOverrun, type OverrunOpenArgs, type OverrunState } from "./state";

/** Opened for one airbase when the map's offer names it (`{ airbase }`), else for the first. */
export const overrunController = missionController<OverrunState, OverrunOpenArgs>({
  template: "apps/air-missions/overrun.hbs",
  title: "NOBC.AirMissions.Overrun.Title",
  stateSchema: overrunStateSchema,
  ...forUmpire<OverrunState, OverrunOpenArgs>((world, _side, args) => initialOverrun(world, args.airbase)),
  context: (state, world, i18n) => overrunContext(state, world, i18n),
  change: (state, values) => readOverrun(state, values),
  submit: (state, world, i18n) => cardOf(postOverrun(state, world, i18n), i18n),
});
