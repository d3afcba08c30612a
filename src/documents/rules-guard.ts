/**
 * The umpire's guard on rules values (docs/authority.md, "Rules values"; docs/decisions/rules-values.md).
 * Foundry lets an owner write their own Actors, Items and (where the world allows it) Tokens, and a
 * player's client can skip its own checks from the console. So every GM client keeps its own copy of
 * what the GMs wrote: the rules values of each of our actors and items (src/data/rules-values.ts), the
 * whole source of each item on them and of each of their tokens. It learns from the document hooks,
 * which fire on every client with the id of the user who wrote: a GM's write is taken into the copy
 * as written; anyone else's is put back by the active GM's client from that copy (never from the
 * changed document), through the one write path, and the GM is told once who tried what. An item or
 * token a player created on a unit is deleted again; one they deleted is created again with its id; a
 * token's footprint (size, shape, link to its actor) a player changed is written back.
 * Requests wait until every put-back is written (`rulesSettled`), so none is judged on a player's value.
 * At start-up ./rules-record.ts checks the world against the record of the last GM-written values.
 */
import { SYSTEM_ID } from "../base/constants";
import { errorText } from "../base/errors";
import { format, notify } from "../base/foundry";
import { removal, touchedPaths } from "../base/compat";
import { GUARDED_ACTOR_TYPES, GUARDED_ITEM_TYPES, differencesUnder, rulesValuesOf, sameValue, setAt, valueAt } from "../data/rules-values";
import { applyPlan, EMPTY_PLAN, type TokenFootprint, type WritePlan } from "../effects/apply";

type Raw = Record<string, unknown>;

/** An actor, item or token as the guard reads it. */
export interface GuardedDocument {
  readonly uuid: string;
  readonly id: string;
  readonly name: string;
  readonly type?: string;
  readonly system?: unknown;
  readonly parent?: GuardedDocument | null;
  readonly actor?: GuardedDocument | null;
  readonly documentName?: string;
  toObject(): Raw;
}

interface UserLike {
  readonly id: string;
  readonly name?: string;
  readonly isGM?: boolean;
  readonly isSelf?: boolean;
}

interface Users {
  readonly activeGM?: UserLike | null;
  get(id: string): UserLike | undefined;
}

const users = (): Users | undefined => game.users as unknown as Users | undefined;
const hereIsGM = (): boolean => (game.user as unknown as UserLike | null | undefined)?.isGM === true;
const hereIsActiveGM = (): boolean => users()?.activeGM?.isSelf === true;
const byGM = (userId: string): boolean => users()?.get(userId)?.isGM === true;
const nameOf = (userId: string): string => users()?.get(userId)?.name ?? userId;

/** The GM's copy: what the GMs last wrote of each guarded document. */
export interface KeptActor {
  readonly type: string;
  readonly name: string;
  rules: Raw;
}
export interface KeptItem {
  readonly parentUuid: string | null;
  readonly name: string;
  source: Raw;
}
export interface KeptToken {
  readonly sceneUuid: string;
  readonly name: string;
  source: Raw;
}

export const kept = {
  actors: new Map<string, KeptActor>(),
  items: new Map<string, KeptItem>(),
  tokens: new Map<string, KeptToken>(),
};

/** Listeners told when the copy changed (the record's writer, ./rules-record.ts). */
const changeListeners: (() => void)[] = [];
export function onKeptChange(listener: () => void): void {
  changeListeners.push(listener);
}
function keptChanged(): void {
  for (const listener of changeListeners) listener();
}

/** Forgets the copy and the put-backs in flight (tests; a new session starts empty). */
export function resetRulesGuard(): void {
  kept.actors.clear();
  kept.items.clear();
  kept.tokens.clear();
  inFlight.clear();
}

export const guardedActor = (doc: GuardedDocument | null | undefined): boolean =>
  doc !== null && doc !== undefined && typeof doc.type === "string" && GUARDED_ACTOR_TYPES.has(doc.type);

