/**
 * The stored form of one turn's record (format `nobc-record/1`) and its writer. A record is an object
 * keyed by zero-padded seq (`000001`), so appending an entry is one update of one new key, and the
 * write carries that entry alone, never the turn so far (docs/decisions/game-record.md). Each entry is
 * a short array (a tuple):
 *
 * - text that repeats (document UUIDs, field paths, user ids, stage ids, keys) is written once, in the
 *   entry that first uses it (the tuple's first element lists the new texts), and referred to after by
 *   number (`0`: null, `n`: the n-th text of the turn, in seq order);
 * - a path is its first hex and one character a step (`0712` then `5` for the hex one column right and
 *   one row down), a step that is no neighbour's written out whole (`(0915`);
 * - a row is `[doc, field, has, before?, after?]` (`has`: 1 before, 2 after, 3 both).
 *
 * Reading it back is in order: each entry's texts are added before the next entry is read. Pure.
 */
import type { Phrase, PhraseArg } from "../resolution";
import {
  MAX_ENTRY_CHARS,
  MAX_TURN_CHARS,
  MAX_TURN_ENTRIES,
  type LogEntry,
  type LogRow,
  type LogSector,
  type LogValue,
  type NewEntry,
} from "./entry";

export const RECORD_FORMAT = "nobc-record/1";

/** One turn's record as a document stores it. */
export interface StoredTurnLog {
  readonly format: typeof RECORD_FORMAT;
  readonly turn: number;
  readonly entries: Readonly<Record<string, readonly unknown[]>>;
}

/** The key of an entry: its seq, six digits (so the keys sort as the seqs do). */
export function entryKey(seq: number): string {
  return String(seq).padStart(6, "0");
}

const KIND_CODES = { card: "c", move: "m", stage: "s", undo: "u", release: "r" } as const;
const WARS = [null, "air", "land"] as const;

/** Why an append or a read is refused: a lang key (`NOBC.Record.Problem.*`) and where. */
export interface LogProblem {
  readonly path: string;
  readonly code: string;
}

const HEX = /^\d{4}$/;

