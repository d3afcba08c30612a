/** The toolkit window's entry on init. */
import { registerDialog } from "../base/registry";
import { TOOLKIT_WINDOW } from "./dialogs";

export function registerToolkit(): void {
  registerDialog(TOOLKIT_WINDOW);
}