/** An item the guard keeps: any item on one of our actors, and a world item of our types. */
export function guardedItem(item: GuardedDocument): boolean {
  const parent = item.parent ?? null;
  if (parent !== null) return guardedActor(parent);
  return typeof item.type === "string" && GUARDED_ITEM_TYPES.has(item.type);
}

/** A token of one of our actors. */
export const guardedToken = (token: GuardedDocument): boolean => guardedActor(token.actor);

/** Takes a document as it stands into the copy (start-up, and what a GM creates). */
export function keepActor(actor: GuardedDocument): void {
  kept.actors.set(actor.uuid, { type: actor.type ?? "", name: actor.name, rules: rulesValuesOf(actor.type ?? "", actor.system) });
}
export function keepItem(item: GuardedDocument): void {
  kept.items.set(item.uuid, { parentUuid: item.parent?.uuid ?? null, name: item.name, source: item.toObject() });
}
export function keepToken(token: GuardedDocument): void {
  kept.tokens.set(token.uuid, { sceneUuid: token.parent?.uuid ?? "", name: token.name, source: token.toObject() });
}

/**
 * Takes into `into` what a GM's update wrote: each path it touched (`touchedPaths`, whatever the
 * generation's spelling of a removal or a replacement) with the value `from` (the document as the
 * update left it) holds there, or the key removed where it holds none. Only the touched paths: a
 * player's value elsewhere in the document, not yet put back, is not taken.
 */
function takeTouched(into: Raw, from: Raw, paths: readonly string[]): void {
  for (const path of paths) {
    if (path === "_id" || path === "") continue;
    const value = valueAt(from, path);
    if (value !== undefined) {
      setAt(into, path, value);
      continue;
    }
    const at = path.lastIndexOf(".");
    const holder = at < 0 ? into : valueAt(into, path.slice(0, at));
    if (typeof holder === "object" && holder !== null) Reflect.deleteProperty(holder, path.slice(at + 1));
  }
}

/** The paths under `system` an update touched, without the `system.` (`""`: the whole `system` replaced). */
function systemPaths(changed: unknown): string[] {
  return touchedPaths(changed).flatMap((p) => (p === "system" ? [""] : p.startsWith("system.") ? [p.slice("system.".length)] : []));
}

/* ---------------- put-backs in flight ---------------- */

const inFlight = new Set<Promise<unknown>>();

/** How long a request waits for the put-backs in flight before it is answered anyway (a write the server never answers). */
export const SETTLE_LIMIT_MS = 10_000;

/**
 * Resolves once every put-back started so far is written (or failed, or `limitMs` passed): the GM's
 * request handlers wait on it, so no request is judged on a value a player wrote and the GM has
 * not yet put back. Immediate when nothing is in flight.
 */
