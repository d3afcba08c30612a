/**
 * The hooks of the "HQ must give up N cards" choice, registered on \`init\` (./card-note.ts does the
 * work). A card is looked at only when it can owe a choice (a GM's card with an \`hqCardsLost\` effect)
 * or settle one (a \`cardLoss:\` once-only key), so rendering the chat log does not scan the log once
 * per message, and ./card-note.ts loads only then (it stays out of what loads at \`init\`).
 */
import { CARD_MESSAGE_TYPE } from "../../../chat/card-data";
import type { LossMessage } from "./state";

interface CardView {
  readonly effects?: unknown;
  readonly once?: unknown;
}

/** A card whose effects make an HQ give up cards. */
function owesChoice(message: LossMessage): boolean {
  const effects = (message.system as CardView | undefined)?.effects;
  return (
    message.type === CARD_MESSAGE_TYPE &&
    Array.isArray(effects) &&
    effects.some((e) => (e as { type?: unknown } | null)?.type === "hqCardsLost")
  );
}

/** A choice card (once-only key \`cardLoss:<message>:<hq>\`). */
function settlesChoice(message: LossMessage): boolean {
  const once = (message.system as CardView | undefined)?.once;
  return message.type === CARD_MESSAGE_TYPE && typeof once === "string" && once.startsWith("cardLoss:");
}

export function registerCardLossNotes(): void {
  Hooks.on("renderChatMessageHTML", ((message: LossMessage, html: HTMLElement) => {
    if (owesChoice(message)) void import("./card-note").then((note) => note.noteCardLoss(message, html));
  }) as never);
  const redraw = (message: LossMessage): void => {
    if (settlesChoice(message)) void import("./card-note").then((note) => note.redrawAttackOf(message));
  };
  Hooks.on("createChatMessage", redraw as never);
  Hooks.on("updateChatMessage", redraw as never);
}
