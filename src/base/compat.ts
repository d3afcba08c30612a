/**
 * Foundry v13 and v14 from one codebase: the one module that knows which generation runs
 * (`game.release.generation`) and writes what the two spell differently. Everything else asks here.
 *
 * - Deleting a key and replacing a value whole: v13 spells them in the update's keys (`a.-=b: null`,
 *   `a.==b: value`); v14 deprecates those keys (removal planned for v16) for the update operators
 *   `_del` and `_replace(value)` of `foundry.data.operators`, under the plain path. Only this module
 *   writes either spelling; a stored plan names a removal by its plain path (src/effects/, "removals").
 * - `CONFIG.statusEffects`: an array in v13, a record keyed by status id in v14.
 * - A movement action's cost: v14 adds `costMultiplier`, used when the action has no cost function.
 * - Markup the system adds to (the Token HUD's column, the Actors directory's header): looked up here,
 *   so a change of it between generations is met in one place.
 *
 * The v14 members are typed in ./foundry-v14.d.ts (no v14 types are published).
 */
import type { MovementActionCost, ReleaseData, StatusEffectEntry, StatusEffects, V14Operators } from "./foundry-v14";

/** The generation Foundry runs (13, 14, …); 13 where the release cannot be read (a test without one). */
export function generation(): number {
  const release = (globalThis as { game?: { release?: ReleaseData } }).game?.release;
  const g = release?.generation;
  return typeof g === "number" && Number.isInteger(g) ? g : 13;
}

/** Whether updates carry v14's operators rather than v13's `-=` / `==` keys. */
export function usesOperators(): boolean {
  return generation() >= 14;
}

function operators(): Required<V14Operators> {
  const ops = globalThis as V14Operators;
  if (ops._del === undefined || typeof ops._replace !== "function") {
    // Foundry v14 defines both globals at start-up: their absence is a broken client, not a case to guess around.
    throw new Error("nobc | Foundry v14's update operators (_del, _replace) are not defined");
  }
  return { _del: ops._del, _replace: ops._replace };
}

/** `a.b.c` as its parent path and last key (`a.b`, `c`); a one-key path has an empty parent. */
function splitLast(path: string): readonly [string, string] {
  const at = path.lastIndexOf(".");
  return at < 0 ? ["", path] : [path.slice(0, at), path.slice(at + 1)];
}

function prefixed(path: string, prefix: "-=" | "=="): string {
  const [parent, last] = splitLast(path);
  return parent === "" ? `${prefix}${last}` : `${parent}.${prefix}${last}`;
}

/** The update entry that removes the key at the dotted `path` (a flag, a map state key, a retired field). */
export function removal(path: string): Record<string, unknown> {
  return usesOperators() ? { [path]: operators()._del } : { [prefixed(path, "-=")]: null };
}

/** The update entries that remove each of `paths`. */
export function removals(paths: Iterable<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of paths) Object.assign(out, removal(path));
  return out;
}

/** The update entry that sets `path` to `value` whole, keeping none of the keys it held before. */
export function replacement(path: string, value: unknown): Record<string, unknown> {
  return usesOperators() ? { [path]: operators()._replace(value) } : { [prefixed(path, "==")]: value };
}

/**
 * A key of an update's changes (as an update hook receives them) without a v13 `-=` / `==` prefix
 * on its last part: `mines.-=0712` and v14's `mines.0712` (whose value is an operator) both name `mines.0712`.
 */
export function plainKey(key: string): string {
  const [parent, last] = splitLast(key);
  const bare = last.startsWith("-=") || last.startsWith("==") ? last.slice(2) : last;
  return parent === "" ? bare : `${parent}.${bare}`;
}

/**
 * The dotted paths an update's changes (as an update hook receives them, expanded) write, whatever the
 * generation's spelling: a plain value's own path; a v13 `-=key` or `==key`, or a value that is not a
 * plain object (v14's `_del` and `_replace` operators, whose insides are Foundry's), names its key whole
 * and is not walked into. The values are not given: read them from the document the update wrote.
 */
export function touchedPaths(changed: unknown, prefix = ""): string[] {
  if (typeof changed !== "object" || changed === null || Array.isArray(changed)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(changed as Record<string, unknown>)) {
    const path = `${prefix}${plainKey(key)}`;
    const whole = key.startsWith("-=") || key.startsWith("==");
    const plain = typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
    if (!whole && plain && Object.keys(value).length > 0) out.push(...touchedPaths(value, `${path}.`));
    else out.push(path);
  }
  return out;
}

/** Whether `key` is a v13 removal key (`….-=name`), as records written before the neutral form stored them. */
export function isLegacyRemovalKey(key: string): boolean {
  return splitLast(key)[1].startsWith("-=");
}

function statusEffects(): StatusEffects {
  return (CONFIG as unknown as { statusEffects: StatusEffects }).statusEffects;
}

/** The token statuses Foundry offers, whichever way the generation keeps them. */
export function statusEffectList(): readonly StatusEffectEntry[] {
  const all = statusEffects();
  return Array.isArray(all) ? all : Object.values(all);
}

/** Keeps only the statuses `keep` accepts, in the shape the generation reads (v13 an array, v14 a record by id). */
export function keepStatusEffects(keep: (id: string) => boolean): void {
  const kept = statusEffectList().filter((s) => keep(s.id));
  const config = CONFIG as unknown as { statusEffects: StatusEffects };
  config.statusEffects = usesOperators() ? Object.fromEntries(kept.map((s) => [s.id, s])) : kept;
}

/**
 * The factor a movement action puts on a step's cost when it has no cost function of its own: v14's
 * `costMultiplier` (climb, crawl, swim and jump cost ×2), 1 in v13 (no such field) or when unset.
 */
export function actionCostMultiplier(action: object): number {
  const m = (action as MovementActionCost).costMultiplier;
  return typeof m === "number" && Number.isFinite(m) && m >= 0 ? m : 1;
}

/** Anything a hook hands over whose descendants can be looked up. */
export interface Queryable<E> {
  querySelector(selector: string): E | null;
}

/**
 * The Token HUD's column the system adds its button to (`side`): `.col.left` / `.col.right` in v13's
 * HUD. v14's public pages do not describe the HUD's markup, so a column marked by its side alone is
 * accepted too; null when neither is there (the button is left out, the planner stays on the sheet).
 */
export function tokenHudColumn<E>(html: Queryable<E>, side: "left" | "right"): E | null {
  return html.querySelector(`.col.${side}`) ?? html.querySelector(`[data-side="${side}"]`);
}

/** The Actors directory's header buttons (`.header-actions`, the same in v13 and v14), or null. */
export function directoryHeaderActions<E>(root: Queryable<E>): E | null {
  return root.querySelector(".header-actions");
}
