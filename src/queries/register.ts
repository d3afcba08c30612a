/**
 * The GM-side queries of resolution cards, and the client calls that reach them. Only the active
 * GM carries a card action out: it acts at once on its own click, and everyone else (players and
 * the other GMs) asks it with `User#query`; with no GM connected the user is told and nothing
 * changes. Query data is checked with zod before anything else.
 *
 * Foundry does not tell a query handler who sent the query, so the asker proves it. Each client
 * draws a secret once a session and writes its SHA-256 to a flag of its own User document (which
 * only it and a GM may write); every request carries the secret itself, which travels only to the
 * GM. The GM acts only if the named user's flag holds the hash of the secret sent. Every client
 * sees every User's flags, so the flag holds the hash: the secret cannot be read off it and replayed.
 */
import type { CardAction, CardResult, RequestingUser, SplitRequest } from "./card-actions";
import { SYSTEM_ID } from "../base/constants";
import { sha256Hex } from "../base/sha256";
import type { z } from "zod";
import { cardQuerySchema, parsePayload, splitQuerySchema, withinPayloadSize } from "./payloads";
import { takeRequest } from "./request-limits";
import { phrase } from "../rules/resolution";
import { MAX_LISTED } from "../words/issues";
import type { SplitSide } from "../chat/splits";
import type { HitShare } from "../rules/nobc/land/combat-hits";
import { errorText } from "../base/errors";
import { localize, notifyText, say, warnRefused } from "../base/foundry";
import { isPhrase } from "../chat/card-data";
import { rulesSettled } from "../documents/rules-guard";

export type { CardQueryData } from "./payloads";

export const CARD_QUERIES: Readonly<Record<CardAction, string>> = { apply: "nobc.applyCard", undo: "nobc.undoCard" };
export const SPLIT_QUERY = "nobc.setSplit";

/** The User flag holding the hash of the asker's request secret. */
export const REQUEST_FLAG = "request";

interface UserLike extends RequestingUser {
  readonly isSelf?: boolean;
  readonly flags?: Record<string, unknown>;
  query(name: string, data: object, options?: object): Promise<unknown>;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
}

interface UsersLike {
  readonly activeGM: UserLike | null | undefined;
  get(id: string): UserLike | undefined;
}

function users(): UsersLike | undefined {
  return game.users as unknown as UsersLike | undefined;
}

function requestFlagOf(user: UserLike | undefined): unknown {
  return (user?.flags?.[SYSTEM_ID] as Record<string, unknown> | undefined)?.[REQUEST_FLAG];
}

/** The user named in the data, if its own flag holds the hash of the secret sent with it. */
function requesterOf(data: { readonly userId: string; readonly token: string }): RequestingUser | undefined {
  const claimed = users()?.get(data.userId);
  const commitment = requestFlagOf(claimed);
  return typeof commitment === "string" && commitment === sha256Hex(data.token) ? claimed : undefined;
}

/** This client's request secret: 32 random bytes drawn once a session (`getRandomValues` works on http too). */
let secret: string | null = null;

function sessionSecret(): string {
  secret ??= Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
  return secret;
}

/** Forgets this client's secret (tests; a new session draws a new one anyway). */
export function resetRequestSecret(): void {
  secret = null;
}

/**
 * The refusals whose details and refusals list problems (the shape's, the rules', access's, a
 * split's, a card's data): sent back with the first `MAX_LISTED` and a count of the rest, whatever
 * the request named (100 cards not held were 100 sentences, 27 kB).
 */
const PROBLEM_LISTS: ReadonlySet<string> = new Set([
  "NOBC.Chat.Refused.badRequest",
  "NOBC.Chat.Refused.badSplit",
  "NOBC.Chat.Refused.malformed",
  "NOBC.Request.Refused.denied",
  "NOBC.Request.Refused.rules",
]);

/** At most `MAX_LISTED` entries and a count; a list of one more stays whole (its last may be the count `parsePayload` made). */
function shortList<T>(list: readonly T[] | undefined, more: (count: number) => T): readonly T[] | undefined {
  return list === undefined || list.length <= MAX_LISTED + 1 ? list : [...list.slice(0, MAX_LISTED), more(list.length - MAX_LISTED)];
}

/** A refusal as the asker is sent it: its lists of problems cut to a handful and a count (`PROBLEM_LISTS`). */
function asSent(result: CardResult): CardResult {
  if (result.ok || !PROBLEM_LISTS.has(result.reason)) return result;
  const more = (count: number) => phrase("NOBC.Validation.MoreProblems", { count });
  const details = shortList(result.details, (count) => say(more(count)));
  const refusals = shortList(result.refusals, more);
  return { ...result, ...(details === undefined ? {} : { details }), ...(refusals === undefined ? {} : { refusals }) };
}

/**
 * A query handler: only the active GM answers; the data must be of a size a request has
 * (`withinPayloadSize`, counted before any schema reads it) and have the shape; the requester must
 * prove who it is; and a player must be within their limits (./request-limits.ts), held until the
 * answer is sent. A refusal's lists of problems are sent short (`asSent`).
 */
