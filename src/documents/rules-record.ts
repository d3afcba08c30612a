/**
 * The record of what the GMs last wrote (docs/decisions/rules-values.md): a world setting, which only
 * a GM may write (Foundry's SETTINGS_MODIFY), holding the rules values of each of our actors, the
 * source of each item on them and where each of their tokens stood. The active GM's client writes it
 * shortly after the GM's copy changes (./rules-guard.ts). At a GM client's start-up the world is
 * checked against it: a document a player wrote last (`_stats.lastModifiedBy`, stamped by the
 * server) while no GM was connected is put back to the record, an item or token a player made then
 * is deleted, one they deleted is made again, and the GM is told once what was found.
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
  type PlannedUpdate,
} from "../effects/apply";
import {
  guardedActor,
  guardedItem,
  guardedToken,
  kept,
  keepActor,
  keepItem,
  keepToken,
  onKeptChange,
  type GuardedDocument,
} from "./rules-guard";

type Raw = Record<string, unknown>;

export const RULES_RECORD_KEY = "rulesRecord";

/** The record as stored. Tokens keep only what a token is made again from (the rest comes from the actor's prototype token). */
export interface RulesRecord {
  readonly v: 1;
  readonly actors: Record<string, Raw>;
  readonly items: Record<string, { readonly parent: string | null; readonly name: string; readonly source: Raw }>;
  readonly tokens: Record<string, { readonly scene: string; readonly name: string; readonly source: Raw }>;
}

