/**
 * "HQ must give up N cards" (the `hqCardsLost` effect of a rear-area attack on an HQ, seed 000,
 * Land War QRS, 3. Rear Area Attacks: "remove one / two Support Cards"): the HQ's owner picks which
 * of its cards go; the GM writes them as `cardDiscarded` effects through the one write path. Read
 * from the chat: a loss is owed by an applied rear-area card a GM authored, and settled by a choice
 * card (once-only key `cardLoss:<message>:<hq>`) that is not reverted. Pure.
 */
import type { ActorRef, CardRef } from "../../../rules/ids";
import { phrase, SEEDS, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { CARD_MESSAGE_TYPE, type CardInputLine } from "../../../chat/card-data";
import type { WorldCard } from "../../../world/battlefield";
import type { Card } from "../../base/controller";
import { hqById, type LandWorld } from "../world";
import { text, type Translator } from "../view";

const LOSS_SOURCE = `${SEEDS.nobc}, Land War QRS: 3. Rear Area Attacks`;

/** The most cards a rear-area attack takes from an HQ (the table's 20+ row: two). A loss is bounded by it and by the HQ's cards. */
export const MAX_CARDS_LOST = 2;

/** A message as this module reads it. */
export interface LossMessage {
  readonly id: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly author?: { readonly isGM?: boolean } | null;
}

/** A loss owed by an HQ: the card that imposed it, how many cards, and whether a choice settles it. */
export interface CardLoss {
  readonly source: string;
  readonly hq: ActorRef;
  readonly count: number;
  /** "none": no choice yet; "pending": a choice card awaits the GM's Apply; "applied": settled. */
  readonly choice: "none" | "pending" | "applied";
}

/** The once-only key of the choice that settles a loss: one per imposing card and HQ. */
export function lossKey(source: string, hq: ActorRef): string {
  return `cardLoss:${source}:${hq}`;
}

interface CardLike {
  readonly state?: unknown;
  readonly effects?: unknown;
  readonly once?: unknown;
}

/** Every loss the GM's applied cards impose, oldest first, with the state of its choice. */
export function cardLosses(messages: Iterable<LossMessage>): CardLoss[] {
  const owed: Omit<CardLoss, "choice">[] = [];
  const chosen = new Map<string, "pending" | "applied">();
  for (const m of messages) {
    if (m.type !== CARD_MESSAGE_TYPE || m.author?.isGM !== true || m.id === null) continue;
    const card = (m.system ?? {}) as CardLike;
    if (typeof card.once === "string" && card.once.startsWith("cardLoss:") && card.state !== "reverted") {
      chosen.set(card.once, card.state === "applied" ? "applied" : chosen.get(card.once) === "applied" ? "applied" : "pending");
    }
    if (card.state !== "applied" || !Array.isArray(card.effects)) continue;
    for (const e of card.effects as { type?: unknown; actor?: unknown; count?: unknown }[]) {
      if (e.type !== "hqCardsLost" || typeof e.actor !== "string" || typeof e.count !== "number" || e.count < 1) continue;
      owed.push({ source: m.id, hq: e.actor, count: Math.min(e.count, MAX_CARDS_LOST) });
    }
  }
  return owed.map((o) => ({ ...o, choice: chosen.get(lossKey(o.source, o.hq)) ?? "none" }));
}

/** The dialog's state: the loss (its card and HQ) and the cards chosen to give up. */
export interface CardLossState {
  readonly source: string;
  readonly hq: ActorRef;
  readonly cards: readonly CardRef[];
}

/** What the card-loss dialog reads: the Land world and the losses the chat holds. */
export interface CardLossWorld extends LandWorld {
  readonly losses: readonly CardLoss[];
}

/** The HQ's cards, in the world's order. */
export function heldCards(world: LandWorld, hq: ActorRef): WorldCard[] {
  return world.field.cards.filter((c) => c.hq === hq);
}

/** How many cards the choice must name: the loss's count, or every card when the HQ holds fewer. */
export function cardsToGive(world: LandWorld, loss: CardLoss): number {
  return Math.min(loss.count, heldCards(world, loss.hq).length);
}

/** The form (`card:<uuid>` ticks) read over the previous state. */
export function cardLossFromForm(prev: CardLossState, data: Readonly<Record<string, unknown>>): CardLossState {
  const cards = new Set(prev.cards);
  for (const [key, value] of Object.entries(data)) {
    if (!key.startsWith("card:")) continue;
    const id = text(key.slice(5));
    if (value === true || value === "on" || value === "true") cards.add(id);
    else cards.delete(id);
  }
  return { ...prev, cards: [...cards] };
}

/** The loss a state names, if the chat owes it. */
export function lossOf(world: CardLossWorld, state: Pick<CardLossState, "source" | "hq">): CardLoss | undefined {
  return world.losses.find((l) => l.source === state.source && l.hq === state.hq);
}

/**
 * The choice checked against the world: the loss is owed and not settled, every card is the HQ's
 * (each once), and they are exactly as many as it must give up. Every reason at once.
 */
export function cardLossResolution(world: CardLossWorld, state: CardLossState): Checked<Resolution<{ readonly cards: CardRef[] }>> {
  const hq = hqById(world.field, state.hq);
  const loss = lossOf(world, state);
  if (hq === undefined || loss === undefined)
    return { ok: false, refusals: [{ code: "noLoss", text: phrase("NOBC.MapRules.CardLoss.noLoss"), field: "source" }] };
  if (loss.choice !== "none")
    return {
      ok: false,
      refusals: [{ code: "alreadyChosen", text: phrase("NOBC.MapRules.CardLoss.alreadyChosen", { hq: hq.name }), field: "source" }],
    };
  const held = new Map(heldCards(world, hq.id).map((c) => [c.id, c]));
  const refusals: Refusal[] = [];
  const seen = new Set<CardRef>();
  const cards: WorldCard[] = [];
  state.cards.forEach((id, i) => {
    const card = held.get(id);
    if (card === undefined || seen.has(id)) {
      // Named as the world names it; an id no document has is shown as given (it names nothing else).
      const named = world.field.names.get(id) ?? id;
      refusals.push({
        code: "cardNotHeld",
        text: phrase("NOBC.Land.Check.cardNotHeld", { card: named, hq: hq.name }),
        field: `cards.${i}`,
      });
      return;
    }
    seen.add(id);
    cards.push(card);
  });
  const need = cardsToGive(world, loss);
  if (refusals.length === 0 && cards.length !== need)
    refusals.push({
      code: "wrongCount",
      text: phrase("NOBC.MapRules.CardLoss.wrongCount", { count: need, chosen: cards.length, hq: hq.name }),
      field: "cards",
    });
  if (refusals.length > 0) return { ok: false, refusals };
  return {
    ok: true,
    value: {
      breakdown: cards.map((c) => ({
        text: phrase("NOBC.MapRules.CardLoss.Line", { card: c.id, hq: hq.id }),
        value: 0,
        source: LOSS_SOURCE,
      })),
      rolls: [],
      outcome: { cards: cards.map((c) => c.id) },
      effects: cards.map((c) => ({ type: "cardDiscarded" as const, card: c.id })),
    },
  };
}

export function cardLossInputs(world: CardLossWorld, state: CardLossState, i18n: Translator): CardInputLine[] {
  const names = state.cards.map((id) => world.field.names.get(id) ?? id);
  return [
    { label: i18n.localize("NOBC.Land.Hq"), value: hqById(world.field, state.hq)?.name ?? state.hq },
    { label: i18n.localize("NOBC.MapRules.CardLoss.Cards"), value: names.join(", ") || i18n.localize("NOBC.Land.None") },
  ];
}

/** The card Post puts in chat (once for this loss), or every refusal. */
export function cardLossCard(world: CardLossWorld, state: CardLossState, i18n: Translator): Checked<Card> {
  const checked = cardLossResolution(world, state);
  if (!checked.ok) return checked;
  const hq = hqById(world.field, state.hq)?.name ?? state.hq;
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.MapRules.CardLoss.CardTitle", { hq }),
      resolution: checked.value,
      outcome: speak(phrase("NOBC.MapRules.CardLoss.Outcome", { hq, count: checked.value.outcome.cards.length }), i18n),
      inputs: cardLossInputs(world, state, i18n),
      once: lossKey(state.source, state.hq),
    },
  };
}
