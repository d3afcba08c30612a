/**
 * The index of the cards in chat on this client (issue #35): each message read once when it arrives
 * or changes, not on every question, and the questions the GM's card actions ask are map look-ups:
 * which card holds a once-only key or a subject, which cards wrote a path, which are being written,
 * which paid a once-a-turn charge, the next apply order. Before it, every Apply read and checked the
 * whole chat three times over (quadratic over an evening).
 *
 * Kept from the chat-message hooks (`createChatMessage`, `updateChatMessage`, `deleteChatMessage`),
 * which fire on every client once the change is in its copy of the chat: a hook only marks its
 * message, and the next question reads the marked messages again. So a question asked right after
 * `await message.update(...)` sees every write the server ordered before that one, as reading the
 * chat itself would (the one-writer checks of ./card-actions.ts rely on it). The index trusts itself
 * only while its hooks are registered (a hook of its own answers that it is listening) and while it
 * counts as many messages as the chat holds; otherwise it reads the chat whole again, once.
 *
 * Only the cards a GM authored (of the card subtype, not an old card in flags) count for keys, holds,
 * paths, charges and order, as in src/chat/card-record.ts. A message that is not a readable card is
 * indexed as such once, and checked again only when it changes.
 */
import { cardOfMessage, type CardFlags } from "../chat/card-data";
import { WHOLE_PATH, pathParts, stands, type RecordedCard } from "../chat/card-record";
import { SYSTEM_ID } from "../base/constants";

/** A chat message as the card actions read and write it. */
export interface CardMessage {
  readonly id: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly flags: Record<string, unknown>;
  readonly author?: { readonly id?: string; readonly isGM?: boolean } | null;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** What a message holds as a card (`cardOfMessage`); undefined: no readable card. */
export type ReadCard = ReturnType<typeof cardOfMessage>;

/** A GM-authored card as the index keeps it: what the record functions read, its whole data, and its place in the chat. */
export interface IndexedCard extends RecordedCard {
  readonly card: CardFlags;
  /** The order the index first saw the message in (the chat's order for the messages there at build). */
  readonly order: number;
}

interface Entry {
  readonly message: CardMessage;
  readonly read: ReadCard;
  readonly order: number;
  /** Set for a card a GM authored (not an old card in flags). */
  readonly gm?: IndexedCard;
}

type Ids = Map<string, Set<string>>;

function add(map: Ids, key: string, id: string): void {
  const ids = map.get(key);
  if (ids === undefined) map.set(key, new Set([id]));
  else ids.add(id);
}

function remove(map: Ids, key: string, id: string): void {
  const ids = map.get(key);
  if (ids === undefined) return;
  ids.delete(id);
  if (ids.size === 0) map.delete(key);
}

/** The index proper: the entries by message id and the look-ups over the GM's cards. */
class Index {
  readonly entries = new Map<string, Entry>();
  readonly gm = new Map<string, IndexedCard>();
  readonly once: Ids = new Map();
  readonly holds: Ids = new Map();
  readonly charges: Ids = new Map();
  /** Every path a record wrote; every item or token a record created or deleted (`uuid#*`); every document a record wrote. */
  readonly paths: Ids = new Map();
  readonly wholes: Ids = new Map();
  readonly documents: Ids = new Map();
  /** Cards marked "applying" or "undoing". */
  readonly writing = new Set<string>();
  /** How many cards hold each apply order, and the highest. */
  readonly seqs = new Map<number, number>();
  maxSeq = 0;
  next = 0;

  put(message: CardMessage): void {
    const id = message.id;
    if (id === null) return;
    const before = this.entries.get(id);
    if (before !== undefined) this.unlink(id, before);
    const read = cardOfMessage(message, SYSTEM_ID);
    const order = before?.order ?? this.next++;
    const gm = read !== undefined && !read.legacy && read.gmAuthored ? indexed(id, read.card, order) : undefined;
    this.entries.set(id, { message, read, order, ...(gm === undefined ? {} : { gm }) });
    if (gm !== undefined) this.link(gm);
  }

