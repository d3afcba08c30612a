/**
 * The order-of-battle reader (docs/orbat.md). Pure: no Foundry, no DOM, no Node, so the CLI
 * (scripts/orbat.mjs), the tests and the import dialog run the same code.
 */
import { phrase, type Phrase } from "../rules/resolution";
import { formatProblem, type OrbatProblem } from "./problems";
import { planImport, summarise, type OrbatPlan, type OrbatSummary, type PlanOptions } from "./plan";
import { validateOrbat, type OrbatFormat } from "./validate";

export { COLUMNS, COLUMN_NAMES, ROW_TYPES, type RowType } from "./columns";
export { parseCsv, type CsvRecord } from "./csv";
export { executePlan, IncompleteImportError, type DocumentCalls, type ImportOutcome } from "./execute";
export {
  FOLDER_MAX_DEPTH,
  planImport,
  summarise,
  type ActorData,
  type FolderData,
  type Link,
  type OrbatPlan,
  type OrbatSummary,
} from "./plan";
export { formatProblem, rowLabel, type OrbatProblem } from "./problems";
export type { OrbatEntry } from "./rows";
export { detectFormat, validateOrbat, type OrbatFormat, type OrbatResult } from "./validate";

export type OrbatImport =
  | { readonly ok: true; readonly plan: OrbatPlan; readonly summary: OrbatSummary }
  | { readonly ok: false; readonly problems: OrbatProblem[] };

/** Validation and, when the file is sound, the plan of what to create. */
export function prepareImport(text: string, format: OrbatFormat, options: PlanOptions): OrbatImport {
  const result = validateOrbat(text, format);
  if (!result.ok) return result;
  return { ok: true, plan: planImport(result.entries, options), summary: summarise(result.entries) };
}

/** One line per type: `hq: 2 (NATO 1, WP 1)`; types absent from the file are left out. */
export function summaryLines(summary: OrbatSummary): Phrase[] {
  return (Object.entries(summary) as [string, { nato: number; wp: number }][])
    .filter(([, n]) => n.nato + n.wp > 0)
    .map(([type, n]) => phrase("NOBC.Cli.Orbat.Summary", { type, count: n.nato + n.wp, nato: n.nato, wp: n.wp }));
}

export function problemLines(problems: readonly OrbatProblem[]): Phrase[] {
  return problems.map(formatProblem);
}
