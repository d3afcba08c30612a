/** What the command and task timings dialog shows: the levels or the task, the chance of each number of hours, every refusal. Pure. */
import { nqm } from "../../../rules/index";
import type { Task } from "../../../rules/nqm/index";
import { nqmCheck, options, type ChanceView, type OptionView, type Translator } from "../view";
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
  const levels = (chosen: string) =>
    options(
      nqm.COMMAND_LEVELS.map((l) => [l, i18n.localize(LEVEL_LABEL[l])] as const),
      chosen,
    );
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
    tasks: options(
      (Object.keys(nqm.TASK_TIMINGS_TABLE) as Task[]).map((t) => [t, i18n.localize(nqm.TASK_LABEL[t])] as const),
      state.task,
    ),
    veteranMobile: state.veteranMobile,
    generalPresent: state.generalPresent,
    teams: state.teams,
    km: state.km,
    chances: check.canRoll ? commandChances(state, i18n) : [],
    ...check,
  };
}
