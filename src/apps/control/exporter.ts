/**
 * Where the dashboard's export comes from. The file is the order-of-battle import's own columns
 * (src/orbat/export.ts), and orbat/ sits above apps/ (docs/architecture.md), so the import
 * registers its writer here on `init` and the dashboard asks for it: registries point up, imports
 * point down.
 */
export type TheatreFormat = "csv" | "xlsx";

/** The whole theatre as a file of `format`: CSV text or a workbook's bytes (its sheet named `sheetName`). */
export type TheatreExporter = (format: TheatreFormat, sheetName: string) => Promise<string | Uint8Array>;

let registered: TheatreExporter | null = null;

export function registerTheatreExporter(exporter: TheatreExporter): void {
  registered = exporter;
}

/** The registered writer; null before `init` registered it. */
export function theatreExporter(): TheatreExporter | null {
  return registered;
}
