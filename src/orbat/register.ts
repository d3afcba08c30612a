/**
 * The order-of-battle import in the dialog registry (on init), so it opens by id as well; and its
 * export, the theatre dashboard's file, in the dashboard's registry (loaded when a file is written).
 */
import { registerDialog, type DialogEntry } from "../apps/base/registry";
import { registerTheatreExporter } from "../apps/control/exporter";
import { worldActorData } from "../world/read";

export const ORBAT_IMPORT: DialogEntry = {
  id: "orbat.import",
  load: async () => (await import("./controller")).importController,
};

export function registerOrbatImport(): void {
  registerDialog(ORBAT_IMPORT);
}

export function registerOrbatExport(): void {
  registerTheatreExporter(async (format, sheetName) => {
    const { exportCsv, exportTable, exportXlsx } = await import("./export");
    const table = exportTable(worldActorData());
    return format === "csv" ? exportCsv(table) : exportXlsx(table, sheetName);
  });
}
