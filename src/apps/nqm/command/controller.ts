/** Command reaction and task timings (NQM): the umpire's calculator; a card records the figure, nothing is written. */
import { cardOf, openChecked, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { commandContext } from "./context";
import {
  commandCard,
  commandFromForm,
  commandStateSchema,
  initialCommand,
  commandArgsSchema,
  type CommandArgs,
  type CommandState,
} from "./state";

export const commandController: DialogController<CommandState, NqmWorld, CommandArgs> = {
  template: "apps/nqm/command.hbs",
  title: "NOBC.Nqm.Command.Title",
  icon: "fa-solid fa-clock",
  classes: ["nobc", "nobc-nqm"],
  width: 480,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: commandStateSchema,
  open: (_world, args) => openChecked(commandController, commandArgsSchema, args, (a) => initialCommand(a)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, _world, i18n) => commandContext(state, i18n),
  change: (state, values) => commandFromForm(state, values),
  submit: (state, _world, i18n, dice) => cardOf(commandCard(state, dice, i18n), i18n),
};
