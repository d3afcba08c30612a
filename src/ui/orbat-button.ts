/**
 * A button in the Actors sidebar that opens the order-of-battle import. Only the GM sees it; the
 * dialog itself refuses anyone else as well.
 */
import { openOrbatImport } from "../orbat/macros";
import { directoryHeaderActions } from "../base/compat";
import { localize } from "../base/foundry";

const BUTTON_CLASS = "nobc-orbat-import";

/** Adds the button to a rendered Actors directory (v13 passes its root element). */
export function addOrbatButton(root: HTMLElement): void {
  if (game.user?.isGM !== true || root.querySelector(`.${BUTTON_CLASS}`) !== null) return;
  const actions = directoryHeaderActions(root);
  if (actions === null) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = BUTTON_CLASS;
  const icon = document.createElement("i");
  icon.className = "fa-solid fa-sitemap";
  button.append(icon, ` ${localize("NOBC.Orbat.Button")}`);
  button.addEventListener("click", () => void openOrbatImport());
  actions.append(button);
}

export function registerOrbatButton(): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) => addOrbatButton(html));
}
