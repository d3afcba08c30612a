/**
 * What a team scene's tokens must become, as the least writes (issue #30 item 3): the tokens wanted
 * (the side's own, mirrored; the enemy markers of its view) against the tokens the scene holds, each
 * matched by key. Linear: one map of the held tokens, one pass over the wanted.
 */
import { replacement } from "../base/compat";

/** A token as the diff compares it: the fields the team scene draws from (position, size, name, image, flag). */
export interface TokenFace {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly hidden: boolean;
  readonly name: string;
  readonly img: string | null;
  /** The token's flag of ours (mirror or marker), as stored. */
  readonly flag: Readonly<Record<string, unknown>>;
}

/** A token the scene should hold: its key, its face, and what else a new one is created with (actor, link). */
export interface WantedToken {
  readonly key: string;
  readonly face: TokenFace;
  readonly create: Readonly<Record<string, unknown>>;
}

/** A token the scene holds: its id, key and face as stored. */
export interface HeldToken {
  readonly id: string;
  readonly key: string;
  readonly face: TokenFace;
}

export interface TokenDiff {
  readonly create: readonly Record<string, unknown>[];
  readonly update: readonly Record<string, unknown>[];
  readonly delete: readonly string[];
}

export const NO_DIFF: TokenDiff = { create: [], update: [], delete: [] };

export function emptyDiff(diff: TokenDiff): boolean {
  return diff.create.length === 0 && diff.update.length === 0 && diff.delete.length === 0;
}

/** Whether two flag values are equal: plain data (numbers, strings, small objects), compared key by key. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function sameFlag(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  return sameValue(a, b);
}

/** The update of `held` to `want` (only the fields that differ); null when nothing differs. */
function changesOf(held: TokenFace, want: TokenFace, flagPath: string): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const key of ["x", "y", "width", "height", "hidden", "name"] as const) if (held[key] !== want[key]) out[key] = want[key];
  if (want.img !== null && held.img !== want.img) out["texture.src"] = want.img;
  // The whole flag in its place: a marker whose knowledge changed keeps no stale field.
  if (!sameFlag(held.flag, want.flag)) Object.assign(out, replacement(flagPath, want.flag));
  return Object.keys(out).length === 0 ? null : out;
}

/** A token's full creation data: its face, then what it is created with. */
function creationOf(want: WantedToken, flagPath: string): Record<string, unknown> {
  const { x, y, width, height, hidden, name, img, flag } = want.face;
  const [scope, key] = flagPath.split(".").slice(1);
  return {
    ...want.create,
    name,
    x,
    y,
    width,
    height,
    hidden,
    ...(img === null ? {} : { texture: { src: img } }),
    flags: { [scope!]: { [key!]: flag } },
  };
}

/**
 * The writes from `held` to `wanted`: a wanted key not held is created, a held key not wanted (or
 * held twice) is deleted, a held key whose face differs is updated with what differs. `flagPath` is
 * the flag's path under a token (`flags.nobc.marker`), so the flag is written whole, never merged.
 */
export function diffTokens(wanted: readonly WantedToken[], held: readonly HeldToken[], flagPath: string): TokenDiff {
  const byKey = new Map<string, HeldToken>();
  const remove: string[] = [];
  for (const token of held) {
    if (byKey.has(token.key)) remove.push(token.id);
    else byKey.set(token.key, token);
  }
  const create: Record<string, unknown>[] = [];
  const update: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (const want of wanted) {
    if (seen.has(want.key)) continue;
    seen.add(want.key);
    const token = byKey.get(want.key);
    if (token === undefined) {
      create.push(creationOf(want, flagPath));
      continue;
    }
    const changes = changesOf(token.face, want.face, flagPath);
    if (changes !== null) update.push({ _id: token.id, ...changes });
  }
  for (const [key, token] of byKey) if (!seen.has(key)) remove.push(token.id);
  return { create, update, delete: remove };
}

/** Two diffs of one scene as one: its tokens are one document class, written in one call per kind. */
export function joinDiffs(a: TokenDiff, b: TokenDiff): TokenDiff {
  return { create: [...a.create, ...b.create], update: [...a.update, ...b.update], delete: [...a.delete, ...b.delete] };
}
