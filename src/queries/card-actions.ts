/**
 * The authoritative Apply / Undo / split of a resolution card, run on the active GM's client
 * (through the `nobc.applyCard` / `nobc.undoCard` / `nobc.setSplit` queries) or directly when a
 * GM clicks. Each re-reads the message, re-checks the requester and the card's state (and a split
 * with the rules), then writes: documents through the one write path, the card through its flags.
 * Whether a card was applied, and what undoing it writes, come from the GM's ledger (./ledger.ts),
 * never from the card's flags, which the player who posted it may edit.
 */
import {
  PlanWriteError,
  applyPlan,
  driftedDocuments,
  foreignDocuments,
  notWorldPhrase,
  planEffects,
  resolveWorldDocument,
  snapshotOf,
} from "../effects/apply";
import {
  UNKNOWN_FLAG,
  cardDigest,
  isOversizedCard,
  mayApply,
  mayEditSplit,
  mayUndo,
  readCard,
  touchedDocuments,
  type CardFlags,
  type Decision,
  type Requester,
} from "../chat/card-data";
import { resplit, splitUnits, type SplitSide } from "../chat/splits";
import { renderCardContent } from "../chat/render";
import type { HitShare } from "../rules/nobc/land/combat-hits";
import { SYSTEM_ID } from "../base/constants";
import { onceHolder, readLedger, recordEntry, type LedgerEntry } from "./ledger";
import { errorText } from "../base/errors";
import { callHook } from "../base/foundry";
import type { Phrase } from "../rules/resolution";

export type CardAction = "apply" | "undo";

/**
 * What a request returns to the asking client (plain data: it crosses the socket). `reason` is a
 * lang key; `details` the sentences behind it (an error's text, the malformed fields); `refusals` the
 * rules' refusals, written in the asking user's language when told.
 */
export type CardResult =
  | { readonly ok: true; readonly messageId?: string }
  | { readonly ok: false; readonly reason: string; readonly details?: readonly string[]; readonly refusals?: readonly Phrase[] };

/** What the GM needs of a user: its id, whether it is a GM, and the user itself for permission tests. */
export type RequestingUser = Requester & object;

