/**
 * The Not Quite Mechanised toolkit's procedures: one dialog entry each, listed in the umpire's
 * toolkit window (`toolkit: "nqm"`). A dialog's code loads when it first opens.
 */
import type { DialogEntry } from "../base/registry";

export const FIREFIGHT: DialogEntry = {
  id: "nqm.firefight",
  load: async () => (await import("./firefight/controller")).firefightController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.Firefight.Title", hint: "NOBC.Nqm.Firefight.ToolkitHint", icon: "fa-solid fa-person-rifle" },
};

/** In the toolkit window's order. */
export const NQM_DIALOGS: readonly DialogEntry[] = [FIREFIGHT];
