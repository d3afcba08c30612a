/**
 * A card's write plan and its inverse as the log's rows (./entry.ts, `LogRow`): one row per field
 * written, with the value before (from the inverse) and after (from the plan). The plan's shape is
 * read structurally (`PlanLike`: the rows of src/effects/write-plan.ts that a card writes), so the
 * rules core imports nothing from the write path. Pure.
 */
import { WHOLE_DOCUMENT, type LogRow, type LogValue } from "./entry";

type Changes = Readonly<Record<string, unknown>>;
interface Update {
  readonly uuid: string;
  readonly changes: Changes;
}
interface SceneUpdate extends Update {
  readonly removals?: readonly string[];
}
interface Deletion {
  readonly uuid: string;
  readonly id: string;
}
interface Creation {
  readonly parentUuid?: string | null;
  readonly data: Changes;
}

/** The rows of a write plan the log keeps (every list optional). */
export interface PlanLike {
  readonly actorUpdates?: readonly Update[];
  readonly itemUpdates?: readonly Update[];
  readonly combatUpdates?: readonly Update[];
  readonly tokenUpdates?: readonly Update[];
  readonly sceneUpdates?: readonly SceneUpdate[];
  readonly itemCreations?: readonly Creation[];
  readonly itemDeletions?: readonly Deletion[];
  readonly tokenCreations?: readonly Creation[];
  readonly tokenDeletions?: readonly Deletion[];
  readonly journalCreations?: readonly Creation[];
  readonly journalDeletions?: readonly Deletion[];
  readonly actorCreations?: readonly Creation[];
  readonly actorDeletions?: readonly Deletion[];
  readonly folderCreations?: readonly Creation[];
  readonly folderDeletions?: readonly Deletion[];
}

const idOf = (c: Creation): string => (typeof c.data["_id"] === "string" ? c.data["_id"] : "");

const CREATED: readonly [keyof PlanLike, keyof PlanLike, (c: Creation) => string][] = [
  ["itemCreations", "itemDeletions", (c) => (c.parentUuid ? `${c.parentUuid}.Item.${idOf(c)}` : `Item.${idOf(c)}`)],
  ["tokenCreations", "tokenDeletions", (c) => `${c.parentUuid ?? ""}.Token.${idOf(c)}`],
  ["journalCreations", "journalDeletions", (c) => `JournalEntry.${idOf(c)}`],
  ["actorCreations", "actorDeletions", (c) => `Actor.${idOf(c)}`],
  ["folderCreations", "folderDeletions", (c) => `Folder.${idOf(c)}`],
];

const value = (v: unknown): LogValue => v as LogValue;

/**
 * The rows of `forward` with their values before from `inverse`: each field a plan updates (a scene's
 * removed key has no value after; a field the inverse removes had none before), each document it
 * creates (`*`, its source after) and deletes (`*`, its source before, from the inverse's creation).
 */
export function planRows(forward: PlanLike, inverse: PlanLike): LogRow[] {
  const before = new Map<string, Changes>();
  const removedBefore = new Map<string, Set<string>>();
  for (const k of ["actorUpdates", "itemUpdates", "combatUpdates", "tokenUpdates", "sceneUpdates"] as const) {
    for (const u of inverse[k] ?? []) {
      before.set(u.uuid, { ...(before.get(u.uuid) ?? {}), ...u.changes });
      const removals = (u as SceneUpdate).removals;
      if (removals !== undefined) removedBefore.set(u.uuid, new Set([...(removedBefore.get(u.uuid) ?? []), ...removals]));
    }
  }
  const rows: LogRow[] = [];
  const push = (doc: string, field: string, after: { v: unknown } | null) => {
    const was = before.get(doc);
    const had = was !== undefined && Object.hasOwn(was, field) && !removedBefore.get(doc)?.has(field);
    rows.push({ doc, field, ...(had ? { before: value(was[field]) } : {}), ...(after === null ? {} : { after: value(after.v) }) });
  };
  for (const k of ["actorUpdates", "itemUpdates", "combatUpdates", "tokenUpdates", "sceneUpdates"] as const) {
    for (const u of forward[k] ?? []) {
      for (const [field, v] of Object.entries(u.changes)) if (v !== undefined) push(u.uuid, field, { v });
      for (const field of (u as SceneUpdate).removals ?? []) push(u.uuid, field, null);
    }
  }
  for (const [creations, deletions, uuidOf] of CREATED) {
    for (const c of (forward[creations] ?? []) as readonly Creation[])
      rows.push({ doc: uuidOf(c), field: WHOLE_DOCUMENT, after: value(c.data) });
    const recreated = new Map(((inverse[creations] ?? []) as readonly Creation[]).map((c) => [idOf(c), c.data]));
    for (const d of (forward[deletions] ?? []) as readonly Deletion[]) {
      const source = recreated.get(d.id);
      rows.push({ doc: d.uuid, field: WHOLE_DOCUMENT, ...(source === undefined ? {} : { before: value(source) }) });
    }
  }
  return rows;
}
