/**
 * The GM's record of an applied card, kept on the card's own message (`system.record`): what Apply
 * wrote and what undoing it writes, the document paths it wrote, the order in which cards were
 * applied, and whether its once-only key was released. Pure: the GM's client reads the messages and
 * asks these functions.
 *
 * Undo conflicts by path: a card may not be undone while a later card that still stands wrote any
 * of the same paths (a document UUID and a field path; an item created or deleted counts as a path
 * of the item, shared with every field of it). Undoing it then would write back a value the later
 * card planned from, and the later card could never be undone truly.
 */
import { replacement } from "../base/compat";
import {
  EMPTY_PLAN,
  driftedDocuments,
  knowledgeKeys,
  mapStatePath,
  sceneKeys,
  type SnapshotLookup,
  type WritePlan,
} from "../effects/apply";
import { knowledgePath } from "../schemas/knowledge";
import { writePlanSchema } from "../schemas/write-plan";

export interface KeyRelease {
  /** The id of the GM who released the key. */
  readonly by: string;
  readonly reason: string;
}

export interface GmRecord {
  /** The order of applies: each Apply takes one more than the highest among the standing records. */
  readonly seq: number;
  /** What Apply wrote, to tell whether the documents changed since (a hand edit). */
  readonly forward: WritePlan;
  /** What Undo writes. */
  readonly inverse: WritePlan;
  /** The documents Apply changed (whose owners may undo it). */
  readonly touched: readonly string[];
  /** The paths Apply wrote (see {@link planPaths}), kept after a prune for the conflicts of Undo. */
  readonly paths: readonly string[];
  /** The once-only key stands released: another card with the key may be applied. */
  readonly keyReleased?: KeyRelease;
  /** The write plans were dropped (an old turn's card): the card can no longer be undone. */
  readonly pruned?: true;
}

/** A card as the record functions see it: its message id, state, key and record (GM-authored cards only). */
export interface RecordedCard {
  readonly id: string;
  readonly state: "pending" | "applying" | "applied" | "undoing" | "reverted";
  readonly once?: string;
  readonly holds?: readonly string[];
  readonly record?: GmRecord;
}

/**
 * Whether a card's writes stand or are being written: applied, or marked "applying" / "undoing" by
 * the active GM's client (its plan on the record). Such a card holds its once-only key and blocks
 * the Undo of earlier cards over its paths.
 */
export function stands(state: RecordedCard["state"]): boolean {
  return state === "applied" || state === "applying" || state === "undoing";
}

/** The path of a whole item (created or deleted): it meets every path of that item. */
const WHOLE = "*";
export const WHOLE_PATH = WHOLE;

function path(uuid: string, field: string): string {
  return `${uuid}#${field}`;
}

function createdUuid(parentUuid: string | null, data: Readonly<Record<string, unknown>>): string {
  const id = typeof data["_id"] === "string" ? data["_id"] : "";
  return parentUuid === null ? `Item.${id}` : `${parentUuid}.Item.${id}`;
}

/**
 * Every path a plan writes: `<uuid>#<field path>` for each change, `<uuid>#*` for an item or token
 * created or deleted. A scene's map state key is one path whether set or removed
 * (`Scene.x#flags.nobc.mapState.mines.0712`); the flag's format and empty parts, written with a
 * scene's first map state, are no one's path.
 */
export function planPaths(plan: WritePlan): string[] {
  const out = new Set<string>();
  for (const u of [...plan.actorUpdates, ...plan.itemUpdates]) for (const field of Object.keys(u.changes)) out.add(path(u.uuid, field));
  for (const d of plan.itemDeletions) out.add(path(d.uuid, WHOLE));
  for (const c of plan.itemCreations) out.add(path(createdUuid(c.parentUuid, c.data), WHOLE));
  for (const u of plan.sceneUpdates ?? []) {
    for (const at of sceneKeys(u)) out.add(path(u.uuid, mapStatePath(at.part, at.key)));
    for (const at of knowledgeKeys(u)) out.add(path(u.uuid, knowledgePath(at.side, at.key)));
  }
  for (const d of plan.tokenDeletions ?? []) out.add(path(d.uuid, WHOLE));
  for (const c of plan.tokenCreations ?? [])
    out.add(path(`${c.parentUuid}.Token.${typeof c.data["_id"] === "string" ? c.data["_id"] : ""}`, WHOLE));
  for (const u of plan.combatUpdates ?? []) for (const field of Object.keys(u.changes)) out.add(path(u.uuid, field));
  for (const c of plan.journalCreations ?? [])
    out.add(path(`JournalEntry.${typeof c.data["_id"] === "string" ? c.data["_id"] : ""}`, WHOLE));
  for (const d of plan.journalDeletions ?? []) out.add(path(d.uuid, WHOLE));
  // A world actor or folder created or deleted (the order-of-battle import): the whole document.
  for (const c of plan.actorCreations ?? []) out.add(path(`Actor.${String(c.data["_id"])}`, WHOLE));
  for (const c of plan.folderCreations ?? []) out.add(path(`Folder.${String(c.data["_id"])}`, WHOLE));
  for (const d of [...(plan.actorDeletions ?? []), ...(plan.folderDeletions ?? [])]) out.add(path(d.uuid, WHOLE));
  return [...out];
}

