/** Artillery and harassing fire (NQM): batteries' shoot at one target unit, pre-filled from the selected NQM unit tokens. */
import { cardOf, openChecked, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { artilleryContext } from "./context";
import {
  artilleryCard,
  artilleryFromForm,
  artilleryStateSchema,
  initialArtillery,
  artilleryArgsSchema,
  type ArtilleryArgs,
  type ArtilleryState,
} from "./state";

export const artilleryController: DialogController<ArtilleryState, NqmWorld, ArtilleryArgs> = {
  template: "apps/nqm/artillery.hbs",
  title: "NOBC.Nqm.Artillery.Title",
  icon: "fa-solid fa-explosion",
  classes: ["nobc", "nobc-nqm"],
  width: 640,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: artilleryStateSchema,
  open: (world, args) => openChecked(artilleryController, artilleryArgsSchema, args, (a) => initialArtillery(world, a)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => artilleryContext(world, state, i18n),
  change: (state, values, world) => artilleryFromForm(world, state, values),
  submit: (state, world, i18n, dice) => cardOf(artilleryCard(world, state, dice, i18n), i18n),
};
