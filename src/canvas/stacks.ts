/**
 * Stacks on the board (issue #36, item 1): the tokens sharing a hex are fanned at draw time
 * (./stack-layout.ts), the top one shows the count, and the keyboard cycles through a stack.
 * Nothing is written: the documents keep the hex centre the rules and the ruler read
 * (docs/decisions/stacks.md).
 *
 * - `canvasReady`, `createToken`, `updateToken` (place, size, sort, hidden), `deleteToken`, `updateActor`
 *   (side or ownership) and the teams' change: the viewed scene's stacks are laid out again, once per burst.
 * - `refreshToken`: Foundry has set the token's place again; its offset is put back on.
 * - Under double-blind a player counts only what their side may know (`mayCount`): another side's real
 *   token is neither fanned nor counted; markers (tokens of no unit or HQ) and the side's own are.
 */
import { isGM } from "../base/foundry";
import { hiddenInformation } from "../base/settings";
import { memberSide, TEAMS_CHANGED_HOOK } from "../teams/read";
import { cycleStack, stackLayout, type Offset, type StackLayout, type StackMember } from "./stack-layout";

/** A token placeable as the stacks read it. */
export interface StackToken {
  readonly document: {
    readonly id?: string | null;
    readonly x: number;
    readonly y: number;
    readonly width?: number;
    readonly height?: number;
    readonly sort?: number;
    readonly hidden?: boolean;
  };
  readonly actor?: {
    readonly type: string;
    readonly system: unknown;
    testUserPermission(user: never, level: "OBSERVER"): boolean;
  } | null;
  control?(options: { releaseOthers: boolean }): unknown;
}

/** How a stack is drawn: PIXI in Foundry (./stacks-pixi.ts); a test puts a recorder in its place. */
export interface StackPainter {
  /** Draws `token` offset by `offset` from where Foundry placed it (0, 0: where Foundry placed it). */
  offset(token: StackToken, offset: Offset): void;
  /** Shows `count` on `token` (null: no count). */
  badge(token: StackToken, count: number | null): void;
  /** Foundry drew or refreshed `token`: its offset and count are put back on. */
  refresh(token: StackToken): void;
}

/** The grid the layout keys hexes by (Foundry's `canvas.grid`). */
export interface StackGrid {
  readonly size: number;
  readonly sizeX: number;
  readonly sizeY: number;
  getOffset(point: { x: number; y: number }): { i: number; j: number };
}

const OUR_PIECES = new Set(["unit", "hq"]);

/** Who looks at the board: read once per layout, not once per token. */
export interface Viewer {
  readonly user: unknown;
  readonly gm: boolean;
  /** The user's side in the GM's teams, or null. */
  readonly side: string | null;
  /** Whether the world plays double-blind (setting `hiddenInformation`). */
  readonly blind: boolean;
}

export function viewerOf(user: unknown, blind: boolean): Viewer {
  return { user, gm: isGM(user as { isGM?: boolean } | null), side: memberSide(user), blind };
}

/**
 * Whether the viewer may count `token` in its stack: a GM counts all; a player no hidden token, and under
 * double-blind no unit or HQ of another side they may not read (their side's scene holds markers for those).
 */
export function mayCount(token: StackToken, viewer: Viewer): boolean {
  if (viewer.gm) return true;
  if (token.document.hidden === true) return false;
  const actor = token.actor;
  if (!viewer.blind || actor === null || actor === undefined || !OUR_PIECES.has(actor.type)) return true;
  const side = (actor.system as { side?: unknown } | null)?.side;
  return viewer.side === side || actor.testUserPermission(viewer.user as never, "OBSERVER");
}

/** The hex key of a token: the grid space of its centre. */
export function hexKey(token: StackToken, grid: StackGrid): string {
  const d = token.document;
  const at = grid.getOffset({ x: d.x + ((d.width ?? 1) * grid.sizeX) / 2, y: d.y + ((d.height ?? 1) * grid.sizeY) / 2 });
  return `${at.i}.${at.j}`;
}

/** The members of the layout: the placeables in one pass. */
export function stackMembers(tokens: readonly StackToken[], grid: StackGrid | null, viewer: Viewer): StackMember[] {
  return tokens.map((t) => ({
    id: t.document.id ?? "",
    hex: grid === null || (t.document.width ?? 1) !== 1 || (t.document.height ?? 1) !== 1 ? null : hexKey(t, grid),
    sort: t.document.sort ?? 0,
    counts: mayCount(t, viewer),
  }));
}

const NONE: Offset = { dx: 0, dy: 0 };
const EMPTY: StackLayout = { offsets: new Map(), badges: new Map(), stacks: new Map(), hexOf: new Map() };

/** The stacks of one canvas: the layout last drawn, and what each token was given. */
export class Stacks {
  private layout: StackLayout = EMPTY;
  private readonly given = new Map<string, { offset: Offset; badge: number | null }>();
  /** How many layouts were drawn (tests and diagnostics). */
  layouts = 0;

  constructor(private readonly painter: StackPainter) {}

  get current(): StackLayout {
    return this.layout;
  }

