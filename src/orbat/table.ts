/**
 * The common shape CSV, spreadsheet and JSON input are read into before validation: a header and
 * rows of text cells keyed by column name, each row with the line it came from.
 */
import { COLUMN_NAMES } from "./columns";
import { parseCsv, type CsvRecord, type Separator } from "./csv";
import { phrase, type Phrase } from "../rules/resolution";
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

const SEPARATOR_NAMES: Record<Separator, string> = {
  ",": "NOBC.Orbat.Separator.comma",
  ";": "NOBC.Orbat.Separator.semicolon",
  "\t": "NOBC.Orbat.Separator.tab",
};

/**
 * A header of one column that is none of ours: the file's cells are separated by something else
 * than the separator read. Says which one was read and, when the header shows one, which it seems to use.
 */
function oneColumn(name: string, separator: Separator): Phrase | null {
  if (COLUMN_NAMES.some((n) => n.toLowerCase() === name.toLowerCase())) return null;
  const read = phrase(SEPARATOR_NAMES[separator]);
  const other = /[^\p{L}\p{N}\s"'_-]/u.exec(name)?.[0];
  return other === undefined
    ? phrase("NOBC.Orbat.Problem.OneColumn", { separator: read })
    : phrase("NOBC.Orbat.Problem.OneColumnFound", { separator: read, found: other });
}

/** Reads CSV text: the first record is the header; records whose cells are all empty are skipped. */
export function csvTable(text: string): TableResult {
  const parsed = parseCsv(text);
  return parsed.ok ? recordsTable(parsed.records, parsed.separator) : parsed;
}

/** Records of text cells (CSV, or a spreadsheet's sheet) as a table; `separator` is the CSV's, null for a sheet. */
export function recordsTable(records: readonly CsvRecord[], separator: Separator | null): TableResult {
  const [head, ...body] = records.filter((r) => r.cells.some((c) => c.trim() !== ""));
  if (head === undefined) return { ok: false, problems: [problem(null, null, phrase("NOBC.Orbat.Problem.EmptyFile"))] };
  const names = head.cells.map((c) => c.trim());
  const single = separator !== null && names.length === 1 ? oneColumn(names[0]!, separator) : null;
  if (single !== null) return { ok: false, problems: [problem(head.line, null, single)] };
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
