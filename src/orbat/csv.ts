/**
 * CSV read with Papa Parse: cells separated by commas, semicolons (Excel where the decimal mark is a
 * comma) or tabs, found from the header line (or the first rows); a field in double quotes may hold separators,
 * line breaks and doubled quotes (`""` for one `"`). Each record keeps the line it starts on, so
 * problems point at the spreadsheet row a GM sees.
 */
import Papa from "papaparse";
import { phrase } from "../rules/resolution";
import { problem, type OrbatProblem } from "./problems";

export interface CsvRecord {
  /** 1-based line the record starts on. */
  readonly line: number;
  readonly cells: readonly string[];
}

/** The separators a CSV file may use. */
export const SEPARATORS = [",", ";", "\t"] as const;
export type Separator = (typeof SEPARATORS)[number];

export type CsvResult =
  | { readonly ok: true; readonly records: CsvRecord[]; readonly separator: Separator }
  | { readonly ok: false; readonly problems: OrbatProblem[] };

/** The first line that is not blank, where the header is. */
function headerLine(text: string): string {
  return text.split("\n").find((l) => l.trim() !== "") ?? "";
}

/**
 * The separator: the one of ours the header line holds, when it holds only one of them (column
 * names hold none, so this is the usual case and cannot be misled by the cells below); otherwise
 * Papa Parse's guess from the first rows; a comma when neither finds one.
 */
function separatorOf(text: string): Separator {
  const head = headerLine(text);
  const inHead = SEPARATORS.filter((s) => head.includes(s));
  if (inHead.length === 1) return inHead[0]!;
  const guess = Papa.parse<string[]>(text, { delimiter: "", delimitersToGuess: [...SEPARATORS], preview: 10, skipEmptyLines: true });
  const guessed = SEPARATORS.find((s) => s === guess.meta.delimiter);
  return guessed !== undefined && !guess.errors.some((e) => e.code === "UndetectableDelimiter") ? guessed : ",";
}

export function parseCsv(text: string): CsvResult {
  // A spreadsheet saved as "CSV UTF-8" starts with a byte-order mark. Line ends are made one kind
  // (Papa Parse reads the kind of the first one only); inside quoted fields too, where it does not matter.
  const src = (text.startsWith("\uFEFF") ? text.slice(1) : text).replace(/\r\n?/g, "\n");
  const separator = separatorOf(src);
  const records: CsvRecord[] = [];
  const problems: OrbatProblem[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(src, {
    delimiter: separator,
    newline: "\n",
    quoteChar: '"',
    escapeChar: '"',
    step: (row) => {
      const codes = new Set(row.errors.map((e) => e.code));
      if (codes.has("InvalidQuotes")) problems.push(problem(line, null, phrase("NOBC.Orbat.Problem.TextAfterQuote")));
      if (codes.has("MissingQuotes")) problems.push(problem(line, null, phrase("NOBC.Orbat.Problem.QuoteNotClosed")));
      records.push({ line, cells: row.data });
      // The next record starts where this one ended; its line counts the line breaks inside this one's quotes.
      const end = row.meta.cursor;
      for (let i = start; i < end; i++) if (src.charCodeAt(i) === 10) line++;
      start = end;
    },
  });
  // The last line break ends the last record; there is no record after it.
  const last = records.at(-1);
  if (last?.cells.length === 1 && last.cells[0] === "") records.pop();
  return problems.length > 0 ? { ok: false, problems } : { ok: true, records, separator };
}
