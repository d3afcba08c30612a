/**
 * The key a GMs' card shares with its team cards (double-blind, ./side-posting.ts): light, so the card
 * actions can tell whether a card has team cards without loading the team cards' code.
 */
import { SYSTEM_ID } from "../base/constants";
import { SIDE_CARD_TYPE } from "../data/card-limits";

/** The flag of the GMs' card naming its side cards' key. */
export const SIDE_LINK_FLAG = "sideLink";

/** The key a GMs' card shares with its side cards, or undefined (an open table's card, or one posted alone). */
export function sideLinkOf(message: { readonly flags?: Readonly<Record<string, unknown>> }): string | undefined {
  const link = (message.flags?.[SYSTEM_ID] as Record<string, unknown> | undefined)?.[SIDE_LINK_FLAG];
  return typeof link === "string" && link !== "" ? link : undefined;
}

/** A chat message as the readers' lookup sees it. */
interface LinkedMessage {
  readonly id: string | null;
  readonly type?: string;
  readonly whisper?: readonly string[];
  readonly system?: unknown;
  readonly flags?: Readonly<Record<string, unknown>>;
  readonly author?: { readonly isGM?: boolean } | null;
}

/**
 * The id of the message of a posted card that `reader` may read, for the answer to their request: a
 * GM's, or any card without side cards (an open table's), the card itself; under double-blind the
 * side card of its key whispered to them (a GM's: a player's look-alike is not the umpire's); none
 * when no side card is theirs. One pass over the chat, once per answered request.
 */
export function readerMessageId(
  message: LinkedMessage,
  reader: { readonly id: string; readonly isGM?: boolean },
  chat: Iterable<LinkedMessage>,
): string | undefined {
  const link = sideLinkOf(message);
  if (reader.isGM === true || link === undefined) return message.id ?? undefined;
  for (const m of chat) {
    if (m.type !== SIDE_CARD_TYPE || m.id === null || m.author?.isGM !== true) continue;
    if ((m.system as { link?: unknown } | undefined)?.link === link && (m.whisper ?? []).includes(reader.id)) return m.id;
  }
  return undefined;
}
