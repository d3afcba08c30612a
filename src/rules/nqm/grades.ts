import { phrase, SEEDS, type Phrase } from "../resolution";

/** Troop quality, best first. Green is not a grade: it is a flag on a Conscript or Militia unit. */
export type Grade = "elite" | "veteran" | "regular" | "conscript" | "militia";

export const GRADES: readonly Grade[] = ["elite", "veteran", "regular", "conscript", "militia"];

/** The grades that may carry the Green flag (2015 edition: Conscript or Militia in their first battle). */
export const GREEN_GRADES: readonly Grade[] = ["conscript", "militia"];

/** A casualty level at which a unit tests, as a fraction of its starting strength (33% read as one third). */
export type Threshold = "never" | "oneThird" | "half" | "twoThirds";

/** The fraction each threshold stands for; `never` has none. */
export const THRESHOLD_FRACTION: Readonly<Record<Exclude<Threshold, "never">, readonly [number, number]>> = {
  oneThird: [1, 3],
  half: [1, 2],
  twoThirds: [2, 3],
};

/** One row of the Close Assault Table: dice caps, repeats and the morale columns. */
export interface GradeRow {
  attackDice: number;
  defenceDice: number;
  /** How many times the assault may be repeated; `null` is the printed "no limit". */
  attacks: number | null;
  breakOffAt: Threshold;
  disorganisedAt: Threshold;
  /** d6 score to equal or beat on a break test; `null` is the printed "auto pass". */
  passScore: number | null;
}

export const CLOSE_ASSAULT_SOURCE = `${SEEDS.nqm}, Table 9 (Close Assault Table)`;

/**
 * Seed 004 (NQM 2015), Table 9, Close Assault Table, read row by row as RULES-NOTES decides
 * (the PDF text interleaves the Defence Dice and Attacks columns). The same columns hold the
 * break-test levels summarised under Unit Grading.
 */
export const CLOSE_ASSAULT_TABLE: Readonly<Record<Grade, GradeRow>> = {
  elite: { attackDice: 5, defenceDice: 4, attacks: null, breakOffAt: "never", disorganisedAt: "never", passScore: null },
  veteran: { attackDice: 4, defenceDice: 3, attacks: 3, breakOffAt: "oneThird", disorganisedAt: "twoThirds", passScore: 3 },
  regular: { attackDice: 3, defenceDice: 2, attacks: 3, breakOffAt: "half", disorganisedAt: "half", passScore: 4 },
  conscript: { attackDice: 2, defenceDice: 2, attacks: 2, breakOffAt: "oneThird", disorganisedAt: "oneThird", passScore: 5 },
  militia: { attackDice: 3, defenceDice: 1, attacks: 1, breakOffAt: "twoThirds", disorganisedAt: "oneThird", passScore: 5 },
};

export const CLOSE_ASSAULT_OLD_SOURCE = `${SEEDS.nqmOld}, Close Assault Table`;

/**
 * Seed 001 (NQM, older edition), Close Assault Table, kept only to document where 2015 changed it:
 * Regular repeats 2 times (2015: 3); Conscript rolls 1 defence die (2015: 2); the Conscript repeat count
 * is not printed. One break-test level per grade (Veteran, Conscript and Militia one third, Regular half).
 */
export const CLOSE_ASSAULT_TABLE_OLDER: Readonly<
  Record<Grade, Pick<GradeRow, "attackDice" | "defenceDice" | "passScore"> & { attacks: number | null | "unprinted" }>
> = {
  elite: { attackDice: 5, defenceDice: 4, attacks: null, passScore: null },
  veteran: { attackDice: 4, defenceDice: 3, attacks: 3, passScore: 3 },
  regular: { attackDice: 3, defenceDice: 2, attacks: 2, passScore: 4 },
  conscript: { attackDice: 2, defenceDice: 1, attacks: "unprinted", passScore: 5 },
  militia: { attackDice: 3, defenceDice: 1, attacks: 1, passScore: 5 },
};

export function gradeRow(grade: Grade): GradeRow {
  return CLOSE_ASSAULT_TABLE[grade];
}

/** True when `casualties` out of a starting `strength` reach the threshold (never reached for `never`). */
export function thresholdReached(threshold: Threshold, casualties: number, strength: number): boolean {
  if (threshold === "never" || strength <= 0) return false;
  const [num, den] = THRESHOLD_FRACTION[threshold];
  return casualties * den >= strength * num;
}

/** Whether a grade may be flagged Green. */
export function mayBeGreen(grade: Grade): boolean {
  return GREEN_GRADES.includes(grade);
}

/** The lang key of each grade's name. */
export const GRADE_LABEL: Readonly<Record<Grade, string>> = {
  elite: "NOBC.Rules.Nqm.Grade.elite",
  veteran: "NOBC.Rules.Nqm.Grade.veteran",
  regular: "NOBC.Rules.Nqm.Grade.regular",
  conscript: "NOBC.Rules.Nqm.Grade.conscript",
  militia: "NOBC.Rules.Nqm.Grade.militia",
};

/** A grade's name as a phrase, nested in breakdowns and refusals. */
export function gradeLabel(grade: Grade): Phrase {
  return phrase(GRADE_LABEL[grade]);
}
