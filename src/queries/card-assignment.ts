/**
 * Support cards assigned to units, and taken back, as requests to the GM (docs/authority.md).
 * A player drops a card of their HQ's hand on a unit (its sheet or its token), or clicks Unassign:
 * their client sends the card's UUID and the unit's (`null` takes the card back) to the active GM
 * (query `nobc.assignCard`) and writes nothing. The GM's client checks the shape, resolves the world
 * documents, checks that the asker owns the HQ holding the card, runs the rules' check
 * (`decideCardDrop`: side, HQ's radius and level) on the world as the GM reads it, and writes the
 * card's `assignedTo` through the one write path. No chat card is posted: the defender's
 * assignments are hidden from the other side. A GM's own drop takes the same function without the
 * socket; with no GM connected the user is told and nothing changes.
 */
import { errorText } from "../base/errors";
import { phrase, type Phrase } from "../rules/resolution";
import { applyEffects, resolveWorldDocument } from "../effects/apply";
import {
  decideAssignment,
  holdingHq,
  refuseCompendiumCard,
  refuseNotWorld,
  screenCardDrop,
  type ActorLike,
  type ItemLike,
} from "../documents/drop-handlers";
import { say, warnRefused } from "../base/foundry";
import type { CardResult, RequestingUser } from "./card-actions";
import { cardAssignmentQuerySchema, type CardAssignmentArgs } from "./payloads";
import { asGM, handler, tellRefusal } from "./register";
import { gmTaskQueue } from "./card-state";

export const ASSIGN_CARD_QUERY = "nobc.assignCard";

const denied = (text: Phrase): CardResult => ({ ok: false, reason: "NOBC.Request.Refused.denied", refusals: [text] });

type Looked<T> = { readonly ok: true; readonly doc: T } | { readonly ok: false; readonly result: CardResult };

/** The world document a UUID names, of the given type; else the refusal naming the UUID. */
function lookUp<T extends { readonly type: string }>(uuid: string, type: string, wrongType: string): Looked<T> {
  const resolved = resolveWorldDocument(uuid);
  if (!resolved.ok)
    return { ok: false, result: denied(phrase(resolved.why === "foreign" ? "NOBC.Assign.NotWorld" : "NOBC.Assign.Unknown", { uuid })) };
  const doc = resolved.doc as unknown as T;
  return doc.type === type ? { ok: true, doc } : { ok: false, result: denied(phrase(wrongType, { uuid })) };
}

/**
 * The GM's writes of assignments run one at a time, so two requests never count the HQ's cards side by
 * side; a write the server never answers holds the next one only for the GM tasks' time limit.
 */
const assigning = gmTaskQueue();

/**
 * On the active GM's client: assigns the card to the unit (or takes it back, `unit: null`) for
 * `asker`, if they own the HQ holding it and the rules allow it; writes through the one write path.
 */
export function performCardAssignment(request: CardAssignmentArgs, asker: RequestingUser): Promise<CardResult> {
  return assigning(
    () => assignNow(request, asker),
    (): CardResult => ({ ok: false, reason: "NOBC.Chat.Refused.timedOut" }),
  );
}

async function assignNow(request: CardAssignmentArgs, asker: RequestingUser): Promise<CardResult> {
  const card = lookUp<ItemLike>(request.card, "supportCard", "NOBC.Assign.NotCard");
  if (!card.ok) return card.result;
  // The HQ holding the card speaks for it (a card no HQ holds, for itself): the asker must own it.
  const holder = holdingHq(card.doc) ?? card.doc;
  if (!holder.canUserModify(asker, "update")) return denied(phrase("NOBC.Assign.NotHolder", { uuid: request.card }));
  const assigned = (card.doc.system as { assignedTo?: string | null }).assignedTo ?? null;
  if (request.unit === null) {
    // Nothing assigned: nothing to take back, nothing written.
    return assigned === null ? { ok: true } : write(request.card, null);
  }
  const unit = lookUp<ActorLike>(request.unit, "unit", "NOBC.Assign.NotUnit");
  if (!unit.ok) return unit.result;
  const decision = decideAssignment(card.doc, unit.doc);
  if (!decision.ok) return { ok: false, reason: "NOBC.Request.Refused.rules", details: decision.refusals.map((r) => say(r.text)) };
  return write(request.card, request.unit);
}

async function write(card: string, assignedTo: string | null): Promise<CardResult> {
  try {
    await applyEffects([{ type: "cardAssignment", card, assignedTo }]);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: "NOBC.Chat.Refused.failed", details: [errorText(error)] };
  }
}

/** On init: the GM's handler of `nobc.assignCard`. */
export function registerCardAssignmentQuery(): void {
  const queries = (CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  queries[ASSIGN_CARD_QUERY] = handler(cardAssignmentQuerySchema, (data, user) =>
    performCardAssignment({ card: data.card, unit: data.unit }, user),
  );
}

/**
 * Asks the active GM to assign the card (UUID) to the unit, or to take it back (`unit: null`); a GM
 * does it at once. Refusals are told to the user. True when the GM did it.
 */
export async function requestCardAssignment(card: string, unit: string | null): Promise<boolean> {
  const request = { card, unit };
  const result = await asGM(ASSIGN_CARD_QUERY, request, (me) => performCardAssignment(request, me), tellRefusal);
  return result.ok;
}

/**
 * A support card dropped on a unit (its sheet or its token): asks the GM to assign it. False,
 * untouched, for other kinds of document; a compendium card (or a document that is not the world's
 * own) is refused here without asking.
 */
export async function assignCard(card: ItemLike, unit: ActorLike): Promise<boolean> {
  const screened = screenCardDrop(card, unit);
  if (screened !== true) return false;
  return requestCardAssignment(card.uuid, unit.uuid);
}

interface TokenLike {
  readonly actor: unknown;
  readonly bounds: { contains(x: number, y: number): boolean };
}

/**
 * `dropCanvasData`: a support card dropped on a unit's token is asked of the GM for that unit.
 * Returns false (Foundry's "handled, stop here") only for that case; every other drop goes on as usual.
 */
export function onDropCanvasData(_canvas: unknown, data: { type?: string; uuid?: string; x?: number; y?: number }): false | undefined {
  if (data.type !== "Item" || typeof data.uuid !== "string" || data.x === undefined || data.y === undefined) return undefined;
  // Only a world document is asked for; what else the UUID gave (a compendium's index row or
  // document, a document with another UUID) only tells what was dropped, to refuse it.
  const resolved = resolveWorldDocument(data.uuid);
  const card = (resolved.ok ? resolved.doc : resolved.found) as ItemLike | null | undefined;
  if (card?.type !== "supportCard") return undefined;
  const { x, y } = data;
  const tokens = (canvas?.tokens?.placeables ?? []) as readonly TokenLike[];
  const token = [...tokens].reverse().find((t) => (t.actor as ActorLike | null)?.type === "unit" && t.bounds.contains(x, y));
  if (token === undefined) return undefined;
  if (data.uuid.startsWith("Compendium.")) return refuseCompendiumCard(card.name);
  if (!resolved.ok) return refuseNotWorld(data.uuid);
  assignCard(resolved.doc as unknown as ItemLike, token.actor as ActorLike).catch((err: unknown) => {
    console.error("nobc | card drop on a token failed", err);
    warnRefused(errorText(err));
  });
  return false;
}

/** On init: the canvas drop of a card on a unit's token. */
export function registerDropHooks(): void {
  Hooks.on("dropCanvasData", (board, data) => onDropCanvasData(board, data as Parameters<typeof onDropCanvasData>[1]));
}
