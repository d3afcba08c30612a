/** `game.nobc.openTheatre()`: Control's theatre dashboard, for a GM; anyone else is told why not. */
import type { NobcDialog } from "../base/dialog";
import { openDialog } from "../base/registry";
import { THEATRE_DASHBOARD } from "./dialogs";

export function openTheatre(): Promise<NobcDialog | null> {
  return openDialog(THEATRE_DASHBOARD);
}
