/**
 * The dialogs by id: each area lists its dialogs as entries (an id, how to load the controller, and
 * the turn panel's button if it has one) and registers them on init with one line each. Macros open
 * an entry directly; the turn panel, chat buttons and `game.nobc.openDialog` open one by its id.
 * Light on purpose: a controller and the dialog shell load only when a dialog first opens.
 */
import { registerStageAction } from "../../combat/registry";
import { notify } from "../../base/foundry";
import type { NobcDialog } from "./dialog";
import { entries, type DialogEntry } from "./entries";

export { dialogEntry, type DialogEntry, type StageButton, type ToolkitId, type ToolkitListing } from "./entries";

/**
 * The windows opened here, by their entry's id: every opener (a macro, a control, the turn panel,
 * `game.nobc.openDialog`) comes through `openDialog`, so a window that draws itself again as the
 * world changes finds every open one of its kind here (`openDialogsOf`).
 */
const opened = new Map<string, Set<NobcDialog>>();

/** Opens a dialog (see `showDialog`): null when refused, with the reason warned. */
export async function openDialog(entry: DialogEntry, args: object = {}): Promise<NobcDialog | null> {
  const [controller, { showDialog }] = await Promise.all([entry.load(), import("./dialog")]);
  const dialog = await showDialog(controller, args, entry.id);
  if (dialog !== null) opened.set(entry.id, new Set([...openDialogsOf(entry.id), dialog]));
  return dialog;
}

/** The windows of entry `id` open here now, however each was opened; a closed one is forgotten. */
export function openDialogsOf(id: string): NobcDialog[] {
  const open = opened.get(id);
  if (open === undefined) return [];
  for (const dialog of open) if (!dialog.rendered) open.delete(dialog);
  return [...open];
}

/**
 * Makes a dialog openable by id and, when it has one, adds its button to the turn panel (which
 * refuses a second button of that id). Another dialog under a taken id is refused.
 */
export function registerDialog(entry: DialogEntry): void {
  const known = entries.get(entry.id);
  if (known !== undefined && known !== entry) throw new Error(`dialog "${entry.id}" is already registered`);
  entries.set(entry.id, entry);
  const { stage } = entry;
  if (stage !== undefined) registerStageAction({ id: entry.id, ...stage, run: () => openDialog(entry) });
}

/** Opens a registered dialog by id; an unknown id (a mistyped macro) is warned and opens nothing. */
export async function openDialogById(id: string, args: object = {}): Promise<NobcDialog | null> {
  const entry = entries.get(id);
  if (entry === undefined) {
    notify("warn", "NOBC.Dialog.Unknown", { id });
    return null;
  }
  return openDialog(entry, args);
}

/** The ids of the registered dialogs, in the order registered. */
export function dialogIds(): string[] {
  return [...entries.keys()];
}

/** The registered toolkit procedures, in the order registered (the toolkit window's list). */
export function toolkitEntries(): DialogEntry[] {
  return [...entries.values()].filter((entry) => entry.toolkit !== undefined);
}

/** For tests: forget every registration. */
export function clearDialogRegistry(): void {
  entries.clear();
  opened.clear();
}
