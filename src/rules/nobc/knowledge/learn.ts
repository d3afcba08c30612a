/**
 * Knowledge from what the rules resolve (docs/rules-decisions.md, "What each side knows"): combat
 * shows both sides who fought and what the result left of them; two identification cards show
 * what stands in a hex (seed 000, Land War QRS, 3. Rear Area Attacks: "Target Identification and
 * Location First"); entries lapse after the turns they last; pieces that leave play are forgotten.
 */
import type { ActorRef, HexRef } from "../../ids";
import { ok, refuse, type Checked } from "../../resolution";
import { targetIdentificationProblems } from "../land/rear-area";
import type { Side, SupportCard } from "../land/types";
import type { ReconReport } from "../../playsheet/air-recce";
import { KnowledgeDraft } from "./changes";
import {
  DEFAULT_KNOWLEDGE_OPTIONS,
  KNOWLEDGE_SIDES,
  type Identified,
  type KnowledgeCause,
  type Knowledge,
  type KnowledgeOptions,
  type KnowledgeUpdate,
  type Piece,
} from "./types";

function identify(draft: KnowledgeDraft, side: Side, piece: Piece, turn: number, strength: boolean, cause: KnowledgeCause): void {
  const before = draft.get(side, piece.id);
  const kept = before?.level === "identified" ? before.strength : undefined;
  const shown = strength ? { value: piece.strength, turn } : kept;
  const after: Identified = {
    level: "identified",
    hex: piece.hex,
    turn,
    face: piece.face,
    ...(shown === undefined ? {} : { strength: shown }),
  };
  draft.set(side, piece.id, after, cause);
}

export interface CombatKnowledgeInput {
  readonly knowledge: Knowledge;
  /**
   * Every piece that fought (attackers, defenders, the artillery of fire missions) as the result left
   * it: its hex after any retreat, its strength after the hits. A piece at strength 0 was eliminated.
   */
  readonly fought: readonly Piece[];
  readonly turn: number;
  readonly options?: Partial<KnowledgeOptions>;
}

/**
 * Both sides identify every piece of the other that fought, at its hex, with its strength after the
 * result (under `combatRevealsStrength`); a piece the result eliminated is forgotten by the other side.
 */
export function learnFromCombat(input: CombatKnowledgeInput): KnowledgeUpdate {
  const options = { ...DEFAULT_KNOWLEDGE_OPTIONS, ...input.options };
  const draft = new KnowledgeDraft(input.knowledge);
  for (const piece of input.fought) {
    const other: Side = piece.side === "nato" ? "wp" : "nato";
    if (piece.strength <= 0) draft.set(other, piece.id, null, "gone");
    else identify(draft, other, piece, input.turn, options.combatRevealsStrength, "combat");
  }
  return draft.done();
}

export interface IdentificationInput {
  readonly knowledge: Knowledge;
  readonly side: Side;
  /** The hex the side looks into (a contact, or a guess). */
  readonly hex: HexRef;
  /** Two Intelligence, Air Recce or SF/Spetsnaz cards of `side`. */
  readonly cards: readonly SupportCard[];
  readonly pieces: readonly Piece[];
  readonly turn: number;
}

export interface Identification extends KnowledgeUpdate {
  /** The enemy pieces identified in the hex (none: the cards found the hex empty). */
  readonly found: readonly ActorRef[];
}

/**
 * Two identification cards identify and locate every enemy piece in a hex; an entry the side had
 * in that hex for a piece no longer there is dropped. Refused, changing nothing, for the cards a
 * rear-area attack would refuse (their number, category, side, one card named twice).
 */
export function identifyByCards(input: IdentificationInput): Checked<Identification> {
  const problems = targetIdentificationProblems(input.side, input.cards, "cards");
  if (problems.length > 0) return refuse(...problems);
  const draft = new KnowledgeDraft(input.knowledge);
  const found = input.pieces.filter((p) => p.side !== input.side && p.hex === input.hex && p.hex !== "");
  for (const p of found) identify(draft, input.side, p, input.turn, false, "identification");
  const there = new Set(found.map((p) => p.id));
  for (const [id, known] of draft.entries(input.side)) {
    if (known.hex === input.hex && !there.has(id)) draft.set(input.side, id, null, "contradicted");
  }
  return ok({ ...draft.done(), found: found.map((p) => p.id) });
}

/**
 * What an air recce report of the Operational Playsheet (seed 003, Air Recce) tells the side: a report
 * that gives the type and size of the unit identifies it, any other report but "no report" locates it.
 */
export function reconLevel(report: ReconReport): "identified" | "located" | null {
  if (report === "none") return null;
  return report === "typeSize" || report === "directionTypeSize" ? "identified" : "located";
}

export interface ReconKnowledgeInput {
  readonly knowledge: Knowledge;
  readonly side: Side;
  /** The enemy pieces the squadron looked at (those in the square or hex it reconnoitred). */
  readonly seen: readonly Piece[];
  readonly report: ReconReport;
  readonly turn: number;
}

/** The side learns what the report says of each piece looked at; a weaker report never lowers what it knew. */
export function learnFromRecce(input: ReconKnowledgeInput): KnowledgeUpdate {
  const level = reconLevel(input.report);
  const draft = new KnowledgeDraft(input.knowledge);
  for (const p of input.seen) {
    if (level === null || p.side === input.side || p.hex === "") continue;
    if (level === "identified" || draft.get(input.side, p.id)?.level === "identified")
      identify(draft, input.side, p, input.turn, false, "recce");
    else draft.set(input.side, p.id, { level: "located", hex: p.hex, turn: input.turn }, "recce");
  }
  return draft.done();
}

/**
 * Drops every entry not renewed within the turns it lasts: with `lastsTurns` n, an entry of turn t
 * is gone from turn t + n. Run when a turn begins, after that turn's contacts are observed: contact
 * renews what is still in contact (keeping an identified piece identified), so the lapse drops only the rest.
 * Throws RangeError for a `lastsTurns` that is not a whole number of 1 or more.
 */
export function expireKnowledge(knowledge: Knowledge, turn: number, options?: Partial<KnowledgeOptions>): KnowledgeUpdate {
  const { lastsTurns } = { ...DEFAULT_KNOWLEDGE_OPTIONS, ...options };
  if (lastsTurns === null) return { knowledge, changes: [] };
  if (!Number.isInteger(lastsTurns) || lastsTurns < 1) throw new RangeError(`lastsTurns must be a whole number ≥ 1, got ${lastsTurns}`);
  const draft = new KnowledgeDraft(knowledge);
  for (const side of KNOWLEDGE_SIDES) {
    for (const [id, known] of draft.entries(side)) if (known.turn + lastsTurns <= turn) draft.set(side, id, null, "expired");
  }
  return draft.done();
}

/** Both sides forget pieces that left play (eliminated, withdrawn): there is nothing of them left to see. */
export function forgetPieces(knowledge: Knowledge, pieces: Iterable<ActorRef>): KnowledgeUpdate {
  const draft = new KnowledgeDraft(knowledge);
  for (const id of pieces) for (const side of KNOWLEDGE_SIDES) draft.set(side, id, null, "gone");
  return draft.done();
}
