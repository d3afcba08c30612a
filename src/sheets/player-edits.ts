/**
 * What a player may change on a sheet they own (docs/authority.md, "Sheets"). Rules values (tracks,
 * markers, movement points, HQ level, squadron box, card values…) are the umpire's: the active GM's
 * client writes them through cards, or a GM edits them by hand. A player's client keeps only the free
 * text of a submitted form; everything else it drops before Foundry writes. Pure.
 */
import { OWNER_PATHS, ownerMayWrite } from "../data/rules-values";

type Raw = Record<string, unknown>;

/** The form paths a player may write, by document type: the name, the image and the free text (src/data/rules-values.ts). */
export const PLAYER_EDITABLE = OWNER_PATHS;

/** Whether `path` is a player's to write on a document of `type`. */
export const playerMayEdit = ownerMayWrite;

const isRecord = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every leaf of an expanded form as [dotted path, value] (arrays are leaves). */
function leaves(data: Raw, prefix = ""): [string, unknown][] {
  return Object.entries(data).flatMap(([k, v]) =>
    isRecord(v) ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]],
  );
}

function valueAt(doc: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o === null || typeof o !== "object" ? undefined : (o as Raw)[k]), doc);
}

function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

function setAt(out: Raw, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = out;
  for (const k of keys.slice(0, -1)) {
    const next = node[k];
    node = isRecord(next) ? next : (node[k] = {});
  }
  node[keys[keys.length - 1]!] = value;
}

export interface PlayerEdits {
  /** The update with only the player-editable paths. */
  readonly data: Raw;
  /** The dropped paths whose value differs from the document's: what the player tried to change. */
  readonly refused: readonly string[];
}

/**
 * `expanded` (a sheet's form, as Foundry expands it) cut to what a player may write on a document
 * of `type`; `current` is the document (its name, img, system), to tell a real change from a value
 * the form only repeats. Pure.
 */
export function playerEdits(type: string, expanded: Raw, current: unknown): PlayerEdits {
  const data: Raw = {};
  const refused: string[] = [];
  for (const [path, value] of leaves(expanded)) {
    if (playerMayEdit(type, path)) setAt(data, path, value);
    else if (!sameValue(value, valueAt(current, path))) refused.push(path);
  }
  return { data, refused };
}
