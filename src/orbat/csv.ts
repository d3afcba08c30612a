/**
 * A small RFC 4180 reader: fields separated by commas, records by CRLF or LF; a field in double
 * quotes may hold commas, line breaks and doubled quotes (`""` for one `"`). Each record keeps the
 * line it starts on, so problems can point at the spreadsheet row a GM sees.
 */
import { phrase } from "../rules/resolution";
import { problem, type OrbatProblem } from "./problems";

export interface CsvRecord {
  /** 1-based line the record starts on. */
  readonly line: number;
  readonly cells: readonly string[];
}

export type CsvResult = { readonly ok: true; readonly records: CsvRecord[] } | { readonly ok: false; readonly problems: OrbatProblem[] };

export function parseCsv(text: string): CsvResult {
  // A spreadsheet saved as "CSV UTF-8" starts with a byte-order mark.
  const src = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const problems: OrbatProblem[] = [];
  let cells: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 1;
  let i = 0;

  const endField = () => {
    cells.push(field);
    field = "";
  };
  const endRecord = () => {
    endField();
    records.push({ line: recordLine, cells });
    cells = [];
  };

  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        const next = src[i + 1];
        if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
          problems.push(problem(line, null, phrase("NOBC.Orbat.Problem.TextAfterQuote")));
        }
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"') {
      if (field === "") {
        quoted = true;
        quoteLine = line;
      } else {
        problems.push(problem(line, null, phrase("NOBC.Orbat.Problem.QuoteInField")));
      }
      i++;
    } else if (ch === ",") {
      endField();
      i++;
    } else if (ch === "\r" || ch === "\n") {
      endRecord();
      i += ch === "\r" && src[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) problems.push(problem(quoteLine, null, phrase("NOBC.Orbat.Problem.QuoteNotClosed")));
  // The last record has no line break after it, unless the file ends with one.
  if (field !== "" || cells.length > 0) endRecord();
  return problems.length > 0 ? { ok: false, problems } : { ok: true, records };
}