/** A path's document UUID and field path (`*`: the whole item or token). */
export function pathParts(p: string): [string, string] {
  const at = p.lastIndexOf("#");
  return [p.slice(0, at), p.slice(at + 1)];
}

/** Whether two lists of paths share one: the same path, or any path of an item one of them created or deleted. */
export function pathsMeet(a: readonly string[], b: readonly string[]): boolean {
  const exact = new Set(a);
  const whole = new Set(a.filter((p) => p.endsWith(`#${WHOLE}`)).map((p) => pathParts(p)[0]));
  const docs = new Set(a.map((p) => pathParts(p)[0]));
  return b.some((p) => {
    const [uuid, field] = pathParts(p);
    return exact.has(p) || whole.has(uuid) || (field === WHOLE && docs.has(uuid));
  });
}

/** The next apply order: one more than the highest record among `cards`. */
export function nextSeq(cards: Iterable<RecordedCard>): number {
  let max = 0;
  for (const c of cards) if (c.record !== undefined && c.record.seq > max) max = c.record.seq;
  return max + 1;
}

/** The ids of the cards that still stand, were applied after `target`, and wrote one of its paths: each blocks its Undo. */
export function undoBlockers(target: RecordedCard, cards: Iterable<RecordedCard>): string[] {
  const mine = target.record;
  if (mine === undefined) return [];
  const out: string[] = [];
  for (const c of cards) {
    if (c.id === target.id || !stands(c.state) || c.record === undefined || c.record.seq <= mine.seq) continue;
    if (pathsMeet(mine.paths, c.record.paths)) out.push(c.id);
  }
  return out;
}

/**
 * The id of a card other than `except` that stands applied with the once-only key `once` and has
 * not had it released, or undefined. `cards` must be the GM-authored cards only: a key is never
 * read from a card a player wrote. A deleted card is not among them: deleting it releases its key.
 */
export function onceHolder(cards: Iterable<RecordedCard>, once: string, except?: string): string | undefined {
  for (const c of cards) {
    if (c.id !== except && stands(c.state) && c.once === once && c.record?.keyReleased === undefined) return c.id;
  }
  return undefined;
}

/** Why an Undo is refused (a lang key and what stands in the way), or yes. */
export type UndoCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "later"; readonly blockers: readonly string[] }
  | { readonly ok: false; readonly reason: "drifted"; readonly drifted: readonly string[] };

/**
 * May the applied card `target` be undone now, as far as the world goes? Not while a later standing
 * card wrote one of its paths (`later`: undoing it would wipe that card's writes, and that card could
 * never be undone truly); not when a document it wrote no longer holds what it wrote (`drifted`: a
 * hand edit, which undoing would wipe). Pure: reads the cards and the snapshots.
 */
export function undoCheck(target: RecordedCard, cards: Iterable<RecordedCard>, lookup: SnapshotLookup): UndoCheck {
  const blockers = undoBlockers(target, cards);
  if (blockers.length > 0) return { ok: false, reason: "later", blockers };
  const drifted = target.record === undefined ? [] : driftedDocuments(target.record.forward, lookup);
  return drifted.length > 0 ? { ok: false, reason: "drifted", drifted } : { ok: true };
}

/**
 * The card update that prunes its record (an old turn's: the key, the state and the paths stay; Undo
 * goes): only the plans (each replaced whole) and the mark, so a write another GM client has in flight
 * to the rest of the record (a key released) is not overwritten.
 */
export function pruneUpdate(): Record<string, unknown> {
  return {
    ...replacement("system.record.forward", EMPTY_PLAN),
    ...replacement("system.record.inverse", EMPTY_PLAN),
    "system.record.pruned": true,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The plan when every row has its shape (src/schemas/write-plan.ts), as the schema reads it (an old
 * record's v13 removal paths read as removals); undefined otherwise: a row out of shape would throw in Undo.
 */
function readPlan(value: unknown): WritePlan | undefined {
  const parsed = writePlanSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The most documents or paths a record names (bounded as the plan's rows). */
const MAX_RECORD_LIST = 4000;

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= MAX_RECORD_LIST && value.every((v) => typeof v === "string" && v.length <= 600);

/** The record of a card's `system.record`, when it has the shape; undefined otherwise. */
export function readGmRecord(value: unknown): GmRecord | undefined {
  if (!isObject(value)) return undefined;
  const { seq, touched, paths, keyReleased, pruned } = value;
  const forward = readPlan(value["forward"]);
  const inverse = readPlan(value["inverse"]);
  if (typeof seq !== "number" || !Number.isInteger(seq) || forward === undefined || inverse === undefined) return undefined;
  if (!isStrings(touched) || !isStrings(paths)) return undefined;
  const released =
    isObject(keyReleased) && typeof keyReleased["by"] === "string" && typeof keyReleased["reason"] === "string"
      ? { keyReleased: { by: keyReleased["by"], reason: keyReleased["reason"] } }
      : {};
  return { seq, forward, inverse, touched, paths, ...released, ...(pruned === true ? { pruned: true as const } : {}) };
}
