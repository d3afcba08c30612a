/**
 * Where each token of a stack is drawn (issue #36, item 1): the tokens that share a hex are fanned
 * along the hex's diagonal, so each shows a strip of its counter and can be clicked, and the top one
 * carries the stack's count. Pure and without PIXI: ./stacks.ts reads the canvas and paints.
 *
 * Only an offset at draw time: the token documents keep the hex centre the rules and the ruler read
 * (docs/decisions/stacks.md). A token this client may not count (another side's real token under
 * double-blind, a hidden token for a player) takes no part: it is neither fanned nor counted, so the
 * fan of the others gives nothing away about it.
 */

/** A token as the layout reads it. */
export interface StackMember {
  /** The token's id. */
  readonly id: string;
  /** The hex (grid space) it stands in; null for a token off the grid (drawn where it is). */
  readonly hex: string | null;
  /** Foundry's `sort`: a higher one is drawn above, so it is the top of the stack. */
  readonly sort: number;
  /** Whether this client may count it (./stacks.ts, `mayCount`). */
  readonly counts: boolean;
}

export interface Offset {
  readonly dx: number;
  readonly dy: number;
}

export interface StackLayout {
  /** The offset of each fanned token (a token alone in its hex, or not counted, has none). */
  readonly offsets: ReadonlyMap<string, Offset>;
  /** The count each stack's top token shows, by the top token's id. */
  readonly badges: ReadonlyMap<string, number>;
  /** The tokens of each stack of two or more, bottom first, by hex. */
  readonly stacks: ReadonlyMap<string, readonly string[]>;
  /** The hex of each token in a stack. */
  readonly hexOf: ReadonlyMap<string, string>;
}

/** The step between two tokens of a stack, as a share of the grid size: a strip wide enough to click at table zoom. */
export const STACK_STEP = 0.2;
/** The whole fan stays within this share of the grid size, so a stack of many keeps to its hex. */
export const STACK_SPREAD = 0.6;

/** The count's badge: its diameter as a share of the token's side, at the token's top right corner. */
export const STACK_BADGE = 0.26;

/** The step of a stack of `n` at grid size `size`: `STACK_STEP` until the fan would pass `STACK_SPREAD`. */
export function stackStep(n: number, size: number): number {
  return n < 2 ? 0 : Math.min(STACK_STEP, STACK_SPREAD / (n - 1)) * size;
}

/** The offset of the `i`th token (bottom first) of a stack of `n`: a diagonal fan centred on the hex centre. */
export function fanOffset(i: number, n: number, size: number): Offset {
  const d = (i - (n - 1) / 2) * stackStep(n, size);
  return { dx: d, dy: d };
}

const byDrawOrder = (a: StackMember, b: StackMember) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The layout of `members` at grid size `size`: one pass to group, one sort per stack. */
export function stackLayout(members: readonly StackMember[], size: number): StackLayout {
  const groups = new Map<string, StackMember[]>();
  for (const m of members) {
    if (!m.counts || m.hex === null) continue;
    const list = groups.get(m.hex);
    if (list === undefined) groups.set(m.hex, [m]);
    else list.push(m);
  }
  const offsets = new Map<string, Offset>();
  const badges = new Map<string, number>();
  const stacks = new Map<string, readonly string[]>();
  const hexOf = new Map<string, string>();
  for (const [hex, list] of groups) {
    if (list.length < 2) continue;
    list.sort(byDrawOrder);
    const ids = list.map((m) => m.id);
    ids.forEach((id, i) => {
      offsets.set(id, fanOffset(i, ids.length, size));
      hexOf.set(id, hex);
    });
    badges.set(ids[ids.length - 1]!, ids.length);
    stacks.set(hex, ids);
  }
  return { offsets, badges, stacks, hexOf };
}

/** The token after (`step` 1) or before (-1) `id` in its stack, round the end; null when `id` is in no stack. */
export function cycleStack(layout: StackLayout, id: string, step: 1 | -1): string | null {
  const hex = layout.hexOf.get(id);
  const ids = hex === undefined ? undefined : layout.stacks.get(hex);
  if (ids === undefined) return null;
  const i = ids.indexOf(id);
  return ids[(i + step + ids.length) % ids.length]!;
}
