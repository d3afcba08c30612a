/**
 * The stacks' painter on Foundry's canvas (./stacks.ts): a token of a stack is drawn shifted from the
 * place Foundry gives it, the token (its counter, border, bars and hit area) and its image in the
 * primary group alike, and the top token carries a round badge with the count. Foundry sets a token's
 * place again when it refreshes it, so the shift is put back on after each refresh, and never added twice:
 * each object remembers where it was last put.
 */
import { STACK_BADGE, type Offset } from "./stack-layout";
import type { StackPainter, StackToken } from "./stacks";

interface Positioned {
  readonly position: { readonly x: number; readonly y: number; set(x: number, y: number): void };
  readonly destroyed?: boolean;
}

interface PixiStackToken extends PIXI.Container {
  readonly w: number;
  readonly h: number;
  readonly mesh?: Positioned | null;
}

interface Given {
  offset: Offset;
  count: number | null;
  badge: PIXI.Container | null;
}

/** Where each object was last put and by how much it was shifted then. */
const placed = new WeakMap<object, { x: number; y: number; dx: number; dy: number }>();

/** Shifts `obj` by `offset` from the place Foundry gave it: once, however often it is called. */
export function shiftBy(obj: Positioned, offset: Offset): void {
  // A placeable not drawn (or torn down) has no display position yet: nothing to shift, its next refresh will.
  if ((obj.position as Positioned["position"] | undefined) === undefined) return;
  const last = placed.get(obj);
  let { x, y } = obj.position;
  // Still where it was put: Foundry has not placed it again, so its own place is the one before the shift.
  if (last?.x === x && last.y === y) {
    x -= last.dx;
    y -= last.dy;
  }
  const to = { x: x + offset.dx, y: y + offset.dy };
  obj.position.set(to.x, to.y);
  if (offset.dx === 0 && offset.dy === 0) placed.delete(obj);
  else placed.set(obj, { ...to, dx: offset.dx, dy: offset.dy });
}

function makeBadge(t: PixiStackToken, count: number, open: (token: StackToken) => void, token: StackToken): PIXI.Container {
  const side = Math.min(t.w, t.h);
  const r = (side * STACK_BADGE) / 2;
  const badge = new PIXI.Container();
  const disc = new PIXI.Graphics();
  disc
    .lineStyle(Math.max(1, r / 6), 0xffffff, 1)
    .beginFill(0x1b1b1b, 1)
    .drawCircle(0, 0, r)
    .endFill();
  const text = new PIXI.Text(String(count), {
    fontFamily: "Signika, Arial, sans-serif",
    fontSize: r * 1.3,
    fontWeight: "bold",
    fill: 0xffffff,
  });
  text.anchor.set(0.5, 0.5);
  badge.addChild(disc, text);
  badge.position.set(t.w - r * 0.8, r * 0.8);
  // The count opens the stack viewer; the click does not reach the token (no drag, no selection change).
  badge.eventMode = "static";
  badge.cursor = "pointer";
  badge.on("pointerdown", (event: PIXI.FederatedPointerEvent) => {
    event.stopPropagation();
    open(token);
  });
  return badge;
}

/** The painter of Foundry's canvas; `open` shows the stack viewer of a token's stack (a click on its count). */
export function pixiStackPainter(open: (token: StackToken) => void): StackPainter {
  const given = new WeakMap<object, Given>();
  const entry = (token: StackToken): Given => {
    let g = given.get(token);
    if (g === undefined) given.set(token, (g = { offset: { dx: 0, dy: 0 }, count: null, badge: null }));
    return g;
  };
  const place = (token: StackToken, g: Given) => {
    const t = token as unknown as PixiStackToken;
    if (t.destroyed) return;
    shiftBy(t, g.offset);
    if (t.mesh !== null && t.mesh !== undefined && t.mesh.destroyed !== true) shiftBy(t.mesh, g.offset);
  };
  const showBadge = (token: StackToken, g: Given) => {
    const t = token as unknown as PixiStackToken;
    if (g.badge !== null && !g.badge.destroyed && g.badge.parent === t) {
      if (g.count !== null) return;
      g.badge.destroy({ children: true });
      g.badge = null;
      return;
    }
    // Foundry destroys a token's children when it draws it again: the badge is made anew.
    g.badge = null;
    if (g.count === null || t.destroyed) return;
    g.badge = t.addChild(makeBadge(t, g.count, open, token));
  };
  return {
    offset(token, offset) {
      const g = entry(token);
      g.offset = offset;
      place(token, g);
    },
    badge(token, count) {
      const g = entry(token);
      if (g.badge !== null && !g.badge.destroyed && g.count !== count) {
        g.badge.destroy({ children: true });
        g.badge = null;
      }
      g.count = count;
      showBadge(token, g);
    },
    refresh(token) {
      const g = given.get(token);
      if (g === undefined) return;
      place(token, g);
      showBadge(token, g);
    },
  };
}
