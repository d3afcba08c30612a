/**
 * Geometry of the map's hex grid, with no Foundry in it: flat-topped hexes in columns, every
 * second column (the 0-based odd ones, i.e. labels 02xx, 04xx, …) shifted down by half a hex, as
 * on a board wargame whose first hex is 0101 in the top-left corner.
 *
 * Three coordinate systems meet here:
 * - the label, "CCRR": column then row, 1-based, two digits each (what players read on the map and
 *   what the rules core receives as a `HexRef`);
 * - offset coordinates `{ col, row }`, 0-based, the same grid as the label;
 * - cube coordinates `{ q, r, s }` with q + r + s = 0, where neighbours and distances are simple.
 */
import { hexside, type HexRef, type HexsideRef } from "../rules/ids";

/** The six sides of a flat-topped hex, clockwise from the top. */
export const HEX_DIRECTIONS = ["n", "ne", "se", "s", "sw", "nw"] as const;
export type HexDirection = (typeof HEX_DIRECTIONS)[number];

export interface Offset {
  readonly col: number;
  readonly row: number;
}

export interface Cube {
  readonly q: number;
  readonly r: number;
  readonly s: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Largest column or row number a two-digit label can carry. */
export const MAX_LABEL_INDEX = 99;

/** A hex label: four digits, column then row, e.g. "0712". */
export const HEX_LABEL = /^\d{4}$/;

/** Cube steps to the neighbour on each side. */
const CUBE_STEPS: Readonly<Record<HexDirection, Cube>> = {
  n: { q: 0, r: -1, s: 1 },
  ne: { q: 1, r: -1, s: 0 },
  se: { q: 1, r: 0, s: -1 },
  s: { q: 0, r: 1, s: -1 },
  sw: { q: -1, r: 1, s: 0 },
  nw: { q: -1, r: 0, s: 1 },
};

const OPPOSITE: Readonly<Record<HexDirection, HexDirection>> = { n: "s", ne: "sw", se: "nw", s: "n", sw: "ne", nw: "se" };

export function oppositeDirection(dir: HexDirection): HexDirection {
  return OPPOSITE[dir];
}

/** Whether the column is one of those drawn half a hex lower. */
function shifted(col: number): boolean {
  return (col & 1) === 1;
}

export function offsetToCube({ col, row }: Offset): Cube {
  const q = col;
  const r = row - (col - (col & 1)) / 2;
  // `0 - x` instead of `-x` keeps -0 out of the results, so equal cubes compare equal.
  return { q, r, s: 0 - q - r };
}

export function cubeToOffset({ q, r }: Cube): Offset {
  return { col: q, row: r + (q - (q & 1)) / 2 };
}

/** The label of an offset, e.g. `{ col: 6, row: 11 }` → "0712". Throws outside 1..99 (1-based). */
export function hexLabel({ col, row }: Offset): HexRef {
  for (const [name, v] of [
    ["column", col],
    ["row", row],
  ] as const) {
    if (!Number.isInteger(v) || v < 0 || v >= MAX_LABEL_INDEX) {
      throw new RangeError(`a hex label's ${name} must be a whole number from 1 to ${MAX_LABEL_INDEX}, not ${v + 1}`);
    }
  }
  return `${String(col + 1).padStart(2, "0")}${String(row + 1).padStart(2, "0")}`;
}

/** The offset of a label, or undefined when it is not four digits with column and row ≥ 01. */
export function parseHexLabel(label: string): Offset | undefined {
  if (!HEX_LABEL.test(label)) return undefined;
  const col = Number(label.slice(0, 2)) - 1;
  const row = Number(label.slice(2)) - 1;
  return col < 0 || row < 0 ? undefined : { col, row };
}

/** Like `parseHexLabel`, but throws on a bad label (for callers that already validated the map). */
export function offsetOf(label: HexRef): Offset {
  const off = parseHexLabel(label);
  if (off === undefined) throw new RangeError(`"${label}" is not a hex label (four digits, column then row, e.g. 0712)`);
  return off;
}

export function inMap({ col, row }: Offset, columns: number, rows: number): boolean {
  return col >= 0 && row >= 0 && col < columns && row < rows;
}

export function neighbour(off: Offset, dir: HexDirection): Offset {
  const c = offsetToCube(off);
  const step = CUBE_STEPS[dir];
  return cubeToOffset({ q: c.q + step.q, r: c.r + step.r, s: c.s + step.s });
}

/** All six neighbours, in `HEX_DIRECTIONS` order; some may lie outside the map. */
export function neighbours(off: Offset): Offset[] {
  return HEX_DIRECTIONS.map((dir) => neighbour(off, dir));
}

export function cubeDistance(a: Cube, b: Cube): number {
  return Math.max(Math.abs(a.q - b.q), Math.abs(a.r - b.r), Math.abs(a.s - b.s));
}

/** Hexes between two hexes, counting the one entered but not the one left. */
export function hexDistance(a: Offset, b: Offset): number {
  return cubeDistance(offsetToCube(a), offsetToCube(b));
}

/**
 * The hexes on the straight line from `a` to `b`, both included, each next to the one before: the
 * hexes a token dragged straight between two waypoints passes through. A line along a hexside is
 * nudged to one side, always the same, so the same drag gives the same hexes.
 */
export function hexLine(a: Offset, b: Offset): Offset[] {
  const ca = offsetToCube(a);
  const cb = offsetToCube(b);
  const n = cubeDistance(ca, cb);
  const out: Offset[] = [a];
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    const nudge = 1e-6;
    out.push(
      cubeToOffset(cubeRound(ca.q + (cb.q - ca.q) * t + nudge, ca.r + (cb.r - ca.r) * t + nudge, ca.s + (cb.s - ca.s) * t - 2 * nudge)),
    );
  }
  return out;
}

