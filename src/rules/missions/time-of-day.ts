import type { Dice } from "../dice";
import { RefusalList, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import { mission, type TimeOfDay } from "./catalogue";
import type { MissionEffect } from "./effects";
import { SRC, decision } from "./sources";
import type { MissionId, MissionSide } from "./types";
import { assertDie, checkCount, rollDice, rollDie } from "./validate";

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
        label: `Time of day die (${def.name})`,
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

/** The dawn or dusk check at the start of a player's turn: one die more each time, any 5+ changes the light. */
export function resolveLightCheck(input: LightCheckInput, dice: Dice): Checked<Resolution<LightCheckOutcome>> {
  const refusals = new RefusalList();
  if (checkCount(refusals, input.turn, "turn", "The turn", 1) && lightCheckDice(input.player, input.turn, input.firstPlayer) === 0) {
    refusals.add(
      "noCheckYet",
      `No ${input.start} check is made before the defender's turn ${FIRST_LIGHT_CHECK_TURN} (this is the ${input.player}'s turn ${input.turn}).`,
      "turn",
    );
  }
  return refusals.result(() => {
    const count = lightCheckDice(input.player, input.turn, input.firstPlayer);
    const rolls = rollDice(dice, count);
    const changed = rolls.some((d) => d >= LIGHT_CHANGE_ON);
    const before = input.start === "dawn" ? "darkness" : "daylight";
    const after = input.start === "dawn" ? "daylight" : "darkness";
    const breakdown: BreakdownLine[] = rolls.map((d, i) => ({
      label: `${input.start === "dawn" ? "Dawn" : "Dusk"} die ${i + 1} of ${count} (5+ changes the light)`,
      value: d,
      source: input.firstPlayer === "defender" ? `${SRC.dawnDusk}; ${decision("dawn and dusk count")}` : SRC.dawnDusk,
    }));
    const effects: MissionEffect[] = changed ? [{ type: "missionLight", light: after }] : [];
    return { breakdown, rolls, outcome: { dice: count, changed, light: changed ? after : before }, effects };
  });
}
