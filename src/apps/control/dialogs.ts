/** The theatre dashboard as a dialog entry (`game.nobc.openDialog("control.theatre")` opens it too). */
import type { DialogEntry } from "../base/registry";

export const THEATRE_DASHBOARD: DialogEntry = {
  id: "control.theatre",
  load: async () => (await import("./dashboard")).dashboardController,
};
