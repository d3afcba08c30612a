/**
 * A problem found in an order-of-battle file. Everything wrong with a file is collected and shown
 * at once, so a GM fixes the spreadsheet in one pass. What is wrong is a phrase, written in the
 * reader's language by the dialog and the CLI alike.
 */
import { phrase, type Phrase } from "../rules/resolution";
import type { RowType } from "./columns";

export interface OrbatProblem {
  /** 1-based line of the file the problem is on; null for a problem with the file as a whole. */
  readonly line: number | null;
  /** The column (CSV header / JSON key) at fault, when one is. */
  readonly column: string | null;
  readonly text: Phrase;
}

export function problem(line: number | null, column: string | null, text: Phrase): OrbatProblem {
  return { line, column, text };
}

/** `line 7, column "strength": "ten" is not a whole number`. Line numbers are positions, written as they are. */
export function formatProblem(p: OrbatProblem): Phrase {
  const line = p.line === null ? null : String(p.line);
  if (line !== null && p.column !== null) return phrase("NOBC.Orbat.Problem.AtLineColumn", { line, column: p.column, problem: p.text });
  if (line !== null) return phrase("NOBC.Orbat.Problem.AtLine", { line, problem: p.text });
  if (p.column !== null) return phrase("NOBC.Orbat.Problem.AtColumn", { column: p.column, problem: p.text });
  return p.text;
}

/** File order: by line (problems with the whole file first), then in the order of `columns`. */
export function sortProblems(list: readonly OrbatProblem[], columns: readonly string[]): OrbatProblem[] {
  const at = (c: string | null) => (c === null ? -1 : columns.includes(c) ? columns.indexOf(c) : columns.length);
  return [...list].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || at(a.column) - at(b.column));
}

const ROW_LABELS: Record<RowType, string> = {
  hq: "NOBC.Orbat.Problem.Row.hq",
  unit: "NOBC.Orbat.Problem.Row.unit",
  airbase: "NOBC.Orbat.Problem.Row.airbase",
  airSquadron: "NOBC.Orbat.Problem.Row.airSquadron",
};

/** "an hq", "a unit", …: a row type with its article, as problems name it. */
export function rowLabel(type: RowType): Phrase {
  return phrase(ROW_LABELS[type]);
}

/** "a and b and c": a list of phrases joined as the language joins them. */
export function joined(items: readonly Phrase[]): Phrase {
  return items
    .slice(1)
    .reduce((all, next) => phrase("NOBC.Orbat.Problem.And", { first: all, next }), items[0] ?? phrase("NOBC.Orbat.Problem.None"));
}
