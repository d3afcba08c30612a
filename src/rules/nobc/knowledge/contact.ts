/**
 * Knowledge from contact (docs/rules-decisions.md, "What each side knows"): a piece sees its own hex
 * and the six next to it, as NOBC's "in contact" reads it (an enemy in or next to the hex). Every
 * enemy piece there is located (identified under `contactIdentifies`), and an entry whose hex a side
 * sees empty of it is dropped. A move that runs into an enemy piece its side did not know stops
 * where seed 000 stops it (Land War QRS, 5. Movement: no entering an enemy's hex; NATO stops when
 * adjacent to WP units).
 */
import type { ActorRef, HexRef } from "../../ids";
import type { Side } from "../land/types";
import { KnowledgeDraft } from "./changes";
import {
  DEFAULT_KNOWLEDGE_OPTIONS,
  KNOWLEDGE_SIDES,
  type Known,
  type KnowledgeCause,
  type Knowledge,
  type KnowledgeOptions,
  type KnowledgeUpdate,
  type Piece,
} from "./types";

/** Each map hex with every hex next to it (both directions listed, as `adjacencyAround` gives them). */
export type Neighbours = Readonly<Record<HexRef, readonly HexRef[]>>;

function neighboursOf(adjacency: Neighbours, hex: HexRef): readonly HexRef[] {
  return Object.hasOwn(adjacency, hex) ? adjacency[hex]! : [];
}

/** The pieces on the map by hex (off-map pieces, hex "", are left out: they see nothing and are not seen). */
function byHex(pieces: readonly Piece[]): Map<HexRef, Piece[]> {
  const out = new Map<HexRef, Piece[]>();
  for (const p of pieces) {
    if (p.hex === "") continue;
    const here = out.get(p.hex);
    if (here === undefined) out.set(p.hex, [p]);
    else here.push(p);
  }
  return out;
}

/** What contact (or a move's contact) makes of an entry: never less than it was, at the piece's hex now. */
function contactEntry(before: Known | null, piece: Piece, turn: number, options: KnowledgeOptions): Known {
  if (before?.level === "identified" || options.contactIdentifies) {
    const strength = before?.level === "identified" ? before.strength : undefined;
    return { level: "identified", hex: piece.hex, turn, face: piece.face, ...(strength === undefined ? {} : { strength }) };
  }
  return { level: "located", hex: piece.hex, turn };
}

function see(draft: KnowledgeDraft, side: Side, piece: Piece, turn: number, options: KnowledgeOptions, cause: KnowledgeCause): void {
  draft.set(side, piece.id, contactEntry(draft.get(side, piece.id), piece, turn, options), cause);
}

/** Whether the side's knowledge puts the piece where it truly stands. */
function knownThere(draft: KnowledgeDraft, side: Side, piece: Piece): boolean {
  return draft.get(side, piece.id)?.hex === piece.hex;
}

export interface ContactInput {
  readonly knowledge: Knowledge;
  /** Every piece of both sides, as it stands now. */
  readonly pieces: readonly Piece[];
  readonly adjacency: Neighbours;
  readonly turn: number;
  readonly options?: Partial<KnowledgeOptions>;
}

/**
 * Both sides look around every piece of theirs on the map: enemy pieces in those hexes are located
 * (an identified one stays identified, at its new hex), and an entry in a hex they see without it is
 * dropped ("contradicted"). Run after anything moves pieces; unchanged positions give no change.
 */
