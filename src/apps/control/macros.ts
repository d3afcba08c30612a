/** `game.nobc.openTheatre()`: Control's theatre dashboard, for a GM; anyone else is told why not. */
import type { NobcDialog } from "../base/dialog";
import { openDialog } from "../base/registry";
import { CONTROL_QUEUE, THEATRE_DASHBOARD } from "./dialogs";

export function openTheatre(): Promise<NobcDialog | null> {
  return openDialog(THEATRE_DASHBOARD);
}

/** Control's queue of what waits for a ruling, for a GM. */
export function openControlQueue(): Promise<NobcDialog | null> {
  return openDialog(CONTROL_QUEUE);
}
