/**
 * Requests, not results. Submit in every dialog (and every macro that resolves something) sends
 * the dialog's id and its state, the plan, to the active GM (query `nobc.resolve`). The GM's client
 * checks the state against the dialog's schema, reads the world for the asker (what they own,
 * whether they are a GM), checks access, runs the rules and rolls its own dice, and posts the card
 * as a message it authors, naming who asked. The asker's dialog previews the odds; the preview
 * decides nothing. A GM at the table takes the same path without the socket.
 */
import { say, translator } from "../../base/foundry";
import { phrase } from "../../rules/resolution";
import { readerMessageId } from "../../chat/side-link";
import { asGM, handler, tellRefusal } from "../../queries/register";
import { parsePayload, resolveQuerySchema } from "../../queries/payloads";
import type { CardResult, RequestingUser } from "../../queries/card-actions";
import type { AnyController } from "./controller";
import { recordingDice } from "./dice";
import { dialogEntry } from "./entries";
import { claimRefusals, decide } from "./submit";
import { turnNow } from "../../queries/card-state";
import { stageRequest } from "./stage-check";
import type { Battlefield } from "../../world/battlefield";
import type { SideSights } from "../../world/side-field";
import { phraseThroughSights, secretsOf, throughSights } from "../../world/refusal-view";

export const RESOLVE_QUERY = "nobc.resolve";

/** What the GM made of a resolution: the card posted (or the work's result), or why not. */
export type Resolved = { readonly ok: true; readonly result: unknown } | Exclude<CardResult, { readonly ok: true }>;

/** The id of a posted message, to send back across the socket (the message itself does not cross). */
/** The world's chat messages, as this client holds them. */
function chatMessages(): Iterable<Parameters<typeof readerMessageId>[0]> {
  return (game.messages as unknown as { contents?: readonly Parameters<typeof readerMessageId>[0][] } | undefined)?.contents ?? [];
}

function messageIdOf(result: unknown): string | undefined {
  const id = (result as { id?: unknown } | null | undefined)?.id;
  return typeof id === "string" ? id : undefined;
}

/**
 * Resolves `state` with `controller` (the dialog `dialog`) for `user`, on the active GM's client.
 * `trusted` is true only for the state of this client's own open dialog; a state that came over the
 * socket must have the controller's shape, and a controller without one answers no request (it is
 * the GM's alone). Before any die is rolled: the stage (a turn action is asked for only in its
 * stages, src/rules/nobc/stage-actions.ts; a GM may, and the card names the override), who may,
 * and the subjects the card would use up (`claims`: a subject held, a key standing, is refused unrolled).
 */
export async function resolveFor(
  controller: AnyController,
  state: unknown,
  user: RequestingUser,
  trusted: boolean,
  dialog = "",
): Promise<Resolved> {
  let checked = state;
  if (!trusted) {
    if (controller.stateSchema === undefined) return { ok: false, reason: "NOBC.Request.Refused.gmOnly" };
    const parsed = parsePayload(controller.stateSchema, state);
    if (!parsed.ok) return { ok: false, reason: "NOBC.Chat.Refused.badRequest", details: parsed.problems.map(say) };
    checked = parsed.value;
  }
  const stage = stageRequest(dialog, turnNow(), user);
  if (!stage.ok) return { ok: false, reason: "NOBC.Request.Refused.denied", refusals: [stage.refusal] };
  const world = controller.read(user);
  // Under double-blind a player's refusals name no enemy piece their side does not know (src/world/refusal-view.ts).
  const told = askerLens(world);
  const access = controller.access(checked, world);
  if (!access.ok) return told({ ok: false, reason: "NOBC.Request.Refused.denied", refusals: [phrase(access.reason, access.data)] });
  const taken = controller.claims === undefined ? undefined : claimRefusals(controller.claims(checked, world));
  if (taken !== undefined) return told({ ok: false, reason: "NOBC.Request.Refused.rules", details: taken });
  const verdict = await controller.submit(checked, world, translator(), recordingDice());
  const me = game.user as unknown as { id?: string } | null;
  const decided = await decide(verdict, user.id === me?.id ? undefined : user.id, stage.stamp);
  return decided.ok ? decided : told({ ok: false, reason: "NOBC.Request.Refused.rules", details: decided.refusals });
}

type Refusal = Exclude<Resolved, { readonly ok: true }>;

