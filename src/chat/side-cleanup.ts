/**
 * A GMs' card deleted takes its side cards with it (issue #30, double-blind): on the active GM's
 * client, when a message carrying a side link leaves the chat (a GM deletes it from the log, or
 * clears the log), the side cards of that link a GM posted are deleted in one
 * `ChatMessage.deleteDocuments` call. A side card left behind would keep telling a team of a result
 * Control took back. Light: it reads the link only (./side-link.ts).
 */
import { SIDE_CARD_TYPE } from "../data/card-limits";
import { sideLinkOf } from "./side-link";

interface ChatMessageLike {
  readonly id: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly flags?: Readonly<Record<string, unknown>>;
  readonly author?: { readonly isGM?: boolean } | null;
}

const activeGmHere = (): boolean =>
  (game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined)?.activeGM?.isSelf === true;

/** The ids of the GM-authored side cards of `link` in `chat`. */
export function sideCardIds(link: string, chat: Iterable<ChatMessageLike>): string[] {
  const out: string[] = [];
  for (const m of chat)
    if (
      m.type === SIDE_CARD_TYPE &&
      m.id !== null &&
      m.author?.isGM === true &&
      (m.system as { link?: unknown } | undefined)?.link === link
    )
      out.push(m.id);
  return out;
}

/** On the active GM's client: the side cards of a deleted GMs' card, deleted with it. */
async function deleted(message: ChatMessageLike): Promise<void> {
  if (!activeGmHere() || message.type === SIDE_CARD_TYPE) return;
  const link = sideLinkOf(message);
  if (link === undefined) return;
  const chat = (game.messages as unknown as { contents?: readonly ChatMessageLike[] } | undefined)?.contents ?? [];
  const ids = sideCardIds(link, chat);
  if (ids.length === 0) return;
  await (ChatMessage as unknown as { deleteDocuments(ids: string[]): Promise<unknown> }).deleteDocuments(ids);
}

/** On init: the hook that deletes a GMs' card's side cards with it. */
export function registerSideCardCleanup(): void {
  Hooks.on("deleteChatMessage", ((message: ChatMessageLike) => void deleted(message)) as never);
}
