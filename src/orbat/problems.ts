/**
 * A problem found in an order-of-battle file. Everything wrong with a file is collected and shown
 * at once, so a GM fixes the spreadsheet in one pass.
 */
export interface OrbatProblem {
  /** 1-based line of the file the problem is on; null for a problem with the file as a whole. */
  readonly line: number | null;
  /** The column (CSV header / JSON key) at fault, when one is. */
  readonly column: string | null;
  readonly message: string;
}

export function problem(line: number | null, column: string | null, message: string): OrbatProblem {
  return { line, column, message };
}

/** `line 7, column "strength": "ten" is not a whole number`. */
export function formatProblem(p: OrbatProblem): string {
  const where = [p.line === null ? null : `line ${p.line}`, p.column === null ? null : `column "${p.column}"`].filter((w) => w !== null);
  return where.length === 0 ? p.message : `${where.join(", ")}: ${p.message}`;
}

/** File order: by line (problems with the whole file first), then in the order of `columns`. */
export function sortProblems(list: readonly OrbatProblem[], columns: readonly string[]): OrbatProblem[] {
  const at = (c: string | null) => (c === null ? -1 : columns.includes(c) ? columns.indexOf(c) : columns.length);
  return [...list].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || at(a.column) - at(b.column));
}
