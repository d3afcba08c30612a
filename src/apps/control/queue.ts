/**
 * Control's queue (issue #31, item 2): everything that waits for an umpire's ruling, derived each
 * time from what the documents say (the chat's GM-authored messages, the battlefield, the turn),
 * never kept in a store of its own that could drift from them. An item arises when its source does
 * and leaves once the source says it is settled:
 *
 * - `wmd`: a nuclear or ADM "release requested" message still pending (settled: Release or Refuse);
 * - `stacking`: a hex of this turn's end-of-Movement stacking card that still breaks stacking
 *   (settled: the units moved or removed; the turn moving on);
 * - `retreat`: a retreat an applied card imposes that no retreat card answers yet (settled: an answer posted);
 * - `repair`: in the Air War's step 9, a damaged squadron no card of this turn holds for repair
 *   (settled: a repair asked for, the squadron out of the damaged box, or step 9 left);
 * - `override`: a player's pending card the player may no longer apply (posted in another turn, or
 *   its action outside this stage): only an umpire's override applies it (settled: applied or deleted);
 * - `marked`: a card a player (or GM) marked for an umpire (src/queries/control-marks.ts; settled:
 *   its sector's ruler rules on it, or the card is deleted).
 *
 * Each item has its sector (war, HQ chain, hex: src/teams/umpires.ts), the time it has waited
 * since (the message's timestamp), its subject, and the action that settles it. Pure.
 */
import { cardExpiry, readCard, CARD_MESSAGE_TYPE, type CardFlags } from "../../chat/card-data";
import { touchedDocuments } from "../../rules/effects";
import type { StageId } from "../../rules/nobc/turn";
import type { Side } from "../../rules/nobc/land/types";
import type { ItemSector } from "../../teams/umpires";
import { SectorIndex, wmdRequestSector } from "../../world/item-sector";
import { owedRetreats } from "../land/retreat/state";
import { WMD_REQUEST_FLAG, wmdRequestFlagSchema } from "../land/wmd/schema";

export const QUEUE_KINDS = ["wmd", "stacking", "retreat", "repair", "override", "marked"] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/** What settles an item: the message to open (its controls rule on it), a dialog to open, or a token to pan to. */
export type Settle =
  | { readonly action: "openMessage"; readonly message: string }
  | { readonly action: "retreat"; readonly source: string }
  | { readonly action: "repair"; readonly side: Side; readonly squadron: string }
  | { readonly action: "pan"; readonly uuid: string }
  | { readonly action: "rule"; readonly message: string };

export interface QueueItem {
  /** Stable while the item waits: the same source gives the same id (a take is kept by it). */
  readonly id: string;
  readonly kind: QueueKind;
  readonly sector: ItemSector;
  /** When it began to wait (ms since the epoch; 0 when the documents do not say). */
  readonly since: number;
  /** Its subject's name (a unit, HQ, squadron, card or hex). */
  readonly subject: string;
  readonly settle: Settle;
}

/** A chat message as the queue reads it. */
export interface QueueMessage {
  readonly id: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly flags?: Record<string, unknown>;
  readonly author?: { readonly id?: string; readonly isGM?: boolean } | null;
  readonly timestamp?: number;
}

/** What the queue is derived from. */
export interface QueueSources {
  readonly now: { readonly turn: number; readonly stage: StageId } | null;
  /** The chat, oldest first. */
  readonly messages: readonly QueueMessage[];
  /** The GM-authored cards of the chat by message id, each read once (the card index: src/queries/card-index.ts). */
  readonly cards: ReadonlyMap<string, CardFlags>;
  readonly units: readonly { readonly id: string; readonly hex: string; readonly hq?: string | undefined }[];
  readonly hqs: readonly { readonly id: string; readonly hex: string; readonly parent?: string | undefined }[];
  readonly squadrons: readonly { readonly id: string; readonly side: Side; readonly box: string }[];
  /** Every document's name by UUID. */
  readonly names: ReadonlyMap<string, string>;
  /** The hexes breaking stacking now (the end-of-Movement check over the viewed scene). */
  readonly breaches: ReadonlySet<string>;
  /** The ids of the world's GM users (a card asked for by one of them is the umpire's own). */
  readonly gms: ReadonlySet<string>;
}

const SYSTEM = "nobc";

interface StackingFlag {
  readonly turn?: unknown;
  readonly violations?: unknown;
}

/** The ground the derivation walks: the sector index (./world/item-sector.ts) and the units of each hex. */
class Ground extends SectorIndex {
  readonly unitsAt = new Map<string, string[]>();

  constructor(readonly sources: QueueSources) {
    super(sources);
    for (const u of sources.units) {
      if (u.hex === "") continue;
      const here = this.unitsAt.get(u.hex);
      if (here === undefined) this.unitsAt.set(u.hex, [u.id]);
      else here.push(u.id);
    }
  }

  name(uuid: string): string {
    return this.sources.names.get(uuid) ?? uuid;
  }
}

/** The GM-authored cards of `messages` read one by one, for a caller without the card index (a test, a tool). */
export function gmCards(messages: readonly QueueMessage[]): Map<string, CardFlags> {
  const out = new Map<string, CardFlags>();
  for (const m of messages) {
    if (m.id === null || m.type !== CARD_MESSAGE_TYPE || m.author?.isGM !== true) continue;
    const card = readCard(m.system);
    if (card !== undefined) out.set(m.id, card);
  }
  return out;
}

