/** Logistics (NQM): resupply from a divisional dump, pre-filled from the selected NQM unit tokens; nothing is rolled. */
import { cardOf, openChecked, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { logisticsContext } from "./context";
import {
  initialLogistics,
  logisticsArgsSchema,
  logisticsCard,
  logisticsFromForm,
  logisticsStateSchema,
  type LogisticsArgs,
  type LogisticsState,
} from "./state";

export const logisticsController: DialogController<LogisticsState, NqmWorld, LogisticsArgs> = {
  template: "apps/nqm/logistics.hbs",
  title: "NOBC.Nqm.Logistics.Title",
  icon: "fa-solid fa-truck",
  classes: ["nobc", "nobc-nqm"],
  width: 560,
  submitAction: "resupply",
  read: readNqmWorld,
  stateSchema: logisticsStateSchema,
  open: (world, args) => openChecked(logisticsController, logisticsArgsSchema, args, (a) => initialLogistics(world, a)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => logisticsContext(world, state, i18n),
  change: (state, values, world) => logisticsFromForm(world, state, values),
  // No dice: the base hands its recording dice over, and the resupply reads none.
  submit: (state, world, i18n) => cardOf(logisticsCard(world, state, i18n), i18n),
};
