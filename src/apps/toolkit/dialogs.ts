/** The umpire's toolkit window as a dialog entry (`game.nobc.openDialog("toolkit.window")` opens it too). */
import type { DialogEntry } from "../base/registry";

export const TOOLKIT_WINDOW: DialogEntry = {
  id: "toolkit.window",
  load: async () => (await import("./controller")).toolkitController,
};