interface CardMessage {
  readonly id: string | null;
  readonly flags: Record<string, unknown>;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** Messages being written right now: a second click on the same card is refused, not queued. */
const inFlight = new Set<string>();

/** Of those, the ones whose task passed its time limit: the server has not answered one of its writes. */
const overdue = new Set<string>();

/**
 * How long one GM task may take, from its start to its last write answered. A card's writes take
 * well under a second; past this, a write the server never answers would hold every later card, so
 * the task is abandoned for the queue. It stays below the 30 s a player's query waits (see ask in
 * ./register.ts), so a player whose request ran at once hears "outcome unknown" from the GM rather
 * than "no answer".
 */
export const GM_TASK_LIMIT_MS = 20_000;

/**
 * The GM's card actions run one at a time. Each reads the ledger and the documents, then writes
 * both; run side by side, two actions would plan from the same stale state (two cards hitting one
 * unit would lose a hit, two cards with one once-only key would both stand, one ledger write would
 * drop the other's entry).
 */
let queue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** What `running` settles to, or `late()` once `ms` have passed without it settling (then the caller moves on). */
function withinLimit<T>(running: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  return Promise.race([running, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Marks the card: the outcome of its last request is unknown, check it (shown by the chat hook).
 * Not awaited: the server that left a write unanswered may leave this one too.
 */
function markUnknown(messageId: string): void {
  const message = messageById(messageId);
  message?.update({ [`flags.${SYSTEM_ID}.${UNKNOWN_FLAG}`]: true }).catch((error: unknown) => {
    console.warn(`${SYSTEM_ID} | card ${messageId}: could not be marked as of unknown outcome`, error);
  });
}

/**
 * Refuses a second request for a card already being handled; else queues `task` for it, with a
 * time limit. Past it the queue goes on to the next request and the requester is told the outcome
 * is unknown; the card is marked so, and refuses requests (`stalled`) until its task does end (if
 * its write is answered late, the task goes on to record what it did; if never, until the GM
 * reloads). A task abandoned so may still finish while a later one runs: that is why the card and
 * the answer say to check the documents.
 */
function forCard(messageId: string, task: () => Promise<CardResult>): Promise<CardResult> {
  if (inFlight.has(messageId))
    return Promise.resolve({ ok: false, reason: overdue.has(messageId) ? "NOBC.Chat.Refused.stalled" : "NOBC.Chat.Refused.busy" });
  inFlight.add(messageId);
  return oneAtATime(() => {
    const running = task().finally(() => {
      inFlight.delete(messageId);
      overdue.delete(messageId);
    });
    return withinLimit(running, GM_TASK_LIMIT_MS, (): CardResult => {
      overdue.add(messageId);
      console.warn(`${SYSTEM_ID} | card ${messageId}: no answer from the server within ${String(GM_TASK_LIMIT_MS)} ms; going on`);
      markUnknown(messageId);
      return { ok: false, reason: "NOBC.Chat.Refused.timedOut" };
    });
  });
}

function messageById(id: string): CardMessage | undefined {
  return (game.messages?.get(id) as unknown as CardMessage | undefined) ?? undefined;
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

/**
 * The refusal of a card or split naming documents that are not the world's own (a compendium
 * UUID, one leading to another document): each named, in the asking user's language. Null: none.
 */
function refuseForeign(uuids: readonly string[]): CardResult | null {
  const foreign = foreignDocuments(uuids);
  if (foreign.length === 0) return null;
  return { ok: false, reason: "NOBC.Chat.Refused.notWorld", refusals: foreign.map(notWorldPhrase) };
}

/** The card as the GM trusts it: its state and inverse from the ledger, not from its flags. */
function trusted(card: CardFlags, entry: LedgerEntry | undefined): CardFlags {
  const { applied: _claimed, state: _claimedState, ...rest } = card;
  return entry === undefined ? { ...rest, state: "pending" } : { ...rest, state: entry.state, applied: entry.inverse };
}

/**
 * Carries out `action` on the card message `messageId` for `user`, or says why not (one at a time).
 * `seen`, the `cardDigest` of the card the user looked at, makes Apply refuse a card changed since.
 */
export function performCardAction(action: CardAction, messageId: string, user: RequestingUser, seen?: string): Promise<CardResult> {
  return forCard(messageId, () => cardAction(action, messageId, user, seen));
}

/**
 * Writes the ledger (the GM's truth) after the documents; if that fails, the documents are put back
 * with `undoWrites`, so the world and the ledger never disagree. The message's flags only show the
 * state, so a failure there (the card deleted meanwhile) is logged, not undone.
 */
async function record(
  messageId: string,
  entry: LedgerEntry,
  message: CardMessage,
  shown: Record<string, unknown>,
  undoWrites: () => Promise<void>,
): Promise<CardResult | null> {
  try {
    await recordEntry(messageId, entry);
  } catch (error) {
    try {
      await undoWrites();
    } catch (rollback) {
      // The world keeps (part of) the writes: one more try to record them, so the card is not applied blindly again.
      await recordEntry(messageId, entry).catch(() => undefined);
      return { ok: false, reason: "NOBC.Chat.Refused.writeStuck", details: [errorText(error), errorText(rollback)] };
    }
    return { ok: false, reason: "NOBC.Chat.Refused.writeFailed", details: [errorText(error)] };
  }
  try {
    await message.update({ ...shown, ...knownAgain(message) });
  } catch (error) {
    console.warn(`${SYSTEM_ID} | card ${messageId}: its state could not be shown on the message`, error);
  }
  return null;
}

/** The update that clears the card's "outcome unknown" mark, if it has one: the GM knows its state again. */
function knownAgain(message: CardMessage): Record<string, unknown> {
  const flags = message.flags[SYSTEM_ID] as Record<string, unknown> | undefined;
  return flags?.[UNKNOWN_FLAG] === true ? { [`flags.${SYSTEM_ID}.${UNKNOWN_FLAG}`]: false } : {};
}

/** The card message `messageId` and its flags, or why there is none to act on (gone, or too large to read). */
function cardMessage(messageId: string): { readonly message: CardMessage; readonly flags: CardFlags } | CardResult {
  const message = messageById(messageId);
  const stored = message?.flags[SYSTEM_ID];
  if (isOversizedCard(stored)) return { ok: false, reason: "NOBC.Chat.Refused.tooLarge" };
  const flags = readCard(stored);
  if (message === undefined || flags === undefined) return { ok: false, reason: "NOBC.Chat.Refused.notFound" };
  return { message, flags };
}

async function cardAction(action: CardAction, messageId: string, user: RequestingUser, seen: string | undefined): Promise<CardResult> {
  const found = cardMessage(messageId);
  if ("ok" in found) return found;
  const { message, flags } = found;
  // What the user read is what gets applied: a card whose effects changed since is refused.
  if (action === "apply" && seen !== undefined && seen !== cardDigest(flags)) return { ok: false, reason: "NOBC.Chat.Refused.changedCard" };
  const ledger = readLedger();
  const entry = ledger[messageId];
  const card = trusted(flags, entry);
  // Only world documents are written, whoever asks: a compendium UUID never reaches the world document of its id.
  const foreign = refuseForeign(action === "apply" ? touchedDocuments(card.effects) : (entry?.touched ?? []));
  if (foreign !== null) return foreign;
  const decision: Decision =
    action === "apply"
      ? mayApply(user, card, ownership(user, touchedDocuments(card.effects)))
      : mayUndo(user, card, ownership(user, entry?.touched ?? []), entry?.touched ?? []);
  if (!decision.ok) return decision;
  if (action === "apply" && card.once !== undefined && onceHolder(ledger, card.once, messageId) !== undefined) {
    return { ok: false, reason: "NOBC.Chat.Refused.onceOnly" };
  }
  if (action === "undo" && entry !== undefined) {
    const drifted = driftedDocuments(entry.forward, snapshotOf);
    if (drifted.length > 0) return { ok: false, reason: "NOBC.Chat.Refused.changedSince", details: drifted };
  }
  try {
    if (action === "apply") {
      const plan = planEffects(card.effects, snapshotOf);
      const forward = {
        actorUpdates: plan.actorUpdates,
        itemUpdates: plan.itemUpdates,
        itemDeletions: plan.itemDeletions,
        itemCreations: plan.itemCreations,
      };
      await applyPlan(forward, plan.inverse);
      const applied: LedgerEntry = {
        state: "applied",
        forward,
        inverse: plan.inverse,
        touched: touchedDocuments(card.effects),
        ...(card.once === undefined ? {} : { once: card.once }),
      };
      const shown = { [`flags.${SYSTEM_ID}.state`]: "applied", [`flags.${SYSTEM_ID}.applied`]: plan.inverse };
      const refused = await record(messageId, applied, message, shown, () => applyPlan(plan.inverse, forward));
      if (refused !== null) return refused;
      callHook("nobc.resolutionApplied", message, plan);
    } else {
      const { inverse, forward } = entry!;
      await applyPlan(inverse, forward);
      const refused = await record(messageId, { ...entry!, state: "reverted" }, message, { [`flags.${SYSTEM_ID}.state`]: "reverted" }, () =>
        applyPlan(forward, inverse),
      );
      if (refused !== null) return refused;
      callHook("nobc.resolutionReverted", message, inverse);
    }
  } catch (error) {
    // A write Foundry refused: the card keeps its state, and the user learns whether the world did.
    if (!(error instanceof PlanWriteError)) throw error;
    return { ok: false, reason: error.reasonKey, details: [...error.failures] };
  }
  return { ok: true };
}

export interface SplitRequest {
  readonly messageId: string;
  readonly side: SplitSide;
  readonly split: readonly HitShare[];
}

/**
 * Saves a new split of `side`'s shared hits on a pending ground-combat card for `user`: the rules
 * check it, then the card's flags get the split and the effects Apply will now write, and its
 * content is rendered again so the changes list shows them. Refused: nothing changes.
 */
export function performSetSplit(request: SplitRequest, user: RequestingUser): Promise<CardResult> {
  return forCard(request.messageId, () => setSplit(request, user));
}

async function setSplit(request: SplitRequest, user: RequestingUser): Promise<CardResult> {
  const { messageId, side, split } = request;
  const found = cardMessage(messageId);
  if ("ok" in found) return found;
  const { message, flags } = found;
  const card = trusted(flags, readLedger()[messageId]);
  const combat = card.groundCombat;
  const display = card.display;
  if (combat === undefined || display === undefined) return { ok: false, reason: "NOBC.Chat.Refused.notCombat" };
  const foreign = refuseForeign(splitUnits(combat, side).map((u) => u.id));
  if (foreign !== null) return foreign;
  const decision = mayEditSplit(
    user,
    card,
    side,
    ownership(
      user,
      splitUnits(combat, side).map((u) => u.id),
    ),
  );
  if (!decision.ok) return decision;
  const checked = resplit(combat, side, split);
  if (!checked.ok) return { ok: false, reason: "NOBC.Chat.Refused.badSplit", refusals: checked.refusals.map((r) => r.text) };
  const next: CardFlags & { display: typeof display } = {
    ...card,
    display,
    effects: checked.value.effects,
    groundCombat: checked.value.card,
  };
  await message.update({
    [`flags.${SYSTEM_ID}.effects`]: next.effects,
    [`flags.${SYSTEM_ID}.groundCombat.splits`]: checked.value.card.splits,
    content: await renderCardContent(next),
    ...knownAgain(message),
  });
  callHook("nobc.resolutionSplit", message, side, checked.value.card.splits[side]);
  return { ok: true };
}
