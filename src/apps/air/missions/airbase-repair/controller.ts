/** Step 11, the airbase repair dialog: the side's airbase owners', or the GM's. */
import { cardOf } from "../../../base/controller";
import { airbaseRepairStateSchema } from "../schemas";
import { forSideOwners, missionController } from "../controller";
import { airbaseRepairContext } from "./context";
import { initialAirbaseRepair, readAirbaseRepair, rollAirbaseRepair, airbaseRepairHolds, type AirbaseRepairState } from "./state";

export const airbaseRepairController = missionController<AirbaseRepairState>({
  template: "apps/air-missions/airbase-repair.hbs",
  title: "NOBC.AirMissions.AirbaseRepair.Title",
  stateSchema: airbaseRepairStateSchema,
  ...forSideOwners("airbases", initialAirbaseRepair),
  context: (state, world, i18n) => airbaseRepairContext(state, world, i18n),
  change: (state, values, world) => readAirbaseRepair(state, values, world),
  claims: (state, world) => airbaseRepairHolds(state, world),
  submit: (state, world, i18n, dice) => cardOf(rollAirbaseRepair(state, world, dice, i18n), i18n),
});
