/**
 * Control's release of a nuclear or ADM card. A player's request (the dialog's
 * Submit, checked by the GM's client for the asker) posts a "release requested" message the GM
 * authors; an umpire then presses Release (a request to the active GM's client, which checks that
 * the umpire rules the request's sector: src/queries/ruling.ts) (the rules run with the GM's word `umpireConfirmed`, the GM's
 * dice roll, and the resolution card is posted with Apply / Undo) or Refuse (the request is closed
 * with the GM's reason). Only a message a GM wrote is acted on, so its flag is the GM's own word;
 * a player's client has no way to release: the actions refuse on it before reading anything.
 */
import { SYSTEM_ID } from "../../../base/constants";
import { gmUserIds, isGM, localize, renderTemplate, translator, warnRefused } from "../../../base/foundry";
import { phrase } from "../../../rules/resolution";
import { asGM, tellRefusal } from "../../../queries/register";
import { rulingRefusal } from "../../../queries/ruling";
import type { CardResult, RequestingUser } from "../../../queries/card-actions";
import { SectorIndex, wmdRequestSector } from "../../../world/item-sector";
import { readBattlefield } from "../../../world/read";
import { templatePath } from "../../../view/paths";
import { heldSubject } from "../../../queries/card-state";
import { cardOf } from "../../base/controller";
import { recordingDice } from "../../base/dice";
import { decide } from "../../base/submit";
import type { LandWorld } from "../world";
import type { Translator } from "../view";
import {
  MAX_REFUSAL_REASON,
  WMD_REQUEST_FLAG,
  WMD_RULE_QUERY,
  wmdRequestFlagSchema,
  type WmdRequestFlag,
  type WmdRuleQuery,
} from "./schema";
import { readWmdWorld, wmdAccess } from "./world";
import { wmdCard, wmdHolds, wmdRequestContent, type WmdState } from "./state";

export const WMD_REQUEST_TEMPLATE = templatePath("apps/land/wmd-request.hbs");

interface RequestMessage {
  readonly id: string | null;
  readonly flags: Record<string, unknown>;
  readonly author?: { readonly isGM?: boolean } | null;
  update(data: Record<string, unknown>): Promise<unknown>;
}

interface UsersLike {
  get(id: string): { readonly id: string; readonly isGM: boolean } | undefined;
}

