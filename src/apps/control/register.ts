/** The theatre dashboard's entry on init. */
import { registerDialog } from "../base/registry";
import { THEATRE_DASHBOARD } from "./dialogs";

export function registerTheatreDashboard(): void {
  registerDialog(THEATRE_DASHBOARD);
}
