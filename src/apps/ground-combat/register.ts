/**
 * The ground-combat planner on init: its entry in the dialog registry (with the Ground Combat
 * stage's button) and the Token HUD button. The planner's code loads when it first opens.
 */
import { tokenHudColumn } from "../../base/compat";
import { localize } from "../../base/foundry";
import { openDialog, registerDialog } from "../base/registry";
import { PLANNER } from "./dialogs";

interface HudToken {
  readonly actor?: { readonly uuid: string; readonly type: string; readonly system?: unknown } | null;
  readonly controlled?: boolean;
}

interface ElementLike {
  readonly ownerDocument: { createElement(tag: string): HTMLElement };
  append(node: unknown): void;
}

/** The actors of the other controlled tokens, so the HUD's unit attacks with the rest of the selection. */
function controlledActors(): string[] {
  const board = (globalThis as { canvas?: { tokens?: { controlled?: readonly HudToken[] } | null } }).canvas;
  return (board?.tokens?.controlled ?? []).map((t) => t.actor?.uuid).filter((u) => u !== undefined);
}

/** `renderTokenHUD`: a planner button on the HUD of a unit's token (not an eliminated one), with that unit first among the attackers. */
export function addHudButton(
  hud: { readonly object?: HudToken | null },
  html: { querySelector(selector: string): ElementLike | null },
): void {
  const actor = hud.object?.actor;
  const column = tokenHudColumn(html, "right");
  if (actor?.type !== "unit" || column === null) return;
  // An eliminated unit plans no combat: no button for it.
  if ((actor.system as { strength?: { value?: unknown } } | undefined)?.strength?.value === 0) return;
  const label = localize("NOBC.GroundCombat.HudButton");
  const button = column.ownerDocument.createElement("button");
  button.setAttribute("type", "button");
  button.classList.add("control-icon", "nobc-ground-combat-hud");
  button.dataset["tooltip"] = label;
  button.setAttribute("aria-label", label);
  button.innerHTML = '<i class="fa-solid fa-crosshairs"></i>';
  button.addEventListener("click", () => {
    const attackers = [actor.uuid, ...controlledActors().filter((u) => u !== actor.uuid)];
    void openDialog(PLANNER, { attackers });
  });
  column.append(button);
}

/** On init: the planner (and the Ground Combat stage's button) and the Token HUD button. */
export function registerGroundCombat(): void {
  registerDialog(PLANNER);
  Hooks.on("renderTokenHUD", ((hud: Parameters<typeof addHudButton>[0], html: Parameters<typeof addHudButton>[1]) =>
    addHudButton(hud, html)) as never);
}
