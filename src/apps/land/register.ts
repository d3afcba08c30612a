/**
 * Registers the Land War phase dialogs with the turn panel (stage actions), what entering Orders
 * and Resupply posts (stage entries), and the buttons of those information cards. Call on init.
 * Nothing of the dialogs loads until a button or macro asks for it.
 */
import { registerStageAction, registerStageEntry } from "../../combat/registry";
import { SYSTEM_ID } from "../../base/constants";

type Opener = (hq?: string) => Promise<unknown>;

const OPENERS: Readonly<Record<string, () => Promise<Opener>>> = {
  orders: async () => (await import("./dialogs")).openOrdersDialog,
  resupply: async () => (await import("./dialogs")).openResupplyDialog,
  recovery: async () => (await import("./dialogs")).openRecoveryDialog,
  rearArea: async () => (await import("./dialogs")).openRearAreaDialog,
  demolition: async () => (await import("./dialogs")).openDemolitionDialog,
};

/** Opens a phase dialog by name (`orders`, `resupply`, `recovery`, `rearArea`, `demolition`). */
export async function openLandPhase(kind: string, hq?: string): Promise<unknown> {
  const opener = OPENERS[kind];
  return opener === undefined ? null : (await opener())(hq);
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
  const action = (id: string, stage: "orders" | "rearArea" | "resupply", label: string, icon: string) =>
    registerStageAction({ id: `land.${id}`, stage, label, icon, gmOnly: false, run: () => openLandPhase(id) });
  action("orders", "orders", "NOBC.Land.Orders.Action", "fa-solid fa-flag");
  action("rearArea", "rearArea", "NOBC.Land.Rear.Action", "fa-solid fa-bomb");
  action("demolition", "rearArea", "NOBC.Land.Demolition.Action", "fa-solid fa-bridge-circle-xmark");
  action("resupply", "resupply", "NOBC.Land.Resupply.Action", "fa-solid fa-truck");
  action("recovery", "resupply", "NOBC.Land.Recovery.Action", "fa-solid fa-kit-medical");
  registerStageEntry("orders", async () => (await import("./entries")).postOrdersEntry());
  registerStageEntry("resupply", async () => (await import("./entries")).postResupplyEntry());
  Hooks.on("renderChatMessageHTML", ((message: InfoMessage, html: HTMLElement) => wireInformationCard(message, html)) as never);
}
