/**
 * A card marked for an umpire, and the umpire's ruling on it (issue #31, item 2): both requests to
 * the active GM's client, checked like any other. A player marks a card they asked for or whose
 * documents they own (a GM any card); the card then waits in Control's queue. Its sector's ruler
 * (src/queries/ruling.ts) rules on it: the mark is cleared and the card names who ruled. What the
 * ruling decides the umpire does with the card's own controls (Apply, Undo, Delete); the ruling
 * says it has been looked at. Each is one write of the card message, by the active GM's client.
 */
import { errorText } from "../base/errors";
import { mayMark, touchedDocuments, type CardFlags } from "../chat/card-data";
import { cardSectorNow } from "../chat/resolution-card";
import { asGM } from "./register";
import { indexedMessage } from "./card-index";
import { ownership, type RequestingUser } from "./card-state";
import { rulingRefusal } from "./ruling";
import type { CardMessage } from "./card-index";
import type { CardResult } from "./card-actions";

import { MARK_QUERY, RULE_QUERY } from "./payloads";

/** The GM-authored card of `messageId`, or the refusal. */
function cardOf(messageId: string): { readonly message: CardMessage; readonly card: CardFlags } | Extract<CardResult, { ok: false }> {
  const found = indexedMessage(messageId);
  if (found?.read === undefined || found.read.legacy || !found.read.gmAuthored) return { ok: false, reason: "NOBC.Chat.Refused.notFound" };
  return { message: found.message, card: found.read.card };
}

async function write(message: CardMessage, update: Record<string, unknown>): Promise<CardResult> {
  try {
    await message.update(update);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: "NOBC.Chat.Refused.writeFailed", details: [errorText(error)] };
  }
}

/** Marks the card for an umpire, on the active GM's client. */
export function performMark(messageId: string, user: RequestingUser): Promise<CardResult> {
  const found = cardOf(messageId);
  if ("ok" in found) return Promise.resolve(found);
  const { message, card } = found;
  if (card.marked !== undefined) return Promise.resolve({ ok: false, reason: "NOBC.Control.Refused.alreadyMarked" });
  if (!mayMark(user, card, ownership(user, touchedDocuments(card.effects))))
    return Promise.resolve({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
  return write(message, { "system.marked": { by: user.id, at: Date.now() } });
}

/** The umpire's ruling on a marked card, on the active GM's client: its sector's ruler only. */
export function performRule(messageId: string, user: RequestingUser): Promise<CardResult> {
  const found = cardOf(messageId);
  if ("ok" in found) return Promise.resolve(found);
  const { message, card } = found;
  if (card.marked === undefined) return Promise.resolve({ ok: false, reason: "NOBC.Control.Refused.notMarked" });
  const refusal = rulingRefusal(cardSectorNow(card) ?? { war: null, hqs: [], hex: null }, user);
  if (refusal !== null) return Promise.resolve(refusal);
  return write(message, { "system.marked": null, "system.rulings": [...(card.rulings ?? []), { kind: "ruled", by: user.id }] });
}

/** "Mark for an umpire" on a card: the active GM writes it, anyone else asks it. */
export function requestMark(messageId: string): Promise<CardResult> {
  return asGM(MARK_QUERY, { messageId }, (me) => performMark(messageId, me));
}

/** An umpire's "Ruled" on a marked card. */
export function requestRule(messageId: string): Promise<CardResult> {
  return asGM(RULE_QUERY, { messageId }, (me) => performRule(messageId, me));
}
