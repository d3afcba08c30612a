/** Winning the Firefight (NQM, Table 12): the umpire's dialog, pre-filled from the selected NQM unit tokens. */
import { cardOf, openChecked, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { firefightContext } from "./context";
import {
  firefightCard,
  firefightFromForm,
  firefightStateSchema,
  initialFirefight,
  firefightArgsSchema,
  type FirefightArgs,
  type FirefightState,
} from "./state";

export const firefightController: DialogController<FirefightState, NqmWorld, FirefightArgs> = {
  template: "apps/nqm/firefight.hbs",
  title: "NOBC.Nqm.Firefight.Title",
  icon: "fa-solid fa-person-rifle",
  classes: ["nobc", "nobc-nqm"],
  width: 760,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: firefightStateSchema,
  open: (world, args) => openChecked(firefightController, firefightArgsSchema, args, (a) => initialFirefight(world, a)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => firefightContext(world, state, i18n),
  change: (state, values, world) => firefightFromForm(world, state, values),
  submit: (state, world, i18n, dice) => cardOf(firefightCard(world, state, dice, i18n), i18n),
};
