/**
 * The turn tracker's Combat subtype and the shape of its stored data, kept apart from the data
 * model (./turn-model.ts, which needs Foundry at load) so pure modules can import them.
 */
export const TURN_COMBAT_TYPE = "nobcTurn";

/** The stored turn data, as the advance functions and the tracker read it. */
export interface TurnSystem {
  readonly turn: number;
  readonly stage: number;
  /** When the Planning countdown ends (ms since the epoch); null outside Planning. */
  readonly planningEndsAt: number | null;
  /**
   * The furthest stage entered, counted from turn 0's first stage (`turn * stages + stage`); absent
   * counts as 0. Next stage runs a stage's entry only past it, so stepping back and on again does not
   * post the entry card (or reset movement points) a second time.
   */
  readonly reached?: number;
  /**
   * The slot of the Movement phase's group moving now (src/world/movement-groups.ts); absent (an
   * older world) reads as 0, the first group. Every stage move resets it: 0 entering a stage, the
   * last group's slot stepping back into Movement.
   */
  readonly movementSlot?: number;
  /** Who is ready in the current stage (src/combat/readiness.ts); absent (an older world) reads as nobody. */
  readonly ready?: readonly string[];
  /** The end of the clock Control set for the current stage (not Planning's, which is `planningEndsAt`); absent or null: none. */
  readonly clockEndsAt?: number | null;
  /** Who was not ready when Control moved the turn into this stage; absent reads as nobody. */
  readonly overridden?: readonly string[];
}

/** The most ready marks kept: two teams and every HQ of a megagame (some dozens). */
export const MAX_READY_MARKS = 200;
