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
  cardOfMessage,
  mayApply,
  mayEditSplit,
  mayUndo,
  touchedDocuments,
  type CardFlags,
  type Decision,
  unreadableCard,
} from "../chat/card-data";
import { nextSeq, onceHolder, pathsMeet, planPaths, prunedRecord, undoCheck, type GmRecord } from "../chat/card-record";
import { resplit, splitUnits, type SplitSide } from "../chat/splits";
import { renderCardContent } from "../chat/render";
import { readBoard } from "../world/board";
import { worldScene } from "../world/read";
import type { HitShare } from "../rules/nobc/land/combat-hits";
import { SYSTEM_ID } from "../base/constants";
import { errorText } from "../base/errors";
import { callHook, format, localize } from "../base/foundry";
import type { Phrase } from "../rules/resolution";
import {
  allMessages,
  gmCards,
  messageById,
  ownership,
  turnNow,
  withinLimit,
  GM_TASK_LIMIT_MS,
  type CardMessage,
  type RequestingUser,
} from "./card-state";

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
 * The GM's card actions run one at a time on each client. Each reads the cards and the documents,
 * then writes both; run side by side, two actions would plan from the same stale state (two cards
 * hitting one unit would lose a hit, two cards with one once-only key would both stand). Across
 * clients (a hand-over of the active GM) each task checks, right before it writes, that its client
 * is still the active GM and that the card is still at the revision it planned from.
 */
const queues = new Map<string, Promise<unknown>>();

