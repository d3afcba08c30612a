/**
 * The GM's side of an accepted move: the card posted (naming who asked) and applied at once on this
 * client through the one write path, so MP, hits and the token move together and Undo puts them
 * back. A card whose Apply is refused (a document changed meanwhile) is deleted, and the GM is told.
 */
import { format, notify } from "../../../base/foundry";
import { performCardAction } from "../../../queries/card-actions";
import type { Card, Verdict } from "../../base/controller";
import { decide, type CardStamp } from "../../base/submit";

/**
 * The card posted and applied: its message; refused (with the reason, said to the asker too) when it
 * could not be. `stamp` is the request path's: the card's turn action and a GM's override of its stage.
 */
export async function postAndApply(card: Card, asker: string | null, stamp: CardStamp = {}): Promise<Verdict<unknown>> {
  const me = game.user as unknown as { id: string; isGM: boolean };
  const decided = await decide({ ok: true, value: { card } }, asker === null || asker === me.id ? undefined : asker, stamp);
  if (!decided.ok) {
    notify("warn", "NOBC.Move.NotPosted", { reason: decided.refusals.join(" ") });
    return decided;
  }
  const message = decided.result as { id?: string | null } | null;
  if (typeof message?.id !== "string") return { ok: true, value: message };
  const applied = await performCardAction("apply", message.id, { id: me.id, isGM: me.isGM });
  if (applied.ok) return { ok: true, value: message };
  // A move card is the move itself: one that could not be written now is withdrawn, so no one applies
  // the old plan later (the mover drags again).
  const reason = format(applied.reason);
  notify("warn", "NOBC.Move.NotApplied", { reason }, { permanent: true });
  await (message as { delete?: () => Promise<unknown> }).delete?.();
  return { ok: false, refusals: [format("NOBC.Move.NotApplied", { reason })] };
}
