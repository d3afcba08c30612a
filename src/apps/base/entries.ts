/**
 * The registered dialogs by id (filled by ./registry.ts on init). Apart from the registry so the
 * GM's answer to a request (./request.ts) finds a dialog's controller without loading the shell.
 */
import type { StageId } from "../../combat/registry";
import type { AnyController } from "./controller";

/** The turn panel's button that opens the dialog (its action id is the dialog's id). */
export interface StageButton {
  readonly stage: StageId;
  /** Lang key of the button's label. */
  readonly label: string;
  readonly icon: string;
  /** Only a GM sees the button. */
  readonly gmOnly: boolean;
}

/** The umpire's toolkit a procedure dialog belongs to; the toolkit window lists them by toolkit. */
export type ToolkitId = "nqm" | "playsheet" | "missions";

/** Where the umpire's toolkit window lists the dialog. */
export interface ToolkitListing {
  readonly toolkit: ToolkitId;
  /** Lang key of the procedure's name in the list. */
  readonly label: string;
  /** Lang key of one line saying what the procedure decides. */
  readonly hint: string;
  readonly icon: string;
}

export interface DialogEntry {
  /** Stable id, e.g. "land.orders"; also the stage action's id and the window id's stem. */
  readonly id: string;
  /** Loads the controller on first use. */
  load(): Promise<AnyController>;
  readonly stage?: StageButton;
  /** Listed in the umpire's toolkit window (the toolkits' procedures). */
  readonly toolkit?: ToolkitListing;
}

export const entries = new Map<string, DialogEntry>();

/** The dialog registered as `id`, if any (a Map: an id like "constructor" names none). */
export function dialogEntry(id: string): DialogEntry | undefined {
  return entries.get(id);
}
