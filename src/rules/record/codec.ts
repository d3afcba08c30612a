/**
 * The stored form of one turn's record (format `nobc-record/1`) and its writer. A record is an object
 * keyed by zero-padded seq (`000001`), so appending an entry is one update of one new key, and the
 * write carries that entry alone, never the turn so far (docs/decisions/game-record.md). Each entry is
 * a short array (a tuple):
 *
 * - text that repeats (document UUIDs, field paths, user ids, stage ids) is written once a game, in the
 *   entry that first uses it (the tuple's first element lists the new texts), and referred to after by
 *   number (`0`: null, `n`: the n-th text of the game, see `GameTexts`); a key (`attack:<unit>:<turn>`)
 *   is the numbers of its parts;
 * - the stage is `-1` when it is the stage of the entry before;
 * - a path is its first hex and one character a step (`0712` then `5` for the hex one row down), a step
 *   that is no neighbour's written out whole (`(0915`);
 * - rows are grouped by document, and documents written alike share one group (`encodeRows`): rows
 *   come back in the order of their groups.
 *
 * Reading it back is in order, turn after turn: each entry's texts are added before the next entry is read. Pure.
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
  if (Array.isArray(code)) return code.every((h) => typeof h === "string") ? code : undefined;
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
 * The texts of a game's record: each text gets its number the first time any turn's entry writes it,
 * and keeps it for the whole game, so a unit's id or a field path costs its characters once a game,
 * not once a turn. The texts live in the entries that brought them: reading the turns in order rebuilds
 * the table (`GameTexts.read`).
 */
export class GameTexts {
  private readonly refs = new Map<string, number>();
  private readonly list: string[] = [];

  /** The number of a text, giving it one (and noting it in `fresh`) when it has none. */
  ref(s: string, fresh: string[]): number {
    let n = this.refs.get(s);
    if (n === undefined) {
      this.list.push(s);
      n = this.list.length;
      this.refs.set(s, n);
      fresh.push(s);
    }
    return n;
  }

  /** The text of a number (from 1), or undefined. */
  text(n: number): string | undefined {
    return this.list[n - 1];
  }

  /** Adds texts read back, in order. */
  add(texts: readonly string[]): void {
    const fresh: string[] = [];
    for (const t of texts) this.ref(t, fresh);
  }

  /** Forgets the texts last given (an entry refused: nothing of it is kept). */
  forget(texts: readonly string[]): void {
    for (let i = texts.length - 1; i >= 0; i--) {
      if (this.list[this.list.length - 1] !== texts[i]) continue;
      this.list.pop();
      this.refs.delete(texts[i]!);
    }
  }

  get size(): number {
    return this.list.length;
  }
}

/** A stage written as "as the entry before" (most entries of a stage follow each other). */
const SAME_STAGE = -1;

/**
 * The writer of one turn's record, kept by the active GM's client: it knows the game's texts, the next
 * seq and the stage of the last entry, so each append is one new key. `resume` picks up a record read back.
 */
export class TurnLogWriter {
  readonly turn: number;
  readonly texts: GameTexts;
  private seq = 0;
  private chars = 0;
  private lastStage: string | null | undefined = undefined;

  constructor(turn: number, texts: GameTexts = new GameTexts()) {
    this.turn = turn;
    this.texts = texts;
  }

