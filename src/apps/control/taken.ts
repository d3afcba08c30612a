/**
 * Who has taken which item of Control's queue, so no two umpires rule on one: the world setting
 * `controlTaken`, item id → the umpire and when. It is written by the active GM's client only (the
 * one authority): another umpire's Take or Let go is a request to it (`nobc.controlTake`), checked
 * like any other (the asker proved, a GM, the item still in the queue, not another's). Each write
 * keeps only the items still waiting, so what settled drops out and the setting stays small.
 */
import { z } from "zod";
import { SYSTEM_ID } from "../../base/constants";
import { errorText } from "../../base/errors";
import { asGM, handler } from "../../queries/register";
import type { CardResult, RequestingUser } from "../../queries/card-actions";
import { userIdSchema } from "../../teams/teams";

export const TAKEN_SETTING = "controlTaken";
export const TAKE_QUERY = "nobc.controlTake";
export const MAX_TAKEN = 500;

const itemIdSchema = z.string().min(1).max(300);

export const takenSchema = z
  .record(itemIdSchema, z.strictObject({ by: userIdSchema, at: z.number().int().min(0) }))
  .refine((t) => Object.keys(t).length <= MAX_TAKEN);
export type Taken = z.infer<typeof takenSchema>;

export const takeQuerySchema = z.strictObject({
  userId: z.string().max(64),
  token: z.string().max(64),
  item: itemIdSchema,
  take: z.boolean(),
});

export function registerTakenSetting(onChange?: () => void): void {
  game.settings?.register(SYSTEM_ID, TAKEN_SETTING, {
    name: "NOBC.Setting.controlTaken.name",
    hint: "NOBC.Setting.controlTaken.hint",
    scope: "world",
    config: false,
    type: Object,
    default: {},
    ...(onChange === undefined ? {} : { onChange }),
  });
}

export function readTaken(): Taken {
  let stored: unknown;
  try {
    stored = game.settings?.get(SYSTEM_ID, TAKEN_SETTING);
  } catch {
    return {};
  }
  const parsed = takenSchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}

/**
 * The taken record after `user` takes (or lets go of) `item`, with only the items still waiting
 * (`waiting`), or the refusal: a player; an item no longer waiting; another umpire's item (they
 * let go of it first). Pure.
 */
export function takeDecision(
  taken: Taken,
  waiting: ReadonlySet<string>,
  user: { readonly id: string; readonly isGM: boolean },
  item: string,
  take: boolean,
  at: number,
): { readonly ok: true; readonly taken: Taken } | { readonly ok: false; readonly reason: string } {
  if (!user.isGM) return { ok: false, reason: "NOBC.Control.Refused.gmOnly" };
  if (take && !waiting.has(item)) return { ok: false, reason: "NOBC.Control.Refused.settled" };
  const holder = Object.hasOwn(taken, item) ? taken[item] : undefined;
  if (holder !== undefined && holder.by !== user.id) return { ok: false, reason: "NOBC.Control.Refused.takenByOther" };
  const next: Taken = {};
  for (const [id, entry] of Object.entries(taken)) if (waiting.has(id) && id !== item) next[id] = entry;
  if (take) next[item] = { by: user.id, at };
  return { ok: true, taken: next };
}

/** The queue's item ids now, as the active GM reads them (set on init by the window's module, which reads the world). */
let waitingNow: () => Promise<ReadonlySet<string>> = () => Promise.resolve(new Set());

export function setWaitingReader(read: () => Promise<ReadonlySet<string>>): void {
  waitingNow = read;
}

/** The takes being answered: one at a time, so a take reads every take written before it. */
let answering: Promise<unknown> = Promise.resolve();

/**
 * On the active GM's client: the take checked and written (one setting write). Takes run one after
 * another: two umpires taking one item at once would otherwise both read it free and both be told yes.
 */
export function performTake(item: string, take: boolean, user: RequestingUser): Promise<CardResult> {
  const run = answering.then(() => takeNow(item, take, user));
  answering = run.catch(() => undefined);
  return run;
}

async function takeNow(item: string, take: boolean, user: RequestingUser): Promise<CardResult> {
  const waiting = await waitingNow();
  const decided = takeDecision(readTaken(), waiting, user, item, take, Date.now());
  if (!decided.ok) return decided;
  try {
    await game.settings?.set(SYSTEM_ID, TAKEN_SETTING, decided.taken);
  } catch (error) {
    return { ok: false, reason: "NOBC.Chat.Refused.failed", details: [errorText(error)] };
  }
  return { ok: true };
}

export function registerTakeQuery(): void {
  const queries = (CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  queries[TAKE_QUERY] = handler(takeQuerySchema, (data, user) => performTake(data.item, data.take, user));
}

/** An umpire's Take or Let go: the active GM writes it at once; another GM asks it. */
export function requestTake(item: string, take: boolean): Promise<CardResult> {
  return asGM(TAKE_QUERY, { item, take }, (me) => performTake(item, take, me));
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface SettingConfig {
    "nobc.controlTaken": Taken;
  }
}
