/**
 * The authoritative Apply / Undo / split of a resolution card, run on the active GM's client
 * (through the `nobc.applyCard` / `nobc.undoCard` / `nobc.setSplit` queries) or directly when a
 * GM clicks. Each re-reads the message, re-checks the requester and the card's state (and a split
 * with the rules), then writes: documents through the one write path, the card through its
 * `system`. Only a card a GM authored is ever acted on: players cannot edit a GM's message, so its
 * state, its once-only key and the GM's record of what Apply wrote (`system.record`, see
 * src/chat/card-record.ts) are the GM's own word. A card a player wrote, or an old card whose data
 * sits in its flags, is refused.
 */
import { escapeHtml } from "../base/html";
import {
  PlanWriteError,
  applyPlan,
  driftedDocuments,
  foreignDocuments,
  mapRows,
  notWorldPhrase,
  planEffects,
  snapshotOf,
  type WritePlan,
} from "../effects/apply";
import {
  CARD_MESSAGE_TYPE,
  cardDigest,
  cardDataOf,
  cardDataProblems,
  knowledgeOutcome,
  mayApply,
  mayEditSplit,
  mayUndo,
  stepRecord,
  touchedDocuments,
  type CardFlags,
  unreadableCard,
} from "../chat/card-data";
import { chargeRefusal } from "./card-stage";
import { pathsMeet, planPaths, pruneUpdate, stands, undoBlockers, undoCheck, type GmRecord, type RecordedCard } from "../chat/card-record";
import {
  cardsBeingWritten,
  cardsMeeting,
  cardsWithKey,
  indexedCards,
  indexedKeyHolder,
  indexedMessage,
  nextApplyOrder,
} from "./card-index";
import { isEmptyPlan, rowsNotInPlace } from "./card-recovery";
import { resplit, splitUnits, type SplitSide } from "../chat/splits";
import { renderCardContent } from "../chat/render";
import type { CardState } from "../chat/card-data";
import { readBoard } from "../world/board";
import { worldScene } from "../world/read";
import type { HitShare } from "../rules/nobc/land/combat-hits";
import { SYSTEM_ID } from "../base/constants";
import { sideLinkOf } from "../chat/side-link";
import { errorText } from "../base/errors";
import { callHook, format, gmUserIds, localize } from "../base/foundry";
import { hiddenInformation } from "../base/settings";
import type { Phrase } from "../rules/resolution";
import { cardSectorNow } from "../chat/resolution-card";
import { rulingRefusal } from "./ruling";
import { messageById, ownership, turnNow, withinLimit, GM_TASK_LIMIT_MS, type CardMessage, type RequestingUser } from "./card-state";

// What reads the cards without writing lives in ./card-state (loaded at init); its names stay importable from here.
export { GM_TASK_LIMIT_MS, gmCards, heldSubject, onceKeyHolder, ownership, setCardClock, turnNow, withinLimit } from "./card-state";
export type { RequestingUser } from "./card-state";

export type CardAction = "apply" | "undo";

/**
 * What a request returns to the asking client (plain data: it crosses the socket). `reason` is a
 * lang key; `details` the sentences behind it (an error's text, the malformed fields); `refusals` the
 * rules' refusals, written in the asking user's language when told.
 */
export type CardResult =
  | { readonly ok: true; readonly messageId?: string }
  | { readonly ok: false; readonly reason: string; readonly details?: readonly string[]; readonly refusals?: readonly Phrase[] };

/** The user this client plays (in Foundry one client is one user; the harness plays two GM clients in one world). */
interface ClientUser {
  readonly id: string;
}

/** Messages being written right now, per client: a second click on the same card is refused, not queued. */
const inFlight = new Set<string>();

/** Of those, the ones whose task passed its time limit: the server has not answered one of its writes. */
const overdue = new Set<string>();

/**
 * The GM's card actions queue per document on each client: a task waits for the tasks before it
 * that touch one of the same documents (or the same card, once-only key or map), and no others. Each
 * reads the cards and the documents, then writes both; run side by side over one unit, two actions
 * would plan from the same stale state (a lost hit, two cards with one once-only key). A write the
 * server never answers so holds only the cards that share a document with it. Across clients (a
 * hand-over of the active GM) each task marks its card before it writes a document and reads what
 * the server ordered before that mark (see `markCard`).
 */
