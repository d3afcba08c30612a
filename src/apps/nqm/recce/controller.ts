/** The recce sequence (NQM): a recce against a concealed defender, pre-filled from the first two selected NQM unit tokens. */
import { cardOf, openChecked, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { recceContext } from "./context";
import { initialRecce, recceArgsSchema, recceCard, recceFromForm, recceStateSchema, type RecceArgs, type RecceState } from "./state";

export const recceController: DialogController<RecceState, NqmWorld, RecceArgs> = {
  template: "apps/nqm/recce.hbs",
  title: "NOBC.Nqm.Recce.Title",
  icon: "fa-solid fa-binoculars",
  classes: ["nobc", "nobc-nqm"],
  width: 520,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: recceStateSchema,
  open: (world, args) => openChecked(recceController, recceArgsSchema, args, (a) => initialRecce(world, a)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => recceContext(world, state, i18n),
  change: (state, values, world) => recceFromForm(world, state, values),
  submit: (state, world, i18n, dice) => cardOf(recceCard(world, state, dice, i18n), i18n),
};