/** The token fields a record keeps. */
const TOKEN_KEYS = ["_id", "name", "actorId", "actorLink", "x", "y", "elevation", "width", "height", "hidden", "rotation", "sort"] as const;

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
 * On init: the record's setting, the record following the GM's copy, and on `ready` a GM client's
 * copy built and checked (every GM client keeps one; only the active GM's puts back and writes).
 */
export function registerRulesRecord(): void {
  registerRecordSetting();
  onKeptChange(scheduleRecord);
  Hooks.on("ready", () => {
    if ((game.user as unknown as UserLike | null | undefined)?.isGM === true) void checkAtStartUp();
  });
}

/** The record's world setting (no hooks: the bench registers it alone). */
export function registerRecordSetting(): void {
  game.settings?.register(
    SYSTEM_ID as never,
    RULES_RECORD_KEY as never,
    {
      scope: "world",
      config: false,
      type: Object,
      default: null,
    } as never,
  );
}

function readRecord(): RulesRecord | null {
  try {
    const stored: unknown = (game.settings as unknown as { get(ns: string, key: string): unknown } | undefined)?.get(
      SYSTEM_ID,
      RULES_RECORD_KEY,
    );
    const r = stored as Partial<RulesRecord> | null;
    return r !== null &&
      typeof r === "object" &&
      r.v === 1 &&
      typeof r.actors === "object" &&
      typeof r.items === "object" &&
      typeof r.tokens === "object"
      ? (r as RulesRecord)
      : null;
  } catch {
    return null;
  }
}

const tokenRecord = (source: Raw): Raw => Object.fromEntries(TOKEN_KEYS.filter((k) => k in source).map((k) => [k, source[k]]));

/** The record of the GM's copy as it stands. */
export function recordOfKept(): RulesRecord {
  const actors: Record<string, Raw> = {};
  for (const [uuid, a] of kept.actors) actors[uuid] = a.rules;
  const items: RulesRecord["items"] = {};
  for (const [uuid, i] of kept.items) items[uuid] = { parent: i.parentUuid, name: i.name, source: i.source };
  const tokens: RulesRecord["tokens"] = {};
  for (const [uuid, t] of kept.tokens) tokens[uuid] = { scene: t.sceneUuid, name: t.name, source: tokenRecord(t.source) };
  return { v: 1, actors, items, tokens };
}

/** How long after the GM's copy changed the record is written (changes in between are written together). */
export const RECORD_DELAY_MS = 250;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Writes the record now (the active GM only). */
export async function writeRecord(): Promise<void> {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (!hereIsActiveGM()) return;
  try {
    await game.settings?.set(SYSTEM_ID as never, RULES_RECORD_KEY as never, recordOfKept() as never);
  } catch (error) {
    console.error(`${SYSTEM_ID} | the record of the umpire's values could not be written`, error);
  }
}

function scheduleRecord(): void {
  if (!hereIsActiveGM() || timer !== null) return;
  timer = setTimeout(() => void writeRecord(), RECORD_DELAY_MS);
}

const FOUND_KEYS = {
  changed: "NOBC.Guard.Found.changed",
  created: "NOBC.Guard.Found.created",
  deleted: "NOBC.Guard.Found.deleted",
} as const;

/** What the start-up check found and put back, one line each. */
export interface StartUpFinding {
  readonly user: string;
  readonly document: string;
  readonly what: "changed" | "created" | "deleted";
  readonly fields?: readonly string[];
}

interface WorldLike {
  readonly actors: Iterable<Stamped>;
  readonly items: Iterable<Stamped>;
  readonly scenes: Iterable<{ readonly uuid: string; readonly name: string; readonly tokens: Iterable<Stamped> }>;
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
 * On a GM client's start-up: the GM's copy built from the world and the record; on the active GM's
 * client, whatever a player wrote while no GM was connected is put back in one write per kind, and
 * the GM told once. Returns what was found.
 */
export async function checkAtStartUp(): Promise<StartUpFinding[]> {
  const record = readRecord();
  // A start-up builds the copy anew from the world and the record.
  kept.actors.clear();
  kept.items.clear();
  kept.tokens.clear();
  const found: StartUpFinding[] = [];
  const actorUpdates: PlannedUpdate[] = [];
  const itemUpdates: PlannedUpdate[] = [];
  const itemDeletions: PlannedDeletion[] = [];
  const itemCreations: PlannedCreation[] = [];
  const tokenDeletions: PlannedTokenDeletion[] = [];
  const tokenCreations: PlannedTokenCreation[] = [];
  const seenItems = new Set<string>();
  const seenTokens = new Set<string>();
  const { actors, items, scenes } = world();
  const checkItem = (item: Stamped) => {
    if (!guardedItem(item)) return;
    seenItems.add(item.uuid);
    const by = playerWriter(item);
    const rec = record?.items[item.uuid];
    if (by === null || record === null) {
      keepItem(item);
      return;
    }
    if (rec === undefined) {
      found.push({ user: nameOf(by), document: item.name, what: "created" });
      itemDeletions.push({ uuid: item.uuid, id: item.id, parentUuid: item.parent?.uuid ?? null });
      return;
    }
    kept.items.set(item.uuid, { parentUuid: rec.parent, name: rec.name, source: structuredClone(rec.source) });
    const type = item.type ?? "";
    const back = differences(rulesValuesOf(type, item.system), rulesValuesOf(type, rec.source["system"]));
    if (back.length === 0) return;
    found.push({ user: nameOf(by), document: item.name, what: "changed", fields: back.map(([p]) => `system.${p}`) });
    itemUpdates.push({
      uuid: item.uuid,
      id: item.id,
      parentUuid: item.parent?.uuid ?? null,
      changes: Object.fromEntries(back.map(([p, v]) => [`system.${p}`, v])),
    });
  };
  for (const actor of actors) {
    if (!guardedActor(actor)) continue;
    for (const item of actor.items ?? []) checkItem(item);
    const by = playerWriter(actor);
    const rec = record?.actors[actor.uuid];
    if (by === null || rec === undefined) {
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
  for (const scene of scenes) {
    for (const token of scene.tokens) {
      if (!guardedToken(token)) continue;
      seenTokens.add(token.uuid);
      const by = playerWriter(token);
      if (by !== null && record !== null && record.tokens[token.uuid] === undefined) {
        found.push({ user: nameOf(by), document: token.actor?.name ?? token.name, what: "created" });
        tokenDeletions.push({ uuid: token.uuid, id: token.id, parentUuid: scene.uuid });
      } else keepToken(token);
    }
  }
  // What the record holds and the world no longer does: deleted while no GM was connected (a GM's deletion is heard live).
  for (const [uuid, rec] of Object.entries(record?.items ?? {})) {
    if (seenItems.has(uuid) || (rec.parent !== null && !kept.actors.has(rec.parent))) continue;
    found.push({ user: "", document: rec.name, what: "deleted" });
    itemCreations.push({ parentUuid: rec.parent, data: structuredClone(rec.source) });
    kept.items.set(uuid, { parentUuid: rec.parent, name: rec.name, source: structuredClone(rec.source) });
  }
  for (const [uuid, rec] of Object.entries(record?.tokens ?? {})) {
    if (seenTokens.has(uuid)) continue;
    const actor = [...actors].find((a) => a.id === rec.source["actorId"]);
    const scene = [...scenes].find((s) => s.uuid === rec.scene);
    if (actor === undefined || scene === undefined) continue;
    const data = { ...(actor.prototypeToken?.toObject() ?? {}), ...structuredClone(rec.source) };
    found.push({ user: "", document: actor.name, what: "deleted" });
    tokenCreations.push({ parentUuid: rec.scene, data });
  }
  if (hereIsActiveGM()) {
    const plan = { ...EMPTY_PLAN, actorUpdates, itemUpdates, itemDeletions, itemCreations, tokenDeletions, tokenCreations };
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
    await writeRecord();
  }
  return found;
}
