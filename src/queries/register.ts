/**
 * The GM-side queries of resolution cards, and the client call that reaches them. A player's
 * click asks the active GM (`User#query`); a GM carries the action out at once through the same
 * function; with no GM connected the user is told and nothing changes.
 */
import { performCardAction, type CardAction, type CardResult, type RequestingUser } from "./card-actions";

export const CARD_QUERIES: Readonly<Record<CardAction, string>> = { apply: "nobc.applyCard", undo: "nobc.undoCard" };

export interface CardQueryData {
  readonly messageId: string;
  readonly userId: string;
}

interface UserLike extends RequestingUser {
  readonly isSelf?: boolean;
  query(name: string, data: object, options?: object): Promise<unknown>;
}

interface UsersLike {
  readonly activeGM: UserLike | null | undefined;
  get(id: string): UserLike | undefined;
}

function users(): UsersLike | undefined {
  return game.users as unknown as UsersLike | undefined;
}

/**
 * The requester: the user Foundry reports as the sender when it does, else the id in the data.
 * A claimed GM id is not trusted from a query (a GM acts directly, never by query).
 */
function requesterOf(data: CardQueryData, options: unknown): RequestingUser | undefined {
  const sender = (options as { user?: UserLike } | undefined)?.user;
  if (sender !== undefined) return sender;
  const claimed = users()?.get(data.userId);
  return claimed === undefined || claimed.isGM ? undefined : claimed;
}

function handler(action: CardAction) {
  return async (data: CardQueryData, options?: unknown): Promise<CardResult> => {
    if (users()?.activeGM?.isSelf !== true) return { ok: false, reason: "NOBC.Chat.NoGM" };
    const requester = requesterOf(data, options);
    if (requester === undefined) return { ok: false, reason: "NOBC.Chat.Refused.notOwner" };
    return performCardAction(action, data.messageId, requester);
  };
}

export function registerCardQueries(): void {
  const queries = (CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  queries[CARD_QUERIES.apply] = handler("apply");
  queries[CARD_QUERIES.undo] = handler("undo");
}

function tell(result: CardResult): void {
  if (!result.ok) ui.notifications?.warn(game.i18n!.localize(result.reason));
}

/** What a card button does: the GM acts, a player asks the active GM, nobody online → a warning. */
export async function requestCardAction(action: CardAction, messageId: string): Promise<CardResult> {
  // Cards are only clicked once the game is ready, so there is always a current user.
  const me = game.user as unknown as UserLike;
  let result: CardResult;
  if (me.isGM) {
    result = await performCardAction(action, messageId, me);
  } else {
    const gm = users()?.activeGM;
    if (gm === null || gm === undefined) {
      result = { ok: false, reason: "NOBC.Chat.NoGM" };
    } else {
      const data: CardQueryData = { messageId, userId: me.id };
      result = (await gm.query(CARD_QUERIES[action], data, { timeout: 30_000 })) as CardResult;
    }
  }
  tell(result);
  return result;
}
