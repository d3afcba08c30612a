import type { Dice } from "../dice";
import { phrase, SEEDS, type Resolution } from "../resolution";
import { assertCount } from "./validate";

export const COMMAND_REACTION_SOURCE = `${SEEDS.nqm}, Table 5 (Command Reaction Table)`;
export const TASK_TIMINGS_SOURCE = `${SEEDS.nqm}, Task Timings Table (unnumbered; Table 6 by position)`;
const DECISION = "docs/rules-decisions.md";

export type CommandLevel = "division" | "corps" | "army" | "armyGroup";
export const COMMAND_LEVELS: readonly CommandLevel[] = ["division", "corps", "army", "armyGroup"];

/** Seed 004 (NQM 2015), Table 5: hours for news to climb one step; orders take as long to come down. */
export const COMMAND_REACTION_TABLE: Readonly<Record<"divisionToCorps" | "corpsToArmy" | "armyToArmyGroup", number>> = {
  divisionToCorps: 1,
  corpsToArmy: 2,
  armyToArmyGroup: 2,
};

const STEP_HOURS = [COMMAND_REACTION_TABLE.divisionToCorps, COMMAND_REACTION_TABLE.corpsToArmy, COMMAND_REACTION_TABLE.armyToArmyGroup];

/**
 * Hours from an event at `from` until orders from `to` come back down: the climb, and the same again
 * down. Veteran armoured or motorised units halve it (rounded up to whole hours, decision); a general
 * at the point of action cuts it out.
 */
export function commandReactionHours(
  from: CommandLevel,
  to: CommandLevel,
  options: { veteranMobile?: boolean; generalPresent?: boolean } = {},
): number {
  const lo = COMMAND_LEVELS.indexOf(from);
  const hi = COMMAND_LEVELS.indexOf(to);
  if (hi < lo) throw new RangeError(`orders must be sought from a higher level: ${to} is below ${from}`);
  if (options.generalPresent === true) return 0;
  const roundTrip = 2 * STEP_HOURS.slice(lo, hi).reduce((a, b) => a + b, 0);
  return options.veteranMobile === true ? Math.ceil(roundTrip / 2) : roundTrip;
}

/** How a supporting unit is tied to the unit it helps (Order of Battle). */
export type SupportRelation = "underCommand" | "inDirectSupport" | "inSupport";

/** Hours of delay before a supporting unit's fire comes in: direct support the same hour, in support the next. */
export const SUPPORT_DELAY: Readonly<Record<SupportRelation, number>> = { underCommand: 0, inDirectSupport: 0, inSupport: 1 };

/** The responses the Command Reaction Times text times, by the hour of the enemy attack they can start in. */
export type Response = "divisionFire" | "divisionCounterattack" | "corpsFire" | "otherDivisionCounterattack";
export const RESPONSE_HOUR: Readonly<Record<Response, number>> = {
  divisionFire: 1,
  divisionCounterattack: 2,
  corpsFire: 2,
  otherDivisionCounterattack: 3,
};

/**
 * The hour of the enemy attack a response can begin. A counter-attack without orders waits one hour
 * more while they are written (seed 004, Command Reaction Times); supporting fire needs no new orders.
 */
export function responseHour(response: Response, hasOrders: boolean): number {
  const needsOrders = response === "divisionCounterattack" || response === "otherDivisionCounterattack";
  return RESPONSE_HOUR[response] + (needsOrders && !hasOrders ? 1 : 0);
}

export type Task =
  | "airSupportCorps"
  | "airSupportArmy"
  | "planMajorRiverCrossing"
  | "infantryBridgehead"
  | "vehicleBridge"
  | "layMinefield"
  | "majorBridgeDemolition"
  | "minorBridgeDemolition"
  | "digIn"
  | "fortify";

/** A task's time: fixed hours, a range to roll, or work-hours shared among the teams on it. */
export type TaskTime =
  | { kind: "fixed"; hours: number }
  | { kind: "range"; min: number; max: number }
  | { kind: "work"; hours: number; team: "engineerCompany" | "engineerPlatoon"; perKm: boolean };

/** The lang key of each task's name. */
export const TASK_LABEL: Readonly<Record<Task, string>> = {
  airSupportCorps: "NOBC.Rules.Nqm.Task.airSupportCorps",
  airSupportArmy: "NOBC.Rules.Nqm.Task.airSupportArmy",
  planMajorRiverCrossing: "NOBC.Rules.Nqm.Task.planMajorRiverCrossing",
  infantryBridgehead: "NOBC.Rules.Nqm.Task.infantryBridgehead",
  vehicleBridge: "NOBC.Rules.Nqm.Task.vehicleBridge",
  layMinefield: "NOBC.Rules.Nqm.Task.layMinefield",
  majorBridgeDemolition: "NOBC.Rules.Nqm.Task.majorBridgeDemolition",
  minorBridgeDemolition: "NOBC.Rules.Nqm.Task.minorBridgeDemolition",
  digIn: "NOBC.Rules.Nqm.Task.digIn",
  fortify: "NOBC.Rules.Nqm.Task.fortify",
};

