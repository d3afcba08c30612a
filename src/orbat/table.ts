/**
 * The common shape CSV and JSON input are read into before validation: a header and rows of
 * text cells keyed by column name, each row with the line it came from.
 */
import { parseCsv } from "./csv";
import { phrase } from "../rules/resolution";
import { problem, type OrbatProblem } from "./problems";

export interface SourceColumn {
  readonly name: string;
  /** The header line (CSV); null in JSON, where keys are repeated on every row. */
  readonly line: number | null;
}

export interface SourceRow {
  readonly line: number;
  readonly cells: ReadonlyMap<string, string>;
}

export interface SourceTable {
  readonly header: readonly SourceColumn[];
  readonly rows: readonly SourceRow[];
}

export type TableResult = { readonly ok: true; readonly table: SourceTable } | { readonly ok: false; readonly problems: OrbatProblem[] };

/** Reads CSV text: the first record is the header; records whose cells are all empty are skipped. */
export function csvTable(text: string): TableResult {
  const parsed = parseCsv(text);
  if (!parsed.ok) return parsed;
  const [head, ...body] = parsed.records.filter((r) => r.cells.some((c) => c.trim() !== ""));
  if (head === undefined) return { ok: false, problems: [problem(null, null, phrase("NOBC.Orbat.Problem.EmptyFile"))] };
  const names = head.cells.map((c) => c.trim());
  const problems: OrbatProblem[] = [];
  names.forEach((name, i) => {
    if (name === "") problems.push(problem(head.line, null, phrase("NOBC.Orbat.Problem.UnnamedColumn", { column: i + 1 })));
    else if (names.indexOf(name) !== i) problems.push(problem(head.line, name, phrase("NOBC.Orbat.Problem.ColumnTwice")));
  });
  const rows: SourceRow[] = [];
  for (const record of body) {
    // A short row is read as if its last cells were empty; a long one would lose data.
    if (record.cells.length > names.length) {
      problems.push(
        problem(
          record.line,
          null,
          phrase("NOBC.Orbat.Problem.TooManyFields", {
            fields: phrase("NOBC.Orbat.Problem.Fields", { count: record.cells.length }),
            columns: phrase("NOBC.Orbat.Problem.Columns", { count: names.length }),
          }),
        ),
      );
      continue;
    }
    rows.push({ line: record.line, cells: new Map(names.map((n, i) => [n, record.cells[i] ?? ""])) });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, table: { header: names.map((name) => ({ name, line: head.line })), rows } };
}
