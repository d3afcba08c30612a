/**
 * An .xlsx or .ods workbook read through SheetJS (`@e965/xlsx`, loaded only when a workbook is
 * read: it is large). The first sheet is the order of battle; its first row that is not empty
 * names the columns, as in a CSV file. A cell's value is read, not its shown format: a number is
 * written plainly (`1.5`), true/false as such. Each row keeps its spreadsheet row number.
 */
import { phrase } from "../rules/resolution";
import type { CsvRecord } from "./csv";
import { problem } from "./problems";
import { recordsTable, type TableResult } from "./table";

export type SheetFormat = "xlsx" | "ods";

export interface SheetTable {
  readonly table: TableResult;
  /** The workbook's kind as SheetJS read it. */
  readonly format: SheetFormat;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // Dates come as numbers (day counts) unless asked for; anything else is written as JSON.
  return JSON.stringify(value);
}

/** A row's cells, with the empty ones after its last filled cell dropped (a sheet's rows all span its whole range). */
function trimmed(cells: readonly unknown[]): string[] {
  const out = cells.map(cellText);
  while (out.length > 0 && out.at(-1)!.trim() === "") out.pop();
  return out;
}

/** A zip archive's first bytes: .xlsx and .ods are both zips. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export async function sheetTable(bytes: Uint8Array, format: SheetFormat): Promise<SheetTable> {
  // SheetJS reads plain text as a one-sheet book: a CSV saved under a workbook's name would pass as one.
  if (!isZip(bytes))
    return {
      format,
      table: { ok: false, problems: [problem(null, null, phrase("NOBC.Orbat.Problem.NamedWorkbookHoldsText", { kind: format }))] },
    };
  const XLSX = await import("@e965/xlsx");
  let book: ReturnType<typeof XLSX.read>;
  try {
    book = XLSX.read(bytes, { type: "array", dense: true });
  } catch (err) {
    return {
      format,
      table: { ok: false, problems: [problem(null, null, phrase("NOBC.Orbat.Problem.NotWorkbook", { error: (err as Error).message }))] },
    };
  }
  const kind: SheetFormat = book.bookType === "ods" ? "ods" : format;
  const sheet = book.SheetNames[0] === undefined ? undefined : book.Sheets[book.SheetNames[0]];
  if (sheet === undefined)
    return { format: kind, table: { ok: false, problems: [problem(null, null, phrase("NOBC.Orbat.Problem.EmptyFile"))] } };
  const top = sheet["!ref"] === undefined ? 0 : XLSX.utils.decode_range(sheet["!ref"]).s.r;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: true });
  const records: CsvRecord[] = rows.map((cells, i) => ({ line: top + i + 1, cells: trimmed(cells) }));
  return { format: kind, table: recordsTable(records, null) };
}
