/**
 * The record of what the GMs last wrote (docs/decisions/rules-values.md): world settings, which only
 * a GM may write (Foundry's SETTINGS_MODIFY), holding the rules values of each of our actors, the
 * source of each item on them and where each of their tokens stood, with its size, shape and link.
 * The record is cut into `RECORD_PARTS` parts by actor (an actor, its items and its tokens in one part), and the active GM's
 * client writes, shortly after the GM's copy changes (./rules-guard.ts), only the parts that differ
 * from the stored ones: Foundry sends a setting's whole value to every client on every write, and the
 * whole record is some 250 KB at 400 units (docs/bench.md). At a GM client's start-up the world is
 * checked against it: a document a player wrote last (`_stats.lastModifiedBy`, stamped by the server)
 * while no GM was connected is put back to the record (a token: a unit's or an HQ's to its recorded
 * place, any of ours to its recorded footprint), an item or token a player made then is
 * deleted, one they deleted is made again, and the GM is told once what was found, and which
 * documents a player wrote could not be checked (no record of them, or a part unreadable).
 */
import { SYSTEM_ID } from "../base/constants";
import { errorText } from "../base/errors";
import { format, notify } from "../base/foundry";
import { rulesValuesOf, sameValue, leavesOf, valueAt } from "../data/rules-values";
import {
  applyPlan,
  EMPTY_PLAN,
  type PlannedCreation,
  type PlannedDeletion,
  type PlannedTokenCreation,
  type PlannedTokenDeletion,
  type PlannedTokenUpdate,
  type PlannedUpdate,
  type TokenChanges,
  TOKEN_FIELDS,
} from "../effects/apply";
import {
  guardedActor,
  guardedItem,
  guardedToken,
  kept,
  keepActor,
  keepItem,
  onKeptChange,
  TOKEN_FOOTPRINT_FIELDS,
  type GuardedDocument,
} from "./rules-guard";

type Raw = Record<string, unknown>;

/** How many parts the record is cut into (each its own world setting): about 8 KB each at 400 units. */
export const RECORD_PARTS = 32;
/** The setting key of part `n` (0 to RECORD_PARTS - 1). */
export const recordKey = (n: number): string => `rulesRecord${String(n)}`;

/**
 * One part of the record as stored. Keys are uuids; an item's parent and a token's scene are read
 * from its uuid, names from the source. Items keep their source without `_stats` (the server stamps
 * it anew); tokens only what a token is made again from (the rest comes from the actor's prototype).
 */
export interface RecordPart {
  readonly v: 2;
  readonly actors: Record<string, Raw>;
  readonly items: Record<string, Raw>;
  readonly tokens: Record<string, Raw>;
}

/** The token fields a record keeps (`shape` since the footprint is put back: a record without it leaves the shape unchecked). */
const TOKEN_KEYS = [
  "_id",
  "name",
  "actorId",
  "actorLink",
  "x",
  "y",
  "elevation",
  "width",
  "height",
  "shape",
  "hidden",
  "rotation",
  "sort",
] as const;
/**
 * The tokens whose place the start-up check puts back: a unit's and an HQ's, whose every move by a
 * player is a request the GM writes (the movement watch, src/apps/land/move/hooks.ts, watches the same).
 */
const PLACE_CHECKED: ReadonlySet<string> = new Set(["unit", "hq"]);
/** The token fields put back at start-up: the place (of `PLACE_CHECKED` tokens) and the footprint (of every token of ours). */
const PLACE_FIELDS = ["x", "y"] as const;
type TokenField = (typeof TOKEN_FIELDS)[number];
const positive = (v: unknown): boolean => typeof v === "number" && Number.isFinite(v) && v > 0;
/** What a recorded token value must be to be written back (as the write plan's schema takes it, src/schemas/write-plan.ts). */
const TOKEN_VALUE_OK: Readonly<Record<TokenField, (v: unknown) => boolean>> = {
  x: Number.isInteger,
  y: Number.isInteger,
  width: positive,
  height: positive,
  shape: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 5,
  actorLink: (v) => typeof v === "boolean",
};

