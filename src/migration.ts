/**
 * World migration: brings stored documents to the current data models. Split in two:
 * `planWorld` (pure, over the raw sources the server sent) decides which documents need a write,
 * and `migrateWorld` (GM only) writes them. A document needs one when its raw `system` has an old
 * shape, or when it was last written by an older version of the system (or none recorded): the
 * live copy is already repaired by `migrateData`, so the raw shape alone could miss it. The write
 * is the live document's own source (`toObject().system`) with `diff: false`, so the database gets
 * the repaired shape even where the live copy looks unchanged.
 *
 * Every document is planned and written under its own guard: a stored source that cannot be read
 * (an actor whose `items` is not a list, a null entry in it, a type named like an Object member, a
 * `system` that is null, a list or missing, which Foundry would load with its defaults)
 * is named to the GM and skipped, and the rest go on. A document Foundry could not load (it is in
 * its collection's `invalidDocumentIds`, not in the collection) is written from its raw source
 * through `getInvalid(id)` when the repair changes it, and named to the GM when that does not make
 * it load. The world's schema version is recorded only when every document migrated; otherwise
 * the next load runs the migration again.
 *
 * What a document needs is recorded on the document itself, by Foundry: every write stamps the
 * document's `_stats.systemVersion` with the running system's version, and the written shape is
 * the repaired one, so at the next load the planner passes over a document written here (neither
 * an old version nor an old shape) and plans only the ones that failed. No flag of our own is
 * needed, and none could be written to a document Foundry refuses to load anyway.
 */
import { removals } from "./base/compat";
import { SYSTEM_ID } from "./base/constants";
import { documentAt } from "./effects/apply";
import { CURRENT_SCHEMA_VERSION, SETTING_KEYS } from "./base/settings";
import { errorText } from "./base/errors";
import { notify, translator } from "./base/foundry";
import type { HexRef } from "./rules/ids";
import type { Side } from "./rules/nobc/land/types";
import { emptyMapStateFlag, MAP_STATE_FLAG, readMapState, type MapStateFlag } from "./map/map-state";
import { hexLabel } from "./map/hex-grid";
import { readTerrain } from "./world/battlefield";
import { RETIRED_STATUS_IDS } from "./token/status-icons";
import { identity, isSource, planWorld, type MigrationProblem, type MigrationStep } from "./migration-plan";

// The planner is its own module so that init loads it alone (for `game.nobc.planMigration`); the writer below loads on `ready`.
export { isOlderVersion, planMigration, planWorld } from "./migration-plan";
export type { MigrationPlan, MigrationProblem, MigrationStep, RawDocument } from "./migration-plan";

export interface MigrationReport {
  readonly ran: boolean;
  readonly migrated: number;
  /** Every document not brought up to date; the migration runs again at the next load. */
  readonly failed: readonly MigrationProblem[];
  /** True when every document migrated and the world's schema version was recorded. */
  readonly complete: boolean;
}

