/**
 * What a click on the map points at, for the terrain painter: the hex under it and the nearest of that
 * hex's sides (with the neighbour across it). The point is in pixels from the scene's top-left corner
 * (past the padding), where hex 0101's bounding box starts, as `src/world/read.ts` places tokens.
 */
import type { HexRef } from "../rules/ids";
import { HEX_DIRECTIONS, MAX_LABEL_INDEX, hexAtPoint, hexLabel, neighbour, sideEnds, type HexDirection, type Point } from "./hex-grid";

export interface HexPick {
  /** The hex under the point. */
  readonly hex: HexRef;
  /** Its side nearest the point, and the hex across it (undefined past the labelled grid's edge). */
  readonly side: HexDirection;
  readonly across: HexRef | undefined;
}

function labelled(col: number, row: number): boolean {
  return col >= 0 && row >= 0 && col < MAX_LABEL_INDEX && row < MAX_LABEL_INDEX;
}

/** The hex and nearest hexside at `point`, or undefined off the labelled grid (left of or above hex 0101). */
export function pickAt(point: Point, size: number): HexPick | undefined {
  const off = hexAtPoint(point, size);
  if (!labelled(off.col, off.row)) return undefined;
  let best: { side: HexDirection; d: number } | undefined;
  for (const side of HEX_DIRECTIONS) {
    const [p, q] = sideEnds(off, side, size);
    const d = Math.hypot((p.x + q.x) / 2 - point.x, (p.y + q.y) / 2 - point.y);
    if (best === undefined || d < best.d) best = { side, d };
  }
  const side = best!.side;
  const other = neighbour(off, side);
  return { hex: hexLabel(off), side, across: labelled(other.col, other.row) ? hexLabel(other) : undefined };
}
