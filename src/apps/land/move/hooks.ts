/**
 * The board's movement hooks, registered on init and kept light (the planning and the request load
 * on the first drag, ./drag.ts; the console watch's write on the first stray move, ./guard.ts).
 *
 * - `preMoveToken` (on the client that moves the token): the write path's own moves (update option
 *   `AUTHORITY_MOVE`) pass. A unit's move in the Movement phase, and a player's at any time, is
 *   stopped (false: nothing written) and becomes a request to the GM (`land.move`), whose card moves
 *   the token. A GM's move outside the Movement phase, or made through the API (method `api`: a
 *   macro, the console, a module), is free placement and passes. HQs are not
 *   priced by the rules: their owner moves them in the Movement phase, the GM at any time.
 * - `moveToken` (every client; only the active GM's acts): a unit's token moved by a player other
 *   than through the write path is put back and the GMs told.
 */
import { AUTHORITY_MOVE } from "../../../base/constants";
import { notify } from "../../../base/foundry";
import { currentTurnPosition } from "../../../combat/current";
import { PLACEMENT, type MovedToken, type TokenMovement } from "./types";

function isGMClient(): boolean {
  return (game.user as unknown as { isGM?: boolean } | null)?.isGM === true;
}

function inMovementPhase(): boolean {
  return currentTurnPosition()?.stage === "movement";
}

/** The `preMoveToken` answer: false stops the move (see the module comment); nothing else is written here. */
export function onPreMoveToken(token: MovedToken, movement: TokenMovement, operation: Record<string, unknown> | undefined): boolean {
  const actor = token.actor;
  if (actor?.type !== "unit" && actor?.type !== "hq") return true;
  const options = operation ?? {};
  if (options[AUTHORITY_MOVE] === true) return true;
  const gm = isGMClient();
  // Foundry's own undo of a move (Ctrl+Z) would move the token back behind the card that wrote it (its MP
  // and hits staying): a unit's move is undone by its card's Undo.
  if (actor.type === "unit" && movement.method === "undo") {
    notify("warn", "NOBC.Move.Refused.useCardUndo", { unit: actor.name });
    return false;
  }
  if (actor.type === "hq" && !gm && !inMovementPhase()) {
    notify("warn", "NOBC.Move.Refused.hqOutOfPhase", { hq: actor.name });
    return false;
  }
  // A GM's move by the API (a macro, the console, a module) is placement, as is any GM move outside Movement.
  if (gm && (options[PLACEMENT] === true || movement.method === "api" || !inMovementPhase())) return true;
  void import("./drag")
    .then((drag) => drag.requestDraggedMove(token, movement))
    .catch((error: unknown) => {
      console.error("nobc | a dragged move could not be sent", error);
      notify("error", "NOBC.Move.Failed");
    });
  return false;
}

/**
 * The `moveToken` watch: on the active GM's client, a unit's token moved by a player is put back
 * (./guard.ts). The write path moves tokens only on a GM's client, so a player's move carrying
 * `AUTHORITY_MOVE` is forged and put back too.
 */
export function onMoveToken(
  token: MovedToken,
  movement: TokenMovement,
  operation: Record<string, unknown> | undefined,
  user: unknown,
): void {
  if (token.actor?.type !== "unit" && token.actor?.type !== "hq") return;
  if ((user as { isGM?: boolean } | null)?.isGM === true) return;
  const users = game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined;
  if (users?.activeGM?.isSelf !== true) return;
  void import("./guard").then((guard) => guard.putBack(token, movement, user));
}

/** On init: both hooks (Foundry does not wait for a promise, so the heavy work is sent off). */
export function registerMoveHooks(): void {
  // v13's movement hooks, which the type package does not list yet.
  const hooks = Hooks as unknown as { on(name: string, fn: (...args: never[]) => unknown): number };
  hooks.on("preMoveToken", onPreMoveToken);
  hooks.on("moveToken", onMoveToken);
}
