/**
 * The order-of-battle reader (docs/orbat.md). Pure: no Foundry, no DOM, no Node, so the CLI
 * (scripts/orbat.mjs), the tests and the import dialog run the same code.
 */
import { phrase, type Phrase } from "../rules/resolution";
import { formatProblem, type OrbatProblem } from "./problems";
import { decodeBytes } from "./decode";
import { planImport, summarise, type OrbatPlan, type OrbatSummary, type PlanOptions } from "./plan";
import { isZip, sheetTable, type SheetFormat } from "./sheet";
import { detectFormat, validateOrbat, validateTable, type OrbatFormat, type OrbatResult } from "./validate";
import { checkAgainstWorld } from "./update";

export { COLUMNS, COLUMN_NAMES, ROW_TYPES, type RowType } from "./columns";
export { exportCsv, exportTable, exportXlsx, type ExportTable } from "./export";
export type { WorldActorData } from "./fields";
export { checkAgainstWorld, type FieldChange } from "./update";
export { parseCsv, SEPARATORS, type CsvRecord, type Separator } from "./csv";
export { decodeBytes, type DecodedText, type TextEncodingName } from "./decode";
export type { SheetFormat } from "./sheet";
export { executePlan, IncompleteImportError, type DocumentCalls, type ImportOutcome } from "./execute";
export {
  FOLDER_MAX_DEPTH,
  planImport,
  summarise,
  type ActorData,
  type ActorUpdate,
  type FolderData,
  type Link,
  type OrbatPlan,
  type OrbatSummary,
} from "./plan";
export { formatProblem, rowLabel, type OrbatProblem } from "./problems";
export type { OrbatEntry } from "./rows";
export { detectFormat, validateOrbat, type OrbatFormat, type OrbatResult } from "./validate";

/** What a check found; `warnings` (how the file was read) are shown whether or not it is sound. */
export type OrbatImport = (
  | { readonly ok: true; readonly plan: OrbatPlan; readonly summary: OrbatSummary }
  | { readonly ok: false; readonly problems: OrbatProblem[] }
) & { readonly warnings: readonly Phrase[] };

/** Any file the import reads: CSV or JSON text, or an .xlsx / .ods workbook. */
export type FileFormat = OrbatFormat | SheetFormat;

function planned(result: OrbatResult, options: PlanOptions, warnings: readonly Phrase[]): OrbatImport {
  if (!result.ok) return { ...result, warnings };
  // Rows naming actors of the world update them; what cannot be matched or updated refuses the file as a whole.
  const world = checkAgainstWorld(result.entries, options.world ?? []);
  if (!world.ok) return { ...world, warnings };
  return { ok: true, plan: planImport(result.entries, options, world.matches), summary: summarise(result.entries), warnings };
}

/** Validation of pasted (or already decoded) text and, when it is sound, the plan of what to create and update. */
export function prepareImport(text: string, format: OrbatFormat, options: PlanOptions): OrbatImport {
  return planned(validateOrbat(text, format), options, []);
}

/** A workbook by its name's ending, else by its first bytes (a zip archive: .xlsx and .ods are both); null for text. */
export function sheetFormat(fileName: string, bytes: Uint8Array): SheetFormat | null {
  if (/\.ods$/i.test(fileName)) return "ods";
  if (/\.xlsx$/i.test(fileName)) return "xlsx";
  return isZip(bytes) ? "xlsx" : null;
}

/**
 * A chosen file's bytes, read as the dialog and the CLI both read them: a workbook through SheetJS
 * (loaded now, not before), text decoded (UTF-8, else Windows-1252 with a warning) then read as
 * CSV or JSON by its name.
 */
export async function prepareFile(
  bytes: Uint8Array,
  fileName: string,
  options: PlanOptions,
): Promise<OrbatImport & { readonly format: FileFormat }> {
  const sheet = sheetFormat(fileName, bytes);
  if (sheet !== null) {
    const read = await sheetTable(bytes, sheet);
    return { ...planned(validateTable(read.table), options, []), format: read.format };
  }
  const { text, warnings } = decodeBytes(bytes);
  const format = detectFormat(text, fileName);
  return { ...planned(validateOrbat(text, format), options, warnings), format };
}

/** One line per type: `hq: 2 (NATO 1, WP 1)`; types absent from the file are left out. */
export function summaryLines(summary: OrbatSummary): Phrase[] {
  return (Object.entries(summary) as [string, { nato: number; wp: number }][])
    .filter(([, n]) => n.nato + n.wp > 0)
    .map(([type, n]) =>
      phrase("NOBC.Cli.Orbat.Summary", { type: phrase(`NOBC.Orbat.Type.${type}`), count: n.nato + n.wp, nato: n.nato, wp: n.wp }),
    );
}

export function problemLines(problems: readonly OrbatProblem[]): Phrase[] {
  return problems.map(formatProblem);
}
