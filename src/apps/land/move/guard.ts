/**
 * The GM's watch on token moves (Land War QRS phase 5 under the one authority, docs/authority.md).
 * A player may write their own unit's token (Foundry lets an owner move it), so a move made from the
 * console cannot be stopped on the player's client. Every legitimate move of a unit by a player is
 * a request the GM writes (./drag.ts), so a unit's token that a player's own client moved is put
 * back, through the one write path, and the GMs are told with a notice that stays. Loaded on the
 * first stray move.
 */
import { SYSTEM_ID } from "../../../base/constants";
import { errorText } from "../../../base/errors";
import { notify } from "../../../base/foundry";
import type { MovePosition, MovedToken, TokenMovement } from "./types";

/**
 * Where each movement heard began, by movement id, while its checkpoints still arrive: a movement
 * comes in one operation per checkpoint, each with its own origin, and a token put back to a later
 * operation's origin would be left in a hex it only passed through. Forgotten at the movement's
 * last operation; a movement stopped at a checkpoint leaves its entry, so the oldest go past a bound.
 */
const starts = new Map<string, MovePosition>();
const MAX_STARTS = 64;

/** The put-back of each token under way, by token UUID. */
const inFlight = new Map<string, Promise<boolean>>();

/** Where the whole movement began (its first operation's origin, as far as this client heard it). */
function startOf(movement: TokenMovement): MovePosition {
  const id = movement.id;
  if (id === undefined) return movement.origin;
  const start = starts.get(id) ?? movement.origin;
  if (movement.pending.waypoints.length === 0) starts.delete(id);
  else if (!starts.has(id)) {
    starts.set(id, start);
    if (starts.size > MAX_STARTS) starts.delete(starts.keys().next().value!);
  }
  return start;
}

/**
 * Puts `token` back where the whole `movement` started (one token update, marked as the write path's
 * own) and tells the GMs. Called for each of its operations: each puts it back to the same start, so
 * a movement stopped at a checkpoint is put back too, and the token never lands where it passed.
 */
export function putBack(token: MovedToken, movement: TokenMovement, user: unknown): Promise<boolean> {
  const origin = startOf(movement);
  // One put-back of a token at a time: the next looks where the token stands once the last was written.
  const before = inFlight.get(token.uuid) ?? Promise.resolve(false);
  const done = before.then(() => putBackTo(token, origin, user));
  inFlight.set(token.uuid, done);
  void done.finally(() => {
    if (inFlight.get(token.uuid) === done) inFlight.delete(token.uuid);
  });
  return done;
}

async function putBackTo(token: MovedToken, origin: MovePosition, user: unknown): Promise<boolean> {
  const actor = token.actor;
  const scene = token.parent;
  if (actor === null || token.id === null || scene === null || scene === undefined) return false;
  const data = { unit: actor.name, user: (user as { name?: string } | null)?.name ?? "?" };
  if (token.x === origin.x && token.y === origin.y) return false;
  try {
    const { applyPlan, EMPTY_PLAN } = await import("../../../effects/apply");
    await applyPlan({
      ...EMPTY_PLAN,
      tokenUpdates: [{ uuid: token.uuid, id: token.id, parentUuid: scene.uuid, changes: { x: origin.x, y: origin.y } }],
    });
  } catch (error) {
    console.error(`${SYSTEM_ID} | a token a player moved could not be put back`, error);
    notify("error", "NOBC.Move.PutBackFailed", { ...data, error: errorText(error) }, { permanent: true });
    return false;
  }
  notify("warn", "NOBC.Move.PutBack", data, { permanent: true });
  return true;
}
