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
 * a message its `system` and `flags`), else the earlier entry is given again. So the entries are
 * shared between snapshots and are READ-ONLY: a test that plants a fault copies the entry it changes.
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

interface Cached {
  readonly parts: readonly unknown[];
  readonly raw: Raw;
}

/** Per document (the stand-in's object): what its entry was made from, and the entry. */
const cache = new WeakMap<object, Cached>();

/** The entry of `doc`, made again only when one of `parts` (compared by identity) changed. */
function cached(doc: object, parts: readonly unknown[], make: () => Raw): Raw {
  const hit = cache.get(doc);
  if (hit?.parts.length === parts.length && hit.parts.every((p, i) => p === parts[i])) return hit.raw;
  const raw = make();
  cache.set(doc, { parts, raw });
  return raw;
}

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

const docParts = (d: DocLike): unknown[] => [d.name, d.system, d.flags, d._stats];

function actorEntry(a: ActorLike): Raw {
  // An effect's update replaces its statuses and name; one made or deleted changes the list.
  const effects = a.effects.flatMap((e) => [e, e.name, e.statuses]);
  return cached(a, [...docParts(a), ...effects], () => ({
    ...a.toObject(),
    effects: a.effects.map((e) => ({ _id: e.id, name: e.name, statuses: [...e.statuses].sort() })),
  }));
}

function tokenEntry(t: TokenLike): Raw {
  return cached(t, [...docParts(t), t.actorId, t.x, t.y, t.elevation, t.hidden], () => t.toObject());
}

function sceneEntry(s: SceneLike): Raw {
  const { grid, dimensions } = s;
  const geometry = [s.active, grid.type, grid.size, dimensions.sceneX, dimensions.sceneY, dimensions.sceneWidth, dimensions.sceneHeight];
  return cached(s, [...docParts(s), ...geometry], () => ({
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
  return cached(m, [m.system, m.flags, m.content, m.speaker, m.whisper.length], () => ({
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
  }));
}

/** `client`'s copy of the world now (for the server's, `takeSnapshot(serverOf(net))`). */
export function takeSnapshot(client: Client): WorldSnapshot {
  const { harness, chatFake } = client.entry;
  const actors = new Map<string, Raw>();
  const items = new Map<string, Raw>();
  const combats = new Map<string, Raw>();
  for (const doc of harness.documents() as unknown as DocLike[]) {
    if (doc.pack !== null || doc.parent !== null) continue;
    if (doc.documentName === "Actor") {
      const actor = doc as ActorLike;
      actors.set(actor.id, actorEntry(actor));
      for (const item of actor.items)
        items.set(
          `${actor.id}.${item.id}`,
          cached(item, docParts(item), () => item.toObject()),
        );
    } else if (doc.documentName === "Combat")
      combats.set(
        doc.id,
        cached(doc, docParts(doc), () => doc.toObject()),
      );
  }
  const scenes = new Map<string, Raw>();
  const tokens = new Map<string, Raw>();
  for (const scene of harness.scenes as unknown as Iterable<SceneLike>) {
    scenes.set(scene.id, sceneEntry(scene));
    for (const token of scene.tokens) tokens.set(`${scene.id}.${token.id}`, tokenEntry(token));
  }
  const messages = new Map<string, Raw>();
  for (const m of chatFake.messages.values() as Iterable<MessageLike>) messages.set(m.id, messageEntry(m));
  const settings = new Map<string, unknown>();
  for (const r of harness.settingsRegistered)
    if (r.namespace === SYSTEM && r.config["scope"] === "world") settings.set(r.key, harness.settingsStore.get(`${SYSTEM}.${r.key}`));
  return { of: client.name, actors, items, tokens, scenes, combats, messages, settings };
}
