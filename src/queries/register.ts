/**
 * The GM-side queries of resolution cards, and the client calls that reach them. A player's
 * click asks the active GM (`User#query`); a GM carries the action out at once through the same
 * function; with no GM connected the user is told and nothing changes. Query data is checked
 * with zod before anything else.
 */
import { performCardAction, performSetSplit, type CardAction, type CardResult, type RequestingUser } from "./card-actions";
import type { z } from "zod";
import { cardQuerySchema, parsePayload, splitQuerySchema, type CardQueryData } from "./payloads";
import type { SplitSide } from "../chat/splits";
import type { HitShare } from "../rules/nobc/land/combat-hits";

export type { CardQueryData } from "./payloads";

export const CARD_QUERIES: Readonly<Record<CardAction, string>> = { apply: "nobc.applyCard", undo: "nobc.undoCard" };
export const SPLIT_QUERY = "nobc.setSplit";

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
function requesterOf(data: { readonly userId: string }, options: unknown): RequestingUser | undefined {
  const sender = (options as { user?: UserLike } | undefined)?.user;
  if (sender !== undefined) return sender;
  const claimed = users()?.get(data.userId);
  return claimed === undefined || claimed.isGM ? undefined : claimed;
}

/** A query handler: only the active GM answers; the data must have the shape; the requester must be known. */
function handler<T extends { readonly userId: string }>(
  schema: z.ZodType<T>,
  perform: (data: T, requester: RequestingUser) => Promise<CardResult>,
) {
  return async (data: unknown, options?: unknown): Promise<CardResult> => {
    if (users()?.activeGM?.isSelf !== true) return { ok: false, reason: "NOBC.Chat.NoGM" };
    const parsed = parsePayload(schema, data);
    if (!parsed.ok) return { ok: false, reason: "NOBC.Chat.Refused.badRequest", details: parsed.problems };
    const requester = requesterOf(parsed.value, options);
    if (requester === undefined) return { ok: false, reason: "NOBC.Chat.Refused.notOwner" };
    return perform(parsed.value, requester);
  };
}

export function registerCardQueries(): void {
  const queries = (CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  for (const action of ["apply", "undo"] as const) {
    queries[CARD_QUERIES[action]] = handler(cardQuerySchema, (data: CardQueryData, user) => performCardAction(action, data.messageId, user));
  }
  queries[SPLIT_QUERY] = handler(splitQuerySchema, (data, user) => performSetSplit(data, user));
}

/** Warns the user of a refusal: the reason, then the sentences behind it. */
export function tell(result: CardResult): void {
  if (result.ok) return;
  const reason = game.i18n!.localize(result.reason);
  ui.notifications?.warn(result.details === undefined ? reason : [reason, ...result.details].join(" "));
}

/** The GM acts at once; a player asks the active GM; nobody online → a warning. Refusals are told. */
async function asGM(query: string, data: object, direct: (me: RequestingUser) => Promise<CardResult>): Promise<CardResult> {
  // Cards are only clicked once the game is ready, so there is always a current user.
  const me = game.user as unknown as UserLike;
  let result: CardResult;
  if (me.isGM) {
    result = await direct(me);
  } else {
    const gm = users()?.activeGM;
    result =
      gm === null || gm === undefined
        ? { ok: false, reason: "NOBC.Chat.NoGM" }
        : ((await gm.query(query, { ...data, userId: me.id }, { timeout: 30_000 })) as CardResult);
  }
  tell(result);
  return result;
}

/** What the Apply / Undo buttons do. */
export function requestCardAction(action: CardAction, messageId: string): Promise<CardResult> {
  return asGM(CARD_QUERIES[action], { messageId }, (me) => performCardAction(action, messageId, me));
}

/** What a split editor's Save button does. */
export function requestSetSplit(messageId: string, side: SplitSide, split: readonly HitShare[]): Promise<CardResult> {
  return asGM(SPLIT_QUERY, { messageId, side, split }, (me) => performSetSplit({ messageId, side, split }, me));
}
