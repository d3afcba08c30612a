/**
 * The Land War phase dialogs on init: one entry each in the dialog registry (with its turn-panel
 * button), what entering Orders and Resupply posts (stage entries), and the buttons of those
 * information cards. Nothing of a dialog loads until a button or macro opens it.
 */
import { registerStageEntry } from "../../combat/registry";
import { SYSTEM_ID } from "../../base/constants";
import { openDialog, registerDialog, type DialogEntry } from "../base/registry";
import { ORDERS, REAR_AREA, DEMOLITION, RESUPPLY, RECOVERY } from "./dialogs";
import type { NobcDialog } from "../base/dialog";

/** In the turn panel's order. */
export const LAND_DIALOGS: readonly DialogEntry[] = [ORDERS, REAR_AREA, DEMOLITION, RESUPPLY, RECOVERY];

/** Opens a phase dialog by name (`orders`, `resupply`, `recovery`, `rearArea`, `demolition`); null for another name. */
export async function openLandPhase(kind: string, hq?: string): Promise<NobcDialog | null> {
  const entry = LAND_DIALOGS.find((e) => e.id === `land.${kind}`);
  return entry === undefined ? null : openDialog(entry, hq === undefined ? {} : { hq });
}

interface InfoMessage {
  readonly flags: Record<string, unknown>;
}

/** The information cards' buttons open the dialog of their HQ. */
export function wireInformationCard(message: InfoMessage, html: HTMLElement): void {
  const flags = message.flags[SYSTEM_ID] as { landInfo?: unknown } | undefined;
  if (typeof flags?.landInfo !== "string") return;
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-nobc-land-open]")) {
    button.addEventListener(
      "click",
      () => void openLandPhase(button.dataset["nobcLandOpen"] ?? "", button.dataset["hq"] === "" ? undefined : button.dataset["hq"]),
    );
  }
}

export function registerLandPhases(): void {
  for (const entry of LAND_DIALOGS) registerDialog(entry);
  registerStageEntry("orders", async () => (await import("./entries")).postOrdersEntry());
  registerStageEntry("resupply", async () => (await import("./entries")).postResupplyEntry());
  Hooks.on("renderChatMessageHTML", ((message: InfoMessage, html: HTMLElement) => wireInformationCard(message, html)) as never);
}
