import { phrase, SEEDS, type Phrase } from "../resolution";
import { assertCount, assertDie } from "./validate";

/**
 * Weapon and armour classes of Table 10, lightest first. Fire weight and target protection share
 * the scale: open / dug-in / fortified targets are the L / M / H columns of Table 12.
 */
export type WeightClass = "VL" | "L" | "M" | "H" | "VH";
export const WEIGHT_CLASSES: readonly WeightClass[] = ["VL", "L", "M", "H", "VH"];

/** The lang key of each class's name. */
export const WEIGHT_CLASS_LABEL: Readonly<Record<WeightClass, string>> = {
  VL: "NOBC.Rules.Nqm.WeightClass.VL",
  L: "NOBC.Rules.Nqm.WeightClass.L",
  M: "NOBC.Rules.Nqm.WeightClass.M",
  H: "NOBC.Rules.Nqm.WeightClass.H",
  VH: "NOBC.Rules.Nqm.WeightClass.VH",
};

/** A weapon or armour class's name as a phrase. */
export function weightLabel(c: WeightClass): Phrase {
  return phrase(WEIGHT_CLASS_LABEL[c]);
}

/** The three target positions named by Table 12's columns. */
export type Position = "open" | "dugIn" | "fortified";
export const POSITION_CLASS: Readonly<Record<Position, WeightClass>> = { open: "L", dugIn: "M", fortified: "H" };

export const FIREFIGHT_SOURCE = `${SEEDS.nqm}, Table 12 (Winning the Firefight)`;
export const CLASSES_SOURCE = `${SEEDS.nqm}, Table 10 (Weapon and Armour Classes), note 1`;
export const SHIFT_SOURCE = `${SEEDS.nqmOld}, Winning the Firefight (shifts for ambush and contact range)`;

/**
 * Seed 004 (NQM 2015), Table 12, Winning the Firefight, as decoded in RULES-NOTES: hits (red pins)
 * for die faces 1..6, keyed by fire weight minus target protection. Every printed cell of the 3 × 3
 * table is one of these five rows (L/Open, M/Dug-in and H/Fortified are the same column).
 */
export const FIREFIGHT_TABLE: Readonly<Record<-2 | -1 | 0 | 1 | 2, readonly [number, number, number, number, number, number]>> = {
  [-2]: [0, 0, 0, 0, 0, 1],
  [-1]: [0, 0, 0, 0, 1, 1],
  0: [0, 0, 0, 1, 1, 2],
  1: [0, 0, 1, 1, 2, 3],
  2: [0, 1, 1, 2, 3, 4],
};

/** Table 12 never reads beyond a difference of +2; below −2 the fire cannot harm the target (Table 10, note 3). */
export const MAX_DIFFERENCE = 2;
export const MIN_DIFFERENCE = -2;

function classIndex(c: WeightClass): number {
  return WEIGHT_CLASSES.indexOf(c);
}

/** Fire weight minus protection, plus shifts: the row of Table 12 before clamping. */
export function fireDifference(weight: WeightClass, protection: WeightClass, shifts = 0): number {
  assertCount(shifts, "shifts");
  return classIndex(weight) - classIndex(protection) + shifts;
}

/** Hits one die scores for any weight against any protection class, with shifts. */
export function hitsFor(weight: WeightClass, protection: WeightClass, die: number, shifts = 0): number {
  assertDie(die);
  const difference = fireDifference(weight, protection, shifts);
  if (difference < MIN_DIFFERENCE) return 0;
  const row = FIREFIGHT_TABLE[Math.min(difference, MAX_DIFFERENCE) as -2 | -1 | 0 | 1 | 2];
  return row[die - 1]!;
}

/** Pinned API: hits for one CU die of Light, Medium or Heavy fire against a target position. */
export function firefightHits(fire: "L" | "M" | "H", target: Position, die: number, shifts = 0): number {
  return hitsFor(fire, POSITION_CLASS[target], die, shifts);
}

/** Why a firefight die gets a shift, from the older edition's note under Table 12. */
export type ShiftReason = "ambushEffective" | "ambushContact" | "contactRange";

/**
 * Shifts each situation gives: one for an ambush at effective range or a firefight at contact range,
 * two for an ambush at contact range.
 */
export const SHIFTS: Readonly<Record<ShiftReason, number>> = { ambushEffective: 1, contactRange: 1, ambushContact: 2 };

/** Combat units of fire a stand adds: a fighting stand one per three bases (a remainder still counts), a support stand one. */
export function combatUnits(kind: "fighting" | "support", bases: number): number {
  assertCount(bases, "bases");
  if (bases === 0) return 0;
  return kind === "support" ? 1 : Math.ceil(bases / 3);
}