const tails = new Map<string, Promise<unknown>>();

function queued<T>(client: string, resources: readonly string[], task: () => Promise<T>): Promise<T> {
  const keys = [...new Set(resources)].map((r) => `${client}/${r}`);
  const before = Promise.all(keys.map((k) => tails.get(k) ?? Promise.resolve()));
  const run = before.then(task, task);
  const tail = run.catch(() => undefined);
  for (const k of keys) tails.set(k, tail);
  void tail.then(() => {
    for (const k of keys) if (tails.get(k) === tail) tails.delete(k);
  });
  return run;
}

/**
 * Marks the card: the outcome of its last request is unknown, check it (shown by the chat hook).
 * Not awaited: the server that left a write unanswered may leave this one too.
 */
function markUnknown(messageId: string): void {
  const message = messageById(messageId);
  message?.update({ "system.outcomeUnknown": true }).catch((error: unknown) => {
    console.warn(`${SYSTEM_ID} | card ${messageId}: could not be marked as of unknown outcome`, error);
  });
}

function thisClient(): ClientUser {
  return game.user as unknown as ClientUser;
}

/** Whether `client` is (still) the active GM: only the active GM writes. */
function isActiveGM(client: ClientUser): boolean {
  const users = game.users as unknown as { activeGM?: { id?: string | null } | null } | undefined;
  return users?.activeGM?.id === client.id;
}

/**
 * Refuses a second request for a card already being handled; else queues `task` for it, with a
 * time limit. Past it the queue goes on to the next request and the requester is told the outcome
 * is unknown; the card is marked so, and refuses requests (`stalled`) until its task does end (if
 * its write is answered late, the task goes on to record what it did; if never, until the GM
 * reloads). A task abandoned so may still finish while a later one runs: that is why the card and
 * the answer say to check the documents.
 */
