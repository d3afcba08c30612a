/**
 * The one rule for hits on a Land War unit, whatever dealt them (ground combat, rear-area strikes,
 * nuclear strikes, movement): a unit never goes below 0, hits beyond its strength are lost, and a
 * unit brought to 0 is eliminated.
 */
import type { ActorRef } from "../../ids";
import type { LandEffect } from "./effects";

export interface HitsApplied {
  /** Hits the unit actually takes (at most its strength). */
  applied: number;
  eliminated: boolean;
  effects: LandEffect[];
}

/**
 * Hits on one unit, capped at its strength, with `eliminated` when it reaches 0. A unit already at 0
 * takes nothing. Throws RangeError when strength or hits are not whole numbers ≥ 0.
 */
export function applyHits(unit: { id: ActorRef; strength: number }, hits: number): HitsApplied {
  if (!Number.isInteger(unit.strength) || unit.strength < 0) {
    throw new RangeError(`strength of ${unit.id} must be a whole number ≥ 0, got ${unit.strength}`);
  }
  if (!Number.isInteger(hits) || hits < 0) throw new RangeError(`hits must be a whole number ≥ 0, got ${hits}`);
  const applied = Math.min(hits, unit.strength);
  const eliminated = applied > 0 && applied === unit.strength;
  const effects: LandEffect[] = [];
  if (applied > 0) effects.push({ type: "hits", actor: unit.id, amount: applied });
  if (eliminated) effects.push({ type: "eliminated", actor: unit.id });
  return { applied, eliminated, effects };
}
