/**
 * On a rear-area attack's card whose "HQ must give up N cards" is owed: a line "awaiting <owner>'s
 * choice" and, for those acting for the HQ (src/teams) and GMs, a button that opens the choice. The line goes once a
 * choice card is posted (the attack's card is drawn again when one is posted or changes).
 */
import { format, localize } from "../../../base/foundry";
import { CARD_MESSAGE_TYPE } from "../../../chat/card-data";
import { documentAt } from "../../../effects/apply";
import { openDialog } from "../../base/registry";
import { ownerNames, type OwnedActor } from "../owner-names";
import { actsFor } from "../../../teams/read";
import { CARD_LOSS } from "../dialogs";
import { cardLosses, type LossMessage } from "./state";

const chatMessages = (): readonly LossMessage[] =>
  (game as unknown as { messages?: { contents?: readonly LossMessage[] } }).messages?.contents ?? [];

function hqActor(uuid: string): OwnedActor | undefined {
  const doc = documentAt(uuid) as OwnedActor | null;
  return doc ?? undefined;
}

/** What a card shows of each choice it still awaits: the line, and whether this user may choose (acting for the HQ, or a GM). */
export interface AwaitedChoice {
  readonly text: string;
  readonly mayChoose: boolean;
  readonly source: string;
  readonly hq: string;
}

export function awaitedChoices(message: LossMessage): AwaitedChoice[] {
  if (message.type !== CARD_MESSAGE_TYPE || message.id === null) return [];
  return cardLosses(chatMessages())
    .filter((l) => l.source === message.id && l.choice === "none")
    .map((loss) => {
      const actor = hqActor(loss.hq);
      return {
        text: format("NOBC.MapRules.CardLoss.Awaiting", {
          owner: ownerNames(actor, "NOBC.MapRules.CardLoss.TheGm"),
          hq: actor?.name ?? loss.hq,
        }),
        mayChoose: game.user?.isGM === true || (actor !== undefined && actsFor(actor.uuid)),
        source: loss.source,
        hq: loss.hq,
      };
    });
}

/** Adds the awaited choices to one rendered card. */
export function noteCardLoss(message: LossMessage, html: HTMLElement): void {
  for (const awaited of awaitedChoices(message)) {
    const line = document.createElement("p");
    line.className = "nobc-card-loss";
    line.textContent = awaited.text;
    if (awaited.mayChoose) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = localize("NOBC.MapRules.CardLoss.Choose");
      button.addEventListener("click", () => void openDialog(CARD_LOSS, { source: awaited.source, hq: awaited.hq }));
      line.append(" ", button);
    }
    (html.querySelector(".message-content") ?? html).append(line);
  }
}

/** A choice card posted or changed draws its attack's card again, so the line comes and goes. */
export function redrawAttackOf(message: { readonly type?: string; readonly system?: unknown }): void {
  const once = (message.system as { once?: unknown } | undefined)?.once;
  if (message.type !== CARD_MESSAGE_TYPE || typeof once !== "string" || !once.startsWith("cardLoss:")) return;
  const source = once.split(":")[1] ?? "";
  const attack = (game as unknown as { messages?: { get(id: string): unknown } }).messages?.get(source);
  const log = (ui as unknown as { chat?: { updateMessage?(m: unknown): unknown } }).chat;
  if (attack !== undefined) void log?.updateMessage?.(attack);
}
