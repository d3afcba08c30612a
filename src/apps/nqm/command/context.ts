/** What the command and task timings dialog shows: the levels or the task, the chance of each number of hours, every refusal. Pure. */
import { nqm } from "../../../rules/index";
import type { Task } from "../../../rules/nqm/index";
import { nqmCheck, options, type ChanceView, type OptionView, type Translator, labelledOptions } from "../view";
import { commandChances, commandResolution, LEVEL_LABEL, type CommandState } from "./state";

export interface CommandView {
  readonly isReaction: boolean;
  readonly modes: readonly OptionView[];
  readonly froms: readonly OptionView[];
  readonly tos: readonly OptionView[];
  readonly tasks: readonly OptionView[];
  readonly veteranMobile: boolean;
  readonly generalPresent: boolean;
  readonly teams: number;
  readonly km: number;
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

export function commandContext(state: CommandState, i18n: Translator): CommandView {
  const levels = (chosen: string) => labelledOptions(nqm.COMMAND_LEVELS, LEVEL_LABEL, chosen, i18n);
  const check = nqmCheck((dice) => commandResolution(state, dice), i18n);
  return {
    isReaction: state.mode === "reaction",
    modes: options(
      [
        ["reaction", i18n.localize("NOBC.Nqm.Command.ModeReaction")],
        ["task", i18n.localize("NOBC.Nqm.Command.ModeTask")],
      ],
      state.mode,
    ),
    froms: levels(state.from),
    tos: levels(state.to),
    tasks: labelledOptions(Object.keys(nqm.TASK_TIMINGS_TABLE) as Task[], nqm.TASK_LABEL, state.task, i18n),
    veteranMobile: state.veteranMobile,
    generalPresent: state.generalPresent,
    teams: state.teams,
    km: state.km,
    chances: check.canRoll ? commandChances(state, i18n) : [],
    ...check,
  };
}
