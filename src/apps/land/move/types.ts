/** The token and movement shapes the board's movement hooks read (v13's TokenDocument and TokenMovementOperation, in part). */

import type { GridLike } from "../../../world/read";

/** The option of a GM's placement sent again after the request found nothing to measure (off the map). */
export const PLACEMENT = "nobcPlacement";

export interface MovedActor {
  readonly uuid: string;
  readonly type: string;
  readonly name: string;
}

/** The token's own scene: its id, and its grid and padding (`Scene#grid`, `Scene#dimensions`) to read hexes by. */
export interface MovedScene {
  readonly uuid: string;
  readonly id?: string | null;
  readonly grid?: GridLike | null;
  readonly dimensions?: { readonly sceneX: number; readonly sceneY: number } | null;
}

export interface MovedToken {
  readonly id: string | null;
  readonly uuid: string;
  readonly actor: MovedActor | null;
  readonly parent?: MovedScene | null;
  readonly x: number;
  readonly y: number;
  move(waypoints: object[], options?: object): Promise<boolean>;
}

/** A waypoint or position of a movement: top-left pixels, size in grid spaces. */
export interface MovePosition {
  readonly x: number;
  readonly y: number;
  readonly width?: number;
  readonly height?: number;
}

/**
 * The parts of v13's `TokenMovementOperation` read here. A movement arrives in checkpoints: one
 * update operation per checkpoint, all with the movement's `id`, each with its own `origin` and
 * `destination` (that checkpoint), the waypoints to it `passed` and those after it `pending`.
 */
export interface TokenMovement {
  readonly id?: string;
  readonly origin: MovePosition;
  readonly destination: MovePosition;
  readonly passed: { readonly waypoints: readonly MovePosition[] };
  readonly pending: { readonly waypoints: readonly MovePosition[] };
  readonly method: string;
}

/** Where the whole movement ends: the last pending waypoint, or this operation's destination when none is left. */
export function finalDestination(movement: TokenMovement): MovePosition {
  return movement.pending.waypoints.at(-1) ?? movement.destination;
}
