/**
 * One client's copy of the world as plain data (tests/fuzz/contract.ts, `WorldSnapshot`), read from
 * that client's stand-in (tests/harness/foundry.ts, chat-fake.ts) of the multi-client harness, for
 * the invariants checked after every action of a bot game (issue #37). Reading only: nothing is
 * written, no hook fires.
 *
 * What each entry holds (the stand-in's `toObject()` where it has one):
 * - an actor: its source, plus `effects` (each ActiveEffect's id, name and statuses, which the
 *   stand-in keeps outside `toObject`);
 * - an embedded item: its source, keyed `${actorId}.${itemId}`;
 * - a token: its source (`actorId`, `x`, `y`, `elevation`, `hidden`, …), keyed `${sceneId}.${tokenId}`;
 * - a scene: its source without tokens, plus `active` and its geometry as the scene document gives it
 *   (`grid`: type, size, sizeX, sizeY; `dimensions`: sceneX, sceneY, sceneWidth, sceneHeight), so a
 *   token's hex can be told from the data alone;
 * - a combat: its source (the turn tracker's `nobcTurn` among them);
 * - a chat message: id, type, system, flags, content, whisper, author (the user's id), speaker (its
 *   rolls are left out: rebuilding them on every snapshot would cost what the cards never change),
 *   plus `authorIsGM`;
 * - the world settings of the system's namespace (`nobc.*`, scope "world": a client's own settings differ
 *   between clients by design), by key without the namespace.
 *
 * Fast at megagame scale: an entry is read again only when its document changed since the last
 * snapshot of it (the stand-in replaces `system` and `flags` with new objects on every write, and
 * a message its `system` and `flags`), else the earlier entry is given again; a collection none of
 * whose documents changed since the copy's last snapshot is that snapshot's very map. So entries and
 * maps are shared between snapshots and are READ-ONLY: a test that plants a fault copies what it changes.
 */
import type { Client, Network } from "../harness/clients";
import type { WorldSnapshot } from "./contract";

type Raw = Record<string, unknown>;

/** The system's namespace: its world settings and flags. */
const SYSTEM = "nobc";

/** The server's own copy, as a client of the network (the one every client's copy must equal once the wire settled). */
export function serverOf(net: Network): Client {
  // Network keeps its server private (no test needed it before); read it without adding to the harness.
  return (net as unknown as { server: Client }).server;
}

/** Per document (the stand-in's object): what its entry was made from, and the entry. */
interface Cached {
  readonly parts: readonly unknown[];
  readonly raw: Raw;
}

const cache = new WeakMap<object, Cached>();

/**
 * The entry of `doc`, made again only when one of its parts (compared by identity) changed: its name,
 * system, flags and stamps, then `extra` (a token's place, an actor's effects…). Written without
 * building a list of the parts on a hit: a snapshot visits every document of every copy after every step.
 */
function cached(doc: DocLike, extra: readonly unknown[] | null, make: () => Raw): Raw {
  const hit = cache.get(doc);
  if (hit !== undefined) {
    const p = hit.parts;
    const n = extra === null ? 0 : extra.length;
    if (
      p.length === 4 + n &&
      p[0] === doc.name &&
      p[1] === doc.system &&
      p[2] === doc.flags &&
      p[3] === doc._stats &&
      (extra === null || extra.every((e, i) => p[4 + i] === e))
    )
      return hit.raw;
  }
  const raw = make();
  cache.set(doc, { parts: [doc.name, doc.system, doc.flags, doc._stats, ...(extra ?? [])], raw });
  return raw;
}

/** A message's entry, made again only when its system, flags, content, speaker or whisper changed. */
const messageCache = new WeakMap<object, Cached>();

interface DocLike {
  readonly id: string;
  readonly documentName: string;
  readonly name: string;
  readonly system: unknown;
  readonly flags: unknown;
  readonly _stats: unknown;
  readonly parent: DocLike | null;
  readonly pack: string | null;
  toObject(): Raw;
}

interface ActorLike extends DocLike {
  readonly items: readonly DocLike[];
  readonly effects: readonly { readonly id: string; readonly name: string; readonly statuses: ReadonlySet<string> }[];
}