function wmdItems(ground: Ground, m: QueueMessage, id: string, since: number): QueueItem[] {
  const raw = (m.flags?.[SYSTEM] as Record<string, unknown> | undefined)?.[WMD_REQUEST_FLAG];
  if (raw === undefined || m.author?.isGM !== true) return [];
  const parsed = wmdRequestFlagSchema.safeParse(raw);
  if (!parsed.success || parsed.data.status !== "pending") return [];
  const { state } = parsed.data;
  return [
    {
      id: `wmd:${id}`,
      kind: "wmd",
      sector: wmdRequestSector(ground, state),
      since,
      subject: ground.name(state.card),
      settle: { action: "openMessage", message: id },
    },
  ];
}

function stackingItems(ground: Ground, m: QueueMessage, id: string, since: number): QueueItem[] {
  const now = ground.sources.now;
  const flag = (m.flags?.[SYSTEM] as Record<string, unknown> | undefined)?.["stackingEnd"] as StackingFlag | undefined;
  if (flag === undefined || m.author?.isGM !== true || now === null || flag.turn !== now.turn || !Array.isArray(flag.violations)) return [];
  const hexes = new Set<string>();
  for (const v of flag.violations as { hex?: unknown }[])
    if (typeof v.hex === "string" && ground.sources.breaches.has(v.hex)) hexes.add(v.hex);
  return [...hexes].map((hex) => {
    const units = ground.unitsAt.get(hex) ?? [];
    return {
      id: `stacking:${id}:${hex}`,
      kind: "stacking",
      sector: { war: "land", hqs: ground.chainOf(units), hex },
      since,
      subject: hex,
      settle: units[0] === undefined ? { action: "openMessage", message: id } : { action: "pan", uuid: units[0] },
    };
  });
}

export { cardSector, requestSector, type SectorGround } from "../../world/item-sector";

/** The sector of a card as the queue reads it: the one the GM's client stamped when it posted it, else read now. */
function sectorOfCard(ground: Ground, card: CardFlags): ItemSector {
  return card.sector ?? ground.ofCard(card);
}

function markedItems(ground: Ground, id: string): QueueItem[] {
  const card = ground.sources.cards.get(id);
  if (card?.marked === undefined) return [];
  const first = touchedDocuments(card.effects)[0];
  return [
    {
      id: `marked:${id}`,
      kind: "marked",
      sector: sectorOfCard(ground, card),
      since: card.marked.at,
      subject: card.display?.title ?? (first === undefined ? id : ground.name(first)),
      settle: { action: "rule", message: id },
    },
  ];
}

function overrideItems(ground: Ground, id: string, since: number): QueueItem[] {
  const card = ground.sources.cards.get(id);
  const { now, gms } = ground.sources;
  if (card?.state !== "pending" || card.requestedBy === undefined || gms.has(card.requestedBy)) return [];
  if (cardExpiry(card, now) === undefined) return [];
  const touched = touchedDocuments(card.effects);
  const first = touched[0];
  return [
    {
      id: `override:${id}`,
      kind: "override",
      sector: sectorOfCard(ground, card),
      since,
      subject: card.display?.title ?? (first === undefined ? id : ground.name(first)),
      settle: { action: "openMessage", message: id },
    },
  ];
}

/** The squadrons' last card time (any GM card touching them), for how long a damaged one has waited. */
function lastTouched(messages: readonly QueueMessage[], cards: ReadonlyMap<string, CardFlags>): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of messages) {
    const card = m.id === null ? undefined : cards.get(m.id);
    if (card?.state !== "applied") continue;
    for (const doc of touchedDocuments(card.effects)) out.set(doc, m.timestamp ?? 0);
  }
  return out;
}

function repairItems(ground: Ground): QueueItem[] {
  const { now, messages, squadrons, cards } = ground.sources;
  if (now?.stage !== "airRepair") return [];
  const held = new Set<string>();
  for (const card of cards.values()) for (const h of card.holds ?? []) held.add(h);
  const touched = lastTouched(messages, cards);
  return squadrons
    .filter((s) => s.box === "damaged" && !held.has(`repair:${s.id}:${String(now.turn)}`))
    .map((s) => ({
      id: `repair:${s.id}:${String(now.turn)}`,
      kind: "repair",
      sector: { war: "air", hqs: [], hex: null },
      since: touched.get(s.id) ?? 0,
      subject: ground.name(s.id),
      settle: { action: "repair", side: s.side, squadron: s.id },
    }));
}

function retreatItems(ground: Ground): QueueItem[] {
  const { messages } = ground.sources;
  const times = new Map(messages.map((m) => [m.id, m.timestamp ?? 0]));
  const units = new Set(ground.sources.units.map((u) => u.id));
  return owedRetreats(messages.map((m) => ({ id: m.id, type: m.type ?? "", system: m.system, author: m.author ?? null })))
    .filter((o) => o.answer === "none" && units.has(o.actor))
    .map((o) => ({
      id: `retreat:${o.source}:${o.actor}`,
      kind: "retreat",
      sector: { war: "land", hqs: ground.chainOf([o.actor]), hex: ground.hexOf.get(o.actor) ?? null },
      since: times.get(o.source) ?? 0,
      subject: ground.name(o.actor),
      settle: { action: "retreat", source: o.source },
    }));
}

/** Every item waiting for a ruling, oldest first (ties in the chat's order, then by id). One pass over the chat per source. */
export function queueItems(sources: QueueSources): QueueItem[] {
  const ground = new Ground(sources);
  const items: QueueItem[] = [];
  for (const m of sources.messages) {
    if (m.id === null) continue;
    const since = m.timestamp ?? 0;
    items.push(
      ...wmdItems(ground, m, m.id, since),
      ...stackingItems(ground, m, m.id, since),
      ...overrideItems(ground, m.id, since),
      ...markedItems(ground, m.id),
    );
  }
  items.push(...retreatItems(ground), ...repairItems(ground));
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.since - b.item.since || a.i - b.i)
    .map(({ item }) => item);
}
