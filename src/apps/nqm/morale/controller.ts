/** Morale and break tests (NQM): the umpire's dialog for one unit, pre-filled from the selected NQM unit token. */
import { cardOf, gmOnly, opened, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { moraleContext } from "./context";
import { initialMorale, moraleCard, moraleFromForm, moraleStateSchema, type MoraleState, type MoraleTest } from "./state";

export const moraleController: DialogController<MoraleState, NqmWorld, { unit?: string; test?: MoraleTest }> = {
  template: "apps/nqm/morale.hbs",
  title: "NOBC.Nqm.Morale.Title",
  icon: "fa-solid fa-flag",
  classes: ["nobc", "nobc-nqm"],
  width: 520,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: moraleStateSchema,
  open: (world, args) => opened(initialMorale(world, args)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => moraleContext(world, state, i18n),
  change: (state, values, world) => moraleFromForm(world, state, values),
  submit: (state, world, i18n, dice) => cardOf(moraleCard(world, state, dice, i18n), i18n),
};
