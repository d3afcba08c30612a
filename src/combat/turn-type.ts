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
}