/**
 * How a refusal is told to the asker: as it is, but when the world read for them carries their
 * sights (double-blind, a player): then through them, each enemy piece their side does not know
 * told as "an enemy unit" (the truth the GM checked against: the planner's `whole`, else `field`).
 */
function askerLens(world: unknown): (refusal: Refusal) => Refusal {
  const read = world as { readonly sights?: SideSights; readonly whole?: Battlefield; readonly field?: Battlefield } | null;
  const whole = read?.whole ?? read?.field;
  if (read?.sights === undefined || whole === undefined) return (refusal) => refusal;
  const secrets = secretsOf(whole, read.sights);
  const i18n = translator();
  const words = {
    unit: i18n.localize("NOBC.Hidden.EnemyUnit"),
    hq: i18n.localize("NOBC.Hidden.EnemyHq"),
    has: (key: string) => i18n.has(key),
  };
  return (refusal) => ({
    ...refusal,
    ...(refusal.details === undefined ? {} : { details: refusal.details.map((d) => throughSights(d, secrets, words)) }),
    ...(refusal.refusals === undefined ? {} : { refusals: refusal.refusals.map((p) => phraseThroughSights(p, secrets, words)) }),
  });
}

/**
 * The users whose request this GM client is answering now: one request per user at a time, so a
 * player cannot fire many at once (to flood the GM, or to race one request's check against another's card).
 */
const answering = new Set<string>();

/**
 * The GM's answer to a request over the socket: the dialog by its registered id, then `resolveFor`;
 * refused (`busy`) while the same user's last request is still being answered.
 */
async function answer(dialog: string, state: unknown, user: RequestingUser): Promise<CardResult> {
  const me = (game.user as unknown as { id?: string } | null)?.id ?? "";
  const slot = `${me}/${user.id}`;
  if (answering.has(slot)) return { ok: false, reason: "NOBC.Request.Refused.busy" };
  answering.add(slot);
  try {
    return await answerNow(dialog, state, user);
  } finally {
    answering.delete(slot);
  }
}

async function answerNow(dialog: string, state: unknown, user: RequestingUser): Promise<CardResult> {
  const entry = dialogEntry(dialog);
  if (entry === undefined)
    return { ok: false, reason: "NOBC.Request.Refused.unknownDialog", refusals: [phrase("NOBC.Dialog.Unknown", { id: dialog })] };
  const resolved = await resolveFor(await entry.load(), state, user, false, dialog);
  if (!resolved.ok) return resolved;
  // The asker is told of the message they may read: under double-blind their side's card, never the GMs'.
  const posted = resolved.result as Parameters<typeof readerMessageId>[0] | null | undefined;
  const messageId = messageIdOf(posted) === undefined ? undefined : readerMessageId(posted!, user, chatMessages());
  return messageId === undefined ? { ok: true } : { ok: true, messageId };
}

/** On init: the GM's handler of `nobc.resolve`. */
export function registerResolveQuery(): void {
  const queries = (CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  queries[RESOLVE_QUERY] = handler(resolveQuerySchema, (data, user) => answer(data.dialog, data.state, user));
}

/**
 * Asks the active GM to resolve `state` with the dialog registered as `dialog` (a GM resolves it at
 * once, with `controller` when its dialog is open). Refusals are told to the user; the answer says
 * whether a card was posted and which.
 */
export async function requestResolution(
  dialog: string,
  state: unknown,
  controller?: AnyController,
): Promise<{ readonly ok: boolean; readonly result?: unknown }> {
  let local: Resolved | undefined;
  const result = await asGM(
    RESOLVE_QUERY,
    { dialog, state },
    async (me) => {
      const own = controller ?? (await dialogEntry(dialog)?.load());
      if (own === undefined)
        return { ok: false, reason: "NOBC.Request.Refused.unknownDialog", refusals: [phrase("NOBC.Dialog.Unknown", { id: dialog })] };
      local = await resolveFor(own, state, me, controller !== undefined, dialog);
      if (!local.ok) return local;
      const messageId = messageIdOf(local.result);
      return messageId === undefined ? { ok: true } : { ok: true, messageId };
    },
    tellRefusal,
  );
  if (!result.ok) return { ok: false };
  // On the GM's client the result itself (a message, the work's result); on a player's, the message the GM posted.
  if (local?.ok === true) return { ok: true, result: local.result };
  const posted = result.messageId === undefined ? undefined : game.messages?.get(result.messageId);
  return { ok: true, result: posted ?? result.messageId ?? null };
}
