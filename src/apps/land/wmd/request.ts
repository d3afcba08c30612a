/**
 * Control's release of a nuclear or ADM card, on a GM's client. A player's request (the dialog's
 * Submit, checked by the GM's client for the asker) posts a "release requested" message the GM
 * authors; a GM then presses Release (the rules run with the GM's word `umpireConfirmed`, the GM's
 * dice roll, and the resolution card is posted with Apply / Undo) or Refuse (the request is closed
 * with the GM's reason). Only a message a GM wrote is acted on, so its flag is the GM's own word;
 * a player's client has no way to release: the actions refuse on it before reading anything.
 */
import { SYSTEM_ID } from "../../../base/constants";
import { format, gmUserIds, isGM, localize, renderTemplate, translator, warnRefused } from "../../../base/foundry";
import { templatePath } from "../../../view/paths";
import { heldSubject } from "../../../queries/card-state";
import { cardOf } from "../../base/controller";
import { recordingDice } from "../../base/dice";
import { decide } from "../../base/submit";
import type { LandWorld } from "../world";
import type { Translator } from "../view";
import { MAX_REFUSAL_REASON, WMD_REQUEST_FLAG, wmdRequestFlagSchema, type WmdRequestFlag } from "./schema";
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

/** The pending request of a GM's message, or the reason why not (warned), for a GM's client only. */
function pendingRequest(messageId: string): { message: RequestMessage; flag: WmdRequestFlag } | null {
  if (!isGM()) {
    warnRefused(localize("NOBC.Land.Wmd.Refused.gmOnly"));
    return null;
  }
  const message = game.messages?.get(messageId) as unknown as RequestMessage | undefined;
  const flag = message === undefined ? undefined : wmdRequestOf(message);
  if (message === undefined || flag === undefined) {
    warnRefused(localize("NOBC.Land.Wmd.Refused.notRequest"));
    return null;
  }
  if (flag.status !== "pending") {
    warnRefused(localize("NOBC.Land.Wmd.Refused.closed"));
    return null;
  }
  return { message, flag };
}

async function once<T>(messageId: string, task: () => Promise<T>): Promise<T | false> {
  if (working.has(messageId)) {
    warnRefused(localize("NOBC.Chat.Refused.busy"));
    return false;
  }
  working.add(messageId);
  try {
    return await task();
  } finally {
    working.delete(messageId);
  }
}

/**
 * Release: the GM's confirmation. The world is read for the user who asked (their cards, their HQ),
 * the rules run with `umpireConfirmed`, this client's dice roll, and the card is posted through the
 * one path (holds checked: a card is released once). The request then says it was released.
 * Returns the posted card, or null (every reason warned).
 */
export async function releaseWmdRequest(messageId: string): Promise<unknown> {
  const done = await once(messageId, async () => {
    const found = pendingRequest(messageId);
    if (found === null) return null;
    const { message, flag } = found;
    const asker = (game.users as unknown as UsersLike).get(flag.requestedBy);
    if (asker === undefined) {
      warnRefused(localize("NOBC.Land.Wmd.Refused.noAsker"));
      return null;
    }
    const world = readWmdWorld(asker);
    const access = wmdAccess(flag.state, world);
    if (!access.ok) {
      warnRefused(format(access.reason, access.data));
      return null;
    }
    const i18n = translator();
    const verdict = cardOf(wmdCard(world, flag.state, recordingDice(), i18n, true), i18n);
    const me = (game.user as unknown as { id?: string } | null)?.id;
    // The card is of the turn's release action: Apply and Undo then read the stage table for it.
    const decided = await decide(verdict, asker.id === me ? undefined : asker.id, { action: "land.wmd" });
    if (!decided.ok) {
      warnRefused(decided.refusals);
      return null;
    }
    const cardId = (decided.result as { id?: unknown } | null)?.id;
    await message.update({
      [`flags.${SYSTEM_ID}.${WMD_REQUEST_FLAG}.status`]: "released",
      ...(typeof cardId === "string" ? { [`flags.${SYSTEM_ID}.${WMD_REQUEST_FLAG}.card`]: cardId } : {}),
    });
    return decided.result;
  });
  return done === false ? null : done;
}

/** Refuse: closes the request with the GM's reason (required, at most 500 characters); nothing else changes. */
export async function refuseWmdRequest(messageId: string, reason: string): Promise<boolean> {
  const done = await once(messageId, async () => {
    const found = pendingRequest(messageId);
    if (found === null) return false;
    const why = reason.trim();
    if (why === "" || why.length > MAX_REFUSAL_REASON) {
      warnRefused(format("NOBC.Land.Wmd.Refused.reason", { max: MAX_REFUSAL_REASON }));
      return false;
    }
    await found.message.update({
      [`flags.${SYSTEM_ID}.${WMD_REQUEST_FLAG}.status`]: "refused",
      [`flags.${SYSTEM_ID}.${WMD_REQUEST_FLAG}.reason`]: why,
    });
    return true;
  });
  return done;
}