  /** Lays out `tokens` and paints only the tokens whose offset or count changed. */
  draw(tokens: readonly StackToken[], grid: StackGrid | null, viewer: Viewer): void {
    this.layouts++;
    const layout = stackLayout(stackMembers(tokens, grid, viewer), grid?.size ?? 0);
    const seen = new Set<string>();
    for (const token of tokens) {
      const id = token.document.id ?? "";
      seen.add(id);
      const offset = layout.offsets.get(id) ?? NONE;
      const badge = layout.badges.get(id) ?? null;
      const was = this.given.get(id);
      if (was === undefined ? offset !== NONE : was.offset.dx !== offset.dx || was.offset.dy !== offset.dy)
        this.painter.offset(token, offset);
      if ((was?.badge ?? null) !== badge) this.painter.badge(token, badge);
      if (offset === NONE && badge === null) this.given.delete(id);
      else this.given.set(id, { offset, badge });
    }
    for (const id of this.given.keys()) if (!seen.has(id)) this.given.delete(id);
    this.layout = layout;
  }

  /** The offset and count `token` is drawn with now. */
  givenTo(id: string): { offset: Offset; badge: number | null } {
    return this.given.get(id) ?? { offset: NONE, badge: null };
  }

  /** Foundry drew or refreshed `token`: what it was given is put back on. */
  refresh(token: StackToken): void {
    this.painter.refresh(token);
  }

  /** The canvas is gone: nothing is given any more. */
  clear(): void {
    this.given.clear();
    this.layout = EMPTY;
  }

  /** The next (or previous) token of `id`'s stack, or null. */
  cycle(id: string, step: 1 | -1): string | null {
    return cycleStack(this.layout, id, step);
  }

  /** The tokens of the stack `id` stands in (bottom first), or none. */
  stackOf(id: string): readonly string[] {
    const hex = this.layout.hexOf.get(id);
    return hex === undefined ? [] : (this.layout.stacks.get(hex) ?? []);
  }
}

// ---------------------------------------------------------------------------------------------
// On Foundry's canvas

interface TokenLayerLike {
  readonly placeables: readonly StackToken[];
  readonly controlled?: readonly StackToken[];
  readonly hover?: StackToken | null;
}

interface CanvasStacksLike {
  readonly ready?: boolean;
  readonly grid?: (StackGrid & { readonly type: number }) | null;
  readonly tokens?: TokenLayerLike | null;
}

const theCanvas = () => (globalThis as { canvas?: CanvasStacksLike }).canvas;

let stacks: Stacks | null = null;
let makePainter: () => StackPainter = () => {
  throw new Error("nobc | no stack painter");
};
let scheduled = false;
/** Told after each layout (the stack viewer renders again). */
const listeners = new Set<() => void>();

/** The painter of the canvas (./stacks-pixi.ts at init; a test puts a recorder in its place). */
export function setStackPainter(factory: () => StackPainter): void {
  makePainter = factory;
  stacks = null;
}

export function boardStacks(): Stacks {
  return (stacks ??= new Stacks(makePainter()));
}

export function onStacksDrawn(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const gridless = (c: CanvasStacksLike | undefined) =>
  c?.grid === null || c?.grid === undefined || c.grid.type === CONST.GRID_TYPES.GRIDLESS;

/** Lays out the viewed scene's stacks now. */
export function drawStacks(): void {
  const c = theCanvas();
  if (c?.ready !== true || c.tokens === null || c.tokens === undefined) return;
  boardStacks().draw(c.tokens.placeables, gridless(c) ? null : c.grid!, viewerOf(game.user, hiddenInformation() === "doubleBlind"));
  for (const fn of listeners) fn();
}

/** Lays the stacks out once after the hooks of this task (a card's write moves many tokens at once). */
export function scheduleStacks(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    drawStacks();
  });
}

const TOKEN_FIELDS = ["x", "y", "width", "height", "sort", "hidden"] as const;

/** Whether a token update touches its stack: its place, size, drawing order or hiding. */
export function touchesStack(changes: unknown): boolean {
  return typeof changes === "object" && changes !== null && TOKEN_FIELDS.some((f) => f in changes);
}

/** The token the keyboard acts on: the one controlled, else the one under the pointer. */
export function tokenInFocus(): StackToken | null {
  const layer = theCanvas()?.tokens;
  return layer?.controlled?.[0] ?? layer?.hover ?? null;
}

/** Controls the next (`step` 1) or previous token of the focused token's stack; false when it stands alone. */
export function cycleFocusedStack(step: 1 | -1): boolean {
  const token = tokenInFocus();
  const id = token?.document.id;
  if (id === undefined || id === null) return false;
  const next = boardStacks().cycle(id, step);
  const target = next === null ? undefined : theCanvas()?.tokens?.placeables.find((t) => t.document.id === next);
  if (target?.control === undefined) return false;
  // Foundry draws the controlled token above the others of its hex.
  target.control({ releaseOthers: true });
  return true;
}

/** On init: the hooks that keep the stacks drawn. `painter` makes the canvas's painter once it is needed. */
export function registerStacks(painter: () => StackPainter): void {
  setStackPainter(painter);
  Hooks.on("canvasReady", (() => drawStacks()) as never);
  Hooks.on("canvasTearDown", (() => stacks?.clear()) as never);
  Hooks.on("createToken", (() => scheduleStacks()) as never);
  Hooks.on("deleteToken", (() => scheduleStacks()) as never);
  Hooks.on("updateToken", ((_t: unknown, changes: unknown) => {
    if (touchesStack(changes)) scheduleStacks();
  }) as never);
  Hooks.on("updateActor", ((_a: unknown, changes: { ownership?: unknown; system?: { side?: unknown } }) => {
    if (changes.ownership !== undefined || changes.system?.side !== undefined) scheduleStacks();
  }) as never);
  Hooks.on(TEAMS_CHANGED_HOOK as never, (() => scheduleStacks()) as never);
  Hooks.on("refreshToken", ((token: StackToken) => {
    stacks?.refresh(token);
  }) as never);
}
