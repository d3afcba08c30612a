/**
 * The hooks of the retreats carried out on the map, registered on `init` (./card-note.ts does the
 * work). A card is looked at only when it can owe a retreat (a card with a `retreat` effect) or answer
 * one (a `retreat:` once-only key), and ./card-note.ts loads only then (it stays out of what loads at `init`).
 */
import { CARD_MESSAGE_TYPE } from "../../../chat/card-data";
import type { RetreatMessage } from "./state";
import { chatChanged } from "./chat-changes";

interface CardView {
  readonly effects?: unknown;
  readonly once?: unknown;
}

function owesRetreat(message: RetreatMessage): boolean {
  const effects = (message.system as CardView | undefined)?.effects;
  return (
    message.type === CARD_MESSAGE_TYPE &&
    Array.isArray(effects) &&
    effects.some((e) => (e as { type?: unknown } | null)?.type === "retreat")
  );
}

function answersRetreat(message: RetreatMessage): boolean {
  const once = (message.system as CardView | undefined)?.once;
  return message.type === CARD_MESSAGE_TYPE && typeof once === "string" && once.startsWith("retreat:");
}

export function registerRetreatNotes(): void {
  Hooks.on("createChatMessage", chatChanged as never);
  Hooks.on("updateChatMessage", chatChanged as never);
  Hooks.on("deleteChatMessage", chatChanged as never);
  Hooks.on("renderChatMessageHTML", ((message: RetreatMessage, html: HTMLElement) => {
    if (owesRetreat(message)) void import("./card-note").then((note) => note.noteRetreats(message, html));
  }) as never);
  const redraw = (message: RetreatMessage): void => {
    if (answersRetreat(message)) void import("./card-note").then((note) => note.redrawSourceOf(message));
  };
  Hooks.on("createChatMessage", redraw as never);
  Hooks.on("updateChatMessage", redraw as never);
}
