/**
 * The light entry points of the ground-combat planner: the tracker's stage action, the Token HUD
 * button, the unit sheet's button and the macros. Each loads the dialog's code on first use, so
 * start-up stays light.
 */
import { registerStageAction } from "../../combat/registry";
import type { GroundCombatPlanner, ResolveResult } from "./dialog";

/** Macro: opens the planner (`{ attackers?: actor UUIDs, target?: "CCRR" }`; the canvas selection otherwise). */
export async function openGroundCombat(args: unknown = {}): Promise<GroundCombatPlanner | null> {
  const { openGroundCombat: open } = await import("./dialog");
  return open(args);
}

/** Macro: plans, rolls and posts one combat with no dialog (see docs/api/foundry.md for the arguments). */
export async function resolveGroundCombatFor(args: unknown): Promise<ResolveResult> {
  const { resolveGroundCombatFor: resolve } = await import("./dialog");
  return resolve(args);
}

interface HudToken {
  readonly actor?: { readonly uuid: string; readonly type: string } | null;
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

/** `renderTokenHUD`: a planner button on the HUD of a unit's token, with that unit first among the attackers. */
export function addHudButton(hud: { readonly object?: HudToken | null }, html: { querySelector(selector: string): ElementLike | null }): void {
  const actor = hud.object?.actor;
  const column = html.querySelector(".col.right");
  if (actor === null || actor === undefined || actor.type !== "unit" || column === null) return;
  const label = game.i18n?.localize("NOBC.GroundCombat.HudButton") ?? "NOBC.GroundCombat.HudButton";
  const button = column.ownerDocument.createElement("button");
  button.setAttribute("type", "button");
  button.classList.add("control-icon", "nobc-ground-combat-hud");
  button.dataset["tooltip"] = label;
  button.setAttribute("aria-label", label);
  button.innerHTML = '<i class="fa-solid fa-crosshairs"></i>';
  button.addEventListener("click", () => {
    const attackers = [actor.uuid, ...controlledActors().filter((u) => u !== actor.uuid)];
    void openGroundCombat({ attackers });
  });
  column.append(button);
}

/** Unit sheet action: the planner with this unit as the attacker (targets from the canvas). */
export async function planCombatFromSheet(this: { readonly document: { readonly uuid: string } }): Promise<void> {
  await openGroundCombat({ attackers: [this.document.uuid] });
}

/** On init: the Ground Combat stage's button and the Token HUD button. */
export function registerGroundCombat(): void {
  registerStageAction({
    id: "groundCombat.plan",
    stage: "groundCombat",
    label: "NOBC.GroundCombat.StageAction",
    icon: "fa-solid fa-crosshairs",
    gmOnly: false,
    run: () => openGroundCombat(),
  });
  Hooks.on("renderTokenHUD", ((hud: Parameters<typeof addHudButton>[0], html: Parameters<typeof addHudButton>[1]) => addHudButton(hud, html)) as never);
}
