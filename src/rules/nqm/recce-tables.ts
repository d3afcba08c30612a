import { SEEDS } from "../resolution";
import type { Grade } from "./grades";
import { assertDie } from "./validate";

/** A Table 3 cell: the d6 score to equal or beat, or a sure result. */
export type RecceScore = number | "always" | "never";

export const RECCE_SOURCE = `${SEEDS.nqm}, Table 3 (Recce Sequence)`;

/**
 * Seed 004 (NQM 2015), Table 3, Recce Sequence: rows the grade of the side looking, columns the
 * concealed side's grade; a d6 must equal or beat the score. Decoded column by column as in
 * RULES-NOTES; the Regular-against-Militia cell is printed "3" and read as 3-6 (seed 001 agrees).
 */
export const RECCE_TABLE: Readonly<Record<Grade, Readonly<Record<Grade, RecceScore>>>> = {
  elite: { elite: 6, veteran: 5, regular: 4, conscript: 2, militia: "always" },
  veteran: { elite: "never", veteran: 6, regular: 5, conscript: 3, militia: 2 },
  regular: { elite: "never", veteran: 6, regular: 5, conscript: 4, militia: 3 },
  conscript: { elite: "never", veteran: "never", regular: 6, conscript: 5, militia: 4 },
  militia: { elite: "never", veteran: "never", regular: "never", conscript: 6, militia: 5 },
};

/** Pinned API: the score a recce of one grade needs against a concealed defender of another. */
export function recceScore(recce: Grade, defender: Grade): RecceScore {
  return RECCE_TABLE[recce][defender];
}

/** Whether a die meets a Table 3 score. */
export function meetsScore(score: RecceScore, die: number): boolean {
  assertDie(die);
  if (score === "always") return true;
  if (score === "never") return false;
  return die >= score;
}

export type EngagementRange = "harassing" | "effective" | "contact";

export const ENGAGEMENT_SOURCE = `${SEEDS.nqm}, Table 4 (Engagement Table)`;

/**
 * Seed 004 (NQM 2015), Table 4, Engagement Table: how close a unit lets the enemy come before it
 * opens fire, by the die faces 1..6. Elite always holds to contact; Veteran never opens at harassing
 * range (the flattened "always" cells are read with seed 001's X, as RULES-NOTES decides).
 */
export const ENGAGEMENT_TABLE: Readonly<Record<Grade, readonly EngagementRange[]>> = {
  elite: ["contact", "contact", "contact", "contact", "contact", "contact"],
  veteran: ["effective", "effective", "contact", "contact", "contact", "contact"],
  regular: ["harassing", "effective", "effective", "effective", "contact", "contact"],
  conscript: ["harassing", "harassing", "effective", "effective", "effective", "contact"],
  militia: ["harassing", "harassing", "harassing", "effective", "effective", "effective"],
};

/** Pinned API: the range at which a unit of this grade opens fire, for one die. */
export function engagementRange(grade: Grade, die: number): EngagementRange {
  assertDie(die);
  return ENGAGEMENT_TABLE[grade][die - 1]!;
}

/** Longest range first: used when two readings compete. */
export const RANGE_ORDER: readonly EngagementRange[] = ["harassing", "effective", "contact"];
