/** The theatre dashboard as a dialog entry (`game.nobc.openDialog("control.theatre")` opens it too). */
import type { DialogEntry } from "../base/registry";

export const THEATRE_DASHBOARD: DialogEntry = {
  id: "control.theatre",
  load: async () => (await import("./dashboard")).dashboardController,
};

/** Control's queue of what waits for a ruling (`game.nobc.openDialog("control.queue")` opens it too). */
export const CONTROL_QUEUE: DialogEntry = {
  id: "control.queue",
  load: async () => (await import("./queue-window")).queueController,
};

/** The GM's Umpires window (world setting `umpires`), opened from Configure Settings. */
export const UMPIRES: DialogEntry = {
  id: "control.umpires",
  load: async () => (await import("./umpires-window")).umpiresController,
};
