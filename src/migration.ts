/**
 * World migration: brings stored documents to the current data models. Split in two:
 * `planMigration` (pure, over the raw sources the server sent) decides which documents need a
 * write, and `migrateWorld` (GM only) writes them. A document needs one when its raw `system` has
 * an old shape, or when it was last written by an older version of the system (or none recorded):
 * the live copy is already repaired by `migrateData`, so the raw shape alone could miss it. The
 * write is the live document's own source (`toObject().system`) with `diff: false`, so the
 * database gets the repaired shape even where the live copy looks unchanged.
 */
import { SYSTEM_ID } from "./base/constants";
import { repairSystemSource } from "./data/shape-repairs";
import { documentAt } from "./effects/apply";
import { CURRENT_SCHEMA_VERSION, SETTING_KEYS } from "./base/settings";
import { errorText } from "./base/errors";
import { notify } from "./base/foundry";

/** A stored document as the server sent it, before any `migrateData` ran. */
export interface RawDocument {
  readonly _id: string;
  readonly name?: string;
  readonly type: string;
  readonly system?: unknown;
  /** Which version of the system last wrote it (absent in very old worlds). */
  readonly _stats?: { readonly systemVersion?: string | null } | null;
  /** Embedded items of an actor. */
  readonly items?: readonly RawDocument[];
}

export interface MigrationStep {
  readonly documentName: "Actor" | "Item";
  readonly id: string;
  readonly name: string;
  /** For an item held by an actor: the actor's id. */
  readonly parentId: string | null;
  /** Why it is written: its stored shape is old, or an older system version (or none) wrote it. */
  readonly reason: "shape" | "version";
}

/** True when dotted version `stored` is missing or older than `current` ("0.9.2" < "0.10.0"). Pure. */
export function isOlderVersion(stored: string | null | undefined, current: string): boolean {
  if (typeof stored !== "string" || stored === "") return true;
  const parts = (v: string) => v.split(".").map((p) => Number.parseInt(p, 10) || 0);
  const a = parts(stored);
  const b = parts(current);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
}

function step(
  documentName: "Actor" | "Item",
  doc: RawDocument,
  parentId: string | null,
  systemVersion: string | undefined,
): MigrationStep | undefined {
  if (typeof doc.system !== "object" || doc.system === null) return undefined;
  const base = { documentName, id: doc._id, name: doc.name ?? doc._id, parentId };
  if (repairSystemSource(doc.type, structuredClone(doc.system))) return { ...base, reason: "shape" };
  if (systemVersion !== undefined && isOlderVersion(doc._stats?.systemVersion, systemVersion)) return { ...base, reason: "version" };
  return undefined;
}

/**
 * The documents to write so every world actor, held item and world item has the current shapes.
 * With `systemVersion`, documents last written by an older system version (or none recorded) are
 * included too. Pure.
 */
export function planMigration(actors: readonly RawDocument[], items: readonly RawDocument[], systemVersion?: string): MigrationStep[] {
  const steps: MigrationStep[] = [];
  const push = (s: MigrationStep | undefined) => {
    if (s !== undefined) steps.push(s);
  };
  for (const actor of actors) {
    push(step("Actor", actor, null, systemVersion));
    for (const item of actor.items ?? []) push(step("Item", item, actor._id, systemVersion));
  }
  for (const item of items) push(step("Item", item, null, systemVersion));
  return steps;
}

export interface MigrationReport {
  readonly ran: boolean;
  readonly migrated: number;
  readonly failed: readonly { readonly name: string; readonly error: string }[];
}

function rawList(value: unknown): RawDocument[] {
  return Array.isArray(value) ? (value as RawDocument[]) : [];
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

interface Write {
  readonly step: MigrationStep;
  readonly doc: LiveSource;
  readonly system: unknown;
}

interface Failure {
  name: string;
  error: string;
}

function liveDocument(s: MigrationStep): LiveSource | undefined {
  const doc = documentAt(stepUuid(s));
  return doc instanceof foundry.abstract.Document ? doc : undefined;
}

/**
 * Writes one group (world actors, world items, or the items of one actor) in one request; if that
 * request fails, writes each on its own (at once) so a single broken document cannot stop the rest.
 */
async function writeGroup(cls: BatchClass, writes: readonly Write[], parent: unknown): Promise<Failure[]> {
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
  const failed: Failure[] = [];
  results.forEach((result, i) => {
    if (result.status === "fulfilled") return;
    const { step } = writes[i]!;
    failed.push({ name: step.name, error: errorText(result.reason) });
    console.error(`${SYSTEM_ID} | migration of ${step.documentName} "${step.name}" failed`, result.reason);
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

/**
 * Runs the migration if the world's schema version is behind (or `force` is set). GM only.
 * Writes one batch per group; the version is recorded at the end even when some fail, and the
 * failures are listed so the GM can fix them and re-run. With nothing to write, it only records
 * the version, without notifications.
 */
export async function migrateWorld(options: { force?: boolean } = {}): Promise<MigrationReport> {
  const none: MigrationReport = { ran: false, migrated: 0, failed: [] };
  if (game.user?.isGM !== true || game.settings === undefined) return none;
  // A world from before the setting existed has no value yet.
  const stored = (game.settings.get(SYSTEM_ID, SETTING_KEYS.schemaVersion) as number | undefined) ?? 0;
  if (stored >= CURRENT_SCHEMA_VERSION && options.force !== true) return none;

  const data = game.data as unknown as { actors?: unknown; items?: unknown };
  const systemVersion = (game.system as { version?: string } | undefined)?.version;
  const steps = planMigration(rawList(data.actors), rawList(data.items), systemVersion);
  if (steps.length === 0) {
    await game.settings.set(SYSTEM_ID, SETTING_KEYS.schemaVersion, CURRENT_SCHEMA_VERSION);
    return { ran: true, migrated: 0, failed: [] };
  }

  const bar = notify("info", "NOBC.Migration.start", {}, { progress: true }) as { update?(data: { pct: number }): unknown } | undefined;
  const failed: Failure[] = [];
  let done = 0;
  for (const group of groups(steps)) {
    const writes: Write[] = [];
    for (const s of group.steps) {
      const doc = liveDocument(s);
      if (doc === undefined) failed.push({ name: s.name, error: "document not found" });
      else writes.push({ step: s, doc, system: doc.toObject().system });
    }
    const cls = (group.key === "Actor" ? Actor : Item) as unknown as BatchClass;
    // Held items are written through their actor (embedded documents batch per parent).
    const parent = group.key.startsWith("Actor.") ? documentAt(group.key) : undefined;
    if (writes.length > 0) failed.push(...(await writeGroup(cls, writes, parent)));
    done += group.steps.length;
    bar?.update?.({ pct: done / steps.length });
  }

  await game.settings.set(SYSTEM_ID, SETTING_KEYS.schemaVersion, CURRENT_SCHEMA_VERSION);
  notify("info", "NOBC.Migration.done", { count: steps.length - failed.length });
  if (failed.length > 0) {
    notify("warn", "NOBC.Migration.failed", { count: failed.length, command: "game.nobc.migrate({ force: true })" }, { permanent: true });
  }
  return { ran: true, migrated: steps.length - failed.length, failed };
}
