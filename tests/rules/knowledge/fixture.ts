/**
 * A small world for the knowledge rules: a road of hexes h1 … h12 in a line (each next to the one
 * before and after it) and pieces placed on it by hand.
 */
import type { Neighbours } from "../../../src/rules/nobc/knowledge/contact";
import { hqFace, unitFace, type Piece } from "../../../src/rules/nobc/knowledge/types";
import type { Side } from "../../../src/rules/nobc/land/types";

export const HEXES = Array.from({ length: 12 }, (_, i) => `h${i + 1}`);

/** Each hex with the hexes before and after it on the line. */
export const LINE: Neighbours = Object.fromEntries(HEXES.map((h, i) => [h, [HEXES[i - 1], HEXES[i + 1]].filter((x) => x !== undefined)]));

export function unit(id: string, side: Side, hex: string, strength = 6): Piece {
  const face = unitFace({ name: `${id} Brigade`, size: "brigade", arm: "armour", nationality: side === "nato" ? "uk" : "ussr" });
  return { id, side, hex, face, strength };
}

export function hq(id: string, side: Side, hex: string, level = 4): Piece {
  return {
    id,
    side,
    hex,
    face: hqFace({ name: `${id} Corps`, echelon: "corps", nationality: side === "nato" ? "uk" : "ussr" }),
    strength: level,
  };
}
