/**
 * Step 4: the air superiority level from the surviving air-to-air squadrons
 * (seed 000, Air War QRS: 4) Calculate Air Superiority level, and the odds column of the table in 5)).
 */
import { phrase, type Resolution } from "../../resolution";
import { AIR_SOURCES, decision } from "./sources";
import type { AirLevel, AirStatus, Squadron } from "./types";

/**
 * Odds thresholds, larger side : smaller side (seed 000, Air War QRS: 5) table, "Result" column):
 * below 2:1 contested, 2:1 up to but not including 3:1 superiority, 3:1 or more supremacy.
 */
export const SUPERIORITY_ODDS: readonly { level: AirLevel; atLeast: number }[] = [
  { level: "supremacy", atLeast: 3 },
  { level: "superiority", atLeast: 2 },
  { level: "contested", atLeast: 1 },
];

function checkCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} ${value} is not a whole number, 0 or more`);
}

/**
 * The level two surviving forces give. The larger side wins (even when contested); equal forces,
 * none against none included, are contested with no winner; some against none is supremacy.
 */
export function superiority(a: number, b: number): { level: AirLevel; winner: "a" | "b" | null } {
  checkCount("a", a);
  checkCount("b", b);
  if (a === b) return { level: "contested", winner: null };
  const [larger, smaller] = a > b ? [a, b] : [b, a];
  // Compare by multiplication so odds like 5:2 need no rounding.
  const row = SUPERIORITY_ODDS.find((r) => larger >= r.atLeast * smaller)!;
  return { level: row.level, winner: a > b ? "a" : "b" };
}

export interface SuperiorityInput {
  /** Every squadron of the zone after air-to-air combat; those still in the air superiority box count. */
  squadrons: readonly Squadron[];
}

export interface SuperiorityOutcome extends AirStatus {
  nato: number;
  wp: number;
}

/** Counts the survivors of each side, quality aside, and reads the level. Nothing moves. */
export function resolveAirSuperiority(input: SuperiorityInput): Resolution<SuperiorityOutcome> {
  const count = (side: string) => input.squadrons.filter((s) => s.side === side && s.box === "airSuperiority").length;
  const nato = count("nato");
  const wp = count("wp");
  const result = superiority(nato, wp);
  const winner = result.winner === "a" ? "nato" : result.winner === "b" ? "wp" : null;
  return {
    breakdown: [
      { text: phrase("NOBC.Rules.Air.Superiority.NatoLeft"), value: nato, source: AIR_SOURCES.level },
      { text: phrase("NOBC.Rules.Air.Superiority.WpLeft"), value: wp, source: AIR_SOURCES.level },
      ...(winner === null ? [{ text: phrase("NOBC.Rules.Air.Superiority.Tie"), value: 0, source: decision("Superiority ties") }] : []),
    ],
    rolls: [],
    outcome: { level: result.level, winner, nato, wp },
    effects: [],
  };
}
