/** `game.nobc.openToolkit()`: the umpire's toolkit window, listing the procedures this user may open. */
import type { NobcDialog } from "../base/dialog";
import { openDialog, toolkitEntries } from "../base/registry";
import { TOOLKIT_WINDOW } from "./dialogs";

export async function openToolkit(): Promise<NobcDialog | null> {
  const { usableEntries } = await import("./state");
  return openDialog(TOOLKIT_WINDOW, { usable: await usableEntries(toolkitEntries()) });
}
