/**
 * Reading a turn's record back (issue #33, docs/decisions/game-record.md): the stored form checked with
 * zod, each entry decoded (src/rules/record/codec.ts) and its fields checked. A record out of shape is
 * read as far as it goes: every entry that reads is kept, each one that does not is a problem naming
 * its key and field (`000012.path.3`) and what is wrong, in the reader's language. Foundry-free.
 */
import { z } from "zod";
import { phrase, type Phrase } from "../rules/resolution";
import { MAX_ENTRY_KEYS, MAX_ENTRY_ROWS, MAX_PATH_HEXES, MAX_TEXT, MAX_TURN_ENTRIES, type LogEntry } from "../rules/record/entry";
import { GameTexts, RECORD_FORMAT, decodeTurn } from "../rules/record/codec";
import { issuePhrase, WITH_INPUT } from "../words/issues";
import { formatPath } from "../words/path";

const text = z.string().min(1).max(MAX_TEXT);
const hex = z.string().regex(/^\d{4}$/);
const json: z.ZodType = z.unknown();

const row = z.strictObject({ doc: text, field: text, before: json.optional(), after: json.optional() });
const rows = z.array(row).max(MAX_ENTRY_ROWS);
const keys = z.array(text).max(MAX_ENTRY_KEYS);
const sector = z.strictObject({ war: z.enum(["air", "land"]).nullable(), hqs: keys, hex: hex.nullable() }).nullable();
const phraseArg: z.ZodType = z.lazy(() => z.union([z.string().max(MAX_TEXT), z.number(), phraseSchema]));
const phraseSchema: z.ZodType<Phrase> = z.strictObject({
  key: text,
  data: z.record(z.string().max(100), phraseArg).optional(),
}) as z.ZodType<Phrase>;

const base = {
  seq: z.int().min(1).max(MAX_TURN_ENTRIES),
  turn: z.int().min(0),
  stage: text.nullable(),
  by: text.nullable(),
};

/** One decoded entry (src/rules/record/entry.ts, `LogEntry`). */
export const logEntrySchema = z.discriminatedUnion("kind", [
  z.strictObject({
    ...base,
    kind: z.literal("card"),
    action: text.nullable(),
    sector,
    outcome: phraseSchema.nullable(),
    once: text.nullable(),
    holds: keys,
    charges: keys,
    rows,
  }),
  z.strictObject({
    ...base,
    kind: z.literal("move"),
    unit: text,
    from: hex,
    path: z.array(hex).max(MAX_PATH_HEXES),
    cost: z.number().min(0).max(100),
    override: z.union([z.boolean(), z.string().max(MAX_TEXT)]),
    rows,
  }),
  z.strictObject({ ...base, kind: z.literal("stage"), from: z.strictObject({ turn: z.int().min(0), stage: text }).nullable() }),
  z.strictObject({ ...base, kind: z.literal("undo"), ofTurn: z.int().min(0), undoes: z.int().min(1) }),
  z.strictObject({
    ...base,
    kind: z.literal("release"),
    ofTurn: z.int().min(0),
    releases: z.int().min(1),
    reason: z.string().max(MAX_TEXT),
  }),
]);

/** The stored form of one turn's record (`nobc-record/1`). */
export const storedTurnLogSchema = z.strictObject({
  format: z.literal(RECORD_FORMAT),
  turn: z.int().min(0),
  entries: z
    .record(z.string().regex(/^\d{6}$/), z.array(z.unknown()).max(20))
    .refine((e) => Object.keys(e).length <= MAX_TURN_ENTRIES, "NOBC.Record.Problem.tooManyEntries"),
});

/** A problem met reading a record: where (`000012.path.3`; empty for the record as a whole) and what, as a phrase. */
export interface RecordProblem {
  readonly path: string;
  readonly text: Phrase;
}

export interface ReadTurnLog {
  /** The turn the record is of (null when the record is out of shape as a whole). */
  readonly turn: number | null;
  /** The entries that read, in seq order. */
  readonly entries: readonly LogEntry[];
  readonly problems: readonly RecordProblem[];
}

/**
 * Reads a turn's record as a document stores it: the entries that read, and a problem naming each field
 * that does not. `texts`: the game's texts from the turns before, read first (`readGameLog` reads them in order).
 */
export function readTurnLog(raw: unknown, texts: GameTexts = new GameTexts()): ReadTurnLog {
  const stored = storedTurnLogSchema.safeParse(raw, WITH_INPUT);
  if (!stored.success)
    return { turn: null, entries: [], problems: stored.error.issues.map((i) => ({ path: formatPath(i.path), text: issuePhrase(i) })) };
  const decoded = decodeTurn(stored.data, texts);
  const problems: RecordProblem[] = decoded.problems.map((p) => ({ path: p.path, text: phrase(p.code, { field: p.path }) }));
  const entries: LogEntry[] = [];
  for (const { key, entry } of decoded.entries) {
    const checked = logEntrySchema.safeParse(entry, WITH_INPUT);
    if (checked.success) entries.push(checked.data as LogEntry);
    else for (const i of checked.error.issues) problems.push({ path: formatPath([key, ...i.path]), text: issuePhrase(i) });
  }
  return { turn: stored.data.turn, entries, problems };
}

/**
 * Reads a game's records (one a turn, in any order): sorted by turn, each read with the texts of the
 * turns before it. A record out of shape as a whole is skipped with its problems; the game's texts
 * after all of them come back too, for the writer of the next turn (`TurnLogWriter.resume`).
 */
export function readGameLog(records: readonly unknown[]): {
  turns: Map<number, readonly LogEntry[]>;
  problems: RecordProblem[];
  texts: GameTexts;
} {
  const texts = new GameTexts();
  const turnOf = (r: unknown) =>
    typeof r === "object" && r !== null && typeof (r as { turn?: unknown }).turn === "number" ? (r as { turn: number }).turn : -1;
  const turns = new Map<number, readonly LogEntry[]>();
  const problems: RecordProblem[] = [];
  for (const r of [...records].sort((a, b) => turnOf(a) - turnOf(b))) {
    const read = readTurnLog(r, texts);
    problems.push(...read.problems);
    if (read.turn !== null) turns.set(read.turn, read.entries);
  }
  return { turns, problems, texts };
}
