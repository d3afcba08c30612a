/** The order-of-battle import in the dialog registry (on init), so it opens by id as well. */
import { registerDialog, type DialogEntry } from "../apps/base/registry";

export const ORBAT_IMPORT: DialogEntry = {
  id: "orbat.import",
  load: async () => (await import("./controller")).importController,
};

export function registerOrbatImport(): void {
  registerDialog(ORBAT_IMPORT);
}
