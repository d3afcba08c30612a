/**
 * The Land War phase dialogs on init: one entry each in the dialog registry (with its turn-panel
 * button), the mode-change request, what entering Orders and Resupply posts (stage entries), the
 * buttons of those information cards, and the GM's watch on mode changes made outside the rules.
 * Nothing of a dialog loads until a button or macro opens it.
 */
import { registerStageAction, registerStageEntry } from "../../combat/registry";
import { SYSTEM_ID } from "../../base/constants";
import { openDialog, registerDialog, type DialogEntry } from "../base/registry";
import { ORDERS, REAR_AREA, DEMOLITION, RESUPPLY, RECOVERY, MODE, WMD, CARD_LOSS, MOVE, RETREAT, MOVEMENT_LOG } from "./dialogs";
import { registerMoveHooks } from "./move/hooks";
import { handler } from "../../queries/register";
import { WMD_RULE_QUERY, wmdRuleQuerySchema } from "./wmd/schema";
import { registerCardLossNotes } from "./card-loss/hooks";
import { registerRetreatNotes } from "./retreat/hooks";
import { WMD_REQUEST_FLAG } from "./wmd/schema";
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
  /** Its author: the User (Foundry), or the user's id. */
  readonly author?: { readonly isGM?: boolean } | string | null;
}

/** Whether a GM wrote the message (a player may post a message with any flags). */
function byGM(message: InfoMessage): boolean {
  const { author } = message;
  const user =
    typeof author === "string" ? (game.users as unknown as { get(id: string): { isGM?: boolean } | undefined }).get(author) : author;
  return user?.isGM === true;
}

/**
 * The information cards' buttons (on a card a GM posted) open the dialog of their HQ; a folded list
 * of the units an HQ may resupply is written, as the world is now, the first time it is opened.
 */
export function wireInformationCard(message: InfoMessage, html: HTMLElement): void {
  const flags = message.flags[SYSTEM_ID] as { landInfo?: unknown } | undefined;
  if (typeof flags?.landInfo !== "string" || !byGM(message)) return;
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-nobc-land-open]")) {
    button.addEventListener(
      "click",
      () => void openLandPhase(button.dataset["nobcLandOpen"] ?? "", button.dataset["hq"] === "" ? undefined : button.dataset["hq"]),
    );
  }
  for (const details of html.querySelectorAll<HTMLDetailsElement>("details[data-nobc-land-list]")) {
    let filled = false;
    details.addEventListener("toggle", () => {
      if (!details.open || filled) return;
      filled = true;
      void fillUnitList(details);
    });
  }
}

async function fillUnitList(details: HTMLDetailsElement): Promise<void> {
  const lines = (await import("./entries")).resupplyUnitLines(details.dataset["hq"] ?? "");
  const doc = details.ownerDocument;
  const ul = doc.createElement("ul");
  for (const line of lines) {
    const li = doc.createElement("li");
    li.textContent = line;
    ul.append(li);
  }
  details.append(ul);
}

export function registerLandPhases(): void {
  for (const entry of LAND_DIALOGS) registerDialog(entry);
  registerDialog(MODE);
  registerDialog(WMD);
  // An umpire's Release or Refuse of a nuclear or ADM request, answered by the active GM (loaded on the first).
  (CONFIG as unknown as { queries: Record<string, unknown> }).queries[WMD_RULE_QUERY] = handler(wmdRuleQuerySchema, async (data, user) =>
    (await import("./wmd/request")).performWmdRuling(data, user),
  );
  registerDialog(CARD_LOSS);
  registerDialog(MOVEMENT_LOG);
  // The umpire reads this turn's moves in the stages after Movement too.
  for (const stage of ["resupply", "planning"] as const)
    registerStageAction({ id: `${MOVEMENT_LOG.id}.${stage}`, ...MOVEMENT_LOG.stage!, stage, run: () => openDialog(MOVEMENT_LOG) });
  registerDialog(MOVE);
  registerMoveHooks();
  registerCardLossNotes();
  registerDialog(RETREAT);
  registerRetreatNotes();
  registerStageEntry("orders", async () => (await import("./entries")).postOrdersEntry());
  registerStageEntry("resupply", async () => (await import("./entries")).postResupplyEntry());
  Hooks.on("renderChatMessageHTML", ((message: InfoMessage, html: HTMLElement) => wireInformationCard(message, html)) as never);
  // The release request's controls load only on a message that carries one.
  Hooks.on("renderChatMessageHTML", ((message: { flags: Record<string, unknown> }, html: HTMLElement) => {
    const flags = message.flags[SYSTEM_ID] as Record<string, unknown> | undefined;
    if (flags?.[WMD_REQUEST_FLAG] === undefined) return;
    void import("./wmd/request-card").then((card) => card.wireWmdRequest(message as Parameters<typeof card.wireWmdRequest>[0], html));
  }) as never);
}