/** The side of `from` that touches `to`, or undefined when they are not neighbours. */
export function directionTo(from: Offset, to: Offset): HexDirection | undefined {
  return HEX_DIRECTIONS.find((dir) => {
    const n = neighbour(from, dir);
    return n.col === to.col && n.row === to.row;
  });
}

/**
 * The rules core's key for the hexside between two neighbouring labels ("a|b", sorted). Whichever
 * hex and side it is named from, a hexside has this one key. Throws when they are not neighbours.
 */
export function hexsideBetween(a: HexRef, b: HexRef): HexsideRef {
  if (directionTo(offsetOf(a), offsetOf(b)) === undefined) {
    throw new RangeError(`hexes ${a} and ${b} are not neighbours, so they share no hexside`);
  }
  return hexside(a, b);
}

/** The hexside key of one side of a hex (the neighbour may lie outside the map). */
export function hexsideOf(label: HexRef, dir: HexDirection): HexsideRef {
  return hexside(label, hexLabel(neighbour(offsetOf(label), dir)));
}

// ---------------------------------------------------------------------------------------------
// Pixels. `size` is the hex's height flat side to flat side, which is also the distance between
// the centres of neighbours; a flat-topped Foundry grid measures its grid size the same way.

/** Distance from a hex's centre to its corners. */
export function cornerRadius(size: number): number {
  return size / Math.sqrt(3);
}

/** Centre of a hex in pixels, with hex 0101's bounding box touching (0, 0). */
export function hexCentre({ col, row }: Offset, size: number): Point {
  const radius = cornerRadius(size);
  return { x: radius + 1.5 * radius * col, y: size / 2 + size * row + (shifted(col) ? size / 2 : 0) };
}

/**
 * The hex a pixel falls in (the inverse of `hexCentre`): the point is turned into fractional cube
 * coordinates and rounded to the nearest hex. Used to find the hex under a token's centre.
 */
export function hexAtPoint({ x, y }: Point, size: number): Offset {
  if (!(size > 0) || !Number.isFinite(x) || !Number.isFinite(y)) throw new RangeError(`no hex at (${x}, ${y}) on a grid of size ${size}`);
  const radius = cornerRadius(size);
  // Relative to the centre of hex 0101, in units of the corner radius (flat-topped axial axes).
  const px = (x - radius) / radius;
  const py = (y - size / 2) / radius;
  const q = (2 / 3) * px;
  const r = -px / 3 + (Math.sqrt(3) / 3) * py;
  return cubeToOffset(cubeRound(q, r, -q - r));
}

/** The nearest hex to fractional cube coordinates (the coordinate that rounded furthest is recomputed). */
function cubeRound(q: number, r: number, s: number): Cube {
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  // `+ 0` turns a rounded -0 (a point a hair left of 0101's centre) into 0, so offsets compare equal.
  return { q: rq + 0, r: rr + 0, s: 0 - rq - rr };
}

/** The six corners, clockwise from the east corner (y grows downwards, as on screen). */
export function hexCorners(off: Offset, size: number): Point[] {
  const c = hexCentre(off, size);
  const radius = cornerRadius(size);
  return [0, 1, 2, 3, 4, 5].map((i) => cornerAt(c, radius, i));
}

function cornerAt(c: Point, radius: number, i: number): Point {
  const angle = (Math.PI / 3) * i;
  return { x: c.x + radius * Math.cos(angle), y: c.y + radius * Math.sin(angle) };
}

/** The two corners that bound one side of a hex. */
export function sideEnds(off: Offset, dir: HexDirection, size: number): [Point, Point] {
  // Side i of HEX_DIRECTIONS (n = 0) runs from corner i + 4 to corner i + 5 of `hexCorners`.
  const i = HEX_DIRECTIONS.indexOf(dir);
  const c = hexCentre(off, size);
  const radius = cornerRadius(size);
  return [cornerAt(c, radius, (i + 4) % 6), cornerAt(c, radius, (i + 5) % 6)];
}

/** Width and height in pixels of a map of `columns` × `rows` hexes. */
export function mapPixelSize(columns: number, rows: number, size: number): { width: number; height: number } {
  const radius = cornerRadius(size);
  return { width: radius * (1.5 * columns + 0.5), height: size * rows + (columns > 1 ? size / 2 : 0) };
}