export async function rulesSettled(limitMs = SETTLE_LIMIT_MS): Promise<void> {
  if (inFlight.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  try {
    await Promise.race([Promise.allSettled([...inFlight]), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Writes `plan` through the one write path; the GM is told `told` (once) or, if the write failed, that it must check by hand. */
function putBack(plan: WritePlan, told: { key: string; data: Record<string, string> }): Promise<boolean> {
  const run = (async () => {
    try {
      await applyPlan(plan);
    } catch (error) {
      console.error(`${SYSTEM_ID} | a change made without the umpire could not be put back`, error);
      notify(
        "error",
        "NOBC.Guard.Failed",
        { ...told.data, what: format(told.key, told.data), error: errorText(error) },
        { permanent: true },
      );
      return false;
    }
    notify("warn", told.key, told.data, { permanent: true });
    return true;
  })();
  inFlight.add(run);
  void run.finally(() => inFlight.delete(run));
  return run;
}

/* ---------------- what the hooks hear ---------------- */

/**
 * The rules paths an update touched where the document now differs from the copy, with the copy's
 * value (what is written back; undefined: a key the copy has not, to remove). The document is read
 * only to see what changed, never as what to restore; a value re-sent as the copy has it is no change.
 */
function strayPaths(type: string, rules: Raw, doc: GuardedDocument, changed: unknown): [string, unknown][] {
  const now = rulesValuesOf(type, doc.system);
  const out = new Map<string, unknown>();
  for (const path of systemPaths(changed)) for (const [p, value] of differencesUnder(rules, now, path)) out.set(p, value);
  return [...out];
}

/** What the active GM writes back after another's update, and what it tells the GM. */
export interface PlannedPutBack {
  readonly plan: WritePlan;
  readonly told: { readonly key: string; readonly data: Record<string, string> };
}

/**
 * The put-back of a rules value anyone but a GM wrote, planned from the copy (null: nothing to put
 * back, or not this client's to do). Everything `heardUpdate` does for a player's update but the
 * write; the bench times it (tests/bench/measures.ts, `rules-guard-player-update`).
 */
export function plannedPutBack(doc: GuardedDocument, changed: unknown, userId: string): PlannedPutBack | null {
  if (!hereIsGM() || byGM(userId) || !hereIsActiveGM()) return null;
  const isItem = doc.documentName === "Item";
  if (isItem ? !guardedItem(doc) : !guardedActor(doc)) return null;
  const type = doc.type ?? "";
  const item = isItem ? kept.items.get(doc.uuid) : undefined;
  const rules = item !== undefined ? ((item.source["system"] ?? {}) as Raw) : isItem ? undefined : kept.actors.get(doc.uuid)?.rules;
  if (rules === undefined) return null;
  const stray = strayPaths(type, isItem ? rulesValuesOf(type, rules) : rules, doc, changed);
  if (stray.length === 0) return null;
  const changes: Record<string, unknown> = {};
  for (const [path, value] of stray)
    Object.assign(changes, value === undefined ? removal(`system.${path}`) : { [`system.${path}`]: structuredClone(value) });
  const row = { uuid: doc.uuid, id: doc.id, parentUuid: doc.parent?.uuid ?? null, changes };
  const plan: WritePlan = isItem ? { ...EMPTY_PLAN, itemUpdates: [row] } : { ...EMPTY_PLAN, actorUpdates: [row] };
  const data = { user: nameOf(userId), document: doc.name, fields: stray.map(([path]) => `system.${path}`).join(", ") };
  return { plan, told: { key: "NOBC.Guard.PutBack", data } };
}

/**
 * `updateActor` / `updateItem`: a GM's write is taken into the copy; on the active GM's client a
 * rules value anyone else wrote is put back from the copy. Re-sending a value the copy holds
 * (`diff: false`) changes nothing and is not reported. Resolves true when it put something back.
 */
export function heardUpdate(doc: GuardedDocument, changed: unknown, userId: string): Promise<boolean> | false {
  if (!hereIsGM()) return false;
  const isItem = doc.documentName === "Item";
  if (isItem ? !guardedItem(doc) : !guardedActor(doc)) return false;
  if (!byGM(userId)) {
    const planned = plannedPutBack(doc, changed, userId);
    return planned === null ? false : putBack(planned.plan, planned.told);
  }
  const type = doc.type ?? "";
  const item = isItem ? kept.items.get(doc.uuid) : undefined;
  const actor = isItem ? undefined : kept.actors.get(doc.uuid);
  if (item !== undefined) takeTouched(item.source, doc.toObject(), touchedPaths(changed));
  if (actor !== undefined) {
    const paths = systemPaths(changed);
    if (paths.length === 0) return false;
    const now = rulesValuesOf(type, doc.system);
    if (paths.includes("")) actor.rules = now;
    else takeTouched(actor.rules, now, paths);
  }
  if (item === undefined && actor === undefined) {
    if (isItem) keepItem(doc);
    else keepActor(doc);
  }
  keptChanged();
  return false;
}

/** `createItem`: a GM's item is kept; one anyone else put on one of our actors (or a world card) is deleted again. */
export function heardItemCreate(item: GuardedDocument, userId: string): Promise<boolean> | false {
  if (!hereIsGM() || !guardedItem(item)) return false;
  if (byGM(userId)) {
    keepItem(item);
    keptChanged();
    return false;
  }
  if (!hereIsActiveGM()) return false;
  const parentUuid = item.parent?.uuid ?? null;
  const plan: WritePlan = { ...EMPTY_PLAN, itemDeletions: [{ uuid: item.uuid, id: item.id, parentUuid }] };
  return putBack(plan, { key: "NOBC.Guard.ItemRemoved", data: { user: nameOf(userId), item: item.name, actor: item.parent?.name ?? "—" } });
}

/** `deleteItem`: a GM's deletion is forgotten; one anyone else made is created again from the copy, with its id. */
export function heardItemDelete(item: GuardedDocument, userId: string): Promise<boolean> | false {
  if (!hereIsGM() || !guardedItem(item)) return false;
  const had = kept.items.get(item.uuid);
  if (byGM(userId)) {
    kept.items.delete(item.uuid);
    keptChanged();
    return false;
  }
  if (!hereIsActiveGM() || had === undefined) return false;
  const plan: WritePlan = { ...EMPTY_PLAN, itemCreations: [{ parentUuid: had.parentUuid, data: structuredClone(had.source) }] };
  return putBack(plan, { key: "NOBC.Guard.ItemRestored", data: { user: nameOf(userId), item: had.name, actor: item.parent?.name ?? "—" } });
}

/** `createToken`: a GM's token is kept; one anyone else placed for one of our actors is deleted again. */
export function heardTokenCreate(token: GuardedDocument, userId: string): Promise<boolean> | false {
  if (!hereIsGM() || !guardedToken(token)) return false;
  if (byGM(userId)) {
    keepToken(token);
    keptChanged();
    return false;
  }
  if (!hereIsActiveGM()) return false;
  const parentUuid = token.parent?.uuid ?? "";
  const plan: WritePlan = { ...EMPTY_PLAN, tokenDeletions: [{ uuid: token.uuid, id: token.id, parentUuid }] };
  const data = { user: nameOf(userId), actor: token.actor?.name ?? token.name, scene: token.parent?.name ?? "—" };
  return putBack(plan, { key: "NOBC.Guard.TokenRemoved", data });
}

/**
 * The token fields the guard puts back: its footprint (`TokenFootprint`: size, shape, link), the rest
 * of a token the rules read. Its place is the movement watch's (src/apps/land/move/guard.ts), which
 * puts a move back to where the whole movement began.
 */
export const TOKEN_FOOTPRINT_FIELDS = ["width", "height", "shape", "actorLink"] as const satisfies readonly (keyof TokenFootprint)[];

/**
 * The put-back of a token's footprint anyone but a GM wrote, planned from the copy (null: nothing to
 * put back, or not this client's to do): the footprint fields the update touched where the token
 * now differs from the copy, written back with the copy's values as one token row of the write path.
 */
export function plannedTokenPutBack(token: GuardedDocument, changed: unknown, userId: string): PlannedPutBack | null {
  if (!hereIsGM() || byGM(userId) || !hereIsActiveGM() || !guardedToken(token)) return null;
  const had = kept.tokens.get(token.uuid);
  const sceneUuid = token.parent?.uuid;
  if (had === undefined || sceneUuid === undefined) return null;
  const touched = new Set(touchedPaths(changed));
  const now = token.toObject();
  const back = Object.fromEntries(
    TOKEN_FOOTPRINT_FIELDS.filter((k) => touched.has(k) && k in had.source && !sameValue(had.source[k], now[k])).map((k) => [
      k,
      had.source[k],
    ]),
  ) as Partial<TokenFootprint>;
  const fields = Object.keys(back);
  if (fields.length === 0) return null;
  const plan: WritePlan = { ...EMPTY_PLAN, tokenUpdates: [{ uuid: token.uuid, id: token.id, parentUuid: sceneUuid, changes: back }] };
  const data = {
    user: nameOf(userId),
    actor: token.actor?.name ?? token.name,
    scene: token.parent?.name ?? "—",
    fields: fields.join(", "),
  };
  return { plan, told: { key: "NOBC.Guard.TokenPutBack", data } };
}

/**
 * `updateToken`: a GM's change is taken into the copy (where the GM last had it). A player's change
 * to a token's footprint is put back from the copy on the active GM's client (resolves true when it
 * put something back); a player's move is the movement watch's.
 */
export function heardTokenUpdate(token: GuardedDocument, changed: unknown, userId: string): Promise<boolean> | false {
  if (!hereIsGM()) return false;
  if (!byGM(userId)) {
    const planned = plannedTokenPutBack(token, changed, userId);
    return planned === null ? false : putBack(planned.plan, planned.told);
  }
  const had = kept.tokens.get(token.uuid);
  if (had === undefined) {
    if (guardedToken(token)) keepToken(token);
  } else takeTouched(had.source, token.toObject(), touchedPaths(changed));
  keptChanged();
  return false;
}

/** `deleteToken`: a GM's deletion is forgotten; one anyone else made is created again from the copy, where the GM last had it. */
export function heardTokenDelete(token: GuardedDocument, userId: string): Promise<boolean> | false {
  if (!hereIsGM()) return false;
  const had = kept.tokens.get(token.uuid);
  if (byGM(userId)) {
    if (kept.tokens.delete(token.uuid)) keptChanged();
    return false;
  }
  if (!hereIsActiveGM() || had === undefined) return false;
  const plan: WritePlan = { ...EMPTY_PLAN, tokenCreations: [{ parentUuid: had.sceneUuid, data: structuredClone(had.source) }] };
  const data = { user: nameOf(userId), actor: token.actor?.name ?? had.name, scene: token.parent?.name ?? "—" };
  return putBack(plan, { key: "NOBC.Guard.TokenRestored", data });
}

/**
 * `createActor` / `deleteActor`: a GM's are kept or forgotten (the order-of-battle import's card and its
 * Undo are the write path's only ones: what they create is kept with its imported values). One anyone
 * else created or deleted is reported to the GM (once), not undone.
 */
export function heardActorCreate(actor: GuardedDocument, userId: string): void {
  if (!hereIsGM() || !guardedActor(actor)) return;
  if (byGM(userId)) {
    keepActor(actor);
    keptChanged();
  } else if (hereIsActiveGM()) notify("warn", "NOBC.Guard.ActorCreated", { user: nameOf(userId), actor: actor.name }, { permanent: true });
}
export function heardActorDelete(actor: GuardedDocument, userId: string): void {
  if (!hereIsGM() || !guardedActor(actor)) return;
  if (kept.actors.delete(actor.uuid)) keptChanged();
  if (!byGM(userId) && hereIsActiveGM())
    notify("error", "NOBC.Guard.ActorDeleted", { user: nameOf(userId), actor: actor.name }, { permanent: true });
}

/** On init: every client listens; only GM clients keep the copy, and only the active GM's puts back (Foundry does not wait). */
export function registerRulesGuard(): void {
  type H = (doc: GuardedDocument, ...rest: never[]) => unknown;
  const on = (name: string, fn: H) => Hooks.on(name as never, fn as never);
  on("updateActor", (doc, changed: unknown, _o: unknown, userId: string) => heardUpdate(doc, changed, userId));
  on("updateItem", (doc, changed: unknown, _o: unknown, userId: string) => heardUpdate(doc, changed, userId));
  on("createItem", (doc, _o: unknown, userId: string) => heardItemCreate(doc, userId));
  on("deleteItem", (doc, _o: unknown, userId: string) => heardItemDelete(doc, userId));
  on("createToken", (doc, _o: unknown, userId: string) => heardTokenCreate(doc, userId));
  on("updateToken", (doc, changed: unknown, _o: unknown, userId: string) => heardTokenUpdate(doc, changed, userId));
  on("deleteToken", (doc, _o: unknown, userId: string) => heardTokenDelete(doc, userId));
  on("createActor", (doc, _o: unknown, userId: string) => heardActorCreate(doc, userId));
  on("deleteActor", (doc, _o: unknown, userId: string) => heardActorDelete(doc, userId));
}