interface TokenLike extends DocLike {
  readonly actorId: string | null;
  readonly x: number;
  readonly y: number;
  readonly elevation: number;
  readonly hidden: boolean;
}

interface SceneLike extends DocLike {
  readonly tokens: readonly TokenLike[];
  readonly active: boolean;
  readonly grid: { readonly type: number; readonly size: number; readonly sizeX: number; readonly sizeY: number };
  readonly dimensions: { readonly sceneX: number; readonly sceneY: number; readonly sceneWidth: number; readonly sceneHeight: number };
}

interface MessageLike {
  readonly id: string;
  readonly type: string;
  readonly system: unknown;
  readonly flags: unknown;
  readonly content: string;
  readonly whisper: readonly string[];
  readonly speaker: unknown;
  readonly author?: { readonly id: string; readonly isGM: boolean } | undefined;
}

function actorEntry(a: ActorLike): Raw {
  // An effect's update replaces its statuses and name; one made or deleted changes the list.
  const effects = a.effects.length === 0 ? null : a.effects.flatMap((e) => [e, e.name, e.statuses]);
  return cached(a, effects, () => ({
    ...a.toObject(),
    effects: a.effects.map((e) => ({ _id: e.id, name: e.name, statuses: [...e.statuses].sort() })),
  }));
}

/** A token's entry, with every field it was made from (a token is read field by field: there are hundreds a snapshot). */
interface TokenCached {
  readonly name: string;
  readonly system: unknown;
  readonly flags: unknown;
  readonly stats: unknown;
  readonly actorId: string | null;
  readonly x: number;
  readonly y: number;
  readonly elevation: number;
  readonly hidden: boolean;
  readonly raw: Raw;
}

const tokenCache = new WeakMap<object, TokenCached>();

function tokenEntry(t: TokenLike): Raw {
  const hit = tokenCache.get(t);
  const { name, system, flags, _stats: stats, actorId, x, y, elevation, hidden } = t;
  if (
    hit?.x === x &&
    hit.y === y &&
    hit.system === system &&
    hit.flags === flags &&
    hit.stats === stats &&
    hit.name === name &&
    hit.actorId === actorId &&
    hit.elevation === elevation &&
    hit.hidden === hidden
  )
    return hit.raw;
  const raw = t.toObject();
  tokenCache.set(t, { name, system, flags, stats, actorId, x, y, elevation, hidden, raw });
  return raw;
}

function sceneEntry(s: SceneLike): Raw {
  const { grid, dimensions } = s;
  const geometry = [s.active, grid.type, grid.size, dimensions.sceneX, dimensions.sceneY, dimensions.sceneWidth, dimensions.sceneHeight];
  return cached(s, geometry, () => ({
    ...s.toObject(),
    active: s.active,
    grid: { type: grid.type, size: grid.size, sizeX: grid.sizeX, sizeY: grid.sizeY },
    dimensions: {
      sceneX: dimensions.sceneX,
      sceneY: dimensions.sceneY,
      sceneWidth: dimensions.sceneWidth,
      sceneHeight: dimensions.sceneHeight,
    },
  }));
}

function messageEntry(m: MessageLike): Raw {
  const hit = messageCache.get(m);
  if (
    hit !== undefined &&
    hit.parts[0] === m.system &&
    hit.parts[1] === m.flags &&
    hit.parts[2] === m.content &&
    hit.parts[3] === m.speaker &&
    hit.parts[4] === m.whisper.length
  )
    return hit.raw;
  const raw = messageRaw(m);
  messageCache.set(m, { parts: [m.system, m.flags, m.content, m.speaker, m.whisper.length], raw });
  return raw;
}

function messageRaw(m: MessageLike): Raw {
  return {
    _id: m.id,
    type: m.type,
    system: structuredClone(m.system),
    flags: structuredClone(m.flags),
    content: m.content,
    whisper: [...m.whisper],
    author: m.author?.id ?? null,
    // Whether a GM wrote it: the GM-side checks read GM-authored cards only (docs/authority.md, "Signals come from the GM").
    authorIsGM: m.author?.isGM === true,
    speaker: structuredClone(m.speaker ?? null),
  };
}