/** The request flag of a message a GM wrote, checked; undefined for any other message. */
export function wmdRequestOf(message: RequestMessage): WmdRequestFlag | undefined {
  if (message.author?.isGM !== true) return undefined;
  const raw = (message.flags[SYSTEM_ID] as Record<string, unknown> | undefined)?.[WMD_REQUEST_FLAG];
  if (raw === undefined) return undefined;
  const parsed = wmdRequestFlagSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

function allMessages(): readonly RequestMessage[] {
  return (game.messages as unknown as { contents?: readonly RequestMessage[] } | undefined)?.contents ?? [];
}

/** The pending request of a GM's for this card, if any. */
export function pendingFor(card: string): RequestMessage | undefined {
  return allMessages().find((m) => {
    const flag = wmdRequestOf(m);
    return flag?.status === "pending" && flag.state.card === card;
  });
}

/** Whether the card is held by a posted card or already waits for release: then it is not asked for again. */
export function alreadyAsked(world: LandWorld, state: WmdState): boolean {
  return heldSubject(wmdHolds(world, state).holds ?? []) !== undefined || pendingFor(state.card) !== undefined;
}

/** Posts the "release requested" message, run by the GM's client answering the request (see `alreadyAsked`). */
export async function postReleaseRequest(world: LandWorld, state: WmdState, requestedBy: string, i18n: Translator): Promise<unknown> {
  const Message = ChatMessage as unknown as { create(data: object): Promise<unknown>; getSpeaker(): object };
  const flag: WmdRequestFlag = { state: { ...state, identification: [...state.identification] }, requestedBy, status: "pending" };
  // Whispered to the GMs and the asker: the other side does not learn the target before Control decides.
  const whisper = [...new Set([...gmUserIds(), requestedBy])];
  return Message.create({
    whisper,
    content: await renderTemplate(WMD_REQUEST_TEMPLATE, wmdRequestContent(world, state, i18n)),
    speaker: Message.getSpeaker(),
    flags: { [SYSTEM_ID]: { [WMD_REQUEST_FLAG]: flag } },
  });
}

/** Messages a Release or Refuse is being carried out for on this client (a second click is refused). */
const working = new Set<string>();

type Refusal = Extract<CardResult, { ok: false }>;

/** The pending request of a GM's message, or the refusal; its sector's ruler only (src/queries/ruling.ts). */
function pendingRequest(messageId: string, user: RequestingUser): { message: RequestMessage; flag: WmdRequestFlag } | Refusal {
  if (!user.isGM) return { ok: false, reason: "NOBC.Land.Wmd.Refused.gmOnly" };
  const message = game.messages?.get(messageId) as unknown as RequestMessage | undefined;
  const flag = message === undefined ? undefined : wmdRequestOf(message);
  if (message === undefined || flag === undefined) return { ok: false, reason: "NOBC.Land.Wmd.Refused.notRequest" };
  if (flag.status !== "pending") return { ok: false, reason: "NOBC.Land.Wmd.Refused.closed" };
  const notRuler = rulingRefusal(wmdRequestSector(new SectorIndex(readBattlefield()), flag.state), user);
  return notRuler ?? { message, flag };
}

async function once(messageId: string, task: () => Promise<CardResult>): Promise<CardResult> {
  if (working.has(messageId)) return { ok: false, reason: "NOBC.Chat.Refused.busy" };
  working.add(messageId);
  try {
    return await task();
  } finally {
    working.delete(messageId);
  }
}

/** The card a release posted on this client (the active GM's), by the request's message id. */
const postedHere = new Map<string, unknown>();

/**
 * Release on the active GM's client, for `user` (the umpire who pressed it). The world is read for
 * the user who asked (their cards, their HQ), the rules run with `umpireConfirmed`, this client's
 * dice roll, and the card is posted through the one path (holds checked: a card is released once),
 * naming the umpire who released it. The request then says it was released, and by whom.
 */
export function performRelease(messageId: string, user: RequestingUser): Promise<CardResult> {
  return once(messageId, async () => {
    const found = pendingRequest(messageId, user);
    if ("ok" in found) return found;
    const { message, flag } = found;
    const asker = (game.users as unknown as UsersLike).get(flag.requestedBy);
    if (asker === undefined) return { ok: false, reason: "NOBC.Land.Wmd.Refused.noAsker" };
    const world = readWmdWorld(asker);
    const access = wmdAccess(flag.state, world);
    if (!access.ok) return { ok: false, reason: "NOBC.Request.Refused.denied", refusals: [phrase(access.reason, access.data)] };
    const i18n = translator();
    const verdict = cardOf(wmdCard(world, flag.state, recordingDice(), i18n, true), i18n);
    const me = (game.user as unknown as { id?: string } | null)?.id;
    // The card is of the turn's release action: Apply and Undo then read the stage table for it.
    const decided = await decide(verdict, asker.id === me ? undefined : asker.id, {
      action: "land.wmd",
      rulings: [{ kind: "released", by: user.id }],
    });
    if (!decided.ok) return { ok: false, reason: "NOBC.Request.Refused.rules", details: decided.refusals };
    const cardId = (decided.result as { id?: unknown } | null)?.id;
    await message.update({
      [`flags.${SYSTEM_ID}.${WMD_REQUEST_FLAG}.status`]: "released",
      [`flags.${SYSTEM_ID}.${WMD_REQUEST_FLAG}.by`]: user.id,
      ...(typeof cardId === "string" ? { [`flags.${SYSTEM_ID}.${WMD_REQUEST_FLAG}.card`]: cardId } : {}),
    });
    postedHere.set(messageId, decided.result);
    return typeof cardId === "string" ? { ok: true, messageId: cardId } : { ok: true };
  });
}

/** Refuse on the active GM's client: closes the request with the umpire's reason (required, at most 500 characters) and name. */
export function performRefuse(messageId: string, reason: string, user: RequestingUser): Promise<CardResult> {
  return once(messageId, async () => {
    const found = pendingRequest(messageId, user);
    if ("ok" in found) return found;
    const why = reason.trim();
    if (why === "" || why.length > MAX_REFUSAL_REASON)
      return {
        ok: false,
        reason: "NOBC.Request.Refused.denied",
        refusals: [phrase("NOBC.Land.Wmd.Refused.reason", { max: MAX_REFUSAL_REASON })],
      };
    await found.message.update({
      [`flags.${SYSTEM_ID}.${WMD_REQUEST_FLAG}.status`]: "refused",
      [`flags.${SYSTEM_ID}.${WMD_REQUEST_FLAG}.reason`]: why,
      [`flags.${SYSTEM_ID}.${WMD_REQUEST_FLAG}.by`]: user.id,
    });
    return { ok: true };
  });
}

/** An umpire's Release or Refuse, answered on the active GM's client. */
export function performWmdRuling(data: WmdRuleQuery, user: RequestingUser): Promise<CardResult> {
  return data.verdict === "release" ? performRelease(data.messageId, user) : performRefuse(data.messageId, data.reason ?? "", user);
}

/** A refusal of Release or Refuse told as any refusal of a dialog ("Not done: …"), the rules' sentences after the reason. */
function told(result: CardResult): void {
  if (result.ok) return;
  if (result.reason === "NOBC.Request.Refused.rules" || result.reason === "NOBC.Request.Refused.denied") tellRefusal(result);
  else warnRefused([localize(result.reason), ...(result.details ?? [])]);
}

/**
 * Release, pressed by an umpire: a request to the active GM (the umpire's client writes nothing),
 * which checks that they rule this request's sector. A player's client refuses at once. Returns
 * the posted card (the message), or null (every reason warned).
 */
export async function releaseWmdRequest(messageId: string): Promise<unknown> {
  if (!isGM()) {
    warnRefused(localize("NOBC.Land.Wmd.Refused.gmOnly"));
    return null;
  }
  const result = await asGM(WMD_RULE_QUERY, { messageId, verdict: "release" }, (me) => performRelease(messageId, me), told);
  if (!result.ok) return null;
  const local = postedHere.get(messageId);
  postedHere.delete(messageId);
  return local ?? (result.messageId === undefined ? null : (game.messages?.get(result.messageId) ?? null));
}

/** Refuse, pressed by an umpire: a request to the active GM, as Release. */
export async function refuseWmdRequest(messageId: string, reason: string): Promise<boolean> {
  if (!isGM()) {
    warnRefused(localize("NOBC.Land.Wmd.Refused.gmOnly"));
    return false;
  }
  const data = { messageId, verdict: "refuse", reason: reason.slice(0, MAX_REFUSAL_REASON) };
  return (await asGM(WMD_RULE_QUERY, data, (me) => performRefuse(messageId, reason, me), told)).ok;
}
