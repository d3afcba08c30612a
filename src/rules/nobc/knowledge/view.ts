/**
 * What a side may see of the board (issue #30, items 2 and 3): its own pieces as they are, and the
 * enemy's only as its knowledge has them. The enemy part is built from the knowledge alone, never
 * from where the enemy truly is, so no view can carry what the side does not know: a contact stands
 * where the piece was last seen, a stale entry looks like a fresh one apart from its turn.
 */
import type { ActorRef, HexRef } from "../../ids";
import type { Side } from "../land/types";
import { DEFAULT_KNOWLEDGE_OPTIONS, type Face, type KnowledgeOptions, type Knowledge, type Piece, type Revealed } from "./types";

/** What a side sees of one enemy piece it knows of; a piece it does not know has no sight. */
export type Sight =
  | { readonly kind: "contact"; readonly hex: HexRef; readonly turn: number }
  | { readonly kind: "counter"; readonly hex: HexRef; readonly turn: number; readonly face: Face; readonly strength?: Revealed };

/**
 * One thing to draw on a side's board. Contacts are one marker a hex, keyed by the hex: a marker
 * never carries the id of a piece the side has not identified.
 */
export type BoardMarker =
  | { readonly kind: "contact"; readonly key: string; readonly hex: HexRef; readonly turn: number; readonly count?: number }
  | {
      readonly kind: "counter";
      readonly key: string;
      readonly piece: ActorRef;
      readonly hex: HexRef;
      readonly turn: number;
      readonly face: Face;
      readonly strength?: Revealed;
    };

export interface SideView {
  readonly side: Side;
  /** The side's own pieces, as they stand. */
  readonly own: readonly Piece[];
  /** Each enemy piece the side knows of, as it knows it (for the GM's client: targets, refusals, cards). */
  readonly enemies: ReadonlyMap<ActorRef, Sight>;
  /** The enemy markers to draw, in a fixed order (counters by piece id, then contacts by hex). */
  readonly markers: readonly BoardMarker[];
}

export function contactKey(hex: HexRef): string {
  return `contact:${hex}`;
}

/** The side's view: its own pieces from `pieces`, the enemy's from `knowledge` alone. */
export function sideView(pieces: readonly Piece[], knowledge: Knowledge, side: Side, options?: Partial<KnowledgeOptions>): SideView {
  const { contactShowsCount } = { ...DEFAULT_KNOWLEDGE_OPTIONS, ...options };
  const own = pieces.filter((p) => p.side === side);
  const enemies = new Map<ActorRef, Sight>();
  const counters: BoardMarker[] = [];
  const contacts = new Map<HexRef, { turn: number; count: number }>();
  for (const [id, known] of Object.entries(knowledge[side]).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (known.level === "identified") {
      const strength = known.strength === undefined ? {} : { strength: known.strength };
      enemies.set(id, { kind: "counter", hex: known.hex, turn: known.turn, face: known.face, ...strength });
      counters.push({ kind: "counter", key: `piece:${id}`, piece: id, hex: known.hex, turn: known.turn, face: known.face, ...strength });
      continue;
    }
    enemies.set(id, { kind: "contact", hex: known.hex, turn: known.turn });
    const here = contacts.get(known.hex);
    contacts.set(known.hex, { turn: Math.max(here?.turn ?? known.turn, known.turn), count: (here?.count ?? 0) + 1 });
  }
  const markers = [...contacts]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([hex, c]): BoardMarker => ({
      kind: "contact",
      key: contactKey(hex),
      hex,
      turn: c.turn,
      ...(contactShowsCount ? { count: c.count } : {}),
    }));
  return { side, own, enemies, markers: [...counters, ...markers] };
}

/** Both sides' views, as a change is redrawn for every team. */
export function bothViews(pieces: readonly Piece[], knowledge: Knowledge, options?: Partial<KnowledgeOptions>): Record<Side, SideView> {
  return { nato: sideView(pieces, knowledge, "nato", options), wp: sideView(pieces, knowledge, "wp", options) };
}
