/** The Operational Playsheet's dialogs on init: one registry entry each (nothing of them loads until one opens). */
import { registerDialog } from "../base/registry";
import { PLAYSHEET_DIALOGS } from "./dialogs";

export function registerPlaysheet(): void {
  for (const entry of PLAYSHEET_DIALOGS) registerDialog(entry);
}
