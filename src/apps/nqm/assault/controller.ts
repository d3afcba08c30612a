/** Close assault (NQM), one round per card: pre-filled from the first two selected NQM unit tokens. */
import { cardOf, openChecked, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { assaultContext } from "./context";
import {
  assaultCard,
  assaultFromForm,
  assaultStateSchema,
  initialAssault,
  assaultArgsSchema,
  type AssaultArgs,
  type AssaultState,
} from "./state";

export const assaultController: DialogController<AssaultState, NqmWorld, AssaultArgs> = {
  template: "apps/nqm/assault.hbs",
  title: "NOBC.Nqm.Assault.Title",
  icon: "fa-solid fa-hand-fist",
  classes: ["nobc", "nobc-nqm"],
  width: 520,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: assaultStateSchema,
  open: (world, args) => openChecked(assaultController, assaultArgsSchema, args, (a) => initialAssault(world, a)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => assaultContext(world, state, i18n),
  change: (state, values) => assaultFromForm(state, values),
  submit: (state, world, i18n, dice) => cardOf(assaultCard(world, state, dice, i18n), i18n),
};
