/**
 * The card actions for macros (`game.nobc`): each does what its button does and returns the
 * result, `{ ok: true }` or `{ ok: false, reason, details? }`. Arguments are checked with zod
 * first; a malformed one is warned with the field and the problem, and nothing happens.
 */
import { z } from "zod";
import { format, notifyText, say } from "../base/foundry";
import type { Phrase } from "../rules/resolution";
import type { CardResult, RequestingUser } from "./card-actions";
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

/** A GM's reason for releasing a key: shown on a card to everyone, so it is bounded. */
export const MAX_RELEASE_REASON = 500;

const releaseArgs = z.object({
  messageId: messageIdSchema,
  reason: z.string().trim().min(1, "NOBC.CardAuth.Validation.Reason").max(MAX_RELEASE_REASON, "NOBC.CardAuth.Validation.Reason"),
});

const pruneArgs = z.object({ beforeTurn: z.number().int("NOBC.CardAuth.Validation.Turn").min(0, "NOBC.CardAuth.Validation.Turn") });

/**
 * Releases the once-only key of an applied card, and the holds of any card, that stand in the way
 * (a GM's action, on the active GM's client): another card with the key may then be applied, and
 * the subjects the card held may be asked for again. The reason goes on a chat card.
 */
export async function releaseCardKey(messageId: string, reason: string): Promise<CardResult> {
  const parsed = parsePayload(releaseArgs, { messageId, reason });
  if (!parsed.ok) return refused(parsed.problems);
  const { performReleaseKey } = await import("./card-actions");
  const result = await performReleaseKey(parsed.value.messageId, parsed.value.reason, game.user as unknown as RequestingUser);
  tell(result);
  return result;
}

/**
 * Clears the write plans of the GM's cards of turns before `beforeTurn` (a GM's action, on the
 * active GM's client), so old records stay small: those cards can no longer be undone; their keys
 * and states stay. The current turn's cards keep their Undo; a later turn is refused; a card busy
 * with another request keeps its record and is counted (told as a warning).
 */
export async function pruneCardRecords(beforeTurn: number): Promise<CardResult & { pruned?: number; busy?: number }> {
  const parsed = parsePayload(pruneArgs, { beforeTurn });
  if (!parsed.ok) return refused(parsed.problems);
  const { performPruneRecords } = await import("./card-actions");
  const result = await performPruneRecords(parsed.value.beforeTurn, game.user as unknown as RequestingUser);
  if (result.ok) notifyText("info", format("NOBC.CardAuth.Pruned", { count: result.pruned ?? 0 }));
  else tell(result);
  if (result.ok && result.busy !== undefined) notifyText("warn", format("NOBC.CardLife.Busy", { count: result.busy }));
  return result;
}
