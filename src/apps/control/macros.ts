/**
 * `game.nobc.openTheatre()` and the queue's opener: Control's windows, for a GM; anyone else is told
 * why not. The open ones are drawn again as the world changes, however each was opened (a control,
 * the tracker, `game.nobc.openDialog`): the registry keeps every window it opened (`openDialogsOf`).
 */
import type { NobcDialog } from "../base/dialog";
import { openDialog, openDialogsOf } from "../base/registry";
import { CONTROL_QUEUE, THEATRE_DASHBOARD } from "./dialogs";

export function openTheatre(): Promise<NobcDialog | null> {
  return openDialog(THEATRE_DASHBOARD);
}

/** Whether a dashboard is open here (a change of the world is then worth reading again). */
export function dashboardOpen(): boolean {
  return openDialogsOf(THEATRE_DASHBOARD.id).length > 0;
}

/** Draws every open dashboard again (each reads the world on render, with its filters and sort kept). */
export function redrawDashboards(): void {
  for (const dialog of openDialogsOf(THEATRE_DASHBOARD.id)) void dialog.render();
}

/** Control's queue of what waits for a ruling, for a GM. */
export function openControlQueue(): Promise<NobcDialog | null> {
  return openDialog(CONTROL_QUEUE);
}

/** Draws every open queue window again (they derive the queue on each render); a closed one is forgotten. */
export function redrawControlQueues(): void {
  for (const dialog of openDialogsOf(CONTROL_QUEUE.id)) void dialog.render();
}