function oneAtATime<T>(client: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(client) ?? Promise.resolve()).then(task, task);
  queues.set(
    client,
    run.catch(() => undefined),
  );
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
function forCard(messageId: string, task: (client: ClientUser) => Promise<CardResult>): Promise<CardResult> {
  const client = thisClient();
  const slot = `${client.id}/${messageId}`;
  if (inFlight.has(slot))
    return Promise.resolve({ ok: false, reason: overdue.has(slot) ? "NOBC.Chat.Refused.stalled" : "NOBC.Chat.Refused.busy" });
  inFlight.add(slot);
  return oneAtATime(client.id, () => {
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
  return forCard(messageId, (client) => cardAction(action, messageId, user, seen, client));
}

/** The revision of the card as its message holds it now. */
function revisionNow(message: CardMessage): number | undefined {
  return cardOfMessage(message, SYSTEM_ID)?.card.revision ?? undefined;
}

/** Another GM client applied a card writing the same paths while this one's writes were in flight. */
const RACED = "NOBC.CardAuth.Refused.raced";

/**
 * What another GM client recorded while this card's writes were in flight (a hand-over of the active
 * GM): a card standing with the same once-only key (this one must not stand too: its writes are put
 * back), or a card applied since this one was planned that wrote one of its paths (this card may
 * have planned from values that card changed: it is not recorded as applied, the card is marked
 * "outcome unknown" and the user is told to check the units). Null: nothing.
 */
function racedBy(messageId: string, plannedSeq: number, paths: readonly string[], once: string | undefined): CardResult | null {
  const now = gmCards();
  // A clash of paths first: putting this card's writes back would then undo the other card's too.
  const clash = now.some(
    (c) =>
      c.id !== messageId &&
      c.state === "applied" &&
      c.record !== undefined &&
      c.record.seq >= plannedSeq &&
      pathsMeet(c.record.paths, paths),
  );
  if (clash) return { ok: false, reason: RACED };
  if (once !== undefined && onceHolder(now, once, messageId) !== undefined) return { ok: false, reason: "NOBC.Chat.Refused.onceOnly" };
  return null;
}

/**
 * Writes the card (its state and the GM's record, in one message update) after the documents,
 * carrying the revision the task planned from. If the card changed meanwhile (another GM client
 * wrote it) or `clash` finds another client's card over the same paths, nothing is put back (that
 * could undo the other client's writes): the card is marked "outcome unknown" and the user told to
 * check. If the write fails, or another card took the once-only key, the documents are put back
 * with `undoWrites` where nothing changed them since (else the user is told to check them).
 */
async function recordOnCard(
  message: CardMessage,
  planned: number,
  update: Record<string, unknown>,
  written: WritePlan,
  undoWrites: () => Promise<void>,
  clash: () => CardResult | null = () => null,
): Promise<CardResult | null> {
  let failure: CardResult;
  const clashed = clash();
  if (clashed !== null && !clashed.ok && clashed.reason === RACED) {
    if (message.id !== null) markUnknown(message.id);
    return clashed;
  }
  if (clashed !== null) failure = clashed;
  else if (revisionNow(message) !== planned) {
    // Another GM client wrote the card while these writes were in flight: which writes stand is
    // not known here, and putting these back could undo that client's. The card says to check.
    if (message.id !== null) markUnknown(message.id);
    return { ok: false, reason: "NOBC.CardAuth.Refused.cardChanged" };
  } else {
    try {
      await message.update({ ...update, "system.revision": planned + 1, "system.outcomeUnknown": false });
      return null;
    } catch (error) {
      failure = { ok: false, reason: "NOBC.Chat.Refused.writeFailed", details: [errorText(error)] };
    }
  }
  const drifted = driftedDocuments(written, snapshotOf);
  if (drifted.length > 0)
    return { ok: false, reason: "NOBC.Chat.Refused.writeStuck", details: [...(failure.ok ? [] : (failure.details ?? [])), ...drifted] };
  try {
    await undoWrites();
  } catch (rollback) {
    return { ok: false, reason: "NOBC.Chat.Refused.writeStuck", details: [errorText(rollback)] };
  }
  return failure;
}

/**
 * The card message `messageId` and its card, or why there is none to act on: gone, too large to
 * read, an old card kept in flags (shown only), a card a GM did not author (never applied), or a
 * GM's card not in a card's shape (the fields at fault told).
 */
function cardMessage(messageId: string): { readonly message: CardMessage; readonly card: CardFlags } | CardResult {
  const message = messageById(messageId);
  if (message === undefined) return { ok: false, reason: "NOBC.Chat.Refused.notFound" };
  const read = cardOfMessage(message, SYSTEM_ID);
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
  const plan = action === "apply" ? planEffects(card.effects, snapshotOf, readBoard(card.effects, card.scene)) : undefined;
  const touched =
    plan === undefined
      ? (record?.touched ?? [])
      : [...new Set([...touchedDocuments(card.effects), ...plan.actorUpdates.map((u) => u.uuid)])];
  // Only world documents are written, whoever asks: a compendium UUID never reaches the world document of its id.
  const foreign = refuseForeign(touched);
  if (foreign !== null) return foreign;
  if (action === "undo" && record?.pruned === true) return { ok: false, reason: "NOBC.CardAuth.Refused.pruned" };
  const decision: Decision =
    action === "apply"
      ? mayApply(user, card, ownership(user, touched), turnNow(), touched)
      : mayUndo(user, card, ownership(user, touched), touched);
  if (!decision.ok) return decision;
  const cards = gmCards();
  if (action === "apply" && card.once !== undefined && onceHolder(cards, card.once, messageId) !== undefined) {
    return { ok: false, reason: "NOBC.Chat.Refused.onceOnly" };
  }
  if (action === "undo") {
    const check = undoCheck({ id: messageId, state: card.state, ...(record === undefined ? {} : { record }) }, cards, snapshotOf);
    if (!check.ok && check.reason === "later")
      return {
        ok: false,
        reason: "NOBC.CardAuth.Refused.laterCard",
        details: [format("NOBC.CardAuth.Refused.laterCards", { count: check.blockers.length })],
      };
    if (!check.ok) return { ok: false, reason: "NOBC.Chat.Refused.changedSince", details: check.drifted };
  }
  const planned = card.revision ?? 0;
  // Right before writing: still the active GM, and the card as it was read.
  if (!isActiveGM(client)) return NOT_ACTIVE;
  if (revisionNow(message) !== planned) return { ok: false, reason: "NOBC.CardAuth.Refused.cardChanged" };
  try {
    if (plan !== undefined) {
      if (plan.refusals.length > 0) return { ok: false, reason: "NOBC.MapWrite.Refused.Title", refusals: [...plan.refusals] };
      const forward: WritePlan = {
        actorUpdates: plan.actorUpdates,
        itemUpdates: plan.itemUpdates,
        itemDeletions: plan.itemDeletions,
        itemCreations: plan.itemCreations,
        ...mapRows(plan),
      };
      const plannedSeq = nextSeq(cards);
      const paths = planPaths(forward);
      await applyPlan(forward, plan.inverse);
      // The order of applies is taken when the card is recorded, after any card another client recorded meanwhile.
      const applied = (): GmRecord => ({ seq: nextSeq(gmCards()), forward, inverse: plan.inverse, touched, paths });
      const refused = await recordOnCard(
        message,
        planned,
        { "system.state": "applied", "system.record": applied() },
        forward,
        () => applyPlan(plan.inverse, forward),
        () => racedBy(messageId, plannedSeq, paths, card.once),
      );
      if (refused !== null) return refused;
      callHook("nobc.resolutionApplied", message, plan);
    } else {
      const { inverse, forward } = record!;
      await applyPlan(inverse, forward);
      const refused = await recordOnCard(message, planned, { "system.state": "reverted" }, inverse, () => applyPlan(forward, inverse));
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

/** The chat card telling that a key was released, and why (a plain message the GM authors). */
async function postKeyRelease(key: string, reason: string): Promise<void> {
  const Message = ChatMessage as unknown as { create(data: object): Promise<unknown>; getSpeaker(): object };
  const title = escapeHtml(localize("NOBC.CardAuth.KeyReleased.title"));
  const body = escapeHtml(format("NOBC.CardAuth.KeyReleased.body", { key, reason }));
  await Message.create({ content: `<div class="nobc-key-release"><h3>${title}</h3><p>${body}</p></div>`, speaker: Message.getSpeaker() });
}

/**
 * Drops the write plans of the GM's cards of turns before `beforeTurn` (their Undo goes; their key,
 * state and paths stay), one card at a time, each as every other write to a card: on the active
 * GM's client, at the revision it was read at. Cards of `beforeTurn` and later, and cards that know
 * no turn, keep theirs; a turn after the current one is refused (it would take the current turn's
 * Undo). A card busy with another request, or changed meanwhile, is skipped and counted (`busy`):
 * the run goes on. Returns how many records were pruned.
 */
export async function performPruneRecords(
  beforeTurn: number,
  user: RequestingUser,
): Promise<CardResult & { pruned?: number; busy?: number }> {
  if (!user.isGM) return { ok: false, reason: "NOBC.Request.Refused.postGmOnly" };
  const now = turnNow();
  if (now !== null && beforeTurn > now.turn) return { ok: false, reason: "NOBC.CardLife.Refused.futureTurn" };
  let pruned = 0;
  let busy = 0;
  for (const m of allMessages()) {
    const read = cardOfMessage(m, SYSTEM_ID);
    const record = read?.card.record;
    const turn = read?.card.turn;
    if (read === undefined || read.legacy || !read.gmAuthored || m.id === null) continue;
    if (record === undefined || record.pruned === true || turn === undefined || turn >= beforeTurn) continue;
    const planned = read.card.revision ?? 0;
    const result = await forCard(m.id, async (client) => {
      if (!isActiveGM(client)) return NOT_ACTIVE;
      // The card as it was read: a record written since (an Undo, a key released) is not overwritten.
      if (revisionNow(m) !== planned) return { ok: false, reason: "NOBC.CardAuth.Refused.cardChanged" };
      await m.update({ "system.record": prunedRecord(record), "system.revision": planned + 1 });
      return { ok: true };
    });
    if (result.ok) pruned += 1;
    else if (result === NOT_ACTIVE) return result;
    else busy += 1;
  }
  return { ok: true, pruned, ...(busy > 0 ? { busy } : {}) };
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
  await message.update({
    "system.effects": next.effects,
    "system.groundCombat.splits": checked.value.card.splits,
    "system.revision": planned + 1,
    "system.outcomeUnknown": false,
    content,
  });
  callHook("nobc.resolutionSplit", message, side, checked.value.card.splits[side]);
  return { ok: true };
}
