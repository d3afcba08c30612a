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
}
