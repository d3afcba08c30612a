/**
 * What each side knows of the enemy's pieces (issue #30, item 2): a plain, serialisable value the
 * Foundry layer keeps (a world flag, written through the one write path) and the rules change by
 * pure transitions (./contact.ts, ./learn.ts). The readings are in docs/rules-decisions.md,
 * "What each side knows".
 *
 * A piece is a unit or an HQ on the main map: both stand on the map as counters the other side may
 * or may not have found (rear-area attacks target both, seed 000, Land War QRS, 3. Rear Area Attacks).
 */
import type { ActorRef, HexRef } from "../../ids";
import type { Echelon, LandHq, LandUnit, Side, UnitArm, UnitSize } from "../land/types";

/** A counter's face: what a side reads once it has identified the piece (no strength, mode or supply). */
export type Face =
  | { readonly kind: "unit"; readonly name: string; readonly size: UnitSize; readonly arm: UnitArm; readonly nationality: string }
  | { readonly kind: "hq"; readonly name: string; readonly echelon: Echelon; readonly nationality: string };

/** A figure the rules showed the other side (a unit's strength, an HQ's level), and the turn it was shown in. */
export interface Revealed {
  readonly value: number;
  readonly turn: number;
}

/** A contact: the side knows an enemy piece stood in `hex` in `turn`, not what it is. */
export interface Located {
  readonly level: "located";
  readonly hex: HexRef;
  readonly turn: number;
}

/** The side knows where the piece stood and its face; perhaps a figure the rules revealed (strength after combat). */
export interface Identified {
  readonly level: "identified";
  readonly hex: HexRef;
  readonly turn: number;
  readonly face: Face;
  readonly strength?: Revealed;
}

/** What a side knows of one enemy piece; a piece it knows nothing of has no entry. */
export type Known = Located | Identified;

/** One side's knowledge: enemy piece id → what it knows. */
export type SideKnowledge = Readonly<Record<ActorRef, Known>>;

/** Both sides' knowledge, each of the other's pieces. */
export interface Knowledge {
  readonly nato: SideKnowledge;
  readonly wp: SideKnowledge;
}

/** Why an entry changed: what the change's card says was found, or why something is no longer known. */
export type KnowledgeCause =
  /** An enemy piece stood in or next to a hex of one of the side's pieces. */
  | "contact"
  /** Both sides learn who fought, and what the result left of them. */
  | "combat"
  /** Two Intelligence, Air Recce or SF/Spetsnaz cards identified and located what is in a hex. */
  | "identification"
  /** An air recce report of the Operational Playsheet (seed 003) showed the piece. */
  | "recce"
  /** A move ran into an enemy piece the side did not know was there. */
  | "move"
  /** Not seen again within the turns knowledge lasts. */
  | "expired"
  /** The side looked at the hex it had the piece in and the piece was not there. */
  | "contradicted"
  /** The piece left play (eliminated, withdrawn). */
  | "gone";

/**
 * One entry of one side changed, as data: the Foundry layer writes it through the write path and
 * Undo writes `before` back. `null` is "no entry" (unknown).
 */
export interface KnowledgeChange {
  readonly type: "knowledge";
  readonly side: Side;
  readonly piece: ActorRef;
  readonly before: Known | null;
  readonly after: Known | null;
  readonly cause: KnowledgeCause;
}

/** A transition's result: the new knowledge and what changed (no change when nothing differs). */
export interface KnowledgeUpdate {
  readonly knowledge: Knowledge;
  readonly changes: readonly KnowledgeChange[];
}

/** The truth of one piece as the knowledge rules read it: where it is (`""` off the map) and what it is. */
export interface Piece {
  readonly id: ActorRef;
  readonly side: Side;
  readonly hex: HexRef;
  readonly face: Face;
  /** A unit's current Combat Strength, an HQ's level: what combat or an attack may reveal. */
  readonly strength: number;
}

/** The readings a world may change (docs/rules-decisions.md, "What each side knows"); see `DEFAULT_KNOWLEDGE_OPTIONS`. */
export interface KnowledgeOptions {
  /** Contact identifies the enemy piece (its face), not only locates it. */
  readonly contactIdentifies: boolean;
  /** How many turns an entry lasts unless seen again (1: the turn it was learned in); null: until contradicted. */
  readonly lastsTurns: number | null;
  /** A contact marker says how many located pieces stand in its hex. */
  readonly contactShowsCount: boolean;
  /** Combat shows each side the other's strength after the result. */
  readonly combatRevealsStrength: boolean;
}

export const DEFAULT_KNOWLEDGE_OPTIONS: KnowledgeOptions = {
  contactIdentifies: false,
  lastsTurns: 1,
  contactShowsCount: false,
  combatRevealsStrength: true,
};

export const KNOWLEDGE_SIDES: readonly Side[] = ["nato", "wp"];

export function emptyKnowledge(): Knowledge {
  return { nato: {}, wp: {} };
}

export function unitFace(unit: Pick<LandUnit, "name" | "size" | "arm" | "nationality">): Face {
  return { kind: "unit", name: unit.name, size: unit.size, arm: unit.arm, nationality: unit.nationality };
}

export function hqFace(hq: Pick<LandHq, "name" | "echelon" | "nationality">): Face {
  return { kind: "hq", name: hq.name, echelon: hq.echelon, nationality: hq.nationality };
}

/** The rules' snapshots as pieces: every unit (strength) and HQ (level), in that order. */
export function piecesOf(units: readonly LandUnit[], hqs: readonly LandHq[] = []): Piece[] {
  return [
    ...units.map((u) => ({ id: u.id, side: u.side, hex: u.hex, face: unitFace(u), strength: u.strength })),
    ...hqs.map((h) => ({ id: h.id, side: h.side, hex: h.hex, face: hqFace(h), strength: h.level })),
  ];
}