  drop(id: string): void {
    const before = this.entries.get(id);
    if (before === undefined) return;
    this.unlink(id, before);
    this.entries.delete(id);
  }

  private link(c: IndexedCard): void {
    const { id } = c;
    this.gm.set(id, c);
    if (c.once !== undefined) add(this.once, c.once, id);
    for (const h of c.holds ?? []) add(this.holds, h, id);
    for (const charge of c.card.charges ?? []) add(this.charges, charge, id);
    if (c.state === "applying" || c.state === "undoing") this.writing.add(id);
    const record = c.record;
    if (record === undefined) return;
    this.seqs.set(record.seq, (this.seqs.get(record.seq) ?? 0) + 1);
    if (record.seq > this.maxSeq) this.maxSeq = record.seq;
    for (const p of record.paths) {
      const [uuid, field] = pathParts(p);
      add(this.paths, p, id);
      add(this.documents, uuid, id);
      if (field === WHOLE_PATH) add(this.wholes, uuid, id);
    }
  }

  private unlink(id: string, entry: Entry): void {
    const c = entry.gm;
    if (c === undefined) return;
    this.gm.delete(id);
    if (c.once !== undefined) remove(this.once, c.once, id);
    for (const h of c.holds ?? []) remove(this.holds, h, id);
    for (const charge of c.card.charges ?? []) remove(this.charges, charge, id);
    this.writing.delete(id);
    const record = c.record;
    if (record === undefined) return;
    const left = (this.seqs.get(record.seq) ?? 1) - 1;
    if (left > 0) this.seqs.set(record.seq, left);
    else this.seqs.delete(record.seq);
    // The highest order gone: the next highest (a scan of the orders held, only then).
    if (left === 0 && record.seq === this.maxSeq) this.maxSeq = Math.max(0, ...this.seqs.keys());
    for (const p of record.paths) {
      const [uuid, field] = pathParts(p);
      remove(this.paths, p, id);
      remove(this.documents, uuid, id);
      if (field === WHOLE_PATH) remove(this.wholes, uuid, id);
    }
  }