/**
 * A collection of a snapshot, built entry by entry: when every entry is the one the copy's previous
 * snapshot held (no document of the collection changed), that snapshot's map itself, so a check can
 * skip a collection it has passed by the map's identity.
 */
class Collection<V> {
  private readonly next = new Map<string, V>();
  private readonly keys: string[] = [];
  private readonly values: V[] = [];
  private same: boolean;
  private readonly was: Entries<V> | undefined;
  constructor(private readonly prev: ReadonlyMap<string, V> | undefined) {
    this.was = prev === undefined ? undefined : (entriesOf.get(prev) as Entries<V> | undefined);
    this.same = this.was !== undefined;
  }
  set(key: string, value: V): void {
    // The documents come in the same order from one snapshot to the next: compared by place, not looked up.
    const i = this.keys.length;
    this.next.set(key, value);
    this.keys.push(key);
    this.values.push(value);
    if (this.same && (this.was!.keys[i] !== key || this.was!.values[i] !== value)) this.same = false;
  }
  done(): ReadonlyMap<string, V> {
    if (this.same && this.was!.keys.length === this.keys.length) return this.prev!;
    entriesOf.set(this.next, { keys: this.keys, values: this.values });
    return this.next;
  }
}

interface Entries<V> {
  readonly keys: readonly string[];
  readonly values: readonly V[];
}

/** A snapshot's map's keys and entries in order (a map made elsewhere, as a test's, has none: never shared). */
const entriesOf = new WeakMap<object, Entries<unknown>>();

/** Each copy's last snapshot (by its stand-in), whose maps the next shares when unchanged. */
const lastOf = new WeakMap<object, WorldSnapshot>();

/** An embedded item's key, made once per item. */
const itemKeys = new WeakMap<object, string>();

/** `client`'s copy of the world now (for the server's, `takeSnapshot(serverOf(net))`). */
export function takeSnapshot(client: Client): WorldSnapshot {
  const { harness, chatFake } = client.entry;
  const last = lastOf.get(harness);
  const actors = new Collection(last?.actors);
  const items = new Collection(last?.items);
  const combats = new Collection(last?.combats);
  for (const doc of harness.documents() as unknown as DocLike[]) {
    if (doc.pack !== null || doc.parent !== null) continue;
    if (doc.documentName === "Actor") {
      const actor = doc as ActorLike;
      actors.set(actor.id, actorEntry(actor));
      for (const item of actor.items) {
        let key = itemKeys.get(item);
        if (key === undefined) itemKeys.set(item, (key = `${actor.id}.${item.id}`));
        items.set(
          key,
          cached(item, null, () => item.toObject()),
        );
      }
    } else if (doc.documentName === "Combat")
      combats.set(
        doc.id,
        cached(doc, null, () => doc.toObject()),
      );
  }
  const scenes = new Collection(last?.scenes);
  const tokens = new Collection(last?.tokens);
  for (const scene of harness.scenes as unknown as Iterable<SceneLike>) {
    scenes.set(scene.id, sceneEntry(scene));
    for (const token of scene.tokens) tokens.set(`${scene.id}.${token.id}`, tokenEntry(token));
  }
  const messages = new Collection(last?.messages);
  for (const m of chatFake.messages.values() as Iterable<MessageLike>) messages.set(m.id, messageEntry(m));
  const settings = new Collection(last?.settings);
  for (const r of harness.settingsRegistered)
    if (r.namespace === SYSTEM && r.config["scope"] === "world") settings.set(r.key, harness.settingsStore.get(`${SYSTEM}.${r.key}`));
  const snapshot: WorldSnapshot = {
    of: client.name,
    actors: actors.done(),
    items: items.done(),
    tokens: tokens.done(),
    scenes: scenes.done(),
    combats: combats.done(),
    messages: messages.done(),
    settings: settings.done(),
  };
  lastOf.set(harness, snapshot);
  return snapshot;
}
