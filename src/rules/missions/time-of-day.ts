import type { Dice } from "../dice";
import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import { mission, type TimeOfDay } from "./catalogue";
import type { MissionEffect } from "./effects";
import { SRC, decision } from "./sources";
import { MISSION_SIDE_LABELS, type MissionId, type MissionSide } from "./types";
import { TURN, assertDie, checkCount, rollDice, rollDie } from "./validate";

/** seed 002, Dawn and Dusk: any die of this or more changes the light. */
export const LIGHT_CHANGE_ON = 5;
/** seed 002, Dawn and Dusk: the first check is at the start of the defender's turn 3. */
export const FIRST_LIGHT_CHECK_TURN = 3;

/** The time of day a die gives for a mission (its own Random Time of Day table). */
export function timeOfDay(missionId: MissionId, die: number): TimeOfDay {
  const def = mission(missionId);
  assertDie(die);
  return def.timeOfDay.table[die - 1]!;
}

/** Rolls a mission's Random Time of Day table. */
export function resolveTimeOfDay(input: { readonly mission: MissionId }, dice: Dice): Resolution<{ readonly timeOfDay: TimeOfDay }> {
  const def = mission(input.mission);
  const die = rollDie(dice);
  const lateDawn = def.timeOfDay.table[1] === "daylight";
  return {
    breakdown: [
      {
        text: phrase("NOBC.Rules.Missions.TimeOfDay.Die", { mission: def.name }),
        value: die,
        source: lateDawn ? `${SRC.timeOfDay}; ${decision("time of day per mission")}` : SRC.timeOfDay,
      },
    ],
    rolls: [die],
    outcome: { timeOfDay: timeOfDay(input.mission, die) },
    effects: [],
  };
}

/**
 * Dice rolled for dawn or dusk at the start of a player's turn: 0 before the defender's turn 3,
 * then one more at each player-turn start in play order (docs/rules-decisions.md).
 */
export function lightCheckDice(player: MissionSide, turn: number, firstPlayer: MissionSide): number {
  if (!Number.isInteger(turn) || turn < 1) throw new RangeError(`turn must be a whole number of at least 1, got ${turn}`);
  const position = (side: MissionSide, t: number) => 2 * (t - 1) + (side === firstPlayer ? 0 : 1);
  const dice = position(player, turn) - position("defender", FIRST_LIGHT_CHECK_TURN) + 1;
  return Math.max(0, dice);
}

export interface LightCheckInput {
  /** A dawn game waits for morning; a dusk game waits for night. */
  readonly start: "dawn" | "dusk";
  readonly player: MissionSide;
  readonly turn: number;
  readonly firstPlayer: MissionSide;
}

export interface LightCheckOutcome {
  readonly dice: number;
  readonly changed: boolean;
  /** The light after the check. */
  readonly light: "darkness" | "daylight";
}

/** The refusal of a check made too early, for a dawn and a dusk game. */
const NO_CHECK_YET: Readonly<Record<LightCheckInput["start"], string>> = {
  dawn: "NOBC.Rules.Missions.TimeOfDay.Refusal.noDawnCheckYet",
  dusk: "NOBC.Rules.Missions.TimeOfDay.Refusal.noDuskCheckYet",
};

/** The breakdown line of one light die, for a dawn and a dusk game. */
const LIGHT_DIE: Readonly<Record<LightCheckInput["start"], string>> = {
  dawn: "NOBC.Rules.Missions.TimeOfDay.DawnDie",
  dusk: "NOBC.Rules.Missions.TimeOfDay.DuskDie",
};

/** The dawn or dusk check at the start of a player's turn: one die more each time, any 5+ changes the light. */
export function resolveLightCheck(input: LightCheckInput, dice: Dice): Checked<Resolution<LightCheckOutcome>> {
  const refusals = new RefusalList();
  if (checkCount(refusals, input.turn, "turn", TURN, 1) && lightCheckDice(input.player, input.turn, input.firstPlayer) === 0) {
    const data = { first: FIRST_LIGHT_CHECK_TURN, side: phrase(MISSION_SIDE_LABELS[input.player]), turn: input.turn };
    refusals.add("noCheckYet", phrase(NO_CHECK_YET[input.start], data), "turn");
  }
  return refusals.result(() => {
    const count = lightCheckDice(input.player, input.turn, input.firstPlayer);
    const rolls = rollDice(dice, count);
    const changed = rolls.some((d) => d >= LIGHT_CHANGE_ON);
    const before = input.start === "dawn" ? "darkness" : "daylight";
    const after = input.start === "dawn" ? "daylight" : "darkness";
    const breakdown: BreakdownLine[] = rolls.map((d, i) => ({
      text: phrase(LIGHT_DIE[input.start], { die: i + 1, dice: count, on: LIGHT_CHANGE_ON }),
      value: d,
      source: input.firstPlayer === "defender" ? `${SRC.dawnDusk}; ${decision("dawn and dusk count")}` : SRC.dawnDusk,
    }));
    const effects: MissionEffect[] = changed ? [{ type: "missionLight", light: after }] : [];
    return { breakdown, rolls, outcome: { dice: count, changed, light: changed ? after : before }, effects };
  });
}
