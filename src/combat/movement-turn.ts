/**
 * Where the turn stands for a move (`MovementTurn`, src/world/movement.ts): in the Movement phase
 * or not, read from the world's `nobcTurn` Combat. Reading only.
 */
import { currentTurnPosition } from "./current";
import type { MovementTurn } from "../world/movement";
import type { Battlefield } from "../world/battlefield";

/**
 * The turn as a move sees it: outside Movement (or with no turn on the tracker) only the GM moves
 * units. In Movement every unit may move (`group` null) until the groups of the phase are tracked.
 */
export function readMovementTurn(_field: Battlefield): MovementTurn {
  const now = currentTurnPosition();
  if (now?.stage !== "movement") return { phase: "other" };
  return { phase: "movement", group: null };
}
