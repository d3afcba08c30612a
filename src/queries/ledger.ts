/**
 * What the active GM has applied, card by card: its state, the writes Apply made and the writes
 * that undo them, and the documents they touch. The player who posts a card authors its message
 * and may edit its flags, so the GM never takes a card's word for whether it was applied or what
 * undoing it writes: it reads this ledger, kept in a world setting only a GM can write.
 */
import { EMPTY_PLAN, type WritePlan } from "../effects/apply";
import { SYSTEM_ID } from "../base/constants";

export const LEDGER_SETTING = "cardLedger";

export interface LedgerEntry {
  readonly state: "applied" | "reverted";
  /** What Apply wrote, to tell whether the documents have changed since. */
  readonly forward: WritePlan;
  /** What Undo writes. */
  readonly inverse: WritePlan;
  /** The documents Apply changed (whose owners may undo it). */
  readonly touched: readonly string[];
  /** The card's once-only key, if it had one (kept here, where the poster cannot edit it). */
  readonly once?: string;
}

export type CardLedger = Readonly<Record<string, LedgerEntry>>;

/** On init: the ledger setting (hidden from the settings form). */
export function registerCardLedger(): void {
  game.settings?.register(SYSTEM_ID, LEDGER_SETTING, {
    name: "NOBC.Setting.cardLedger.name",
    hint: "NOBC.Setting.cardLedger.hint",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
}

export function readLedger(): CardLedger {
  const value = game.settings?.get(SYSTEM_ID, LEDGER_SETTING) as unknown;
  return typeof value === "object" && value !== null ? (value as CardLedger) : {};
}

/**
 * What is kept of the entry of a deleted message: nothing, unless it stands applied with a once-only
 * key. Deleting the card does not undo it, so the key stays held (without the writes: no card, no Undo).
 */
function keptAfterDeletion(entry: LedgerEntry): LedgerEntry | undefined {
  if (entry.state !== "applied" || entry.once === undefined) return undefined;
  return { state: "applied", forward: EMPTY_PLAN, inverse: EMPTY_PLAN, touched: [], once: entry.once };
}

/** The ledger with `entry` for `messageId`; the entries of messages deleted since are pruned (pure). */
export function withEntry(ledger: CardLedger, messageId: string, entry: LedgerEntry, exists: (id: string) => boolean): CardLedger {
  const kept = Object.entries(ledger).flatMap(([id, e]): [string, LedgerEntry][] => {
    if (id === messageId) return [];
    if (exists(id)) return [[id, e]];
    const slim = keptAfterDeletion(e);
    return slim === undefined ? [] : [[id, slim]];
  });
  return Object.fromEntries([...kept, [messageId, entry]]);
}

/**
 * The message of a card standing applied with the once-only key `once`, other than `except`, or
 * undefined: a second such card may not be applied. A deleted card still counts: its effects stand (pure).
 */
export function onceHolder(ledger: CardLedger, once: string, except?: string): string | undefined {
  return Object.entries(ledger).find(([id, e]) => id !== except && e.state === "applied" && e.once === once)?.[0];
}

/** Records `entry` in one settings write. */
export async function recordEntry(messageId: string, entry: LedgerEntry): Promise<void> {
  const next = withEntry(readLedger(), messageId, entry, (id) => game.messages?.get(id) !== undefined);
  await game.settings?.set(SYSTEM_ID, LEDGER_SETTING, next);
}