export function observeContacts(input: ContactInput): KnowledgeUpdate {
  const options = { ...DEFAULT_KNOWLEDGE_OPTIONS, ...input.options };
  const draft = new KnowledgeDraft(input.knowledge);
  const index = byHex(input.pieces);
  for (const side of KNOWLEDGE_SIDES) {
    const watched = new Set<HexRef>();
    for (const p of input.pieces) {
      if (p.side !== side || p.hex === "") continue;
      watched.add(p.hex);
      for (const n of neighboursOf(input.adjacency, p.hex)) watched.add(n);
    }
    const seen = new Set<ActorRef>();
    for (const hex of watched) {
      for (const p of index.get(hex) ?? []) {
        if (p.side === side) continue;
        seen.add(p.id);
        see(draft, side, p, input.turn, options, "contact");
      }
    }
    for (const [id, known] of draft.entries(side)) if (watched.has(known.hex) && !seen.has(id)) draft.set(side, id, null, "contradicted");
  }
  return draft.done();
}

/** Why a move stopped short of its path's end. */
export type MoveStopReason =
  /** The next hex held an enemy piece the side did not know was there: the move stops before it. */
  | "enemyInHex"
  /** A NATO piece came next to a WP piece NATO did not know was there: it stops in that hex. */
  | "adjacentToEnemy";

export interface MoveStop {
  readonly reason: MoveStopReason;
  /** The hex the piece stops in (its start when the first step was refused). */
  readonly hex: HexRef;
  /** The enemy pieces the move found there, now located. */
  readonly found: readonly ActorRef[];
}

export interface MoveEncounterInput extends ContactInput {
  readonly mover: ActorRef;
  /** The hexes entered, in order, as the mover's side planned them. */
  readonly path: readonly HexRef[];
}

export interface MoveEncounter extends KnowledgeUpdate {
  /** How many hexes of `path` the move carries out. */
  readonly steps: number;
  readonly stop: MoveStop | null;
}

/**
 * Walks a planned path against the truth. It stops before a hex holding an enemy piece the mover's
 * side did not know was there, and (NATO only) in the first hex next to a WP piece NATO did not know
 * was there. Enemy pieces the mover came next to are located by its side; the mover is located by
 * the enemy at the last hex where they were next to each other. A path past pieces the side knew is
 * not stopped here: the movement rules (overrun, NATO's stop) judge it as they judge any path.
 * Throws RangeError when the mover is not among the pieces.
 */
export function moveEncounter(input: MoveEncounterInput): MoveEncounter {
  const options = { ...DEFAULT_KNOWLEDGE_OPTIONS, ...input.options };
  const mover = input.pieces.find((p) => p.id === input.mover);
  if (mover === undefined) throw new RangeError(`the mover ${input.mover} is not among the pieces`);
  const draft = new KnowledgeDraft(input.knowledge);
  const index = byHex(input.pieces.filter((p) => p.side !== mover.side));
  const met = new Map<ActorRef, Piece>();
  let lastContact: HexRef | null = null;
  let steps = 0;
  let stop: MoveStop | null = null;
  let at = mover.hex;
  for (const hex of input.path) {
    const inHex = index.get(hex) ?? [];
    if (inHex.some((p) => !knownThere(draft, mover.side, p))) {
      for (const p of inHex) met.set(p.id, p);
      if (at !== "") lastContact = at;
      stop = { reason: "enemyInHex", hex: at, found: inHex.map((p) => p.id) };
      break;
    }
    steps++;
    at = hex;
    const near = neighboursOf(input.adjacency, hex).flatMap((n) => index.get(n) ?? []);
    if (near.length > 0) lastContact = hex;
    const unseen = near.filter((p) => !knownThere(draft, mover.side, p));
    for (const p of near) met.set(p.id, p);
    if (mover.side === "nato" && unseen.length > 0 && steps < input.path.length) {
      stop = { reason: "adjacentToEnemy", hex, found: unseen.map((p) => p.id) };
      break;
    }
  }
  for (const p of met.values()) see(draft, mover.side, p, input.turn, options, "move");
  if (lastContact !== null) {
    const enemy: Side = mover.side === "nato" ? "wp" : "nato";
    see(draft, enemy, { ...mover, hex: lastContact }, input.turn, options, "contact");
  }
  return { ...draft.done(), steps, stop };
}