function rawList(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

/** UUID of the document a step writes: a world actor, an item held by one, or a world item. */
export function stepUuid(s: MigrationStep): string {
  if (s.documentName === "Actor") return `Actor.${s.id}`;
  return s.parentId === null ? `Item.${s.id}` : `Actor.${s.parentId}.Item.${s.id}`;
}

interface LiveSource {
  toObject(): { system?: unknown };
  update(data: object, options: object): Promise<unknown>;
}

interface BatchClass {
  updateDocuments(updates: object[], operation: object): Promise<unknown>;
}

/** A collection's documents Foundry could not load (`DocumentCollection#invalidDocumentIds`, `#getInvalid`). */
interface InvalidAware {
  readonly invalidDocumentIds?: ReadonlySet<string>;
  getInvalid?(id: string, options?: { strict?: boolean }): unknown;
}

interface Write {
  readonly step: MigrationStep;
  readonly doc: LiveSource;
  readonly system: unknown;
}

function problem(s: MigrationStep, kind: MigrationProblem["kind"], error: string): MigrationProblem {
  return { kind, documentName: s.documentName, id: s.id, name: s.name, parentId: s.parentId, error };
}

function isDocument(doc: unknown): doc is LiveSource {
  return doc instanceof foundry.abstract.Document;
}

function liveDocument(s: MigrationStep): LiveSource | undefined {
  const doc = documentAt(stepUuid(s));
  return isDocument(doc) ? doc : undefined;
}

/** The collection a step's document belongs to: `game.actors`, `game.items`, or its (loaded) actor's items. */
function collectionOf(s: MigrationStep): InvalidAware | undefined {
  if (s.parentId === null) {
    const world: unknown = s.documentName === "Actor" ? game.actors : game.items;
    return world as InvalidAware | undefined;
  }
  const actor = documentAt(`Actor.${s.parentId}`) as { items?: InvalidAware } | null;
  return actor?.items;
}

/**
 * Writes a document that is not loaded. One Foundry could not load is written from its raw source,
 * repaired, through `getInvalid(id)` (the update is validated as any other); it counts as migrated
 * only when it is then out of `invalidDocumentIds`. Resolves to the problem, or null when written.
 */
async function writeUnloaded(s: MigrationStep): Promise<MigrationProblem | null> {
  if (s.parentId !== null && !isDocument(documentAt(`Actor.${s.parentId}`))) {
    return problem(s, "invalid", "the actor holding it is not loaded");
  }
  const collection = collectionOf(s);
  const invalid = collection?.invalidDocumentIds;
  if (collection === undefined || invalid?.has(s.id) !== true) return problem(s, "write", "document not found");
  // Without a repair, writing its source again cannot make it load.
  if (s.reason !== "shape") return problem(s, "invalid", "Foundry could not load it, and no repair applies to it");
  const doc = collection.getInvalid?.(s.id, { strict: false });
  if (!isDocument(doc)) return problem(s, "invalid", "Foundry could not load it, and gives no copy to write");
  const still = "Foundry could not load it, and the repair does not make it valid";
  try {
    await doc.update({ system: s.system }, { diff: false });
  } catch (error) {
    return problem(s, "invalid", `${still}: ${errorText(error)}`);
  }
  return invalid.has(s.id) ? problem(s, "invalid", still) : null;
}

/**
 * Writes one group (world actors, world items, or the items of one actor) in one request; if that
 * request fails, writes each on its own (at once) so a single broken document cannot stop the rest.
 */
async function writeGroup(cls: BatchClass, writes: readonly Write[], parent: unknown): Promise<MigrationProblem[]> {
  const operation = parent === undefined ? { diff: false } : { parent, diff: false };
  try {
    await cls.updateDocuments(
      writes.map((w) => ({ _id: w.step.id, system: w.system })),
      operation,
    );
    return [];
  } catch (batchError) {
    console.warn(`${SYSTEM_ID} | batched migration write failed, retrying each document on its own`, batchError);
  }
  const results = await Promise.allSettled(writes.map((w) => w.doc.update({ system: w.system }, { diff: false })));
  const failed: MigrationProblem[] = [];
  results.forEach((result, i) => {
    if (result.status === "fulfilled") return;
    failed.push(problem(writes[i]!.step, "write", errorText(result.reason)));
  });
  return failed;
}

/** The steps in write groups: world actors, world items, then the items of each actor. */
function groups(steps: readonly MigrationStep[]): { key: string; steps: MigrationStep[] }[] {
  const out = new Map<string, MigrationStep[]>();
  for (const s of steps) {
    const key = s.documentName === "Actor" ? "Actor" : s.parentId === null ? "Item" : `Actor.${s.parentId}`;
    out.set(key, [...(out.get(key) ?? []), s]);
  }
  return [...out].map(([key, list]) => ({ key, steps: list }));
}

/** Writes one group: each document prepared under its own guard, the loaded ones in one batch. */
async function migrateGroup(group: {
  key: string;
  steps: readonly MigrationStep[];
}): Promise<{ migrated: number; failed: MigrationProblem[] }> {
  const writes: Write[] = [];
  const failed: MigrationProblem[] = [];
  let migrated = 0;
  for (const s of group.steps) {
    try {
      const doc = liveDocument(s);
      if (doc !== undefined) {
        writes.push({ step: s, doc, system: doc.toObject().system });
        continue;
      }
      const unloaded = await writeUnloaded(s);
      if (unloaded === null) migrated++;
      else failed.push(unloaded);
    } catch (error) {
      failed.push(problem(s, "write", errorText(error)));
    }
  }
  if (writes.length > 0) {
    const cls = (group.key === "Actor" ? Actor : Item) as unknown as BatchClass;
    // Held items are written through their actor (embedded documents batch per parent).
    const parent = group.key.startsWith("Actor.") ? documentAt(group.key) : undefined;
    const batch = await writeGroup(cls, writes, parent);
    failed.push(...batch);
    migrated += writes.length - batch.length;
  }
  return { migrated, failed };
}

/** Names and ids of documents, as a list in the user's language. */
function namesOf(problems: readonly MigrationProblem[]): string {
  const names = [...new Set(problems.map((p) => `${p.name} [${p.id}]`))];
  return new Intl.ListFormat(translator().lang, { type: "conjunction" }).format(names);
}

/** Tells the GM which documents were not brought up to date, one notice per kind, and logs why. */
function reportProblems(problems: readonly MigrationProblem[]): void {
  for (const p of problems) {
    console.error(`${SYSTEM_ID} | migration of ${p.documentName} "${p.name}" [${p.id}] failed (${p.kind}): ${p.error}`);
  }
  const keys = { corrupt: "NOBC.Migration.corrupt", invalid: "NOBC.Migration.invalid", write: "NOBC.Migration.failed" } as const;
  for (const kind of ["corrupt", "invalid", "write"] as const) {
    const list = problems.filter((p) => p.kind === kind);
    if (list.length > 0) notify("warn", keys[kind], { count: list.length, names: namesOf(list) }, { permanent: true });
  }
}

/**
 * Runs the migration if the world's schema version is behind (or `force` is set). GM only.
 * Writes one batch per group, each document under its own guard, and shows its progress. The
 * schema version is recorded only when every document migrated; otherwise the GM is told which
 * ones did not (by name and id) and the next load tries those again (see the file's comment).
 * With nothing to write, it only records the version, without notifications.
 */
export async function migrateWorld(options: { force?: boolean } = {}): Promise<MigrationReport> {
  const none: MigrationReport = { ran: false, migrated: 0, failed: [], complete: false };
  if (game.user?.isGM !== true || game.settings === undefined) return none;
  // A world from before the setting existed has no value yet.
  const stored = (game.settings.get(SYSTEM_ID, SETTING_KEYS.schemaVersion) as number | undefined) ?? 0;
  if (stored >= CURRENT_SCHEMA_VERSION && options.force !== true) return none;

  const data = game.data as unknown as { actors?: unknown; items?: unknown };
  const systemVersion = (game.system as { version?: string } | undefined)?.version;
  const { steps, corrupt } = planWorld(rawList(data.actors), rawList(data.items), systemVersion);
  const failed: MigrationProblem[] = [...corrupt];
  let migrated = 0;
  if (steps.length > 0) {
    const bar = notify("info", "NOBC.Migration.start", {}, { progress: true }) as { update?(data: { pct: number }): unknown } | undefined;
    let done = 0;
    for (const group of groups(steps)) {
      const result = await migrateGroup(group);
      migrated += result.migrated;
      failed.push(...result.failed);
      done += group.steps.length;
      bar?.update?.({ pct: done / steps.length });
    }
    notify("info", "NOBC.Migration.done", { count: migrated });
  }
  // Run once, when the world comes from before schema 2 (even under `force`: the server's sources are read as loaded).
  if (stored < MAP_MARKERS_SCHEMA_VERSION) failed.push(...(await migrateMapMarkers()));
  // Run once, when the world comes from before schema 3 (so after the marker move, whose units' old icons it removes too).
  if (stored < RETIRED_STATUSES_SCHEMA_VERSION) failed.push(...(await removeRetiredStatuses(worldUnits())));
  const complete = failed.length === 0;
  if (complete) await game.settings.set(SYSTEM_ID, SETTING_KEYS.schemaVersion, CURRENT_SCHEMA_VERSION);
  else reportProblems(failed);
  return { ran: true, migrated, failed, complete };
}

/* ---------------- schema 2: the units' minefield and contamination markers move to the scenes ---------------- */

/** The schema version from which units carry no `underMine` / `contaminated` marker (the scene's map state holds them). */
export const MAP_MARKERS_SCHEMA_VERSION = 2;

/** The unit fields retired for the scene's map state. */
const RETIRED_MARKERS = ["underMine", "contaminated"] as const;

/** A scene as the marker move reads it: whether it has a terrain map, its map state flag, and the hex of each token's actor. */
export interface MarkerScene {
  readonly id: string;
  readonly name: string;
  /** False without a valid terrain flag or on a grid that does not line up with the map: its tokens place nothing. */
  readonly terrain: boolean;
  /** Its `nobc.mapState` flag, unchecked. */
  readonly mapState: unknown;
  /** Each token's actor id and the map hex it stands in (undefined off the map). */
  readonly tokens: readonly { readonly actorId: string | null; readonly hex: HexRef | undefined }[];
}

export interface MarkerPlan {
  /** One update per scene that gains a minefield or a contaminated hex: its whole map state flag. */
  readonly scenes: readonly { readonly _id: string; readonly name: string; readonly mapState: MapStateFlag }[];
  /** One row per unit that still stores a retired field: the fields deleted. */
  readonly actors: readonly Record<string, unknown>[];
  /** Marked units with no token on a terrain map: their markers are dropped (by name). */
  readonly dropped: readonly string[];
  /**
   * Scenes whose map state flag could not be read: nothing is added there, and the marked units with a
   * token there keep their markers (no row in `actors`), so the next load tries again.
   */
  readonly unreadable: readonly { readonly id: string; readonly name: string }[];
}

/**
 * Plans the move of the units' old markers to the map state of every scene where the unit has a
 * token on a terrain map: a minefield (laid by the unit's own side, the counter it stood under) and a
 * contaminated hex. A hex already marked stays as it is, so planning again adds nothing. Pure.
 */
export function planMapMarkers(actors: readonly unknown[], scenes: readonly MarkerScene[]): MarkerPlan {
  const marked = new Map<string, { name: string; side: Side; mine: boolean; contaminated: boolean }>();
  const rows: Record<string, unknown>[] = [];
  for (const raw of actors) {
    if (!isSource(raw) || raw["type"] !== "unit" || typeof raw["_id"] !== "string" || !isSource(raw["system"])) continue;
    const system = raw["system"];
    if (!RETIRED_MARKERS.some((k) => k in system)) continue;
    rows.push({ _id: raw["_id"], ...removals(RETIRED_MARKERS.map((k) => `system.${k}`)) });
    const mine = system["underMine"] === true;
    const contaminated = system["contaminated"] === true;
    if (!mine && !contaminated) continue;
    const side: Side = system["side"] === "wp" ? "wp" : "nato";
    marked.set(raw["_id"], { name: identity(raw).name, side, mine, contaminated });
  }
  const placed = new Set<string>();
  /** Marked units with a token on a scene whose map state cannot be read: they keep their markers. */
  const kept = new Set<string>();
  const out: MarkerPlan["scenes"][number][] = [];
  const unreadable: { id: string; name: string }[] = [];
  for (const scene of scenes) {
    if (!scene.terrain) continue;
    const tokens = scene.tokens.filter((t) => t.actorId !== null && t.hex !== undefined && marked.has(t.actorId));
    if (tokens.length === 0) continue;
    const read = readMapState(scene.mapState);
    if (read.problems.length > 0) {
      unreadable.push({ id: scene.id, name: scene.name });
      for (const token of tokens) kept.add(token.actorId!);
      continue;
    }
    const flag: MapStateFlag =
      scene.mapState === undefined || scene.mapState === null ? emptyMapStateFlag() : (structuredClone(scene.mapState) as MapStateFlag);
    let changed = false;
    for (const token of tokens) {
      const unit = marked.get(token.actorId!)!;
      const hex = token.hex!;
      placed.add(token.actorId!);
      if (unit.mine && flag.mines[hex] === undefined) {
        flag.mines[hex] = { side: unit.side };
        changed = true;
      }
      if (unit.contaminated && flag.contaminated[hex] === undefined) {
        flag.contaminated[hex] = true;
        changed = true;
      }
    }
    if (changed) out.push({ _id: scene.id, name: scene.name, mapState: flag });
  }
  const dropped = [...marked].filter(([id]) => !placed.has(id) && !kept.has(id)).map(([, u]) => u.name);
  return { scenes: out, actors: rows.filter((row) => !kept.has(row["_id"] as string)), dropped, unreadable };
}

interface SceneLike {
  readonly id: string | null;
  readonly name: string;
  readonly tokens: Iterable<{
    readonly actorId: string | null;
    readonly x: number;
    readonly y: number;
    readonly width?: number;
    readonly height?: number;
  }>;
  readonly grid?: {
    readonly type: number;
    readonly sizeX: number;
    readonly sizeY: number;
    getOffset(point: { x: number; y: number }): { i: number; j: number };
  } | null;
  readonly dimensions?: { readonly sceneX: number; readonly sceneY: number } | null;
  getFlag(scope: string, key: string): unknown;
}

/** A live scene read for the marker move: the map hex of each token, as the battlefield reads the viewed scene (src/world/read.ts). */
function markerScene(scene: SceneLike): MarkerScene {
  const id = scene.id ?? "";
  const mapState = scene.getFlag(SYSTEM_ID, MAP_STATE_FLAG);
  const grid = scene.grid?.type === CONST.GRID_TYPES.HEXODDQ ? scene.grid : null;
  const map = readTerrain(scene.getFlag(SYSTEM_ID, "terrain")).map;
  if (grid === null || map === null) return { id, name: scene.name, terrain: false, mapState, tokens: [] };
  const dx = scene.dimensions?.sceneX ?? 0;
  const dy = scene.dimensions?.sceneY ?? 0;
  const origin = grid.getOffset({ x: dx + grid.sizeX / 2, y: dy + grid.sizeY / 2 });
  const tokens = [...scene.tokens].map((t) => {
    const at = grid.getOffset({ x: t.x + ((t.width ?? 1) * grid.sizeX) / 2, y: t.y + ((t.height ?? 1) * grid.sizeY) / 2 });
    const label = hexLabel({ col: at.j - origin.j, row: at.i - origin.i });
    return { actorId: t.actorId, hex: map.map.hexes[label] === undefined ? undefined : label };
  });
  return { id, name: scene.name, terrain: true, mapState, tokens };
}

/**
 * Moves the units' old markers to the scenes (see `planMapMarkers`): one Scene update for every
 * scene that gains a mark, one Actor update for every unit that still stores a retired field. The
 * GM is told, in words, of units whose markers had nowhere to go. Resolves to the problems met: a
 * scene whose map state cannot be read is one (its units kept their markers for the next load).
 */
export async function migrateMapMarkers(): Promise<MigrationProblem[]> {
  const data = game.data as unknown as { actors?: unknown };
  const scenes = [...((game as { scenes?: Iterable<SceneLike> }).scenes ?? [])].map(markerScene);
  const plan = planMapMarkers(rawList(data.actors), scenes);
  const failed: MigrationProblem[] = plan.unreadable.map((scene) => ({
    kind: "corrupt",
    documentName: "Scene",
    id: scene.id,
    name: scene.name,
    parentId: null,
    error: "its map state flag cannot be read, so the minefields and contamination of its units' markers were not moved there",
  }));
  if (plan.scenes.length > 0) {
    try {
      const rows = plan.scenes.map((s) => ({ _id: s._id, [`flags.${SYSTEM_ID}.${MAP_STATE_FLAG}`]: s.mapState }));
      await (Scene as unknown as BatchClass).updateDocuments(rows, {});
    } catch (error) {
      // Without the scenes the units keep their markers: the next load tries again.
      return [
        ...failed,
        ...plan.scenes.map((s): MigrationProblem => ({
          kind: "write",
          documentName: "Scene",
          id: s._id,
          name: s.name,
          parentId: null,
          error: errorText(error),
        })),
      ];
    }
  }
  if (plan.actors.length > 0) {
    try {
      // Their old minefield and contamination icons are removed by the schema 3 step, which runs after this one.
      await (Actor as unknown as BatchClass).updateDocuments([...plan.actors], {});
    } catch (error) {
      for (const row of plan.actors) {
        const id = row["_id"] as string;
        failed.push({ kind: "write", documentName: "Actor", id, name: id, parentId: null, error: errorText(error) });
      }
    }
  }
  const list = (names: readonly string[]) => new Intl.ListFormat(translator().lang, { type: "conjunction" }).format(names);
  if (plan.dropped.length > 0)
    notify("warn", "NOBC.MapRules.Migration.dropped", { count: plan.dropped.length, names: list(plan.dropped) }, { permanent: true });
  if (plan.unreadable.length > 0)
    notify(
      "warn",
      "NOBC.MapRules.Migration.unreadable",
      { count: plan.unreadable.length, names: list(plan.unreadable.map((scene) => scene.name)) },
      { permanent: true },
    );
  if (plan.scenes.length > 0) notify("info", "NOBC.MapRules.Migration.moved", { count: plan.scenes.length });
  return failed;
}

/* ---------------- schema 3: no status effects of ours on units ---------------- */

/**
 * The schema version from which units carry no status effect of ours: the mode and the black chip are
 * drawn on the counter, minefields and contamination lie on the scene (src/token/status-icons.ts).
 */
export const RETIRED_STATUSES_SCHEMA_VERSION = 3;

/** An actor as the removal reads it: its type, and its effects with the statuses each carries. */
export interface EffectHolder {
  readonly id: string | null;
  readonly name: string | null;
  readonly type: string;
  readonly effects: Iterable<{ readonly id: string | null; readonly statuses: ReadonlySet<string> }>;
}

const RETIRED = new Set<string>(RETIRED_STATUS_IDS);

/** The ids of a unit's effects that carry a retired status (none for an actor that is not a unit). Pure. */
export function retiredStatusEffects(actor: EffectHolder): string[] {
  if (actor.type !== "unit") return [];
  return [...actor.effects]
    .filter((e): e is typeof e & { id: string } => e.id !== null && [...e.statuses].some((s) => RETIRED.has(s)))
    .map((e) => e.id);
}

/** The world's units, as the GM's client loaded them. */
function worldUnits(): EffectHolder[] {
  return [...((game as { actors?: Iterable<EffectHolder> }).actors ?? [])].filter((a) => a.type === "unit");
}

/** The configured ActiveEffect class: a deletion names one parent (Foundry v13, docs/decisions/status-icons.md). */
interface EffectClass {
  deleteDocuments(ids: string[], operation: { parent: unknown }): Promise<unknown>;
}

/**
 * Removes every retired status effect from `actors`: one `ActiveEffect.deleteDocuments` per unit that
 * has any (a v13 operation takes one parent), none for the others, all sent together. The units' data
 * (`system.noMove` and the rest) is not touched: it was always the truth. Resolves to the units whose
 * effects could not be removed, as migration problems (the next load tries again).
 */
export async function removeRetiredStatuses(actors: Iterable<EffectHolder>): Promise<MigrationProblem[]> {
  const cls = (ActiveEffect as unknown as { implementation: EffectClass }).implementation;
  const writes = [...new Set(actors)].map((actor) => ({ actor, ids: retiredStatusEffects(actor) })).filter((w) => w.ids.length > 0);
  const results = await Promise.allSettled(writes.map((w) => cls.deleteDocuments(w.ids, { parent: w.actor })));
  return results.flatMap((r, i): MigrationProblem[] => {
    if (r.status === "fulfilled") return [];
    const actor = writes[i]!.actor;
    const id = actor.id ?? "";
    return [{ kind: "write", documentName: "Actor", id, name: actor.name ?? id, parentId: null, error: errorText(r.reason) }];
  });
}
