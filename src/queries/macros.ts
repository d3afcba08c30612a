/**
 * The card actions for macros (`game.nobc`): each does what its button does and returns the
 * result, `{ ok: true }` or `{ ok: false, reason, details? }`. Arguments are checked with zod
 * first; a malformed one is warned with the field and the problem, and nothing happens.
 */
import { z } from "zod";
import { say } from "../base/foundry";
import type { Phrase } from "../rules/resolution";
import type { CardResult } from "./card-actions";
import { messageIdSchema, parsePayload, splitArgsSchema } from "./payloads";
import { requestCardAction, requestSetSplit, tell } from "./register";

const messageArgs = z.object({ messageId: messageIdSchema });

function refused(problems: readonly Phrase[]): CardResult {
  const result: CardResult = { ok: false, reason: "NOBC.Chat.Refused.badRequest", details: problems.map(say) };
  tell(result);
  return result;
}

async function onMessage(action: "apply" | "undo", messageId: unknown): Promise<CardResult> {
  const parsed = parsePayload(messageArgs, { messageId });
  return parsed.ok ? requestCardAction(action, parsed.value.messageId) : refused(parsed.problems);
}

/** Applies a pending card's effects (as its Apply button). */
export function applyCard(messageId: string): Promise<CardResult> {
  return onMessage("apply", messageId);
}

/** Undoes an applied card (as its Undo button). */
export function undoCard(messageId: string): Promise<CardResult> {
  return onMessage("undo", messageId);
}

/** Saves a new split of one side's shared hits on a pending ground-combat card (as its Save split button). */
export async function setCardSplit(
  messageId: string,
  side: "attackers" | "defenders",
  split: readonly { actor: string; hits: number }[],
): Promise<CardResult> {
  const parsed = parsePayload(splitArgsSchema, { messageId, side, split });
  return parsed.ok ? requestSetSplit(parsed.value.messageId, parsed.value.side, parsed.value.split) : refused(parsed.problems);
}
