/** `game.nobc.openTheatre()`: Control's theatre dashboard, for a GM; anyone else is told why not. */
import type { NobcDialog } from "../base/dialog";
import { openDialog } from "../base/registry";
import { CONTROL_QUEUE, THEATRE_DASHBOARD } from "./dialogs";

export async function openTheatre(): Promise<NobcDialog | null> {
  const dialog = await openDialog(THEATRE_DASHBOARD);
  if (dialog !== null) openDashboards.add(dialog);
  return dialog;
}

/** The dashboards this client opened, drawn again as the world changes (`redrawDashboards`). */
const openDashboards = new Set<NobcDialog>();

/** Whether a dashboard is open here (a change of the world is then worth reading again). */
export function dashboardOpen(): boolean {
  for (const dialog of openDashboards) if (!dialog.rendered) openDashboards.delete(dialog);
  return openDashboards.size > 0;
}

/** Draws every open dashboard again (each reads the world on render, with its filters and sort kept). */
export function redrawDashboards(): void {
  for (const dialog of openDashboards) {
    if (dialog.rendered) void dialog.render();
    else openDashboards.delete(dialog);
  }
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
