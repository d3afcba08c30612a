/**
 * Command reaction and task timings (NQM seed 004, Table 5 and the Task Timings Table): how long
 * orders take to come back down from a higher headquarters, and how long a task takes (rolled where
 * the table gives a range, shared among the teams where it gives work-hours). Nothing is written. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import type { Dice } from "../../../rules/dice";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import type { CommandLevel, Task } from "../../../rules/nqm/index";
import { speak } from "../../../words/phrase";
import type { Card } from "../../base/controller";
import { nqmCard, numberOf, percent, ticked, words, type ChanceView, type Translator } from "../view";
import { outcomeSpread } from "../../base/dice-walk";

export interface CommandState {
  readonly mode: "reaction" | "task";
  readonly from: CommandLevel;
  readonly to: CommandLevel;
  readonly veteranMobile: boolean;
  readonly generalPresent: boolean;
  readonly task: Task;
  readonly teams: number;
  readonly km: number;
}

const LEVELS = ["division", "corps", "army", "armyGroup"] as const;
const TASKS = Object.keys(nqm.TASK_TIMINGS_TABLE) as [Task, ...Task[]];

export const commandStateSchema = z.strictObject({
  mode: z.enum(["reaction", "task"]),
  from: z.enum(LEVELS),
  to: z.enum(LEVELS),
  veteranMobile: z.boolean(),
  generalPresent: z.boolean(),
  task: z.enum(TASKS),
  teams: z.number(),
  km: z.number(),
});

export const LEVEL_LABEL: Readonly<Record<CommandLevel, string>> = {
  division: "NOBC.Nqm.Command.Level.division",
  corps: "NOBC.Nqm.Command.Level.corps",
  army: "NOBC.Nqm.Command.Level.army",
  armyGroup: "NOBC.Nqm.Command.Level.armyGroup",
};

/** The macro's arguments: which calculator to open on. */
export const commandArgsSchema = commandStateSchema.pick({ mode: true }).partial();

export type CommandArgs = z.infer<typeof commandArgsSchema>;

export function initialCommand(args: CommandArgs = {}): CommandState {
  return {
    mode: args.mode ?? "reaction",
    from: "division",
    to: "corps",
    veteranMobile: false,
    generalPresent: false,
    task: "digIn",
    teams: 1,
    km: 1,
  };
}

export function commandFromForm(prev: CommandState, values: Readonly<Record<string, unknown>>): CommandState {
  const pick = <T extends string>(list: readonly T[], key: string, was: T): T => list.find((x) => x === values[key]) ?? was;
  return {
    mode: pick(["reaction", "task"] as const, "mode", prev.mode),
    from: pick(LEVELS, "from", prev.from),
    to: pick(LEVELS, "to", prev.to),
    veteranMobile: "veteranMobile" in values ? ticked(values["veteranMobile"]) : prev.veteranMobile,
    generalPresent: "generalPresent" in values ? ticked(values["generalPresent"]) : prev.generalPresent,
    task: pick(TASKS, "task", prev.task),
    teams: numberOf(values["teams"], prev.teams),
    km: numberOf(values["km"], prev.km),
  };
}

/** The timing as a resolution, or every refusal naming its field. */
export function commandResolution(state: CommandState, dice: Dice): Checked<Resolution<{ hours: number }>> {
  const refusals: Refusal[] = [];
  if (state.mode === "reaction") {
    if (LEVELS.indexOf(state.to) < LEVELS.indexOf(state.from))
      refusals.push({ code: "lowerLevel", text: phrase("NOBC.Nqm.Command.Check.lowerLevel"), field: "to" });
    if (refusals.length > 0) return { ok: false, refusals };
    const hours = nqm.commandReactionHours(state.from, state.to, {
      veteranMobile: state.veteranMobile,
      generalPresent: state.generalPresent,
    });
    return {
      ok: true,
      value: {
        breakdown: [
          {
            text: phrase("NOBC.Nqm.Command.Reaction", { from: phrase(LEVEL_LABEL[state.from]), to: phrase(LEVEL_LABEL[state.to]) }),
            value: hours,
            source: nqm.COMMAND_REACTION_SOURCE,
          },
        ],
        rolls: [],
        outcome: { hours },
        effects: [],
      },
    };
  }
  if (!Number.isInteger(state.teams) || state.teams < 1)
    refusals.push({ code: "badTeams", text: phrase("NOBC.Nqm.Command.Check.teams"), field: "teams" });
  if (!Number.isFinite(state.km) || state.km <= 0) refusals.push({ code: "badKm", text: phrase("NOBC.Nqm.Command.Check.km"), field: "km" });
  if (refusals.length > 0) return { ok: false, refusals };
  return { ok: true, value: nqm.resolveTaskTime(state.task, dice, { teams: state.teams, km: state.km }) };
}

/** The chance of each number of hours, walking every face the rules ask for (none when the table gives a sure figure). */
export function commandChances(state: CommandState, i18n: Translator): ChanceView[] {
  const spread = outcomeSpread(
    (dice) => commandResolution(state, dice),
    (o) => String(o.hours),
  );
  if (spread === null) return [];
  return spread
    .map((x) => ({ hours: Number(x.key), p: x.probability }))
    .sort((a, b) => a.hours - b.hours)
    .map(({ hours, p }) => ({ label: words(i18n, "NOBC.Nqm.Command.Hours", { count: hours }), chance: percent(p, i18n) }));
}

export function commandCard(state: CommandState, dice: Dice, i18n: Translator): Checked<Card> {
  const checked = commandResolution(state, dice);
  if (!checked.ok) return checked;
  const hours = checked.value.outcome.hours;
  const what =
    state.mode === "reaction"
      ? phrase("NOBC.Nqm.Command.ReactionWhat", { from: phrase(LEVEL_LABEL[state.from]), to: phrase(LEVEL_LABEL[state.to]) })
      : phrase(nqm.TASK_LABEL[state.task]);
  const outcome = speak(phrase("NOBC.Nqm.Command.Outcome", { what, count: hours }), i18n);
  return { ok: true, value: nqmCard(words(i18n, "NOBC.Nqm.Command.CardTitle", { what }), checked.value, outcome, []) };
}