  /** The GM's cards among `ids`, in chat order. */
  cards(ids: Iterable<string>): IndexedCard[] {
    const out: IndexedCard[] = [];
    for (const id of new Set(ids)) {
      const c = this.gm.get(id);
      if (c !== undefined) out.push(c);
    }
    return out.sort((a, b) => a.order - b.order);
  }
}

function indexed(id: string, card: CardFlags, order: number): IndexedCard {
  const { state, once, holds, record } = card;
  return {
    id,
    state,
    card,
    order,
    ...(once === undefined ? {} : { once }),
    ...(holds === undefined ? {} : { holds }),
    ...(record === undefined ? {} : { record }),
  };
}

/** The chat as Foundry keeps it: a collection of messages by id, in creation order. */
interface Chat {
  readonly size?: number;
  readonly contents?: readonly CardMessage[];
  get(id: string): CardMessage | undefined;
}

function chat(): Chat | undefined {
  return game.messages as unknown as Chat | undefined;
}

/** The hook of the index's own that answers that it is listening (its handler stops `Hooks.call`). */
const LISTENING = "nobc.cardIndexListening";

let index: Index | null = null;
/** The messages created, changed or deleted since the last question. */
const marked = new Set<string>();

function mark(message: { readonly id?: string | null } | null | undefined): void {
  if (typeof message?.id === "string") marked.add(message.id);
}

/** Foundry's hooks as the index uses them (its own hook's name is not in Foundry's typed list). */
interface HookBus {
  call(name: string): boolean;
  on(name: string, fn: (...args: never[]) => unknown): number;
}

/** Whether the index's hooks are registered on this client's `Hooks` (a reset of the hooks removes them). */
function listening(): boolean {
  return !(Hooks as unknown as HookBus).call(LISTENING);
}

function listen(): void {
  const hooks = Hooks as unknown as HookBus;
  hooks.on(LISTENING, () => false);
  hooks.on("createChatMessage", mark);
  hooks.on("updateChatMessage", mark);
  hooks.on("deleteChatMessage", mark);
}

/** Reads the whole chat into a new index (at `ready`, or once the index cannot trust itself). */
function build(): Index {
  if (!listening()) listen();
  marked.clear();
  const fresh = new Index();
  for (const m of chat()?.contents ?? []) fresh.put(m);
  index = fresh;
  return fresh;
}

/**
 * The index, up to date with the chat: the messages marked since the last question read again. Read
 * whole again when its hooks are gone or its count of messages is not the chat's (a batch whose
 * hooks have not all fired yet, or a chat emptied without them).
 */
export function cardIndex(): Index {
  if (index === null || !listening()) return build();
  const current = index;
  if (marked.size > 0) {
    const messages = chat();
    for (const id of marked) {
      const m = messages?.get(id);
      if (m === undefined) current.drop(id);
      else current.put(m);
    }
    marked.clear();
  }
  const size = chat()?.size;
  return size !== undefined && size !== current.entries.size ? build() : current;
}

/** Builds the index from the chat log now (on `ready`, so the first Apply does not pay for it). */
export function buildCardIndex(): void {
  build();
}

export type { Index as CardIndex };

/** The message of id `id` and what it holds as a card, or undefined when the chat has no such message. */
export function indexedMessage(id: string): { readonly message: CardMessage; readonly read: ReadCard } | undefined {
  return cardIndex().entries.get(id);
}

/** The GM's cards, in chat order. */
export function indexedCards(): IndexedCard[] {
  const i = cardIndex();
  return i.cards(i.gm.keys());
}

/**
 * The GM's cards with a record that wrote one of `paths` (the same path, or any path of an item or
 * token one side created or deleted: `pathsMeet` of src/chat/card-record.ts), in chat order.
 */
export function cardsMeeting(paths: readonly string[]): IndexedCard[] {
  const i = cardIndex();
  const ids = new Set<string>();
  const take = (from: Set<string> | undefined): void => from?.forEach((id) => ids.add(id));
  for (const p of paths) {
    const [uuid, field] = pathParts(p);
    take(i.paths.get(p));
    take(i.wholes.get(uuid));
    if (field === WHOLE_PATH) take(i.documents.get(uuid));
  }
  return i.cards(ids);
}

/** The GM's cards with the once-only key `once`, in chat order. */
export function cardsWithKey(once: string): IndexedCard[] {
  const i = cardIndex();
  return i.cards(i.once.get(once) ?? []);
}

/** The GM's cards holding one of `subjects`, in chat order. */
export function cardsHolding(subjects: readonly string[]): IndexedCard[] {
  const i = cardIndex();
  return i.cards(subjects.flatMap((s) => [...(i.holds.get(s) ?? [])]));
}

/** The GM's cards paying one of `charges` (all of them when none is named), in chat order. */
export function cardsCharging(charges?: readonly string[]): IndexedCard[] {
  const i = cardIndex();
  return i.cards(
    charges === undefined ? [...i.charges.values()].flatMap((ids) => [...ids]) : charges.flatMap((c) => [...(i.charges.get(c) ?? [])]),
  );
}

/** The GM's cards marked "applying" or "undoing", in chat order. */
export function cardsBeingWritten(): IndexedCard[] {
  const i = cardIndex();
  return i.cards(i.writing);
}

/** The next apply order: one more than the highest record among the GM's cards (`nextSeq`). */
export function nextApplyOrder(): number {
  return cardIndex().maxSeq + 1;
}

/** The id of a GM's card other than `except` standing with the once-only key `once`, not released (`onceHolder`). */
export function indexedKeyHolder(once: string, except?: string): string | undefined {
  return cardsWithKey(once).find((c) => c.id !== except && stands(c.state) && c.record?.keyReleased === undefined)?.id;
}