/** The part an actor's uuid falls in (FNV-1a of the uuid): the same on every client and at every start. */
export function partOf(actorUuid: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < actorUuid.length; i++) h = Math.imul(h ^ actorUuid.charCodeAt(i), 0x01000193);
  return (h >>> 0) % RECORD_PARTS;
}
/** An item lies in its actor's part (a world item in its own); a token in its actor's. */
const itemPart = (uuid: string, parentUuid: string | null): number => partOf(parentUuid ?? uuid);
const tokenPart = (source: Raw): number => partOf(`Actor.${String(source["actorId"])}`);
/** The uuid of what holds an embedded document (`<parent>.Item.<id>` → `<parent>`), or null for a world document. */
function holderOf(uuid: string, kind: "Item" | "Token"): string | null {
  const at = uuid.lastIndexOf(`.${kind}.`);
  return at < 0 ? null : uuid.slice(0, at);
}

interface Stamped extends GuardedDocument {
  readonly _stats?: { readonly lastModifiedBy?: string | null } | null;
  readonly items?: Iterable<Stamped>;
  readonly prototypeToken?: { toObject(): Raw } | null;
}

interface UserLike {
  readonly id: string;
  readonly name?: string;
  readonly isGM?: boolean;
  readonly isSelf?: boolean;
}

const users = () => game.users as unknown as { activeGM?: UserLike | null; get(id: string): UserLike | undefined } | undefined;
const hereIsActiveGM = (): boolean => users()?.activeGM?.isSelf === true;
/** The user who wrote a document last, when it was not a GM (null: a GM, or not known). */
function playerWriter(doc: Stamped): string | null {
  const by = doc._stats?.lastModifiedBy;
  if (typeof by !== "string" || by === "") return null;
  return users()?.get(by)?.isGM === true ? null : by;
}
const nameOf = (id: string): string => users()?.get(id)?.name ?? id;

/**
 * On init: the record's settings, the record following the GM's copy, and on `ready` a GM client's
 * copy built and checked (every GM client keeps one; only the active GM's puts back and writes).
 */
export function registerRulesRecord(): void {
  registerRecordSettings();
  onKeptChange(scheduleRecord);
  Hooks.on("ready", () => {
    if ((game.user as unknown as UserLike | null | undefined)?.isGM === true) void checkAtStartUp();
  });
}

/** The record's world settings, one a part (no hooks: the bench registers them alone). */
export function registerRecordSettings(): void {
  for (let n = 0; n < RECORD_PARTS; n++)
    game.settings?.register(
      SYSTEM_ID as never,
      recordKey(n) as never,
      { scope: "world", config: false, type: Object, default: null } as never,
    );
}

const settings = () =>
  game.settings as unknown as { get(ns: string, key: string): unknown; set(ns: string, key: string, v: unknown): Promise<unknown> };
const isRecord = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);
const allRecords = (v: unknown): v is Record<string, Raw> => isRecord(v) && Object.values(v).every(isRecord);

/** A part as stored: null when never written (a new world), "unreadable" when it is not a part. */
export type StoredPart = RecordPart | null | "unreadable";

function readPart(n: number): StoredPart {
  let stored: unknown;
  try {
    stored = settings().get(SYSTEM_ID, recordKey(n));
  } catch {
    return "unreadable";
  }
  if (stored === null || stored === undefined) return null;
  return isRecord(stored) &&
    stored["v"] === 2 &&
    allRecords(stored["actors"]) &&
    allRecords(stored["items"]) &&
    allRecords(stored["tokens"])
    ? (stored as unknown as RecordPart)
    : "unreadable";
}

const withoutStats = ({ _stats: _, ...source }: Raw): Raw => source;
const tokenRecord = (source: Raw): Raw => Object.fromEntries(TOKEN_KEYS.filter((k) => k in source).map((k) => [k, source[k]]));

/** The record of the GM's copy as it stands, part by part. */
export function recordOfKept(): RecordPart[] {
  const parts = Array.from({ length: RECORD_PARTS }, (): RecordPart => ({ v: 2, actors: {}, items: {}, tokens: {} }));
  for (const [uuid, a] of kept.actors) parts[partOf(uuid)]!.actors[uuid] = a.rules;
  for (const [uuid, i] of kept.items) parts[itemPart(uuid, i.parentUuid)]!.items[uuid] = withoutStats(i.source);
  for (const [uuid, t] of kept.tokens) parts[tokenPart(t.source)]!.tokens[uuid] = tokenRecord(t.source);
  return parts;
}

