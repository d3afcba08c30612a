/**
 * The world migration's planner (pure, over the raw sources the server sent): which documents need
 * a write and which stored sources cannot be read. Its own module, light, for `game.nobc.planMigration`
 * at init; the writer (`migrateWorld`, src/migration.ts) loads when it runs. See src/migration.ts.
 */
import { errorText } from "./base/errors";
import { repairSystemSource } from "./data/shape-repairs";
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
  /** Its raw `system` with the repairs applied: what is written when Foundry could not load it. */
  readonly system: Readonly<Record<string, unknown>>;
}

/**
 * A document the migration could not bring up to date: `corrupt`, its stored source cannot be
 * read; `invalid`, Foundry could not load it and the repair does not make it load; `write`, its
 * write failed. Named by the document's name and id (an unreadable entry of an actor's items by
 * its actor's).
 */
export interface MigrationProblem {
  readonly kind: "corrupt" | "invalid" | "write";
  readonly documentName: "Actor" | "Item" | "Scene";
  readonly id: string;
  readonly name: string;
  /** For an item held by an actor: the actor's id. */
  readonly parentId: string | null;
  /** What went wrong, for the console (not shown to players). */
  readonly error: string;
}

export interface MigrationPlan {
  readonly steps: readonly MigrationStep[];
  /** Stored sources that could not be read, skipped. */
  readonly corrupt: readonly MigrationProblem[];
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

type Source = Record<string, unknown>;

export function isSource(value: unknown): value is Source {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The id and name a stored source gives itself, whatever its shape. */
export function identity(raw: unknown): { id: string; name: string } {
  const source = isSource(raw) ? raw : {};
  const id = typeof source["_id"] === "string" ? source["_id"] : "";
  const name = typeof source["name"] === "string" && source["name"].trim() !== "" ? source["name"] : id;
  return { id, name };
}

function systemVersionOf(source: Source): unknown {
  const stats = source["_stats"];
  return isSource(stats) ? stats["systemVersion"] : undefined;
}

/** The step for one stored document, if it needs one; throws on a source it cannot read. */
function step(
  documentName: "Actor" | "Item",
  raw: unknown,
  parentId: string | null,
  systemVersion: string | undefined,
): MigrationStep | undefined {
  if (!isSource(raw) || typeof raw["_id"] !== "string" || raw["_id"] === "") throw new Error("not a stored document with an id");
  if (typeof raw["type"] !== "string") throw new Error("its type is not a string");
  // Foundry loads such a document with its type's defaults, so the stored data it had cannot be read back.
  const system = raw["system"];
  if (system === undefined) throw new Error("it has no system data");
  if (!isSource(system))
    throw new Error(
      `its system data is ${system === null ? "null" : Array.isArray(system) ? "a list" : `a ${typeof system}`}, not an object`,
    );
  const base = { documentName, id: raw["_id"], name: identity(raw).name, parentId, system: structuredClone(system) };
  if (repairSystemSource(raw["type"], base.system)) return { ...base, reason: "shape" };
  const stored = systemVersionOf(raw);
  if (systemVersion !== undefined && isOlderVersion(typeof stored === "string" ? stored : null, systemVersion))
    return { ...base, reason: "version" };
  return undefined;
}

/**
 * The documents to write so every world actor, held item and world item has the current shapes,
 * and the stored sources that cannot be read (skipped, each on its own). With `systemVersion`,
 * documents last written by an older system version (or none recorded) are planned too. Pure.
 */
export function planWorld(actors: readonly unknown[], items: readonly unknown[], systemVersion?: string): MigrationPlan {
  const steps: MigrationStep[] = [];
  const corrupt: MigrationProblem[] = [];
  const skip = (documentName: "Actor" | "Item", named: unknown, parentId: string | null, error: string) =>
    corrupt.push({ kind: "corrupt", documentName, ...identity(named), parentId, error });
  const plan = (documentName: "Actor" | "Item", raw: unknown, parentId: string | null) => {
    try {
      const s = step(documentName, raw, parentId, systemVersion);
      if (s !== undefined) steps.push(s);
    } catch (error) {
      skip(documentName, raw, parentId, errorText(error));
    }
  };
  for (const actor of actors) {
    plan("Actor", actor, null);
    if (!isSource(actor) || actor["items"] === undefined) continue;
    const held = actor["items"];
    const actorId = identity(actor).id;
    if (!Array.isArray(held)) {
      skip("Actor", actor, null, "its items are not a list");
      continue;
    }
    held.forEach((item: unknown, i) => {
      // An entry with no id of its own is named by its actor.
      if (identity(item).id === "") skip("Actor", actor, null, `items[${i}] is not a stored document with an id`);
      else plan("Item", item, actorId);
    });
  }
  for (const item of items) plan("Item", item, null);
  return { steps, corrupt };
}

/** The documents to write (see `planWorld`); unreadable sources are left out. Pure. */
export function planMigration(actors: readonly unknown[], items: readonly unknown[], systemVersion?: string): MigrationStep[] {
  return [...planWorld(actors, items, systemVersion).steps];
}
