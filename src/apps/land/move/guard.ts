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
import type { MovedToken, TokenMovement } from "./types";

/** Puts `token` back where `movement` started (one token update, marked as the write path's own) and tells the GMs. */
export async function putBack(token: MovedToken, movement: TokenMovement, user: unknown): Promise<boolean> {
  const actor = token.actor;
  const scene = token.parent;
  if (actor === null || token.id === null || scene === null || scene === undefined) return false;
  const data = { unit: actor.name, user: (user as { name?: string } | null)?.name ?? "?" };
  const { origin } = movement;
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
