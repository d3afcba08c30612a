import type { Dice } from "../dice";
import { phrase, type Resolution } from "../resolution";
import { SRC } from "./sources";
import type { Distance } from "./types";
import { assertDie, rollDie } from "./validate";

/** seed 002 (Team Yankee missions), Night Visibility Table: line of sight for die 1..6. */
export const NIGHT_VISIBILITY_TABLE: readonly Distance[] = [
  { inches: 4, cm: 10 },
  { inches: 8, cm: 20 },
  { inches: 12, cm: 30 },
  { inches: 16, cm: 40 },
  { inches: 20, cm: 50 },
  { inches: 24, cm: 60 },
];

/** seed 002, Night Fighting: the +1 penalties of a night battle. */
export const NIGHT_PENALTIES = {
  /** To hit, unless the shooter has thermal imaging. */
  toHit: 1,
  /** Cross tests in difficult terrain. */
  cross: 1,
  /** Ranging in a bombardment. */
  rangeIn: 1,
} as const;

/** How far a unit sees at night for a die. */
export function nightVisibility(die: number): { inches: number; cm: number } {
  assertDie(die);
  const d = NIGHT_VISIBILITY_TABLE[die - 1]!;
  return { inches: d.inches, cm: d.cm };
}

/** The night to-hit penalty for a shooter. */
export function nightToHitPenalty(thermalImaging: boolean): number {
  return thermalImaging ? 0 : NIGHT_PENALTIES.toHit;
}

/** Rolls a unit's night line of sight, just before it checks line of sight. */
export function resolveNightVisibility(input: { readonly unit: string }, dice: Dice): Resolution<Distance> {
  const die = rollDie(dice);
  return {
    breakdown: [{ text: phrase("NOBC.Rules.Missions.Night.VisibilityDie", { unit: input.unit }), value: die, source: SRC.night }],
    rolls: [die],
    outcome: nightVisibility(die),
    effects: [],
  };
}
