/**
 * On an applied card with retreats still to answer: a line "awaiting <owner>'s retreat: <unit>" per
 * unit and, for those acting for the unit (src/teams) and GMs, a button that opens the retreat dialog. A line goes once a
 * retreat card answering it is posted (the card is drawn again when one is posted or changes).
 */
import { localize, say } from "../../../base/foundry";
import { phrase } from "../../../rules/resolution";
import { CARD_MESSAGE_TYPE } from "../../../chat/card-data";
import { documentAt } from "../../../effects/apply";
import { openDialog } from "../../base/registry";
import { ownerNames, type OwnedActor } from "../owner-names";
import { actsFor } from "../../../teams/read";
import { RETREAT } from "../dialogs";
import { owedRetreats, type OwedRetreat, type RetreatMessage } from "./state";
import { chatGeneration } from "./chat-changes";

const chatMessages = (): readonly RetreatMessage[] =>
  (game as unknown as { messages?: { contents?: readonly RetreatMessage[] } }).messages?.contents ?? [];

/** The retreats owed, read from the chat once per change of it: drawing the whole log reads it once, not once per card. */
let owedCache: { readonly generation: number; readonly owed: readonly OwedRetreat[] } | null = null;
function owedNow(): readonly OwedRetreat[] {
  const now = chatGeneration();
  if (owedCache?.generation !== now) owedCache = { generation: now, owed: owedRetreats(chatMessages()) };
  return owedCache.owed;
}

/** What a card shows of each retreat it still awaits: the line, and whether this user may answer (acting for the unit, or a GM). */
export interface AwaitedRetreat {
  readonly text: string;
  readonly mayAnswer: boolean;
  readonly source: string;
}

export function awaitedRetreats(message: RetreatMessage): AwaitedRetreat[] {
  if (message.type !== CARD_MESSAGE_TYPE || message.id === null) return [];
  return owedNow()
    .filter((o) => o.source === message.id && o.answer === "none")
    .flatMap((owed) => {
      const actor = (documentAt(owed.actor) as OwnedActor | null) ?? undefined;
      // A unit deleted since (eliminated later) has no retreat left to answer.
      if (actor === undefined) return [];
      return {
        text: say(phrase("NOBC.Retreat.Awaiting", { owner: ownerNames(actor, "NOBC.Retreat.TheGm"), unit: actor.name, count: owed.hexes })),
        mayAnswer: game.user?.isGM === true || actsFor(actor.uuid),
        source: owed.source,
      };
    });
}

/** Adds the awaited retreats to one rendered card (one button opens them all). */
export function noteRetreats(message: RetreatMessage, html: HTMLElement): void {
  const awaited = awaitedRetreats(message);
  for (const line of awaited) {
    const p = document.createElement("p");
    p.className = "nobc-retreat";
    p.textContent = line.text;
    (html.querySelector(".message-content") ?? html).append(p);
  }
  const mine = awaited.find((a) => a.mayAnswer);
  if (mine === undefined) return;
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = localize("NOBC.Retreat.Choose");
  button.addEventListener("click", () => void openDialog(RETREAT, { source: mine.source }));
  (html.querySelector(".message-content") ?? html).append(button);
}

/** A retreat card posted or changed draws the card that imposed the retreat again, so the lines come and go. */
export function redrawSourceOf(message: { readonly type?: string; readonly system?: unknown }): void {
  const once = (message.system as { once?: unknown } | undefined)?.once;
  if (message.type !== CARD_MESSAGE_TYPE || typeof once !== "string" || !once.startsWith("retreat:")) return;
  const source = once.split(":")[1] ?? "";
  const imposing = (game as unknown as { messages?: { get(id: string): unknown } }).messages?.get(source);
  const log = (ui as unknown as { chat?: { updateMessage?(m: unknown): unknown } }).chat;
  if (imposing !== undefined) void log?.updateMessage?.(imposing);
}
