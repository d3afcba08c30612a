/** Registers the map's dialogs on init. */
import { registerDialog } from "../base/registry";
import { TERRAIN_TOOL } from "./dialogs";

export function registerMapTools(): void {
  registerDialog(TERRAIN_TOOL);
}
