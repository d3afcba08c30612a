/**
 * World migration: repairs stored documents of older shapes so the database matches the data
 * models. Split in two: `planMigration` (pure, over raw sources, tested on old-shaped fixtures)
 * and `migrateWorld` (GM only; writes each document on its own so one broken document cannot stop
 * the rest, shows progress, and records the new schema version at the end).
 */
import { SYSTEM_ID } from "./constants";
import { repairSystemSource } from "./data/shape-repairs";
import { documentAt } from "./effects/apply";
import { CURRENT_SCHEMA_VERSION, SETTING_KEYS } from "./settings";

/** A stored document as the server sent it, before any `migrateData` ran. */
export interface RawDocument {
  readonly _id: string;
  readonly name?: string;
  readonly type: string;
  readonly system?: unknown;
  /** Embedded items of an actor. */
  readonly items?: readonly RawDocument[];
}

export interface MigrationStep {
  readonly documentName: "Actor" | "Item";
  readonly id: string;
  readonly name: string;
  /** For an item held by an actor: the actor's id. */
  readonly parentId: string | null;
  /** The whole repaired `system`, written in place of the stored one. */
  readonly update: { readonly system: Record<string, unknown> };
}

function step(documentName: "Actor" | "Item", doc: RawDocument, parentId: string | null): MigrationStep | undefined {
  if (typeof doc.system !== "object" || doc.system === null) return undefined;
  const system = structuredClone(doc.system) as Record<string, unknown>;
  if (!repairSystemSource(doc.type, system)) return undefined;
  return { documentName, id: doc._id, name: doc.name ?? doc._id, parentId, update: { system } };
}

/** The writes that bring every world actor, held item and world item to the current shapes. Pure. */
export function planMigration(actors: readonly RawDocument[], items: readonly RawDocument[]): MigrationStep[] {
  const steps: MigrationStep[] = [];
  const push = (s: MigrationStep | undefined) => {
    if (s !== undefined) steps.push(s);
  };
  for (const actor of actors) {
    push(step("Actor", actor, null));
    for (const item of actor.items ?? []) push(step("Item", item, actor._id));
  }
  for (const item of items) push(step("Item", item, null));
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

interface Updatable {
  update(data: object, options: object): Promise<unknown>;
}

function targetOf(s: MigrationStep): Updatable | undefined {
  const doc = documentAt(stepUuid(s));
  return doc instanceof foundry.abstract.Document ? (doc as unknown as Updatable) : undefined;
}

/**
 * Runs the migration if the world's schema version is behind (or `force` is set). GM only.
 * Documents are written concurrently, each with its own error handling; the version is recorded
 * at the end even when some fail, and the failures are listed so the GM can fix them and re-run.
 */
export async function migrateWorld(options: { force?: boolean } = {}): Promise<MigrationReport> {
  const none: MigrationReport = { ran: false, migrated: 0, failed: [] };
  if (game.user?.isGM !== true || game.settings === undefined) return none;
  const stored = game.settings.get(SYSTEM_ID, SETTING_KEYS.schemaVersion) ?? 0;
  if (stored >= CURRENT_SCHEMA_VERSION && options.force !== true) return none;

  const data = game.data as unknown as { actors?: unknown; items?: unknown };
  const steps = planMigration(rawList(data.actors), rawList(data.items));
  const i18n = game.i18n;
  const bar = ui.notifications?.info(i18n?.localize("NOBC.Migration.start") ?? "", { progress: true });
  let done = 0;
  const failed: { name: string; error: string }[] = [];

  const results = await Promise.allSettled(
    steps.map(async (s) => {
      try {
        const target = targetOf(s);
        if (target === undefined) throw new Error("document not found");
        // diff: false writes the repaired shape even though the in-memory copy already looks repaired.
        await target.update(s.update, { diff: false });
      } catch (err) {
        failed.push({ name: s.name, error: err instanceof Error ? err.message : String(err) });
        console.error(`${SYSTEM_ID} | migration of ${s.documentName} "${s.name}" failed`, err);
      } finally {
        done++;
        bar?.update?.(done / steps.length);
      }
    }),
  );
  void results;

  await game.settings.set(SYSTEM_ID, SETTING_KEYS.schemaVersion, CURRENT_SCHEMA_VERSION);
  bar?.update?.(1);
  ui.notifications?.info(i18n?.format("NOBC.Migration.done", { count: String(steps.length - failed.length) }) ?? "");
  if (failed.length > 0) {
    ui.notifications?.warn(i18n?.format("NOBC.Migration.failed", { count: String(failed.length) }) ?? "", { permanent: true });
  }
  return { ran: true, migrated: steps.length - failed.length, failed };
}