function forCard(
  messageId: string,
  task: (client: ClientUser) => Promise<CardResult>,
  resources: readonly string[] = [],
): Promise<CardResult> {
  const client = thisClient();
  const slot = `${client.id}/${messageId}`;
  if (inFlight.has(slot))
    return Promise.resolve({ ok: false, reason: overdue.has(slot) ? "NOBC.Chat.Refused.stalled" : "NOBC.Chat.Refused.busy" });
  inFlight.add(slot);
  return queued(client.id, [messageId, ...resources], () => {
    const running = task(client).finally(() => {
      inFlight.delete(slot);
      overdue.delete(slot);
    });
    return withinLimit(running, GM_TASK_LIMIT_MS, (): CardResult => {
      overdue.add(slot);
      console.warn(`${SYSTEM_ID} | card ${messageId}: no answer from the server within ${String(GM_TASK_LIMIT_MS)} ms; going on`);
      markUnknown(messageId);
      return { ok: false, reason: "NOBC.Chat.Refused.timedOut" };
    });
  });
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

/**
 * Carries out `action` on the card message `messageId` for `user`, or says why not (one at a time).
 * `seen`, the `cardDigest` of the card the user looked at, makes Apply refuse a card changed since.
 */
export function performCardAction(action: CardAction, messageId: string, user: RequestingUser, seen?: string): Promise<CardResult> {
  return forCard(messageId, (client) => cardAction(action, messageId, user, seen, client), cardResources(messageId));
}

/**
 * What a card's action queues behind: the documents its effects, its plan and its record touch, its
 * once-only key, and the map when it writes the scene. A card that cannot be read queues on itself.
 */
function cardResources(messageId: string): string[] {
  const found = cardMessage(messageId);
  if ("ok" in found) return [];
  const { card } = found;
  const plan =
    card.state === "pending"
      ? planEffects(card.effects, snapshotOf, readBoard(card.effects, undefined, knowledgeOutcome(card)))
      : undefined;
  const written = [plan, card.record?.forward].filter((p): p is WritePlan => p !== undefined);
  const onMap = written.some((p) => [p.sceneUpdates, p.tokenUpdates, p.tokenDeletions, p.tokenCreations].some((r) => (r ?? []).length > 0));
  return [
    ...touchedDocuments(card.effects),
    ...(plan?.actorUpdates.map((u) => u.uuid) ?? []),
    ...(card.record?.touched ?? []),
    ...(card.once === undefined ? [] : [`once:${card.once}`]),
    ...(onMap ? ["map"] : []),
  ];
}

/** The revision of the card as its message holds it now (read once per change by the index). */
function revisionNow(message: CardMessage): number | undefined {
  return message.id === null ? undefined : (indexedMessage(message.id)?.read?.card.revision ?? undefined);
}

/** Another GM client marked a card over the same documents, key or card first: nothing was written. */
const RACED_FIRST: CardResult = { ok: false, reason: "NOBC.CardAuth.Refused.racedFirst" };

/** The claims the GM clients wrote on a card when they marked it (`system.claims`: client id → token). */
function claimsOf(message: CardMessage): Record<string, unknown> {
  const claims = (message.system as { claims?: unknown } | undefined)?.claims;
  return typeof claims === "object" && claims !== null ? { ...(claims as Record<string, unknown>) } : {};
}

/** Draws the token of one mark. */
let marks = 0;

/**
 * Marks the card before any document is written: its state ("applying" / "undoing"), its plan, and
 * this client's claim, carrying the revision the task planned from. Foundry has no conditional
 * write, but the server sends every client its writes in one order, and the answer to this update
 * arrives in that order too: once it is here, every mark the server took before this one has been
 * received. So a claim of another client on this card that was not there before, or `lost()` (a card
 * over the same paths or key marked or applied since this task planned), means another client came
 * first: the card is put back (`restore`; nothing else of it is changed when the other client's mark
 * is on this very card) and nothing is written. Null: this client goes on.
 */
async function markCard(
  message: CardMessage,
  planned: number,
  client: ClientUser,
  update: Record<string, unknown>,
  restore: Record<string, unknown>,
  lost: () => CardResult | null,
): Promise<CardResult | null> {
  const before = claimsOf(message);
  const token = `${client.id}:${String(++marks)}`;
  try {
    await message.update({
      ...update,
      [`system.claims.${client.id}`]: token,
      "system.claims.last": token,
      "system.revision": planned + 1,
      "system.outcomeUnknown": false,
    });
  } catch (error) {
    return { ok: false, reason: "NOBC.Chat.Refused.writeFailed", details: [errorText(error)] };
  }
  const after = claimsOf(message);
  const other = Object.entries(after).some(([who, t]) => who !== "last" && who !== client.id && before[who] !== t);
  if (other) return RACED_FIRST;
  const refused = lost();
  if (refused === null) return null;
  try {
    await message.update({ ...restore, "system.revision": planned + 2 });
  } catch (error) {
    return { ok: false, reason: "NOBC.Chat.Refused.writeStuck", details: [errorText(error)] };
  }
  return refused;
}

/**
 * After the mark: another card marked first (`markedSince`), or a document the plan was made from
 * changed before the mark (a GM's hand edit on another client, not yet seen when planning): `from`
 * no longer holds, so the plan would overwrite that change. Null: the plan still stands.
 */
function plannedFromStale(marked: boolean, from: WritePlan): CardResult | null {
  if (marked) return RACED_FIRST;
  const drifted = driftedDocuments(from, snapshotOf);
  return drifted.length > 0 ? { ok: false, reason: "NOBC.Chat.Refused.changedSince", details: drifted } : null;
}

/**
 * Another card than `messageId`, standing or being written, with a record from `seq` on over one of
 * `paths` or with the key `once`. The index names the cards over those paths and with that key.
 */
function markedSince(messageId: string, seq: number, paths: readonly string[], once: string | undefined): boolean {
  const later = (c: { id: string; state: RecordedCard["state"]; record?: GmRecord }): boolean =>
    c.id !== messageId && stands(c.state) && c.record !== undefined && c.record.seq >= seq;
  return (
    cardsMeeting(paths).some(later) ||
    (once !== undefined && cardsWithKey(once).some((c) => later(c) && c.record?.keyReleased === undefined))
  );
}

/** A card other than `messageId` being applied or undone right now over one of `paths` (or with the key `once`). */
function beingWritten(messageId: string, paths: readonly string[], once: string | undefined): boolean {
  return cardsBeingWritten().some(
    (c) => c.id !== messageId && c.record !== undefined && (pathsMeet(c.record.paths, paths) || (once !== undefined && c.once === once)),
  );
}

/** The card's last write of an action (its state and record), at the revision after its mark; a failure leaves it marked, for recovery. */
async function finishCard(message: CardMessage, planned: number, update: Record<string, unknown>): Promise<CardResult | null> {
  try {
    await updateWithSides(message, { ...update, "system.revision": planned + 2 });
    return null;
  } catch (error) {
    if (message.id !== null) markUnknown(message.id);
    return { ok: false, reason: "NOBC.Chat.Refused.writeFailed", details: [errorText(error)] };
  }
}

/**
 * The card's update, and under double-blind its side cards' state (src/chat/side-posting.ts) in the same
 * `ChatMessage.updateDocuments` call: one write of the class. A card with no side cards is updated as before.
 */
async function updateWithSides(message: CardMessage, update: Record<string, unknown>, card?: CardFlags): Promise<void> {
  const state = update["system.state"] ?? card?.state;
  // A ground combat's side cards are made again from the card as it now stands (`card`, else read again).
  const now = card ?? indexedMessage(message.id ?? "")?.read?.card;
  const sides =
    // Only a card that has side cards (its link flag) loads their code, whatever the setting is now.
    typeof state === "string" && sideLinkOf(message) !== undefined
      ? await (await import("../chat/side-posting")).sideStateRows(message, state as CardState, now)
      : [];
  if (sides.length === 0 || message.id === null) {
    await message.update(update);
    return;
  }
  await (ChatMessage as unknown as { updateDocuments(rows: object[]): Promise<unknown> }).updateDocuments([
    { _id: message.id, ...update },
    ...sides,
  ]);
}

/**
 * The card message `messageId` and its card, or why there is none to act on: gone, too large to
 * read, an old card kept in flags (shown only), a card a GM did not author (never applied), or a
 * GM's card not in a card's shape (the fields at fault told).
 */
function cardMessage(messageId: string): { readonly message: CardMessage; readonly card: CardFlags } | CardResult {
  const found = indexedMessage(messageId);
  if (found === undefined) return { ok: false, reason: "NOBC.Chat.Refused.notFound" };
  const { message, read } = found;
  if (read === undefined) {
    const why = unreadableCard(message, SYSTEM_ID);
    if (why === undefined) return { ok: false, reason: "NOBC.Chat.Refused.notFound" };
    if (why === "tooLarge") return { ok: false, reason: "NOBC.Chat.Refused.tooLarge" };
    // A malformed card that would be refused anyway says the first reason: an old card, a player's card.
    if (message.type !== CARD_MESSAGE_TYPE) return { ok: false, reason: "NOBC.CardAuth.Refused.legacyCard" };
    if (message.author?.isGM !== true) return { ok: false, reason: "NOBC.CardAuth.Refused.notGmCard" };
    return { ok: false, reason: "NOBC.Chat.Refused.malformed", refusals: cardDataProblems(cardDataOf(message, SYSTEM_ID)) };
  }
  if (read.legacy) return { ok: false, reason: "NOBC.CardAuth.Refused.legacyCard" };
  if (!read.gmAuthored) return { ok: false, reason: "NOBC.CardAuth.Refused.notGmCard" };
  return { message, card: read.card };
}

/** The refusal of a write by a client that is no longer the active GM (the active GM was handed over). */
const NOT_ACTIVE: CardResult = { ok: false, reason: "NOBC.CardAuth.Refused.notActiveGM" };

async function cardAction(
  action: CardAction,
  messageId: string,
  user: RequestingUser,
  seen: string | undefined,
  client: ClientUser,
): Promise<CardResult> {
  const found = cardMessage(messageId);
  if ("ok" in found) return found;
  const { message, card } = found;
  // What the user read is what gets applied: a card whose effects changed since is refused.
  if (action === "apply" && seen !== undefined && seen !== cardDigest(card)) return { ok: false, reason: "NOBC.Chat.Refused.changedCard" };
  const record = card.record;
  // Apply plans first: the map effects land on the card's scene (a move's, wherever the GM looks), else on the
  // scene this GM client views; the units a plan writes without naming them (supply eliminated in a hex) count
  // as touched, so their owners decide.
  if (action === "apply" && card.scene !== undefined && worldScene(card.scene) === null)
    return { ok: false, reason: "NOBC.MapWrite.Refused.sceneGone" };
  const plan =
    action === "apply" ? planEffects(card.effects, snapshotOf, readBoard(card.effects, card.scene, knowledgeOutcome(card))) : undefined;
  const touched =
    plan === undefined
      ? (record?.touched ?? [])
      : [...new Set([...touchedDocuments(card.effects), ...plan.actorUpdates.map((u) => u.uuid)])];
  // Only world documents are written, whoever asks: a compendium UUID never reaches the world document of its id.
  const foreign = refuseForeign(touched);
  if (foreign !== null) return foreign;
  if (action === "undo" && record?.pruned === true) return { ok: false, reason: "NOBC.CardAuth.Refused.pruned" };
  const now = turnNow();
  const decision =
    action === "apply"
      ? mayApply(user, card, ownership(user, touched), now, touched)
      : mayUndo(user, card, ownership(user, touched), touched, now);
  if (!decision.ok) return decision;
  // An override of the card's stage or turn is an umpire's ruling: its sector's ruler's alone.
  const sector = decision.override === true && now !== null ? cardSectorNow(card) : null;
  const notRuler = sector === null ? null : rulingRefusal(sector, user);
  if (notRuler !== null) return notRuler;
  const stamped = stepRecord(action, card, decision, now, user.id);
  if (action === "apply" && card.once !== undefined && indexedKeyHolder(card.once, messageId) !== undefined) {
    return { ok: false, reason: "NOBC.Chat.Refused.onceOnly" };
  }
  const paid = action === "apply" ? chargeRefusal(card, messageId) : null;
  if (paid !== null) return paid;
  if (action === "undo") {
    // Only the cards over the same paths can block it: the index names them.
    const check = undoCheck(
      { id: messageId, state: card.state, ...(record === undefined ? {} : { record }) },
      cardsMeeting(record?.paths ?? []),
      snapshotOf,
    );
    if (!check.ok && check.reason === "later")
      return {
        ok: false,
        reason: "NOBC.CardAuth.Refused.laterCard",
        details: [format("NOBC.CardAuth.Refused.laterCards", { count: check.blockers.length })],
      };
    if (!check.ok) return { ok: false, reason: "NOBC.Chat.Refused.changedSince", details: check.drifted };
  }
  const planned = card.revision ?? 0;
  const forward: WritePlan | undefined =
    plan === undefined
      ? undefined
      : {
          actorUpdates: plan.actorUpdates,
          itemUpdates: plan.itemUpdates,
          itemDeletions: plan.itemDeletions,
          itemCreations: plan.itemCreations,
          ...mapRows(plan),
        };
  const paths = forward === undefined ? (record?.paths ?? []) : planPaths(forward);
  // A card over the same documents half-written (by this client or another, or left by a GM who left) goes first.
  if (beingWritten(messageId, paths, action === "apply" ? card.once : undefined))
    return { ok: false, reason: "NOBC.CardAuth.Refused.inProgress" };
  // Right before writing: still the active GM, and the card as it was read.
  if (!isActiveGM(client)) return NOT_ACTIVE;
  if (revisionNow(message) !== planned) return { ok: false, reason: "NOBC.CardAuth.Refused.cardChanged" };
  try {
    if (plan !== undefined && forward !== undefined) {
      if (plan.refusals.length > 0) return { ok: false, reason: "NOBC.MapWrite.Refused.Title", refusals: [...plan.refusals] };
      const seq = nextApplyOrder();
      const applied: GmRecord = { seq, forward, inverse: plan.inverse, touched, paths };
      // The card holds its plan and its once-only key before any document is written.
      const first = await markCard(
        message,
        planned,
        client,
        { "system.state": "applying", "system.record": applied },
        { "system.state": "pending", "system.record": null },
        () => plannedFromStale(markedSince(messageId, seq, paths, card.once), plan.inverse),
      );
      if (first !== null) return first;
      try {
        await applyPlan(forward, plan.inverse);
      } catch (error) {
        // The write path put back what went through (or says it could not): the card is pending again, or stays marked to be checked.
        if (error instanceof PlanWriteError && error.restored)
          await finishCard(message, planned, { "system.state": "pending", "system.record": null });
        throw error;
      }
      const refused = await finishCard(message, planned, { "system.state": "applied", "system.record": applied, ...stamped });
      if (refused !== null) return refused;
      callHook("nobc.resolutionApplied", message, plan);
    } else {
      const { inverse, forward: wrote } = record!;
      const target = { id: messageId, state: card.state, record: record! };
      const first = await markCard(message, planned, client, { "system.state": "undoing" }, { "system.state": "applied" }, () =>
        plannedFromStale(undoBlockers(target, cardsMeeting(target.record.paths)).length > 0, wrote),
      );
      if (first !== null) return first;
      try {
        await applyPlan(inverse, wrote);
      } catch (error) {
        if (error instanceof PlanWriteError && error.restored) await finishCard(message, planned, { "system.state": "applied" });
        throw error;
      }
      const refused = await finishCard(message, planned, { "system.state": "reverted", ...stamped });
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

/**
 * What the active GM's client does with the cards a GM client left half-written (it dropped out
 * between two writes): each card marked "applying" or "undoing" by a client that is not logged in
 * (or by this one, with no task of its own on it) is compared with its plan. Everything in place:
 * the action had finished, and the card says so ("applied" / "reverted"). Else what had landed is put
 * back, and the card stands as before the action ("pending" / "applied"). Each is told in chat, in
 * the GMs' words. Idempotent: a card already settled is left alone. Returns what was done per card.
 */
export async function recoverCards(): Promise<{ readonly id: string; readonly result: CardResult }[]> {
  const client = thisClient();
  if (!isActiveGM(client)) return [];
  const left = cardsBeingWritten().filter((c) => !inFlight.has(`${client.id}/${c.id}`));
  const out: { id: string; result: CardResult }[] = [];
  for (const c of left) {
    const message = messageById(c.id);
    const last = message === undefined ? undefined : claimsOf(message)["last"];
    const by = typeof last === "string" ? last.slice(0, last.indexOf(":")) : undefined;
    const users = game.users as unknown as { get(id: string): { active?: boolean } | undefined } | undefined;
    // A card another GM client still online is writing is that client's to finish.
    if (by !== undefined && by !== client.id && users?.get(by)?.active === true) continue;
    out.push({ id: c.id, result: await forCard(c.id, (me) => recoverCard(c.id, me), cardResources(c.id)) });
  }
  return out;
}

async function recoverCard(messageId: string, client: ClientUser): Promise<CardResult> {
  const found = cardMessage(messageId);
  if ("ok" in found) return found;
  const { message, card } = found;
  const record = card.record;
  if ((card.state !== "applying" && card.state !== "undoing") || record === undefined) return { ok: true };
  const undoing = card.state === "undoing";
  const missing = rowsNotInPlace(undoing ? record.inverse : record.forward, snapshotOf);
  const finished = isEmptyPlan(missing);
  const planned = card.revision ?? 0;
  if (!isActiveGM(client)) return NOT_ACTIVE;
  if (revisionNow(message) !== planned) return { ok: false, reason: "NOBC.CardAuth.Refused.cardChanged" };
  try {
    if (!finished) await applyPlan(rowsNotInPlace(undoing ? record.forward : record.inverse, snapshotOf));
  } catch (error) {
    if (!(error instanceof PlanWriteError)) throw error;
    return { ok: false, reason: error.reasonKey, details: [...error.failures] };
  }
  const state = undoing ? (finished ? "reverted" : "applied") : finished ? "applied" : "pending";
  await updateWithSides(message, {
    "system.state": state,
    ...(state === "pending" ? { "system.record": null } : {}),
    "system.revision": planned + 1,
    "system.outcomeUnknown": false,
  });
  const said = undoing
    ? finished
      ? "NOBC.CardAuth.Recovered.undoFinished"
      : "NOBC.CardAuth.Recovered.undoReversed"
    : finished
      ? "NOBC.CardAuth.Recovered.finished"
      : "NOBC.CardAuth.Recovered.reversed";
  // For Control alone: the card's title can name units the other side does not know.
  await postNotice("NOBC.CardAuth.Recovered.title", format(said, { title: card.display?.title ?? messageId }), gmUserIds());
  return { ok: true };
}

/** A plain chat message the GM authors: a title and a sentence, both already in the GM's words. */
/** A notice in chat: for everyone, or (`whisper`) for the users named only. */
async function postNotice(titleKey: string, body: string, whisper?: readonly string[]): Promise<void> {
  const Message = ChatMessage as unknown as { create(data: object): Promise<unknown>; getSpeaker(): object };
  const title = escapeHtml(localize(titleKey));
  await Message.create({
    content: `<div class="nobc-card-notice"><h3>${title}</h3><p>${escapeHtml(body)}</p></div>`,
    speaker: Message.getSpeaker(),
    ...(whisper === undefined ? {} : { whisper: [...whisper] }),
  });
}

/**
 * Releases the once-only key of an applied card and the holds of any card (a GM's action for a key
 * or subject that is stuck, or to let a request be asked again): the record says the key was
 * released, with who and why; the holds are cleared; a card in chat names them and tells everyone
 * the reason. The card's effects and state stand.
 */
export function performReleaseKey(messageId: string, reason: string, user: RequestingUser): Promise<CardResult> {
  return forCard(messageId, async (client) => {
    if (!user.isGM) return { ok: false, reason: "NOBC.Request.Refused.postGmOnly" };
    const found = cardMessage(messageId);
    if ("ok" in found) return found;
    const { message, card } = found;
    const record = card.record;
    const keyed = card.once !== undefined && card.state === "applied" && record !== undefined;
    const holds = card.holds ?? [];
    if (!keyed && holds.length === 0) return { ok: false, reason: "NOBC.CardAuth.Refused.noKey" };
    const keyFree = keyed && record.keyReleased === undefined;
    if (!keyFree && holds.length === 0) return { ok: false, reason: "NOBC.CardAuth.Refused.keyReleased" };
    const planned = card.revision ?? 0;
    if (!isActiveGM(client)) return NOT_ACTIVE;
    if (revisionNow(message) !== planned) return { ok: false, reason: "NOBC.CardAuth.Refused.cardChanged" };
    // The key stays on the record, marked released; the holds go (the release note names them).
    await message.update({
      ...(keyFree ? { "system.record.keyReleased": { by: user.id, reason } } : {}),
      ...(holds.length > 0 ? { "system.holds": [] } : {}),
      "system.revision": planned + 1,
    });
    await postKeyRelease([...(keyFree ? [card.once] : []), ...holds].join(", "), reason);
    return { ok: true };
  });
}

/**
 * The chat card telling that a key was released, and why (a plain message the GM authors). A key and a
 * hold name documents by UUID (`orders:Actor.…:3`): under double-blind the card is whispered to the GMs,
 * so no player reads the other side's pieces in it (issue #30).
 */
async function postKeyRelease(key: string, reason: string): Promise<void> {
  const Message = ChatMessage as unknown as { create(data: object): Promise<unknown>; getSpeaker(): object };
  const title = escapeHtml(localize("NOBC.CardAuth.KeyReleased.title"));
  const body = escapeHtml(format("NOBC.CardAuth.KeyReleased.body", { key, reason }));
  await Message.create({
    content: `<div class="nobc-key-release"><h3>${title}</h3><p>${body}</p></div>`,
    speaker: Message.getSpeaker(),
    ...(hiddenInformation() === "doubleBlind" ? { whisper: gmUserIds() } : {}),
  });
}

/**
 * Drops the write plans of the GM's cards of turns before `beforeTurn` (their Undo goes; their key,
 * state and paths stay), in one `ChatMessage.updateDocuments` call (at a turn change that is every card
 * of the turn before: one write, not one per card), on the active GM's client, each card at the
 * revision it was read at. Cards of `beforeTurn` and later, and cards that know no turn, keep theirs;
 * a turn after the current one is refused (it would take the current turn's Undo). The run waits for
 * the tasks already queued on its cards; a card busy with another request, or changed meanwhile, is
 * skipped and counted (`busy`). Returns how many records were pruned.
 */
export async function performPruneRecords(
  beforeTurn: number,
  user: RequestingUser,
): Promise<CardResult & { pruned?: number; busy?: number }> {
  if (!user.isGM) return { ok: false, reason: "NOBC.Request.Refused.postGmOnly" };
  const now = turnNow();
  if (now !== null && beforeTurn > now.turn) return { ok: false, reason: "NOBC.CardLife.Refused.futureTurn" };
  const client = thisClient();
  const due = indexedCards().filter(
    (c) => c.record !== undefined && c.record.pruned !== true && c.card.turn !== undefined && c.card.turn < beforeTurn,
  );
  const planned = new Map(due.map((c) => [c.id, c.card.revision ?? 0]));
  // A card another request is being handled for is skipped, as a second click on it is refused.
  const free = due.filter((c) => !inFlight.has(`${client.id}/${c.id}`)).map((c) => c.id);
  const skipped = due.length - free.length;
  if (free.length === 0) return { ok: true, pruned: 0, ...(skipped > 0 ? { busy: skipped } : {}) };
  const slots = free.map((id) => `${client.id}/${id}`);
  for (const slot of slots) inFlight.add(slot);
  const running = queued(client.id, free, async (): Promise<CardResult & { pruned?: number; busy?: number }> => {
    if (!isActiveGM(client)) return NOT_ACTIVE;
    // Each card as it was read: a record written since (an Undo, a key released) is not overwritten.
    const rows = free.flatMap((id) => {
      const message = messageById(id);
      return message !== undefined && revisionNow(message) === planned.get(id)
        ? [{ _id: id, ...pruneUpdate(), "system.revision": planned.get(id)! + 1 }]
        : [];
    });
    const busy = skipped + free.length - rows.length;
    try {
      if (rows.length > 0) await (ChatMessage as unknown as { updateDocuments(rows: object[]): Promise<unknown> }).updateDocuments(rows);
    } catch (error) {
      return { ok: false, reason: "NOBC.Chat.Refused.writeFailed", details: [errorText(error)] };
    }
    return { ok: true, pruned: rows.length, ...(busy > 0 ? { busy } : {}) };
  }).finally(() => {
    for (const slot of slots) {
      inFlight.delete(slot);
      overdue.delete(slot);
    }
  });
  return withinLimit(running, GM_TASK_LIMIT_MS, (): CardResult => {
    // Its cards refuse requests (`stalled`) until the write is answered; a prune's outcome needs no check on the cards.
    for (const slot of slots) overdue.add(slot);
    console.warn(`${SYSTEM_ID} | pruning: no answer from the server within ${String(GM_TASK_LIMIT_MS)} ms; going on`);
    return { ok: false, reason: "NOBC.Chat.Refused.timedOut" };
  });
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
  return forCard(request.messageId, (client) => setSplit(request, user, client));
}

async function setSplit(request: SplitRequest, user: RequestingUser, client: ClientUser): Promise<CardResult> {
  const { messageId, side, split } = request;
  const found = cardMessage(messageId);
  if ("ok" in found) return found;
  const { message, card } = found;
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
  const planned = card.revision ?? 0;
  const content = await renderCardContent(next);
  // Right before writing: still the active GM, and the card as it was read (not applied meanwhile).
  if (!isActiveGM(client)) return NOT_ACTIVE;
  if (revisionNow(message) !== planned) return { ok: false, reason: "NOBC.CardAuth.Refused.cardChanged" };
  await updateWithSides(
    message,
    {
      "system.effects": next.effects,
      "system.groundCombat.splits": checked.value.card.splits,
      "system.revision": planned + 1,
      "system.outcomeUnknown": false,
      content,
    },
    next,
  );
  callHook("nobc.resolutionSplit", message, side, checked.value.card.splits[side]);
  return { ok: true };
}