/** The parts of the record that differ from the stored ones, as they would be sent (a JSON text each). */
export function changedParts(): { readonly n: number; readonly part: RecordPart; readonly text: string }[] {
  return recordOfKept().flatMap((part, n) => {
    const text = JSON.stringify(part);
    let stored: unknown;
    try {
      stored = settings().get(SYSTEM_ID, recordKey(n));
    } catch {
      stored = undefined;
    }
    return JSON.stringify(stored ?? null) === text ? [] : [{ n, part, text }];
  });
}

/** How long after the GM's copy changed the record is written (changes in between are written together). */
export const RECORD_DELAY_MS = 250;
let timer: ReturnType<typeof setTimeout> | null = null;
/** The write under way: the next waits for it, so it compares with what that one stored and sends no part twice. */
let writing: Promise<void> = Promise.resolve();

/** Writes the parts of the record that changed, now (the active GM only), after any write still under way. */
export function writeRecord(): Promise<void> {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  writing = writing.then(writeChangedParts, writeChangedParts);
  return writing;
}

async function writeChangedParts(): Promise<void> {
  if (!hereIsActiveGM()) return;
  await Promise.all(
    changedParts().map(async ({ n, part }) => {
      try {
        await settings().set(SYSTEM_ID, recordKey(n), part);
      } catch (error) {
        console.error(`${SYSTEM_ID} | part ${String(n)} of the record of the umpire's values could not be written`, error);
      }
    }),
  );
}

/** Whether a change of the GM's copy waits for its write (the timer is set): a bot game writes it then, as the timer would. */
export const recordDue = (): boolean => timer !== null;

function scheduleRecord(): void {
  if (!hereIsActiveGM() || timer !== null) return;
  timer = setTimeout(() => void writeRecord(), RECORD_DELAY_MS);
}

const FOUND_KEYS = {
  changed: "NOBC.Guard.Found.changed",
  token: "NOBC.Guard.Found.token",
  created: "NOBC.Guard.Found.created",
  deleted: "NOBC.Guard.Found.deleted",
} as const;

/** What the start-up check found: what it put back, the documents a player wrote it could not check, the parts it could not read. */
export interface StartUpReport {
  readonly found: readonly StartUpFinding[];
  readonly unchecked: readonly string[];
  readonly unreadable: number;
}

/** What the start-up check found and put back, one line each. */
export interface StartUpFinding {
  readonly user: string;
  readonly document: string;
  readonly what: "changed" | "token" | "created" | "deleted";
  readonly fields?: readonly string[];
}

interface WorldScene {
  readonly uuid: string;
  readonly name: string;
  readonly tokens: Iterable<Stamped>;
}

interface WorldLike {
  readonly actors: Iterable<Stamped>;
  readonly items: Iterable<Stamped>;
  readonly scenes: Iterable<WorldScene>;
}

function world(): WorldLike {
  const g = game as unknown as { actors?: Iterable<Stamped>; items?: Iterable<Stamped>; scenes?: WorldLike["scenes"] };
  return { actors: g.actors ?? [], items: g.items ?? [], scenes: g.scenes ?? [] };
}

/** The rules paths where `now` differs from `then`, with `then`'s values. */
function differences(now: Raw, then: Raw): [string, unknown][] {
  const paths = new Set([...leavesOf(now), ...leavesOf(then)].map(([p]) => p));
  return [...paths]
    .filter((p) => !sameValue(valueAt(now, p), valueAt(then, p)) && valueAt(then, p) !== undefined)
    .map((p) => [p, valueAt(then, p)]);
}

/**
 * A token's fields that differ from its record, with the record's values: its place (x and y
 * together) for a unit's or an HQ's token, its footprint for any. Only the fields the record holds
 * (a record from before `shape` was kept leaves the shape as it stands).
 */
