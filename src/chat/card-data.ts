/**
 * What a resolution card keeps in `flags.nobc`, and who may act on it. Pure: the Foundry side
 * reads the message and the ownership of each document, then asks these functions.
 */
import type { Effect } from "../rules/effects";
import type { WritePlan } from "../effects/apply";

export type CardState = "pending" | "applied" | "reverted";

export interface CardFlags {
  readonly effects: readonly Effect[];
  readonly state: CardState;
  /** The writes that undo the applied effects; present once applied. */
  readonly applied?: WritePlan;
}

/** The effect fields that name a document (an actor, or a card item). */
const REF_KEYS = ["actor", "card", "squadron", "airbase", "chart", "target"] as const;

/** Every document UUID the effects name, once each, in order. */
export function touchedDocuments(effects: readonly Effect[]): string[] {
  const out = new Set<string>();
  for (const effect of effects) {
    for (const key of REF_KEYS) {
      const ref = (effect as Record<string, unknown>)[key];
      if (typeof ref === "string" && ref !== "") out.add(ref);
    }
  }
  return [...out];
}

function isState(value: unknown): value is CardState {
  return value === "pending" || value === "applied" || value === "reverted";
}

/** The card data of a message's `flags.nobc`, or undefined when it is not a resolution card. */
export function readCard(flags: unknown): CardFlags | undefined {
  if (typeof flags !== "object" || flags === null) return undefined;
  const f = flags as Record<string, unknown>;
  if (!Array.isArray(f["effects"]) || !isState(f["state"])) return undefined;
  const applied = f["applied"];
  const card = { effects: f["effects"] as Effect[], state: f["state"] };
  return typeof applied === "object" && applied !== null ? { ...card, applied: applied as WritePlan } : card;
}

export interface Requester {
  readonly id: string;
  readonly isGM: boolean;
}

/** Yes, or the lang key of the reason why not. */
export type Decision = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const YES: Decision = { ok: true };

function ownsAll(requester: Requester, card: CardFlags, owned: ReadonlyMap<string, boolean>): boolean {
  return requester.isGM || touchedDocuments(card.effects).every((uuid) => owned.get(uuid) === true);
}

/**
 * May `requester` apply the card? Only a pending card, and only a GM or a user who owns every
 * document the effects touch (`owned`: UUID → whether the requester owns it; missing = no).
 */
export function mayApply(requester: Requester, card: CardFlags, owned: ReadonlyMap<string, boolean>): Decision {
  if (card.state !== "pending") return { ok: false, reason: "NOBC.Chat.Refused.notPending" };
  return ownsAll(requester, card, owned) ? YES : { ok: false, reason: "NOBC.Chat.Refused.notOwner" };
}

/** May `requester` undo the card? Only an applied card with its inverse, same ownership rule. */
export function mayUndo(requester: Requester, card: CardFlags, owned: ReadonlyMap<string, boolean>): Decision {
  if (card.state !== "applied" || card.applied === undefined) return { ok: false, reason: "NOBC.Chat.Refused.notApplied" };
  return ownsAll(requester, card, owned) ? YES : { ok: false, reason: "NOBC.Chat.Refused.notOwner" };
}
