/**
 * The order-of-battle import for macros and the Actors sidebar button: opens the dialog for a GM;
 * anyone else is told why it does not open. Its code loads when it first opens.
 */
import { openDialog } from "../apps/base/registry";
import type { NobcDialog } from "../apps/base/dialog";
import { ORBAT_IMPORT } from "./register";

export function openOrbatImport(): Promise<NobcDialog | null> {
  return openDialog(ORBAT_IMPORT);
}