  /** A writer that goes on after the entries read back from a record (`readTurnLog`), with the game's texts so far. */
  static resume(turn: number, entries: readonly LogEntry[], texts: GameTexts): TurnLogWriter {
    const w = new TurnLogWriter(turn, texts);
    for (const e of entries) {
      const tuple = w.encodeTuple(e);
      w.seq = e.seq;
      w.chars += JSON.stringify(tuple).length;
      w.lastStage = e.stage;
    }
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
   * Appends `entry`: its seq, its key and the tuple to write under the key (one key), or why not (the
   * entry or the turn too large, too many entries), in which case nothing is taken.
   */
  append(entry: NewEntry): { ok: true; seq: number; key: string; tuple: readonly unknown[] } | { ok: false; problem: LogProblem } {
    if (this.seq >= MAX_TURN_ENTRIES) return { ok: false, problem: { path: "", code: "NOBC.Record.Problem.tooManyEntries" } };
    const seq = this.seq + 1;
    const full = { ...entry, seq, turn: this.turn } as LogEntry;
    const tuple = this.encodeTuple(full);
    const size = JSON.stringify(tuple).length;
    const key = entryKey(seq);
    const problem =
      size > MAX_ENTRY_CHARS
        ? "NOBC.Record.Problem.entryTooLarge"
        : this.chars + size > MAX_TURN_CHARS
          ? "NOBC.Record.Problem.turnFull"
          : null;
    if (problem !== null) {
      this.texts.forget(tuple[0] as string[]);
      return { ok: false, problem: { path: key, code: problem } };
    }
    this.seq = seq;
    this.chars += size;
    this.lastStage = full.stage;
    return { ok: true, seq, key, tuple };
  }

  private encodeTuple(e: LogEntry): unknown[] {
    const fresh: string[] = [];
    const ref = (s: string | null): number => (s === null ? 0 : this.texts.ref(s, fresh));
    const key = (k: string) => (k.includes(":") ? k.split(":").map(ref) : ref(k));
    const stage = e.stage === this.lastStage ? SAME_STAGE : ref(e.stage);
    const head = [KIND_CODES[e.kind], stage, ref(e.by)];
    let rest: unknown[];
    switch (e.kind) {
      case "card":
        rest = [
          ref(e.action),
          encodeSector(e.sector, ref),
          encodeOutcome(e.outcome, ref),
          e.once === null ? 0 : key(e.once),
          e.holds.map(key),
          e.charges.map(key),
          encodeRows(e.rows, ref),
        ];
        break;
      case "move":
        rest = [
          ref(e.unit),
          encodePath(e.from, e.path),
          e.cost,
          e.override === true ? 1 : e.override === false ? 0 : e.override,
          encodeRows(e.rows, ref),
        ];
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

/**
 * Rows grouped by document, in order: `[doc, part, part, …]`, each part one field: `[field, before,
 * after]`, `[field, before]` (removed), `[-field, after]` (new), `[field]` (a whole document deleted
 * whose source was not kept). When every value of a part is a text (a mode, a side) the values are
 * texts' numbers too, and the field's number is written as a string (`["24", 31, 32]`).
 */
function encodeRows(rows: readonly LogRow[], ref: Ref): unknown[][] {
  const out: unknown[][] = [];
  let doc: string | undefined;
  for (const r of rows) {
    if (r.doc !== doc) {
      out.push([ref(r.doc)]);
      doc = r.doc;
    }
    const f = ref(r.field);
    const values = [...(r.before !== undefined ? [r.before] : []), ...(r.after !== undefined ? [r.after] : [])];
    const texts = values.length > 0 && values.every((v) => typeof v === "string");
    const signed = r.before === undefined && r.after !== undefined ? -f : f;
    out[out.length - 1]!.push(texts ? [String(signed), ...values.map((v) => ref(v))] : [signed, ...values]);
  }
  return sameParts(out);
}

/**
 * Documents written alike (the same fields to the same values: a resupply filling every unit, an
 * Orders card putting half an HQ's units in Combat Mode) as one group whose first element lists them:
 * `[[doc, doc, …], part, …]`, in the order each group first appears.
 */
function sameParts(groups: unknown[][]): unknown[][] {
  const byParts = new Map<string, unknown[]>();
  const out: unknown[][] = [];
  for (const [doc, ...parts] of groups) {
    const key = JSON.stringify(parts);
    const group = byParts.get(key);
    if (group === undefined) {
      const fresh = [doc, ...parts];
      byParts.set(key, fresh);
      out.push(fresh);
    } else group[0] = Array.isArray(group[0]) ? [...(group[0] as unknown[]), doc] : [group[0], doc];
  }
  return out;
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
 * Decodes the entries of a stored record in seq order, adding each entry's texts to the game's
 * (`texts`: the texts of every earlier turn already read) before the next is read. An entry whose tuple
 * is out of shape (a reference to no text, a kind that is none, a path that is no path) is a problem
 * naming its key and place; the entries after it are still read. The decoded fields are checked by the
 * schema (src/schemas/record.ts).
 */
export function decodeTurn(stored: Pick<StoredTurnLog, "turn" | "entries">, texts: GameTexts = new GameTexts()): DecodedTurn {
  const out: { key: string; entry: Record<string, unknown> }[] = [];
  const problems: LogProblem[] = [];
  const keys = Object.keys(stored.entries).sort();
  let lastStage: string | null | undefined = undefined;
  for (const key of keys) {
    const tuple = stored.entries[key]!;
    const fail = (at: string, code: string) => problems.push({ path: at === "" ? key : `${key}.${at}`, code });
    const fresh = tuple[0];
    if (!Array.isArray(fresh) || !fresh.every((s) => typeof s === "string")) {
      fail("0", "NOBC.Record.Problem.badTexts");
      continue;
    }
    texts.add(fresh);
    let bad = false as boolean;
    const text = (v: unknown, at: string): string | null => {
      if (v === 0) return null;
      const t = typeof v === "number" && Number.isInteger(v) && v >= 1 ? texts.text(v) : undefined;
      if (t !== undefined) return t;
      if (!bad) fail(at, "NOBC.Record.Problem.badRef");
      bad = true;
      return null;
    };
    const shape = (at: string) => {
      if (!bad) fail(at, "NOBC.Record.Problem.badTuple");
      bad = true;
    };
    const keyText = (v: unknown, at: string): string | null =>
      Array.isArray(v) ? v.map((x, i) => text(x, `${at}.${i}`) ?? "").join(":") : text(v, at);
    const keyList = (v: unknown, at: string): (string | null)[] =>
      Array.isArray(v) ? v.map((x, i) => keyText(x, `${at}.${i}`)) : (shape(at), []);
    const rows = (v: unknown, at: string): unknown[] => (Array.isArray(v) ? decodeRows(v, at, text, shape) : (shape(at), []));
    let stage: string | null;
    if (tuple[2] === SAME_STAGE) {
      if (lastStage === undefined) shape("stage");
      stage = lastStage ?? null;
    } else stage = text(tuple[2], "stage");
    const base = { seq: Number(key), turn: stored.turn, stage, by: text(tuple[3], "by") };
    let entry: Record<string, unknown> | undefined;
    switch (tuple[1]) {
      case "c":
        entry = {
          ...base,
          kind: "card",
          action: text(tuple[4], "action"),
          sector: decodeSector(tuple[5], text),
          outcome: decodeOutcome(tuple[6], text),
          once: keyText(tuple[7], "once"),
          holds: keyList(tuple[8], "holds"),
          charges: keyList(tuple[9], "charges"),
          rows: rows(tuple[10], "rows"),
        };
        break;
      case "m": {
        const hexes = decodePath(tuple[5]);
        if (hexes === undefined || hexes.length === 0) {
          fail("path", "NOBC.Record.Problem.badPath");
          continue;
        }
        const o = tuple[7];
        entry = {
          ...base,
          kind: "move",
          unit: text(tuple[4], "unit"),
          from: hexes[0],
          path: hexes.slice(1),
          cost: tuple[6],
          override: o === 1 ? true : o === 0 ? false : o,
          rows: rows(tuple[8], "rows"),
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
    lastStage = stage;
    if (!bad) out.push({ key, entry });
  }
  return { entries: out, problems };
}

function decodeRows(
  groups: readonly unknown[],
  at: string,
  text: (v: unknown, at: string) => string | null,
  shape: (at: string) => void,
): unknown[] {
  const out: unknown[] = [];
  groups.forEach((g, i) => {
    if (!Array.isArray(g) || g.length < 2) return shape(`${at}.${i}`);
    const docs = Array.isArray(g[0]) ? (g[0] as unknown[]).map((d, k) => text(d, `${at}.${i}.0.${k}`)) : [text(g[0], `${at}.${i}.0`)];
    for (const doc of docs)
      for (const [j, part] of (g.slice(1) as unknown[]).entries()) {
        const at2 = `${at}.${i}.${j + 1}`;
        const head = Array.isArray(part) ? (part[0] as unknown) : undefined;
        const f = typeof head === "string" && /^-?\d+$/.test(head) ? Number(head) : head;
        if (
          !Array.isArray(part) ||
          part.length > 3 ||
          typeof f !== "number" ||
          !Number.isInteger(f) ||
          f === 0 ||
          (f < 0 && part.length !== 2)
        ) {
          shape(at2);
          continue;
        }
        const field = text(Math.abs(f), `${at2}.field`);
        const values = (part.slice(1) as LogValue[]).map((v, k) => (typeof head === "string" ? text(v, `${at2}.${k + 1}`) : v));
        out.push({
          doc,
          field,
          ...(f > 0 && values.length >= 1 ? { before: values[0] } : {}),
          ...(f > 0 && values.length === 2 ? { after: values[1] } : {}),
          ...(f < 0 ? { after: values[0] } : {}),
        });
      }
  });
  return out;
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

/**
 * What a turn's record keeps once the turn has ended and its moves can no longer be undone (as the cards'
 * records are pruned today, src/chat/card-record.ts), as the keys to write, in one update: each move
 * without its rows (its path and cost stay, which is what the replay and the report read), each card
 * without its holds and charges (only the turn being played checks them; they name the turn). The cards
 * keep their rows: the losses and the changes of mode and supply are the report's figures. The texts an
 * entry brought stay with it (later entries name them). Undo of a pruned move is refused by the reader of
 * the log (a move with no rows). Pure.
 */
export function prunedTurn(stored: Pick<StoredTurnLog, "entries">): Record<string, readonly unknown[]> {
  const out: Record<string, readonly unknown[]> = {};
  const some = (v: unknown) => Array.isArray(v) && v.length > 0;
  for (const [key, tuple] of Object.entries(stored.entries)) {
    if (tuple[1] === "m" && some(tuple[8])) out[key] = [...tuple.slice(0, 8), []];
    if (tuple[1] === "c" && (some(tuple[8]) || some(tuple[9]))) out[key] = [...tuple.slice(0, 8), [], [], ...tuple.slice(10)];
  }
  return out;
}
