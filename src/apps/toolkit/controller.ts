/**
 * The umpire's toolkit window: each toolkit's procedures with their name, one line on what each
 * decides and a button that opens its dialog, folded by toolkit, with a search. A user sees only the
 * procedures they may open; with none, the window does not open and says why.
 */
import { isGM } from "../../base/foundry";
import { denied, formText, opened, refused, type DialogController } from "../base/controller";
import { dialogEntry, openDialogById, toolkitEntries, type DialogEntry } from "../base/registry";
import { MAX_QUERY, toolkitContext, type ToolkitState } from "./state";

interface ToolkitWorld {
  readonly isGM: boolean;
  readonly entries: readonly DialogEntry[];
}

export const toolkitController: DialogController<ToolkitState, ToolkitWorld, { usable?: readonly string[] }> = {
  template: "apps/toolkit/window.hbs",
  title: "NOBC.Toolkit.Title",
  icon: "fa-solid fa-toolbox",
  classes: ["nobc", "nobc-toolkit"],
  width: 560,
  // The window posts nothing: its buttons open other dialogs.
  submitAction: "noSubmit",
  read: (user) => ({ isGM: user === undefined ? isGM() : user.isGM, entries: toolkitEntries() }),
  open(world, args) {
    const usable = (args.usable ?? []).filter((id) => world.entries.some((e) => e.id === id));
    return usable.length === 0 ? denied("NOBC.Toolkit.Nothing") : opened({ usable, query: "" });
  },
  access: () => ({ ok: true }),
  context: (state, world, i18n) => toolkitContext(world.entries, state, i18n),
  change: (state, values) => ({ ...state, query: formText(values["query"]).slice(0, MAX_QUERY) }),
  actions: {
    open: (state, _world, target) => {
      const id = target.dataset["id"] ?? "";
      // Only a listed procedure: each dialog checks who may use it again as it opens.
      if (state.usable.includes(id) && dialogEntry(id) !== undefined) void openDialogById(id);
      return state;
    },
  },
  submit: () => refused([]),
};
