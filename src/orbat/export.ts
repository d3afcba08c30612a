/**
 * The theatre out: every HQ, airbase, unit and squadron of the world as one row of the columns the
 * import reads (./columns.ts), so the file can be edited in a spreadsheet and imported again
 * (./update.ts). Written as CSV (Papa Parse) or as an .xlsx workbook (SheetJS, the import's
 * reader, loaded only when a workbook is written). Pure: the dashboard and the CLI give the actors.
 */
import Papa from "papaparse";
import { COLUMN_NAMES, COLUMNS, ROW_TYPES, type RowType } from "./columns";
import { cellOf, COLUMN_PATHS, PARENT_FIELD, valueAt, type WorldActorData } from "./fields";

/** A header row (the import's column names, in its order) and one row of cells per actor. */
export type ExportTable = readonly (readonly string[])[];

const TYPE_ORDER: Record<RowType, number> = { hq: 0, airbase: 1, unit: 2, airSquadron: 3 };

/** Columns holding numbers: written to a workbook as numbers, so a spreadsheet sums and sorts them. */
const NUMERIC = new Set([
  "strength",
  "strengthMax",
  "supply",
  "overrunMp",
  "overrunHits",
  "level",
  "levelMax",
  "radius",
  "supplyCounters",
  "airToAir",
  "cas",
  "deepStrike",
  "range",
  "baseCapacity",
  "airDefence",
]);

function isRowType(type: string): type is RowType {
  return (ROW_TYPES as readonly string[]).includes(type);
}

/** One actor's cells; a link names the linked actor (empty when it is not in the world). */
function rowOf(actor: WorldActorData & { type: RowType }, names: ReadonlyMap<string, string>): string[] {
  const link = PARENT_FIELD[actor.type];
  return COLUMNS.map((c) => {
    if (c.name === "type") return actor.type;
    if (c.name === "name") return actor.name;
    if (!c.types.includes(actor.type)) return "";
    if (c.name === "parent") {
      const uuid = link === null ? null : valueAt(actor.system, [link]);
      return typeof uuid === "string" ? (names.get(uuid) ?? "") : "";
    }
    const path = COLUMN_PATHS[c.name];
    return path === undefined ? "" : cellOf(c.name, valueAt(actor.system, path));
  });
}

/** The whole theatre as rows: HQs, airbases, units, squadrons, each kind by name. Other actors are left out. */
export function exportTable(actors: Iterable<WorldActorData>): ExportTable {
  const names = new Map<string, string>();
  const kept: (WorldActorData & { type: RowType })[] = [];
  for (const a of actors) {
    names.set(a.uuid, a.name);
    if (isRowType(a.type)) kept.push(a as WorldActorData & { type: RowType });
  }
  kept.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.name.localeCompare(b.name));
  return [COLUMN_NAMES, ...kept.map((a) => rowOf(a, names))];
}

/** The table as CSV text (comma-separated, fields quoted where they must be, CRLF line ends as spreadsheets write). */
export function exportCsv(table: ExportTable): string {
  return Papa.unparse(table as string[][], { newline: "\r\n" }) + "\r\n";
}

/** The table as an .xlsx workbook of one sheet named `sheetName`, numbers as numbers. */
export async function exportXlsx(table: ExportTable, sheetName: string): Promise<Uint8Array> {
  const XLSX = await import("@e965/xlsx");
  const header = table[0] ?? [];
  const cells = table.map((row, i) =>
    row.map((text, c) => (i > 0 && text !== "" && NUMERIC.has(header[c] ?? "") && Number.isFinite(Number(text)) ? Number(text) : text)),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells), sheetName);
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}