/** A path as its first hex and one character a step (see the file's head); a path not of map labels stays a list. */
export function encodePath(from: string, path: readonly string[]): string | readonly string[] {
  if (!HEX.test(from) || !path.every((h) => HEX.test(h))) return [from, ...path];
  let out = from;
  let at = from;
  for (const hex of path) {
    const dc = Number(hex.slice(0, 2)) - Number(at.slice(0, 2));
    const dr = Number(hex.slice(2)) - Number(at.slice(2));
    out += Math.abs(dc) <= 1 && Math.abs(dr) <= 1 && (dc !== 0 || dr !== 0) ? String((dc + 1) * 3 + (dr + 1)) : `(${hex}`;
    at = hex;
  }
  return out;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The hexes of an encoded path, its first hex first; undefined when it is not one. */
export function decodePath(code: unknown): readonly string[] | undefined {
  if (Array.isArray(code)) return code.every((h) => typeof h === "string") ? (code as string[]) : undefined;
  if (typeof code !== "string" || !HEX.test(code.slice(0, 4))) return undefined;
  const out = [code.slice(0, 4)];
  let col = Number(code.slice(0, 2));
  let row = Number(code.slice(2, 4));
  for (let i = 4; i < code.length; i++) {
    const c = code[i]!;
    if (c === "(") {
      const hex = code.slice(i + 1, i + 5);
      if (!HEX.test(hex)) return undefined;
      out.push(hex);
      col = Number(hex.slice(0, 2));
      row = Number(hex.slice(2));
      i += 4;
      continue;
    }
    const d = c.charCodeAt(0) - 48;
    if (d < 0 || d > 8 || d === 4) return undefined;
    col += Math.floor(d / 3) - 1;
    row += (d % 3) - 1;
    if (col < 0 || row < 0 || col > 99 || row > 99) return undefined;
    out.push(pad2(col) + pad2(row));
  }
  return out;
}

/**
 * The writer of one turn's record, kept by the active GM's client: it knows the texts written so far
 * and the next seq, so each append is one new key. `resume` picks up a record read back.
 */
export class TurnLogWriter {
  readonly turn: number;
  private readonly refs = new Map<string, number>();
  private seq = 0;
  private chars = 0;

  constructor(turn: number) {
    this.turn = turn;
  }

  /** A writer that goes on after the entries read back from a record (`readTurnLog`). */
  static resume(turn: number, entries: readonly LogEntry[]): TurnLogWriter {
    const w = new TurnLogWriter(turn);
    for (const e of entries) w.encode(e, e.seq);
    return w;
  }

  /** The number of entries written. */
  get size(): number {
    return this.seq;
  }

  /** The characters written so far (the JSON of the entries). */
  get length(): number {
    return this.chars;
  }

  /**
   * Appends `entry`: its seq, its key and the update to write (`{ [key]: tuple }`, one key), or why
   * not (the entry or the turn too large, too many entries), in which case nothing is taken.
   */
  append(entry: NewEntry): { ok: true; seq: number; key: string; tuple: readonly unknown[] } | { ok: false; problem: LogProblem } {
    if (this.seq >= MAX_TURN_ENTRIES) return { ok: false, problem: { path: "", code: "NOBC.Record.Problem.tooManyEntries" } };
    const seq = this.seq + 1;
    const full = { ...entry, seq, turn: this.turn } as LogEntry;
    const tuple = this.encodeTuple(full);
    const size = JSON.stringify(tuple).length;
    const key = entryKey(seq);
    const problem =
      size > MAX_ENTRY_CHARS ? "NOBC.Record.Problem.entryTooLarge" : this.chars + size > MAX_TURN_CHARS ? "NOBC.Record.Problem.turnFull" : null;
    if (problem !== null) {
      // Nothing is taken: the texts this entry brought are forgotten again.
      for (const s of tuple[0] as string[]) this.refs.delete(s);
      return { ok: false, problem: { path: key, code: problem } };
    }
    this.seq = seq;
    this.chars += size;
    return { ok: true, seq, key, tuple };
  }

  private encode(entry: LogEntry, seq: number): void {
    const tuple = this.encodeTuple(entry);
    this.seq = seq;
    this.chars += JSON.stringify(tuple).length;
  }

  private encodeTuple(e: LogEntry): unknown[] {
    const fresh: string[] = [];
    const ref = (s: string | null): number => {
      if (s === null) return 0;
      let n = this.refs.get(s);
      if (n === undefined) {
        n = this.refs.size + 1;
        this.refs.set(s, n);
        fresh.push(s);
      }
      return n;
    };
    const head = [KIND_CODES[e.kind], ref(e.stage), ref(e.by)];
    const rows = (list: readonly LogRow[]) => list.map((r) => encodeRow(r, ref));
    let rest: unknown[];
    switch (e.kind) {
      case "card":
        rest = [
          ref(e.card),
          ref(e.action),
          encodeSector(e.sector, ref),
          encodeOutcome(e.outcome, ref),
          ref(e.once),
          e.holds.map(ref),
          e.charges.map(ref),
          rows(e.rows),
        ];
        break;
      case "move":
        rest = [ref(e.card), ref(e.unit), encodePath(e.from, e.path), e.cost, e.override === true ? 1 : e.override === false ? 0 : e.override, rows(e.rows)];
        break;
      case "stage":
        rest = e.from === null ? [] : [e.from.turn, ref(e.from.stage)];
        break;
      case "undo":
        rest = [e.ofTurn, e.undoes];
        break;
      case "release":
        rest = [e.ofTurn, e.releases, e.reason];
        break;
    }
    return [fresh, ...head, ...rest];
  }
}

type Ref = (s: string | null) => number;

function encodeRow(r: LogRow, ref: Ref): unknown[] {
  const has = (r.before !== undefined ? 1 : 0) + (r.after !== undefined ? 2 : 0);
  return [ref(r.doc), ref(r.field), has, ...(r.before !== undefined ? [r.before] : []), ...(r.after !== undefined ? [r.after] : [])];
}

function encodeSector(s: LogSector | null, ref: Ref): unknown {
  return s === null ? 0 : [WARS.indexOf(s.war), s.hqs.map(ref), s.hex ?? 0];
}

function encodeOutcome(p: Phrase | null, ref: Ref): unknown {
  return p === null ? 0 : p.data === undefined ? [ref(p.key)] : [ref(p.key), p.data];
}

/** A read-back record: each entry decoded into the shape of a `LogEntry` (its fields not yet checked), or the problems met. */
export interface DecodedTurn {
  readonly entries: readonly { readonly key: string; readonly entry: Record<string, unknown> }[];
  readonly problems: readonly LogProblem[];
}

/**
 * Decodes the entries of a stored record in seq order, adding each entry's texts before the next is
 * read. An entry whose tuple is out of shape (a reference to no text, a kind that is none, a path that
 * is no path) is a problem naming its key and place; the entries after it are still read (their texts
 * are counted only from entries read). The decoded fields are checked by the schema (src/schemas/record.ts).
 */
export function decodeTurn(stored: Pick<StoredTurnLog, "turn" | "entries">): DecodedTurn {
  const table: string[] = [];
  const out: { key: string; entry: Record<string, unknown> }[] = [];
  const problems: LogProblem[] = [];
  const keys = Object.keys(stored.entries).sort();
  for (const key of keys) {
    const tuple = stored.entries[key]!;
    const fail = (at: string, code: string) => problems.push({ path: at === "" ? key : `${key}.${at}`, code });
    const fresh = tuple[0];
    if (!Array.isArray(fresh) || !fresh.every((s) => typeof s === "string")) {
      fail("0", "NOBC.Record.Problem.badTexts");
      continue;
    }
    table.push(...(fresh as string[]));
    let bad = false;
    const text = (v: unknown, at: string): string | null => {
      if (v === 0) return null;
      if (typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= table.length) return table[v - 1]!;
      if (!bad) fail(at, "NOBC.Record.Problem.badRef");
      bad = true;
      return null;
    };
    const texts = (v: unknown, at: string): string[] =>
      Array.isArray(v) ? v.map((x, i) => text(x, `${at}.${i}`) ?? "") : (fail(at, "NOBC.Record.Problem.badTuple"), (bad = true), []);
    const rows = (v: unknown, at: string): unknown[] =>
      Array.isArray(v) ? v.map((r, i) => decodeRow(r, `${at}.${i}`, text)) : ((bad = true), fail(at, "NOBC.Record.Problem.badTuple"), []);
    const seq = Number(key);
    const base = { seq, turn: stored.turn, stage: text(tuple[2], "stage"), by: text(tuple[3], "by") };
    let entry: Record<string, unknown> | undefined;
    switch (tuple[1]) {
      case "c":
        entry = {
          ...base,
          kind: "card",
          card: text(tuple[4], "card"),
          action: text(tuple[5], "action"),
          sector: decodeSector(tuple[6], text),
          outcome: decodeOutcome(tuple[7], text),
          once: text(tuple[8], "once"),
          holds: texts(tuple[9], "holds"),
          charges: texts(tuple[10], "charges"),
          rows: rows(tuple[11], "rows"),
        };
        break;
      case "m": {
        const hexes = decodePath(tuple[6]);
        if (hexes === undefined || hexes.length === 0) {
          fail("path", "NOBC.Record.Problem.badPath");
          continue;
        }
        const o = tuple[8];
        entry = {
          ...base,
          kind: "move",
          card: text(tuple[4], "card"),
          unit: text(tuple[5], "unit"),
          from: hexes[0],
          path: hexes.slice(1),
          cost: tuple[7],
          override: o === 1 ? true : o === 0 ? false : o,
          rows: rows(tuple[9], "rows"),
        };
        break;
      }
      case "s":
        entry = { ...base, kind: "stage", from: tuple.length > 4 ? { turn: tuple[4], stage: text(tuple[5], "from.stage") } : null };
        break;
      case "u":
        entry = { ...base, kind: "undo", ofTurn: tuple[4], undoes: tuple[5] };
        break;
      case "r":
        entry = { ...base, kind: "release", ofTurn: tuple[4], releases: tuple[5], reason: tuple[6] };
        break;
      default:
        fail("kind", "NOBC.Record.Problem.badKind");
        continue;
    }
    if (!bad) out.push({ key, entry });
  }
  return { entries: out, problems };
}

function decodeRow(r: unknown, at: string, text: (v: unknown, at: string) => string | null): unknown {
  if (!Array.isArray(r)) return r;
  const [doc, field, has, ...values] = r as unknown[];
  const row: Record<string, unknown> = { doc: text(doc, `${at}.doc`), field: text(field, `${at}.field`) };
  if (has === 1 || has === 3) row["before"] = values[0] as LogValue;
  if (has === 2) row["after"] = values[0] as LogValue;
  if (has === 3) row["after"] = values[1] as LogValue;
  return row;
}

function decodeSector(s: unknown, text: (v: unknown, at: string) => string | null): unknown {
  if (s === 0) return null;
  if (!Array.isArray(s)) return s;
  const [war, hqs, hex] = s as unknown[];
  return {
    war: typeof war === "number" ? (WARS[war] ?? war) : war,
    hqs: Array.isArray(hqs) ? hqs.map((h, i) => text(h, `sector.hqs.${i}`)) : hqs,
    hex: hex === 0 ? null : hex,
  };
}

function decodeOutcome(p: unknown, text: (v: unknown, at: string) => string | null): unknown {
  if (p === 0) return null;
  if (!Array.isArray(p)) return p;
  const key = text(p[0], "outcome.key");
  return p.length > 1 ? { key, data: p[1] as Readonly<Record<string, PhraseArg>> } : { key };
}