export function handler<T extends { readonly userId: string; readonly token: string }>(
  schema: z.ZodType<T>,
  perform: (data: T, requester: RequestingUser) => Promise<CardResult>,
) {
  return async (data: unknown): Promise<CardResult> => {
    const gm = users()?.activeGM;
    if (gm?.isSelf !== true) return { ok: false, reason: "NOBC.Chat.NoGM" };
    if (!withinPayloadSize(data)) return { ok: false, reason: "NOBC.Chat.Refused.requestTooLarge" };
    const parsed = parsePayload(schema, data);
    if (!parsed.ok) return { ok: false, reason: "NOBC.Chat.Refused.badRequest", details: parsed.problems.map(say) };
    const requester = requesterOf(parsed.value);
    if (requester === undefined) return { ok: false, reason: "NOBC.Chat.Refused.unverified" };
    const place = takeRequest(gm.id, requester, Date.now());
    if (!place.ok) return { ok: false, reason: place.reason };
    try {
      // No request is judged on a value a player wrote that the guard is still putting back.
      await rulesSettled();
      return asSent(await perform(parsed.value, requester));
    } finally {
      place.release();
    }
  };
}

/** The card actions' writers, loaded on the first request (not at init). */
const cardActions = () => import("./card-actions");

async function performCardAction(action: CardAction, messageId: string, user: RequestingUser, seen?: string): Promise<CardResult> {
  return (await cardActions()).performCardAction(action, messageId, user, seen);
}

async function performSetSplit(request: SplitRequest, user: RequestingUser): Promise<CardResult> {
  return (await cardActions()).performSetSplit(request, user);
}

export function registerCardQueries(): void {
  const queries = (CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  for (const action of ["apply", "undo"] as const) {
    queries[CARD_QUERIES[action]] = handler(cardQuerySchema, (data, user) => performCardAction(action, data.messageId, user, data.seen));
  }
  queries[SPLIT_QUERY] = handler(splitQuerySchema, (data, user) => performSetSplit(data, user));
}

/** Warns the user of a refusal: the reason, then the sentences behind it (the rules' refusals in this user's language). */
export function tell(result: CardResult): void {
  if (result.ok) return;
  const refusals = (result.refusals ?? []).filter((p) => isPhrase(p)).map(say);
  notifyText("warn", [localize(result.reason), ...(result.details ?? []), ...refusals].join(" "));
}

/**
 * The rules' and access refusals read as any refusal of a dialog ("Not done: …"), wherever they
 * were decided; the rest as card refusals (`tell`).
 */
export function tellRefusal(result: CardResult): void {
  if (result.ok) return;
  if (result.reason === "NOBC.Request.Refused.rules" || result.reason === "NOBC.Request.Refused.denied")
    warnRefused([...(result.details ?? []), ...(result.refusals ?? []).filter((p) => isPhrase(p)).map(say)]);
  else tell(result);
}

/**
 * Asks the active GM: makes sure our own User flag holds the hash of our secret (one write a
 * session), then sends the secret with the request. If the flag could not be written nothing was
 * sent (`failed`); once sent, a lost answer (a timeout) leaves the outcome unknown, so the user is
 * sent to the card, which shows whether it was applied.
 */
async function ask(gm: UserLike, me: UserLike, query: string, data: object): Promise<CardResult> {
  const token = sessionSecret();
  try {
    const commitment = sha256Hex(token);
    if (requestFlagOf(me) !== commitment) await me.setFlag(SYSTEM_ID, REQUEST_FLAG, commitment);
  } catch (error) {
    return { ok: false, reason: "NOBC.Chat.Refused.failed", details: [errorText(error)] };
  }
  try {
    return (await gm.query(query, { ...data, userId: me.id, token }, { timeout: 30_000 })) as CardResult;
  } catch (error) {
    return { ok: false, reason: "NOBC.Chat.Refused.noAnswer", details: [errorText(error)] };
  }
}

/**
 * The active GM acts at once; anyone else asks it; nobody online → a warning. Refusals are told
 * (`told`, by default `tell`).
 * Every request of the system goes this way: card actions here, resolutions in src/apps/base/request.ts.
 */
export async function asGM(
  query: string,
  data: object,
  direct: (me: RequestingUser) => Promise<CardResult>,
  told: (result: CardResult) => void = tell,
): Promise<CardResult> {
  // Cards are only clicked once the game is ready, so there is always a current user.
  const me = game.user as unknown as UserLike;
  const gm = users()?.activeGM;
  let result: CardResult;
  if (gm === null || gm === undefined) result = { ok: false, reason: "NOBC.Chat.NoGM" };
  else if (gm.isSelf === true) result = await rulesSettled().then(() => direct(me));
  else result = await ask(gm, me, query, data);
  told(result);
  return result;
}

/** What the Apply / Undo buttons do. */
export function requestCardAction(action: CardAction, messageId: string, seen?: string): Promise<CardResult> {
  const data = seen === undefined ? { messageId } : { messageId, seen };
  return asGM(CARD_QUERIES[action], data, (me) => performCardAction(action, messageId, me, seen));
}

/** What a split editor's Save button does. */
export function requestSetSplit(messageId: string, side: SplitSide, split: readonly HitShare[]): Promise<CardResult> {
  return asGM(SPLIT_QUERY, { messageId, side, split }, (me) => performSetSplit({ messageId, side, split }, me));
}
