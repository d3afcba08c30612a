/**
 * Where each column of an order-of-battle file lives in an actor's system data, and how a value
 * there is written back as the cell the import reads. The export writes these cells; the update of
 * an actor already in the world compares them, so a file exported and imported unchanged changes
 * nothing.
 */
import type { RowType } from "./columns";

/** An actor of the world as the export and the update read it: its source data (`Actor#toObject()`). */
export interface WorldActorData {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

/** The link field of each row type: the actor its `parent` cell names. */
export const PARENT_FIELD: Record<RowType, "hq" | "parent" | "airbase" | null> = {
  unit: "hq",
  hq: "parent",
  airSquadron: "airbase",
  airbase: null,
};

/**
 * The system path of each column that is a value of the actor (`parent` is a link, `formation` a
 * folder, `type` and `name` the document's own). A pool's column is its current value; its
 * maximum has a column of its own, except an airbase's air defence, whose maximum the import sets
 * equal to it on creation and an update leaves alone.
 */
export const COLUMN_PATHS: Readonly<Record<string, readonly string[]>> = {
  side: ["side"],
  nationality: ["nationality"],
  size: ["size"],
  arm: ["arm"],
  strength: ["strength", "value"],
  strengthMax: ["strength", "max"],
  supply: ["supply"],
  mode: ["mode"],
  minelaying: ["minelaying"],
  overrunMp: ["overrunCost", "mp"],
  overrunHits: ["overrunCost", "hits"],
  echelon: ["echelon"],
  level: ["level", "value"],
  levelMax: ["level", "max"],
  radius: ["radius"],
  supplyCounters: ["supplyCounters"],
  initiative: ["initiative"],
  mayRecover: ["mayRecover"],
  aircraft: ["aircraft"],
  role: ["role"],
  airToAir: ["airToAir"],
  cas: ["cas"],
  deepStrike: ["deepStrike"],
  range: ["range"],
  weapons: ["weapons"],
  recce: ["recce"],
  ew: ["ew"],
  harrier: ["harrier"],
  box: ["box"],
  airZone: ["airZone"],
  baseCapacity: ["baseCapacity"],
  airDefence: ["airDefence", "value"],
  notes: ["notes"],
};

/** The value at `path` of a system object; undefined where it has none. */
export function valueAt(system: unknown, path: readonly string[]): unknown {
  let at: unknown = system;
  for (const key of path) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

const PLAIN_NOTES = /^<p>([^<>]*)<\/p>$/;

/**
 * Notes as the cell the import turns back into them: the one escaped paragraph it writes, as its
 * text. Richer notes (several paragraphs, formatting, written on the sheet) cannot be a plain cell
 * without loss, so they are left out: an empty cell leaves an actor's notes as they are.
 */
function notesText(html: string): string {
  const m = PLAIN_NOTES.exec(html);
  if (m === null) return "";
  return m[1]!.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

/** A value of column `column` as its cell: yes/no, a plain number, `kind:name; …` weapons, "" for none. */
export function cellOf(column: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (column === "notes") return typeof value === "string" ? notesText(value) : "";
  if (column === "weapons") {
    return Array.isArray(value)
      ? value.map((w: { kind?: unknown; name?: unknown }) => `${String(w.kind)}:${String(w.name)}`).join("; ")
      : "";
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" || typeof value === "string") return String(value);
  return "";
}