function tokenBack(actorType: string, now: Raw, rec: Raw): TokenChanges {
  const differs = (k: TokenField): boolean => k in rec && TOKEN_VALUE_OK[k](rec[k]) && !sameValue(now[k], rec[k]);
  const place = PLACE_CHECKED.has(actorType) && PLACE_FIELDS.every((k) => TOKEN_VALUE_OK[k](rec[k])) && PLACE_FIELDS.some(differs);
  const keys = [...(place ? PLACE_FIELDS : []), ...TOKEN_FOOTPRINT_FIELDS.filter(differs)];
  // Each value checked by `TOKEN_VALUE_OK`, x and y both or neither: the shape of `TokenChanges`.
  return Object.fromEntries(keys.map((k) => [k, structuredClone(rec[k])]));
}

/**
 * On a GM client's start-up: the GM's copy built from the world and the record; on the active GM's
 * client, whatever a player wrote while no GM was connected is put back in one write per kind, and
 * the GM told once. A document a player wrote last that the record holds nothing for (its part never
 * written or unreadable, or not in it) is taken as it stands, and the GM told which, to check by
 * hand; an unreadable part is said too, and written again from the world. Returns what was found.
 */
export async function checkAtStartUp(): Promise<StartUpReport> {
  const parts = Array.from({ length: RECORD_PARTS }, (_, n) => readPart(n));
  const partFor = (n: number): RecordPart | null => {
    const part = parts[n];
    return part === null || part === undefined || part === "unreadable" ? null : part;
  };
  // A start-up builds the copy anew from the world and the record.
  kept.actors.clear();
  kept.items.clear();
  kept.tokens.clear();
  const found: StartUpFinding[] = [];
  const unchecked: string[] = [];
  const actorUpdates: PlannedUpdate[] = [];
  const itemUpdates: PlannedUpdate[] = [];
  const itemDeletions: PlannedDeletion[] = [];
  const itemCreations: PlannedCreation[] = [];
  const tokenUpdates: PlannedTokenUpdate[] = [];
  const tokenDeletions: PlannedTokenDeletion[] = [];
  const tokenCreations: PlannedTokenCreation[] = [];
  const seenItems = new Set<string>();
  const seenTokens = new Set<string>();
  const { actors, items, scenes } = world();
  const checkItem = (item: Stamped) => {
    if (!guardedItem(item)) return;
    seenItems.add(item.uuid);
    const by = playerWriter(item);
    const part = partFor(itemPart(item.uuid, item.parent?.uuid ?? null));
    if (by === null || part === null) {
      if (by !== null) unchecked.push(item.name);
      keepItem(item);
      return;
    }
    const rec = part.items[item.uuid];
    if (rec === undefined) {
      found.push({ user: nameOf(by), document: item.name, what: "created" });
      itemDeletions.push({ uuid: item.uuid, id: item.id, parentUuid: item.parent?.uuid ?? null });
      return;
    }
    kept.items.set(item.uuid, { parentUuid: holderOf(item.uuid, "Item"), name: String(rec["name"]), source: structuredClone(rec) });
    const type = item.type ?? "";
    const back = differences(rulesValuesOf(type, item.system), rulesValuesOf(type, rec["system"]));
    if (back.length === 0) return;
    found.push({ user: nameOf(by), document: item.name, what: "changed", fields: back.map(([p]) => `system.${p}`) });
    itemUpdates.push({
      uuid: item.uuid,
      id: item.id,
      parentUuid: item.parent?.uuid ?? null,
      changes: Object.fromEntries(back.map(([p, v]) => [`system.${p}`, v])),
    });
  };
  const actorsById = new Map<string, Stamped>();
  for (const actor of actors) {
    if (!guardedActor(actor)) continue;
    actorsById.set(actor.id, actor);
    for (const item of actor.items ?? []) checkItem(item);
    const by = playerWriter(actor);
    const rec = partFor(partOf(actor.uuid))?.actors[actor.uuid];
    if (by === null || rec === undefined) {
      if (by !== null) unchecked.push(actor.name);
      keepActor(actor);
      continue;
    }
    kept.actors.set(actor.uuid, { type: actor.type ?? "", name: actor.name, rules: structuredClone(rec) });
    const back = differences(rulesValuesOf(actor.type ?? "", actor.system), rec);
    if (back.length === 0) continue;
    found.push({ user: nameOf(by), document: actor.name, what: "changed", fields: back.map(([p]) => `system.${p}`) });
    actorUpdates.push({
      uuid: actor.uuid,
      id: actor.id,
      parentUuid: null,
      changes: Object.fromEntries(back.map(([p, v]) => [`system.${p}`, v])),
    });
  }
  for (const item of items) checkItem(item);
  const scenesByUuid = new Map<string, WorldScene>();
  for (const scene of scenes) {
    scenesByUuid.set(scene.uuid, scene);
    for (const token of scene.tokens) {
      if (!guardedToken(token)) continue;
      seenTokens.add(token.uuid);
      const by = playerWriter(token);
      const source = token.toObject();
      const part = partFor(tokenPart(source));
      const rec = part?.tokens[token.uuid];
      const name = token.actor?.name ?? token.name;
      if (by !== null && part !== null && rec === undefined) {
        found.push({ user: nameOf(by), document: name, what: "created" });
        tokenDeletions.push({ uuid: token.uuid, id: token.id, parentUuid: scene.uuid });
        continue;
      }
      if (by !== null && part === null) unchecked.push(name);
      const back = by === null || rec === undefined ? {} : tokenBack(token.actor?.type ?? "", source, rec);
      const fields = Object.keys(back);
      kept.tokens.set(token.uuid, { sceneUuid: scene.uuid, name: token.name, source: { ...source, ...structuredClone(back) } });
      if (by === null || fields.length === 0) continue;
      found.push({ user: nameOf(by), document: name, what: "token", fields });
      tokenUpdates.push({ uuid: token.uuid, id: token.id, parentUuid: scene.uuid, changes: back });
    }
  }
  // What the record holds and the world no longer does: deleted while no GM was connected (a GM's deletion is heard live).
  for (const part of parts) {
    if (part === null || part === "unreadable") continue;
    for (const [uuid, rec] of Object.entries(part.items)) {
      const parent = holderOf(uuid, "Item");
      if (seenItems.has(uuid) || (parent !== null && !kept.actors.has(parent))) continue;
      found.push({ user: "", document: String(rec["name"]), what: "deleted" });
      itemCreations.push({ parentUuid: parent, data: structuredClone(rec) });
      kept.items.set(uuid, { parentUuid: parent, name: String(rec["name"]), source: structuredClone(rec) });
    }
    for (const [uuid, rec] of Object.entries(part.tokens)) {
      if (seenTokens.has(uuid)) continue;
      const actor = actorsById.get(String(rec["actorId"]));
      const sceneUuid = holderOf(uuid, "Token");
      if (actor === undefined || sceneUuid === null || !scenesByUuid.has(sceneUuid)) continue;
      const data = { ...(actor.prototypeToken?.toObject() ?? {}), ...structuredClone(rec) };
      found.push({ user: "", document: actor.name, what: "deleted" });
      tokenCreations.push({ parentUuid: sceneUuid, data });
    }
  }
  const unreadable = parts.filter((p) => p === "unreadable").length;
  if (hereIsActiveGM()) {
    const plan = { ...EMPTY_PLAN, actorUpdates, itemUpdates, itemDeletions, itemCreations, tokenUpdates, tokenDeletions, tokenCreations };
    if (found.length > 0) {
      const lines = found
        .map((f) => format(FOUND_KEYS[f.what], { user: f.user, document: f.document, fields: (f.fields ?? []).join(", ") }))
        .join(" ");
      try {
        await applyPlan(plan);
        notify("warn", "NOBC.Guard.StartUp", { count: found.length, lines }, { permanent: true });
      } catch (error) {
        notify("error", "NOBC.Guard.StartUpFailed", { count: found.length, lines, error: errorText(error) }, { permanent: true });
      }
    }
    if (unreadable > 0) notify("warn", "NOBC.Guard.RecordUnreadable", { count: unreadable, parts: RECORD_PARTS }, { permanent: true });
    if (unchecked.length > 0)
      notify("warn", "NOBC.Guard.Unchecked", { count: unchecked.length, documents: unchecked.join(", ") }, { permanent: true });
    await writeRecord();
  }
  return { found, unchecked, unreadable };
}
