/**
 * The GM's side of a mission card: posted and applied at once on the GM's client through the one
 * write path (the tracker's values and the briefing journal), so Undo on the card puts them back.
 * A card that could not be applied is withdrawn, and the GM is told why.
 */
import { format, notify } from "../../base/foundry";
import { performCardAction } from "../../queries/card-actions";
import type { Card, Submission, Verdict } from "../base/controller";
import { decide } from "../base/submit";

/** The card posted and applied: its message; refused, with the reason, when it could not be. */
export async function postAndApplyMission(card: Card): Promise<Verdict<unknown>> {
  const me = game.user as unknown as { id: string; isGM: boolean };
  const decided = await decide({ ok: true, value: { card } });
  if (!decided.ok) return decided;
  const message = decided.result as { id?: string | null; delete?: () => Promise<unknown> } | null;
  if (typeof message?.id !== "string") return { ok: true, value: message };
  const applied = await performCardAction("apply", message.id, { id: me.id, isGM: me.isGM });
  if (applied.ok) return { ok: true, value: message };
  const reason = format(applied.reason);
  notify("warn", "NOBC.Mission.NotApplied", { reason }, { permanent: true });
  await message.delete?.();
  return { ok: false, refusals: [format("NOBC.Mission.NotApplied", { reason })] };
}

/** A mission card as what Submit runs: posted and applied at once. */
export function applied(card: Card): Verdict<Submission> {
  return { ok: true, value: { run: () => postAndApplyMission(card) } };
}
