/**
 * What the chat cards and the dialogs read of the GM's cards at once, with no write: the turn now
 * (for a card's expiry), who owns the documents a card touches, the once-only keys and holds of
 * the GM-authored cards, and the time limit of a GM task. Its own module so that init loads it
 * without the card actions' writers (src/queries/card-actions.ts, loaded on the first request).
 */
import type { Requester, TurnClock } from "../chat/card-data";
import type { RecordedCard } from "../chat/card-record";
import { resolveWorldDocument } from "../effects/apply";
import { cardsHolding, indexedCards, indexedKeyHolder, type CardMessage } from "./card-index";

export type { CardMessage } from "./card-index";

/** What the GM needs of a user: its id, whether it is a GM, and the user itself for permission tests. */
export type RequestingUser = Requester & object;

/** Where the game's turn stands: set on init by the entry point (the turn tracker sits above queries). */
let clock: () => TurnClock | null = () => null;

/** Sets how the card checks learn the turn and stage (the `nobcTurn` Combat's, read by src/combat/current.ts). */
export function setCardClock(read: () => TurnClock | null): void {
  clock = read;
}

/** The turn and stage now, for a card's expiry (`cardExpiry`, src/chat/card-data.ts). */
export function turnNow(): TurnClock | null {
  return clock();
}

/**
 * How long one GM task may take, from its start to its last write answered. A card's writes take
 * well under a second; past this, a write the server never answers would hold every later card, so
 * the task is abandoned for the queue. It stays below the 30 s a player's query waits (see ask in
 * ./register.ts), so a player whose request ran at once hears "outcome unknown" from the GM rather
 * than "no answer".
 */
export const GM_TASK_LIMIT_MS = 20_000;

/** What `running` settles to, or `late()` once `ms` have passed without it settling (then the caller moves on). */
export function withinLimit<T>(running: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  return Promise.race([running, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A queue of GM tasks on this client: each runs after the one before, for at most GM_TASK_LIMIT_MS, so a
 * write the server never answers holds the next task only that long (the late one gets `late()`).
 */
export function gmTaskQueue(): <T>(task: () => Promise<T>, late: () => T) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task, late) => {
    const limited = withinLimit(last.then(task, task), GM_TASK_LIMIT_MS, late);
    last = limited.catch(() => undefined);
    return limited;
  };
}

export function messageById(id: string): CardMessage | undefined {
  return (game.messages?.get(id) as unknown as CardMessage | undefined) ?? undefined;
}

export function allMessages(): readonly CardMessage[] {
  return (game.messages as unknown as { contents?: readonly CardMessage[] } | undefined)?.contents ?? [];
}

/**
 * The cards the GM authored, as the record functions read them (from the index of ./card-index.ts,
 * in chat order). Only these count for once-only keys and for the conflicts of Undo: nothing is read
 * from a card a player wrote, or from an old card's flags. A deleted card is gone from the list, and
 * with it its key.
 */
export function gmCards(): RecordedCard[] {
  return indexedCards();
}

/** The id of a GM-authored card standing applied with the once-only key `once` (other than `except`), or undefined. */
export function onceKeyHolder(once: string, except?: string): string | undefined {
  return indexedKeyHolder(once, except);
}

/**
 * Of `subjects`, the first one a GM-authored card holds (pending, applied or undone alike), with
 * that card's id; undefined when none is held. The index gives the cards holding any of them; the
 * first in chat order answers, with the first of its holds asked for. A deleted card holds nothing,
 * nor one whose holds the GM released.
 */
export function heldSubject(subjects: readonly string[]): { readonly subject: string; readonly by: string } | undefined {
  if (subjects.length === 0) return undefined;
  const asked = new Set(subjects);
  const card = cardsHolding(subjects)[0];
  const subject = card?.holds?.find((h) => asked.has(h));
  return card === undefined || subject === undefined ? undefined : { subject, by: card.id };
}

type Permissioned = { testUserPermission?(u: unknown, level: string): boolean } | null | undefined;

/** The world document at `uuid` for a permission test, or null when there is none or it is not the world's own. */
function permissioned(uuid: string): Permissioned | null {
  const resolved = resolveWorldDocument(uuid);
  return resolved.ok ? (resolved.doc as unknown as Permissioned) : null;
}

/**
 * For each document: does `user` own it? Only world documents count (a compendium copy owned
 * through its pack does not). An embedded card follows its actor, also once it is gone (a card
 * discarded by Apply is owned, for Undo, by whoever owns the HQ that held it).
 */
export function ownership(user: RequestingUser, uuids: readonly string[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const uuid of uuids) {
    const resolved = resolveWorldDocument(uuid);
    const holder = uuid.includes(".Item.") ? uuid.slice(0, uuid.lastIndexOf(".Item.")) : undefined;
    // The holder speaks only for a card that is gone, never for a UUID that leads elsewhere.
    const doc = resolved.ok ? permissioned(uuid) : resolved.why === "none" && holder !== undefined ? permissioned(holder) : null;
    out.set(uuid, doc?.testUserPermission?.(user, "OWNER") === true);
  }
  return out;
}
