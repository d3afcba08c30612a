/**
 * A file imported into a world that already holds some of its rows: a row whose type and name
 * (case does not count) are an actor's of the world updates that actor instead of creating
 * another. Only the columns the row fills are compared, each as the cell the export writes
 * (./fields.ts), and only those that differ change: an empty cell leaves the field as it is, so a
 * file exported and imported unchanged changes nothing. The actor's data after the change is
 * checked by its document schema, as a new row's is (./rows.ts), so a file cannot make an actor the
 * system would refuse.
 */
import { phrase } from "../rules/resolution";
import { issuePhrase, WITH_INPUT } from "../words/issues";
import { COLUMN_NAMES, ROW_TYPES, type RowType } from "./columns";
import { cellOf, COLUMN_PATHS, PARENT_FIELD, valueAt, type WorldActorData } from "./fields";
import { problem, sortProblems, type OrbatProblem } from "./problems";
import { columnOfPath, SYSTEM_SCHEMA, type OrbatEntry } from "./rows";
import { nameKey } from "./validate";

/** One field an update changes, as cells: what the world has and what the file says. */
export interface FieldChange {
  readonly column: string;
  readonly from: string;
  readonly to: string;
}

/** A row that names an actor of the world: what changes (possibly nothing) and the data to write. */
export interface WorldMatch {
  readonly actor: WorldActorData;
  readonly changes: readonly FieldChange[];
  /** `system.…` paths and their new values (the link, when it changes, is written by the plan). */
  readonly data: Readonly<Record<string, unknown>>;
  /** The row's parent when the link changes, else null. */
  readonly parent: string | null;
}

export type WorldCheck =
  { readonly ok: true; readonly matches: ReadonlyMap<OrbatEntry, WorldMatch> } | { readonly ok: false; readonly problems: OrbatProblem[] };

function isRowType(type: string): type is RowType {
  return (ROW_TYPES as readonly string[]).includes(type);
}

function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = target;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    at[key] = typeof next === "object" && next !== null ? next : {};
    at = at[key] as Record<string, unknown>;
  }
  at[path.at(-1)!] = value;
}

function matchOf(entry: OrbatEntry, actor: WorldActorData, names: ReadonlyMap<string, string>): WorldMatch | OrbatProblem[] {
  const changes: FieldChange[] = [];
  const data: Record<string, unknown> = {};
  const after = structuredClone(actor.system) as Record<string, unknown>;
  for (const column of entry.filled) {
    const path = COLUMN_PATHS[column];
    if (path === undefined) continue;
    const from = cellOf(column, valueAt(actor.system, path));
    const value = valueAt(entry.system, path);
    const to = cellOf(column, value);
    if (from === to) continue;
    changes.push({ column, from, to });
    data[`system.${path.join(".")}`] = value;
    setAt(after, path, value);
  }
  let parent: string | null = null;
  const link = PARENT_FIELD[entry.type];
  if (link !== null && entry.filled.includes("parent") && entry.parent !== null) {
    const uuid = valueAt(actor.system, [link]);
    const current = typeof uuid === "string" ? (names.get(uuid) ?? "") : "";
    if (nameKey(current) !== nameKey(entry.parent)) {
      changes.push({ column: "parent", from: current, to: entry.parent });
      parent = entry.parent;
    }
  }
  if (changes.length > 0) {
    const checked = SYSTEM_SCHEMA[entry.type].safeParse(after, WITH_INPUT);
    if (!checked.success) return checked.error.issues.map((i) => problem(entry.line, columnOfPath(entry.type, i.path), issuePhrase(i)));
  }
  return { actor, changes, data, parent };
}

/**
 * Matches the file's rows to the world's actors and works out each update. Refused, by row: a name
 * two actors of the world share (the row could mean either), a name an actor of another type has
 * (a second actor of that name would make every later import ambiguous), and an update the document
 * schema refuses.
 */
export function checkAgainstWorld(entries: readonly OrbatEntry[], world: Iterable<WorldActorData>): WorldCheck {
  const byKey = new Map<string, WorldActorData[]>();
  const names = new Map<string, string>();
  for (const actor of world) {
    names.set(actor.uuid, actor.name);
    if (!isRowType(actor.type)) continue;
    const key = nameKey(actor.name);
    byKey.set(key, [...(byKey.get(key) ?? []), actor]);
  }
  const problems: OrbatProblem[] = [];
  const matches = new Map<OrbatEntry, WorldMatch>();
  for (const entry of entries) {
    const found = byKey.get(nameKey(entry.name)) ?? [];
    if (found.length === 0) continue;
    const same = found.filter((a) => a.type === entry.type);
    if (same.length > 1) {
      problems.push(problem(entry.line, "name", phrase("NOBC.Orbat.Problem.WorldNameTwice", { name: entry.name, count: same.length })));
    } else if (same.length === 0) {
      problems.push(problem(entry.line, "name", phrase("NOBC.Orbat.Problem.WorldOtherType", { name: entry.name, type: found[0]!.type })));
    } else {
      const match = matchOf(entry, same[0]!, names);
      if (Array.isArray(match)) problems.push(...match);
      else matches.set(entry, match);
    }
  }
  return problems.length > 0 ? { ok: false, problems: sortProblems(problems, COLUMN_NAMES) } : { ok: true, matches };
}
