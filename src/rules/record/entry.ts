/**
 * The game's record (issue #33): what the log of one game turn holds, as plain data. Each entry is
 * something the active GM's client carried out: a card applied (its outcome, its effects and their
 * inverse as rows), a card undone, a once-only key released, a move, a change of stage. Each names
 * where the turn stood (stage) and who asked; a card also names its sector. The turn is the record's
 * (one record per turn, docs/decisions/game-record.md); `seq` orders the entries within it.
 *
 * Pure: no Foundry, no DOM; the writer and reader of the stored form are ./codec.ts, the zod check
 * of what is read back src/schemas/record.ts, the folding ./fold.ts.
 */
import type { Phrase } from "../resolution";

/** A JSON value as a document field holds it (a row's value before or after). */
export type LogValue = string | number | boolean | null | readonly LogValue[] | { readonly [key: string]: LogValue };

/** What an entry is of in Control's sectors (as a card's `system.sector`). */
export interface LogSector {
  readonly war: "air" | "land" | null;
  readonly hqs: readonly string[];
  readonly hex: string | null;
}

/**
 * One field of one document written: its value before (absent: the field, or the whole document with
 * `field` `*`, did not exist) and after (absent: removed). Forward writes `after`, the inverse
 * writes `before`: one row carries both, so the log keeps a plan and its inverse at the price of one.
 */
export interface LogRow {
  readonly doc: string;
  /** A dotted field path, or `*` for the whole document (created: `after` is its source; deleted: `before`). */
  readonly field: string;
  readonly before?: LogValue;
  readonly after?: LogValue;
}

export const WHOLE_DOCUMENT = "*";

interface Base {
  /** The order within the turn, from 1. */
  readonly seq: number;
  readonly turn: number;
  /** The stage id the turn stood at (src/rules/nobc/turn.ts), or null with no tracker. */
  readonly stage: string | null;
  /** The id of the user who asked (null: the GM of its own accord, or the system). */
  readonly by: string | null;
}

/**
 * A card applied: its action, outcome phrase, once-only key, holds, charges and what it wrote. The entry
 * does not name the card's message: the message names its entry (its turn and seq), so clearing the chat
 * leaves no dangling reference in the log and costs the log nothing (docs/decisions/game-record.md).
 */
export interface CardEntry extends Base {
  readonly kind: "card";
  readonly action: string | null;
  readonly sector: LogSector | null;
  readonly outcome: Phrase | null;
  readonly once: string | null;
  readonly holds: readonly string[];
  readonly charges: readonly string[];
  readonly rows: readonly LogRow[];
}

/** A unit's move applied: the path from `from` (the hexes entered, in order) and its cost in MP. */
export interface MoveEntry extends Base {
  readonly kind: "move";
  readonly unit: string;
  readonly from: string;
  readonly path: readonly string[];
  readonly cost: number;
  /** The umpire moved it over the rules' refusals (true, or the reason given). */
  readonly override: boolean | string;
  /** What the move wrote (the token's place, the MP spent), for Undo. */
  readonly rows: readonly LogRow[];
}

/** The turn moved on: from where it stood (null: the first stage of the game) to this entry's stage. */
export interface StageEntry extends Base {
  readonly kind: "stage";
  readonly from: { readonly turn: number; readonly stage: string } | null;
}

/** An applied card (or move) undone: it names the entry it undoes (`undoes`, a seq of the turn `ofTurn`). */
export interface UndoEntry extends Base {
  readonly kind: "undo";
  readonly ofTurn: number;
  readonly undoes: number;
}

/** A card's once-only key and holds released by a GM, with the reason given. */
export interface ReleaseEntry extends Base {
  readonly kind: "release";
  readonly ofTurn: number;
  readonly releases: number;
  readonly reason: string;
}

export type LogEntry = CardEntry | MoveEntry | StageEntry | UndoEntry | ReleaseEntry;
export type LogKind = LogEntry["kind"];

/** An entry as the writer is given it: the turn and seq are the record's to set. */
export type NewEntry = LogEntry extends infer E ? (E extends LogEntry ? Omit<E, "seq" | "turn"> : never) : never;

/** The most entries one turn's record holds (an evening's turn at 1,600 units stays far below). */
export const MAX_TURN_ENTRIES = 20_000;
/** The longest one entry may be, encoded (characters of its JSON): a card writing far more is refused. */
export const MAX_ENTRY_CHARS = 16_384;
/** The most one turn's record may hold, encoded: past it the writer refuses (the GM is told, the action stands). */
export const MAX_TURN_CHARS = 1_048_576;
/** The most hexes a path lists, the rows a card writes, the holds and charges it keeps. */
export const MAX_PATH_HEXES = 200;
export const MAX_ENTRY_ROWS = 1000;
export const MAX_ENTRY_KEYS = 200;
/** The longest text field (a reason, a key, a field path, an id). */
export const MAX_TEXT = 500;
