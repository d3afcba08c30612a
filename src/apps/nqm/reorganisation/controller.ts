/** Reorganisation (NQM): end of a turn or of the operation, for one unit, pre-filled from the selected NQM unit token. */
import { cardOf, openChecked, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { reorganisationContext } from "./context";
import {
  initialReorganisation,
  reorganisationArgsSchema,
  reorganisationCard,
  reorganisationFromForm,
  reorganisationStateSchema,
  type ReorganisationArgs,
  type ReorganisationState,
} from "./state";

export const reorganisationController: DialogController<ReorganisationState, NqmWorld, ReorganisationArgs> = {
  template: "apps/nqm/reorganisation.hbs",
  title: "NOBC.Nqm.Reorganisation.Title",
  icon: "fa-solid fa-kit-medical",
  classes: ["nobc", "nobc-nqm"],
  width: 480,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: reorganisationStateSchema,
  open: (world, args) => openChecked(reorganisationController, reorganisationArgsSchema, args, (a) => initialReorganisation(world, a)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => reorganisationContext(world, state, i18n),
  change: (state, values) => reorganisationFromForm(state, values),
  submit: (state, world, i18n, dice) => cardOf(reorganisationCard(world, state, dice, i18n), i18n),
};
