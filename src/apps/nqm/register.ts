/** The NQM toolkit on init: its procedures in the dialog registry (the toolkit window lists them). */
import { registerDialog } from "../base/registry";
import { NQM_DIALOGS } from "./dialogs";

export function registerNqm(): void {
  for (const entry of NQM_DIALOGS) registerDialog(entry);
}
