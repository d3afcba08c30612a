/**
 * Which values of our documents are the umpire's (docs/authority.md, "Rules values"). Every field of
 * a guarded type's `system` is a rules value except its free text; the name and the image are the
 * owner's. The active GM's guard (src/documents/rules-guard.ts) puts back any rules value a user who
 * is not a GM wrote, and the sheets cut a player's form to the owner's paths. Pure.
 */
type Raw = Record<string, unknown>;

/** The paths an owner may write, by document type: the name, the image and the free text. The rules read none of them. */
export const OWNER_PATHS: Readonly<Record<string, readonly string[]>> = {
  unit: ["name", "img", "system.notes"],
  hq: ["name", "img", "system.notes"],
  airSquadron: ["name", "img"],
  airbase: ["name", "img"],
  nqmUnit: ["name", "img", "system.notes"],
  supportCard: ["name", "img", "system.description"],
};

/** The Actor types whose `system` the guard keeps: every one of ours. */
export const GUARDED_ACTOR_TYPES: ReadonlySet<string> = new Set(["unit", "hq", "airSquadron", "airbase", "nqmUnit"]);
/** The Item types whose `system` the guard keeps. */
export const GUARDED_ITEM_TYPES: ReadonlySet<string> = new Set(["supportCard"]);

/** Whether `path` is one of the owner's paths of `type`, or lies under one. */
export function ownerMayWrite(type: string, path: string): boolean {
  return (OWNER_PATHS[type] ?? []).some((p) => path === p || path.startsWith(`${p}.`));
}

const isRecord = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every leaf of an expanded object as [dotted path, value] (arrays and empty objects are leaves). */
export function leavesOf(data: unknown, prefix = ""): [string, unknown][] {
  if (!isRecord(data)) return [];
  return Object.entries(data).flatMap(([k, v]) =>
    isRecord(v) && Object.keys(v).length > 0 ? leavesOf(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]],
  );
}

/** The value at a dotted path, or undefined. */
export function valueAt(doc: unknown, path: string): unknown {
  let node: unknown = doc;
  for (const k of path.split(".")) {
    if (!isRecord(node)) return undefined;
    node = node[k];
  }
  return node;
}

/** Sets a dotted path in `out`, making the objects on the way. */
export function setAt(out: Raw, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = out;
  for (const k of keys.slice(0, -1)) {
    const next = node[k];
    node = isRecord(next) ? next : (node[k] = {});
  }
  node[keys[keys.length - 1]!] = structuredClone(value);
}

/** Same value: equal primitives (null and undefined alike), or arrays and objects with the same JSON. */
export function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The rules values of a `system`: a copy without the free text of `type`. */
export function rulesValuesOf(type: string, system: unknown): Raw {
  const out: Raw = {};
  for (const [path, value] of leavesOf(system, "system.")) if (!ownerMayWrite(type, path)) setAt(out, path.slice("system.".length), value);
  return out;
}

/**
 * Where `now` differs from `kept` at or under `path` (`""`: everywhere): the topmost paths that differ,
 * each with the kept value (undefined where `kept` has none: the key must go). Two objects are compared
 * key by key; anything else whole. Both are rules values (`rulesValuesOf`), so free text is in neither.
 */
export function differencesUnder(kept: Raw, now: Raw, path: string): [string, unknown][] {
  const before: unknown = path === "" ? kept : valueAt(kept, path);
  const after: unknown = path === "" ? now : valueAt(now, path);
  if (sameValue(before, after)) return [];
  if (!isRecord(before) || !isRecord(after)) return [[path, before]];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((k) => differencesUnder(kept, now, path === "" ? k : `${path}.${k}`));
}
