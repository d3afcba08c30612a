/**
 * Opaque references the rules core uses for documents and map places. Inside Foundry they are
 * document UUIDs and hex keys; the rules only compare them.
 */
export type ActorRef = string;
export type CardRef = string;
/** A hex, e.g. "12.07" (column.row) or the scene's own offset key. */
export type HexRef = string;
/** A hexside between two hexes, written "a|b" with the two hex refs sorted. */
export type HexsideRef = string;

export function hexside(a: HexRef, b: HexRef): HexsideRef {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
