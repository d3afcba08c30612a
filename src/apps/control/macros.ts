/** `game.nobc.openTheatre()`: Control's theatre dashboard, for a GM; anyone else is told why not. */
import type { NobcDialog } from "../base/dialog";
import { openDialog } from "../base/registry";
import { CONTROL_QUEUE, THEATRE_DASHBOARD } from "./dialogs";

export function openTheatre(): Promise<NobcDialog | null> {
  return openDialog(THEATRE_DASHBOARD);
}

/** The queue windows this client opened, drawn again as what they read changes (`redrawControlQueues`). */
const openQueues = new Set<NobcDialog>();

/** Control's queue of what waits for a ruling, for a GM. */
export async function openControlQueue(): Promise<NobcDialog | null> {
  const dialog = await openDialog(CONTROL_QUEUE);
  if (dialog !== null) openQueues.add(dialog);
  return dialog;
}

/** Draws every open queue window again (they derive the queue on each render); a closed one is forgotten. */
export function redrawControlQueues(): void {
  for (const dialog of openQueues) {
    if (dialog.rendered) void dialog.render();
    else openQueues.delete(dialog);
  }
}
