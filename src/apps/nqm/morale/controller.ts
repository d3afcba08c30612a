/** Morale and break tests (NQM): the umpire's dialog for one unit, pre-filled from the selected NQM unit token. */
import { cardOf, openChecked, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { moraleContext } from "./context";
import { initialMorale, moraleArgsSchema, moraleCard, moraleFromForm, moraleStateSchema, type MoraleArgs, type MoraleState } from "./state";

export const moraleController: DialogController<MoraleState, NqmWorld, MoraleArgs> = {
  template: "apps/nqm/morale.hbs",
  title: "NOBC.Nqm.Morale.Title",
  icon: "fa-solid fa-flag",
  classes: ["nobc", "nobc-nqm"],
  width: 520,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: moraleStateSchema,
  open: (world, args) => openChecked(moraleController, moraleArgsSchema, args, (a) => initialMorale(world, a)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => moraleContext(world, state, i18n),
  change: (state, values, world) => moraleFromForm(world, state, values),
  submit: (state, world, i18n, dice) => cardOf(moraleCard(world, state, dice, i18n), i18n),
};
