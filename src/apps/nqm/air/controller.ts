/** The air-to-ground fireplan (NQM): air stands, the AA that fires first, and the ground target. */
import { cardOf, openChecked, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { airContext } from "./context";
import { airCard, airFromForm, airStateSchema, initialAir, airArgsSchema, type AirArgs, type AirState } from "./state";

export const airController: DialogController<AirState, NqmWorld, AirArgs> = {
  template: "apps/nqm/air.hbs",
  title: "NOBC.Nqm.Air.Title",
  icon: "fa-solid fa-jet-fighter",
  classes: ["nobc", "nobc-nqm"],
  width: 760,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: airStateSchema,
  open: (world, args) => openChecked(airController, airArgsSchema, args, (a) => initialAir(world, a)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => airContext(world, state, i18n),
  change: (state, values, world) => airFromForm(world, state, values),
  submit: (state, world, i18n, dice) => cardOf(airCard(world, state, dice, i18n), i18n),
};
