/**
 * Opens the order-of-battle import dialog. The dialog's code is loaded on first use, so start-up
 * stays light and nothing of it runs before a GM asks for it.
 */
import type { OrbatImportDialog } from "./import-dialog";

export async function openOrbatImport(): Promise<OrbatImportDialog | null> {
  const { openOrbatImport: open } = await import("./import-dialog");
  return open();
}