/** The lang key of each working team's name. */
export const TEAM_LABEL: Readonly<Record<"engineerCompany" | "engineerPlatoon", string>> = {
  engineerCompany: "NOBC.Rules.Nqm.Team.engineerCompany",
  engineerPlatoon: "NOBC.Rules.Nqm.Team.engineerPlatoon",
};

/** Seed 004 (NQM 2015), Task Timings Table (1 day read as 24 hours). */
export const TASK_TIMINGS_TABLE: Readonly<Record<Task, TaskTime>> = {
  airSupportCorps: { kind: "fixed", hours: 4 },
  airSupportArmy: { kind: "fixed", hours: 8 },
  planMajorRiverCrossing: { kind: "fixed", hours: 8 },
  infantryBridgehead: { kind: "range", min: 1, max: 3 },
  vehicleBridge: { kind: "range", min: 2, max: 12 },
  layMinefield: { kind: "work", hours: 8, team: "engineerCompany", perKm: true },
  majorBridgeDemolition: { kind: "work", hours: 8, team: "engineerPlatoon", perKm: false },
  minorBridgeDemolition: { kind: "work", hours: 1, team: "engineerPlatoon", perKm: false },
  digIn: { kind: "fixed", hours: 6 },
  fortify: { kind: "fixed", hours: 24 },
};

/** Air sorties per day, fixed for a campaign or rolled (Task Timings note 1). */
export const SORTIES_PER_DAY = { min: 1, max: 3 } as const;

/**
 * Turns dice into a value in a range: 2-12 is two dice added; anything narrower than a die spreads
 * the faces evenly (1-3: 1-2, 3-4, 5-6). Decision, see docs.
 */
export function rangeFromDice(min: number, max: number, dice: Dice): { value: number; rolls: number[] } {
  assertCount(min, "min", 1);
  assertCount(max, "max", min);
  const span = max - min + 1;
  if (span === 11) {
    const rolls = dice.roll(2);
    return { value: min - 2 + rolls[0]! + rolls[1]!, rolls };
  }
  if (span > 6) throw new RangeError(`no dice rule for the range ${min}-${max}`);
  const die = dice.d6();
  return { value: min + Math.floor(((die - 1) * span) / 6), rolls: [die] };
}

/** How long a task takes, rolling where the table gives a range. */
export function resolveTaskTime(task: Task, dice: Dice, work: { teams?: number; km?: number } = {}): Resolution<{ hours: number }> {
  const row = TASK_TIMINGS_TABLE[task];
  const name = phrase(TASK_LABEL[task]);
  if (row.kind === "fixed") {
    return {
      breakdown: [{ text: name, value: row.hours, source: TASK_TIMINGS_SOURCE }],
      rolls: [],
      outcome: { hours: row.hours },
      effects: [],
    };
  }
  if (row.kind === "range") {
    const { value, rolls } = rangeFromDice(row.min, row.max, dice);
    return {
      breakdown: [
        {
          text: phrase("NOBC.Rules.Nqm.Command.TaskRange", { task: name, min: row.min, max: row.max }),
          value,
          source: `${TASK_TIMINGS_SOURCE}, note 2; ${DECISION}: time ranges`,
        },
      ],
      rolls,
      outcome: { hours: value },
      effects: [],
    };
  }
  const teams = work.teams ?? 1;
  const km = row.perKm ? (work.km ?? 1) : 1;
  if (!Number.isInteger(teams) || teams < 1) throw new RangeError(`teams must be a whole number of at least 1, got ${teams}`);
  if (!Number.isFinite(km) || km <= 0) throw new RangeError(`km must be a positive number, got ${km}`);
  const hours = (row.hours * km) / teams;
  return {
    breakdown: [
      {
        text: phrase(row.perKm ? "NOBC.Rules.Nqm.Command.TaskWorkPerKm" : "NOBC.Rules.Nqm.Command.TaskWork", {
          task: name,
          hours: row.hours,
          team: phrase(TEAM_LABEL[row.team]),
          count: teams,
        }),
        value: hours,
        source: TASK_TIMINGS_SOURCE,
      },
    ],
    rolls: [],
    outcome: { hours },
    effects: [],
  };
}
