/**
 * The Land War phase dialogs on init: one entry each in the dialog registry (with its turn-panel
 * button), what entering Orders and Resupply posts (stage entries), and the buttons of those
 * information cards. Nothing of a dialog loads until a button or macro opens it.
 */
import { registerStageEntry } from "../../combat/registry";
import { SYSTEM_ID } from "../../base/constants";
import { openDialog, registerDialog, type DialogEntry } from "../base/registry";
import type { NobcDialog } from "../base/dialog";

export const ORDERS: DialogEntry = {
  id: "land.orders",
  load: async () => (await import("./orders/controller")).ordersController,
  stage: { stage: "orders", label: "NOBC.Land.Orders.Action", icon: "fa-solid fa-flag", gmOnly: false },
};
export const REAR_AREA: DialogEntry = {
  id: "land.rearArea",
  load: async () => (await import("./rear-area/controller")).rearAreaController,
  stage: { stage: "rearArea", label: "NOBC.Land.Rear.Action", icon: "fa-solid fa-bomb", gmOnly: false },
};
export const DEMOLITION: DialogEntry = {
  id: "land.demolition",
  load: async () => (await import("./demolition/controller")).demolitionController,
  stage: { stage: "rearArea", label: "NOBC.Land.Demolition.Action", icon: "fa-solid fa-bridge-circle-xmark", gmOnly: false },
};
export const RESUPPLY: DialogEntry = {
  id: "land.resupply",
  load: async () => (await import("./resupply/controller")).resupplyController,
  stage: { stage: "resupply", label: "NOBC.Land.Resupply.Action", icon: "fa-solid fa-truck", gmOnly: false },
};
export const RECOVERY: DialogEntry = {
  id: "land.recovery",
  load: async () => (await import("./recovery/controller")).recoveryController,
  stage: { stage: "resupply", label: "NOBC.Land.Recovery.Action", icon: "fa-solid fa-kit-medical", gmOnly: false },
};

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
    button.addEventListener("click", () => void openLandPhase(button.dataset["nobcLandOpen"] ?? "", button.dataset["hq"] || undefined));
  }
}

export function registerLandPhases(): void {
  for (const entry of LAND_DIALOGS) registerDialog(entry);
  registerStageEntry("orders", async () => (await import("./entries")).postOrdersEntry());
  registerStageEntry("resupply", async () => (await import("./entries")).postResupplyEntry());
  Hooks.on("renderChatMessageHTML", ((message: InfoMessage, html: HTMLElement) => wireInformationCard(message, html)) as never);
}
