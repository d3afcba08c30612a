import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { RefusalList, phrase, total, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { PlaysheetEffect } from "./effects";
import { SRC, decision } from "./sources";
import { assertCount, checkCount, rollDie } from "./validate";

/** seed 003 (Operational Playsheet), Air Resupply: the roll columns, "6+" first and "-4" last. */
export const AIR_RESUPPLY_COLUMNS = [6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4] as const;

/** seed 003, Air Resupply ready reckoner: points delivered, by points sent (1..10) and roll column. */
export const AIR_RESUPPLY_TABLE: Readonly<Record<number, readonly number[]>> = {
  10: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
  9: [9, 8, 7, 6, 6, 5, 4, 3, 2, 1, 0],
  8: [8, 7, 6, 6, 5, 4, 3, 2, 2, 1, 0],
  7: [7, 6, 6, 5, 4, 4, 3, 2, 1, 1, 0],
  6: [6, 5, 5, 4, 4, 3, 2, 2, 1, 1, 0],
  5: [5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0],
  4: [4, 4, 3, 3, 2, 2, 2, 1, 1, 0, 0],
  3: [3, 3, 2, 2, 2, 2, 1, 1, 1, 0, 0],
  2: [2, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0],
  1: [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
};

/** The most points one drop can send: the table's top row. */
export const MAX_RESUPPLY_POINTS = 10;

/** seed 003, Air Resupply factors. The two airstrip factors are alternatives, not a sum. */
export const AIR_RESUPPLY_FACTORS = {
  poorTerrain: -1,
  contested: -3,
  airstrip: 2,
  airstripWithAfdag: 5,
  enemyFighters: -3,
  enemyFlak: -2,
} as const;

/** Points delivered; the roll is clamped to the table's 6+ and -4 columns. */
export function airResupply(points: number, modifiedRoll: number): number {
  assertCount(points, "resupply points", 1);
  if (points > MAX_RESUPPLY_POINTS) throw new RangeError(`the table stops at ${MAX_RESUPPLY_POINTS} points, got ${points}`);
  if (!Number.isInteger(modifiedRoll)) throw new RangeError(`modified roll must be a whole number, got ${modifiedRoll}`);
  const clamped = Math.max(-4, Math.min(6, modifiedRoll));
  return AIR_RESUPPLY_TABLE[points]![6 - clamped]!;
}

export interface AirResupplyInput {
  readonly receiver: { readonly actor: ActorRef; readonly name: string };
  readonly points: number;
  /** Parachute drop, landing on an airstrip, or on an airstrip with an AFDAG deployed. */
  readonly landing: "drop" | "airstrip" | "airstripWithAfdag";
  readonly poorTerrain?: boolean;
  readonly contested?: boolean;
  readonly enemyFighters?: boolean;
  readonly enemyFlak?: boolean;
}

export interface AirResupplyOutcome {
  readonly modifiedRoll: number;
  readonly delivered: number;
}

/** One supply lift: 1d6 plus factors on the ready reckoner. */
export function resolveAirResupply(input: AirResupplyInput, dice: Dice): Checked<Resolution<AirResupplyOutcome>> {
  const refusals = new RefusalList();
  if (
    checkCount(refusals, input.points, "points", phrase("NOBC.Rules.Playsheet.AirResupply.PointsSent"), 1) &&
    input.points > MAX_RESUPPLY_POINTS
  ) {
    refusals.add(
      "tooManyPoints",
      phrase("NOBC.Rules.Playsheet.AirResupply.Refusal.tooManyPoints", { max: MAX_RESUPPLY_POINTS, points: input.points }),
      "points",
    );
  }
  return refusals.result(() => {
    const die = rollDie(dice);
    const breakdown: BreakdownLine[] = [{ text: phrase("NOBC.Rules.Playsheet.AirResupply.DieRoll"), value: die, source: SRC.resupply }];
    const f = AIR_RESUPPLY_FACTORS;
    const line = (key: string, value: number) => breakdown.push({ text: phrase(key), value, source: SRC.resupply });
    if (input.poorTerrain) line("NOBC.Rules.Playsheet.AirResupply.PoorTerrain", f.poorTerrain);
    if (input.contested) line("NOBC.Rules.Playsheet.AirResupply.Contested", f.contested);
    if (input.landing === "airstrip") line("NOBC.Rules.Playsheet.AirResupply.Airstrip", f.airstrip);
    if (input.landing === "airstripWithAfdag") {
      breakdown.push({
        text: phrase("NOBC.Rules.Playsheet.AirResupply.AirstripWithAfdag"),
        value: f.airstripWithAfdag,
        source: `${SRC.resupply}; ${decision("airstrip factors")}`,
      });
    }
    if (input.enemyFighters) line("NOBC.Rules.Playsheet.AirResupply.EnemyFighters", f.enemyFighters);
    if (input.enemyFlak) line("NOBC.Rules.Playsheet.AirResupply.EnemyFlak", f.enemyFlak);
    const modifiedRoll = total(breakdown);
    const delivered = airResupply(input.points, modifiedRoll);
    const effects: PlaysheetEffect[] =
      delivered > 0 ? [{ type: "playsheetSupply", actor: input.receiver.actor, delta: delivered, kind: "supply" }] : [];
    return { breakdown, rolls: [die], outcome: { modifiedRoll, delivered }, effects };
  });
}
