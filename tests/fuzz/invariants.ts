/**
 * The invariants a bot game checks after every action (issue #37, item 2): each a named check with
 * the rule it enforces, over a `Step` of tests/fuzz/contract.ts (the server's world before and after
 * the action, every client's copy, what went wrong). `checkStep` runs them all.
 *
 * Fast at megagame scale: each check is one pass over the documents with maps and sets, and the
 * costly ones (a data model's validation, a card's read, a client's copy against the server's) are
 * done again only for entries that changed: tests/fuzz/snapshot.ts gives an unchanged document's
 * entry again as the same object, so a check remembers the entries it has passed (by identity, in
 * weak maps) and skips them. Snapshots made afresh (as a test's corrupted ones) are simply checked
 * whole.
 *
 * Readings and decisions of the checks are stated on each one (`rule`) and below it.
 */
import "../harness/install-globals";
import { ACTOR_DATA_MODELS, CHAT_MESSAGE_DATA_MODELS, ITEM_DATA_MODELS } from "../../src/data/register";
import { MOVEMENT_ALLOWANCE } from "../../src/data/unit";
import { TurnData } from "../../src/combat/turn-model";
import { MissionData } from "../../src/combat/mission-model";
import { TURN_COMBAT_TYPE } from "../../src/combat/turn-type";
import { MISSION_COMBAT_TYPE } from "../../src/base/constants";
import { CARD_MESSAGE_TYPE, readCard, type CardFlags } from "../../src/chat/card-data";
import { stands } from "../../src/chat/card-record";
import { currentSplit, SPLIT_SIDES } from "../../src/chat/splits";
import { MAP_STATE_FLAG, MAP_STATE_PARTS, readMapState } from "../../src/map/map-state";
import { validateTerrainMap } from "../../src/map/terrain-schema";
import { hexAtPoint, hexDistance, hexLabel, MAX_LABEL_INDEX, type Offset } from "../../src/map/hex-grid";
import { unitCanTake } from "../../src/rules/nobc/land/assignment";
import { STAGES } from "../../src/rules/nobc/turn";
import type { SupportCardCategory } from "../../src/rules/nobc/land/types";
import type { WritePlan } from "../../src/effects/apply";
import { findLeaks } from "../sweep/leaks";
import type { Invariant, KnownGap, Reached, Step, Violation, WorldSnapshot } from "./contract";

type Raw = Record<string, unknown>;

/* ---------------- plain-data helpers ---------------- */

const isRecord = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);

/** Equal plain data (what `toObject()` gives: JSON values), objects key by key; the same object is equal at once. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameData(v, b[i]));
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Raw)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Raw)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameData((a as Raw)[k], (b as Raw)[k]));
}

/** Equal documents, the server's stamps (`_stats`: who wrote last, and with which version) aside. */
function sameDocument(a: Raw | undefined, b: Raw | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const { _stats: _sa, ...ra } = a;
  const { _stats: _sb, ...rb } = b;
  return sameData(ra, rb);
}

/** The value at a dotted path, or undefined. */
function readPath(doc: unknown, path: string): unknown {
  let node = doc;
  for (const k of path.split(".")) {
    if (!isRecord(node)) return undefined;
    node = node[k];
  }
  return node;
}

/** A value in a detail line. */
const show = (v: unknown): string => (typeof v === "string" ? v : v === undefined ? "undefined" : JSON.stringify(v));
const num = (v: unknown): number => (typeof v === "number" ? v : Number.NaN);
const systemOf = (raw: Raw | undefined): Raw => (isRecord(raw?.["system"]) ? raw["system"] : {});
/** An actor's id from its UUID (`Actor.<id>`), or the id itself. */
const actorIdOf = (ref: unknown): string => (typeof ref === "string" && ref.startsWith("Actor.") ? ref.slice("Actor.".length) : show(ref));

/** The collections of documents a snapshot holds (messages and settings are compared apart). */
const DOCUMENT_COLLECTIONS = ["actors", "items", "tokens", "scenes", "combats"] as const;
type DocumentCollection = (typeof DOCUMENT_COLLECTIONS)[number];
const ALL_COLLECTIONS = [...DOCUMENT_COLLECTIONS, "messages"] as const;

/** Each entry of `collection` that differs between `a` and `b` (present in one only, or changed), by key. */
function differences(
  a: WorldSnapshot,
  b: WorldSnapshot,
  collection: DocumentCollection | "messages",
  same: (x: Raw | undefined, y: Raw | undefined) => boolean = sameDocument,
): string[] {
  const out: string[] = [];
  const ma = a[collection];
  const mb = b[collection];
  // The same map (./snapshot.ts: nothing in the collection changed): the same entries, each equal to itself.
  if (ma === mb) return out;
  for (const [key, x] of ma) if (!same(x, mb.get(key))) out.push(key);
  for (const key of mb.keys()) if (!ma.has(key)) out.push(key);
  return out;
}

/** The settings that differ between `a` and `b`. */
function settingDifferences(a: WorldSnapshot, b: WorldSnapshot): string[] {
  const out: string[] = [];
  if (a.settings === b.settings) return out;
  for (const [key, v] of a.settings) if (!b.settings.has(key) || !sameData(v, b.settings.get(key))) out.push(key);
  for (const key of b.settings.keys()) if (!a.settings.has(key)) out.push(key);
  return out;
}

/** At most `n` items of a list for a detail line, and how many more. */
function listed(items: readonly string[], n = 5): string {
  return items.length <= n ? items.join(", ") : `${items.slice(0, n).join(", ")} and ${show(items.length - n)} more`;
}

/**
 * The maps a check found clean, together: a check over the same maps (./snapshot.ts gives a collection
 * no document of which changed as the same map) finds the same, so it is not run over them again.
 * Snapshots made afresh (a test's corrupted ones) are new maps, checked whole.
 */
class CleanPasses {
  private readonly passed = new WeakMap<object, readonly object[][]>();
  has(maps: readonly object[]): boolean {
    return this.passed.get(maps[0]!)?.some((rest) => rest.every((m, i) => m === maps[i + 1])) === true;
  }
  add(maps: readonly object[]): void {
    // The latest few pairings of the first map (a map is shared by a few steps' snapshots at most).
    this.passed.set(maps[0]!, [maps.slice(1), ...(this.passed.get(maps[0]!) ?? []).slice(0, 3)]);
  }
  /** `check`'s violations, run only when these maps were not found clean before. */
  run<T>(maps: readonly object[], check: () => T[]): T[] {
    if (this.has(maps)) return [];
    const out = check();
    if (out.length === 0) this.add(maps);
    return out;
  }
}

/** `check`, run only over maps (those `maps` names) it has not found clean before. */
function overMaps(maps: (step: Step) => readonly object[], check: (step: Step) => Violation[]): (step: Step) => Violation[] {
  const clean = new CleanPasses();
  return (step) => clean.run(maps(step), () => check(step));
}

/* ---------------- the board: which hex a token stands in ---------------- */

/** Foundry's CONST.GRID_TYPES.HEXODDQ: the maps' grid (flat tops, odd columns shifted down). */
const HEXODDQ = 4;

interface TokenAt {
  readonly key: string;
  readonly sceneId: string;
  readonly actorId: string;
  /** The map hex of the token's centre (null: not on a hex grid, or off the scene's hexes). */
  readonly hex: Offset | null;
  /** Its centre lies within the scene's rectangle (padding excluded). */
  readonly inScene: boolean;
}

/**
 * The hex a token's centre is in, as src/world/read.ts reads a unit's hex: the token's centre
 * (top-left corner plus half its size in grid spaces), relative to the scene's top-left corner past
 * the padding, where the map's hex 0101 is; the map's own geometry (src/map/hex-grid.ts) names the hex.
 */
function tokenAt(key: string, token: Raw, scene: Raw | undefined): TokenAt {
  const sceneId = key.slice(0, key.indexOf("."));
  const actorId = typeof token["actorId"] === "string" ? token["actorId"] : "";
  const grid = isRecord(scene?.["grid"]) ? scene["grid"] : {};
  const dims = isRecord(scene?.["dimensions"]) ? scene["dimensions"] : {};
  const [sizeX, sizeY, size] = [num(grid["sizeX"]), num(grid["sizeY"]), num(grid["size"])];
  const [sceneX, sceneY] = [num(dims["sceneX"]), num(dims["sceneY"])];
  const cx = num(token["x"]) + ((typeof token["width"] === "number" ? token["width"] : 1) * sizeX) / 2;
  const cy = num(token["y"]) + ((typeof token["height"] === "number" ? token["height"] : 1) * sizeY) / 2;
  const inScene = cx >= sceneX && cy >= sceneY && cx < sceneX + num(dims["sceneWidth"]) && cy < sceneY + num(dims["sceneHeight"]);
  let hex: Offset | null = null;
  if (grid["type"] === HEXODDQ && inScene && size > 0) {
    const at = hexAtPoint({ x: cx - sceneX, y: cy - sceneY }, size);
    hex = at.col >= 0 && at.row >= 0 && at.col < MAX_LABEL_INDEX && at.row < MAX_LABEL_INDEX ? at : null;
  }
  return { key, sceneId, actorId, hex, inScene };
}

/** Per snapshot: every token's place, and the tokens of each actor. */
interface Board {
  readonly tokens: readonly TokenAt[];
  readonly byActor: ReadonlyMap<string, readonly TokenAt[]>;
}

/** The board of a tokens map, with the scenes map it was read with. */
const boards = new WeakMap<object, { readonly scenes: object; readonly board: Board }>();

function boardOf(world: WorldSnapshot): Board {
  const kept = boards.get(world.tokens);
  if (kept?.scenes === world.scenes) return kept.board;
  const tokens: TokenAt[] = [];
  const byActor = new Map<string, TokenAt[]>();
  for (const [key, raw] of world.tokens) {
    const at = tokenAt(key, raw, world.scenes.get(key.slice(0, key.indexOf("."))));
    tokens.push(at);
    if (at.actorId === "") continue;
    const list = byActor.get(at.actorId);
    if (list === undefined) byActor.set(at.actorId, [at]);
    else list.push(at);
  }
  const board = { tokens, byActor };
  boards.set(world.tokens, { scenes: world.scenes, board });
  return board;
}

/* ---------------- the turn ---------------- */

interface TurnAt {
  readonly id: string;
  readonly turn: number;
  readonly stage: number;
  readonly reached: number;
}

/** The turn tracker's combat (`nobcTurn`), or undefined when the world keeps no turn. */
function turnOf(world: WorldSnapshot): TurnAt | undefined {
  for (const [id, raw] of world.combats) {
    if (raw["type"] !== TURN_COMBAT_TYPE) continue;
    const s = systemOf(raw);
    return { id, turn: num(s["turn"]), stage: num(s["stage"] ?? 0), reached: num(s["reached"] ?? 0) };
  }
  return undefined;
}

/* ---------------- the cards ---------------- */

interface GmCard {
  readonly id: string;
  readonly raw: Raw;
  /** The card as its readers read it (src/chat/card-data.ts `readCard`); undefined: unreadable. */
  readonly card: CardFlags | undefined;
}

const cardReads = new WeakMap<Raw, CardFlags | null>();

/** The card of a message entry (read once per entry). */
function cardOf(raw: Raw): CardFlags | undefined {
  const kept = cardReads.get(raw);
  if (kept !== undefined) return kept ?? undefined;
  const read = readCard(raw["system"]);
  cardReads.set(raw, read ?? null);
  return read;
}

/** The resolution cards a GM wrote: the only ones the GM-side checks read (docs/authority.md, "Signals come from the GM"). */
function gmCards(world: WorldSnapshot): GmCard[] {
  const out: GmCard[] = [];
  for (const [id, raw] of world.messages)
    if (raw["type"] === CARD_MESSAGE_TYPE && raw["authorIsGM"] === true) out.push({ id, raw, card: cardOf(raw) });
  return out;
}

/** The cards whose state went from another to `state` in this step (the newest `seq` first). */
function cardsBecoming(step: Step, state: "applied" | "reverted"): GmCard[] {
  const out: GmCard[] = [];
  if (step.before.messages === step.after.messages) return out;
  for (const [id, raw] of step.after.messages) {
    const was = step.before.messages.get(id);
    // An entry given again is an unchanged message (./snapshot.ts): its state did not move.
    if (was === raw || raw["type"] !== CARD_MESSAGE_TYPE || raw["authorIsGM"] !== true) continue;
    const card = cardOf(raw);
    if (card?.state === state && (was === undefined || systemOf(was)["state"] !== state)) out.push({ id, raw, card });
  }
  return out.sort((x, y) => (y.card?.record?.seq ?? 0) - (x.card?.record?.seq ?? 0));
}

/** The snapshot entry a write plan's UUID names: an actor, an embedded item, a token, a scene or a combat. */
function entryAt(world: WorldSnapshot, uuid: string): Raw | undefined {
  const p = uuid.split(".");
  if (p.length === 2 && p[0] === "Actor") return world.actors.get(p[1]!);
  if (p.length === 4 && p[0] === "Actor" && p[2] === "Item") return world.items.get(`${p[1]!}.${p[3]!}`);
  if (p.length === 2 && p[0] === "Scene") return world.scenes.get(p[1]!);
  if (p.length === 4 && p[0] === "Scene" && p[2] === "Token") return world.tokens.get(`${p[1]!}.${p[3]!}`);
  if (p.length === 2 && p[0] === "Combat") return world.combats.get(p[1]!);
  return undefined;
}

/** Whether the snapshot can tell about `uuid` (a world item or a journal is not in it). */
const inSnapshot = (uuid: string): boolean => /^(Actor\.[^.]+(\.Item\.[^.]+)?|Scene\.[^.]+(\.Token\.[^.]+)?|Combat\.[^.]+)$/.test(uuid);

/**
 * Where `plan` is not what `world` holds: each field it set holds its value, each key it removed is
 * gone, each document it created exists and each it deleted does not. A path a newer card of the same
 * step wrote (`taken`) is that card's to answer for. Journals and world items are not in a snapshot.
 */
function planMisses(world: WorldSnapshot, plan: WritePlan, taken: Set<string>): string[] {
  const out: string[] = [];
  const field = (uuid: string, changes: object): void => {
    if (!inSnapshot(uuid)) return;
    const doc = entryAt(world, uuid);
    for (const [path, value] of Object.entries(changes)) {
      const at = `${uuid}#${path}`;
      if (taken.has(at)) continue;
      taken.add(at);
      if (doc === undefined) out.push(`${uuid} is gone (${path})`);
      else if (!sameData(readPath(doc, path), value))
        out.push(`${uuid} ${path} is ${JSON.stringify(readPath(doc, path))}, not ${JSON.stringify(value)}`);
    }
  };
  const exists = (uuid: string, wanted: boolean): void => {
    if (!inSnapshot(uuid) || taken.has(`${uuid}#*`)) return;
    taken.add(`${uuid}#*`);
    if ((entryAt(world, uuid) !== undefined) !== wanted) out.push(`${uuid} ${wanted ? "is missing" : "still exists"}`);
  };
  for (const u of [...plan.actorUpdates, ...plan.itemUpdates, ...(plan.combatUpdates ?? []), ...(plan.tokenUpdates ?? [])])
    field(u.uuid, u.changes);
  for (const u of plan.sceneUpdates ?? []) {
    field(u.uuid, u.changes);
    const scene = entryAt(world, u.uuid);
    for (const path of u.removals ?? [])
      if (!taken.has(`${u.uuid}#${path}`) && scene !== undefined && readPath(scene, path) !== undefined)
        out.push(`${u.uuid} ${path} is still set`);
  }
  for (const d of [...plan.itemDeletions, ...(plan.tokenDeletions ?? [])]) exists(d.uuid, false);
  for (const c of plan.itemCreations) if (c.parentUuid !== null) exists(`${c.parentUuid}.Item.${show(c.data["_id"])}`, true);
  for (const c of plan.tokenCreations ?? []) exists(`${c.parentUuid}.Token.${show(c.data["_id"])}`, true);
  return out;
}

/* ---------------- the checks ---------------- */

type ModelClass = new (source: Raw) => Raw & { prepareDerivedData(): void };

const MODELS: Readonly<Record<"actors" | "items" | "messages" | "combats", Readonly<Record<string, ModelClass>>>> = {
  actors: ACTOR_DATA_MODELS as unknown as Record<string, ModelClass>,
  items: ITEM_DATA_MODELS as unknown as Record<string, ModelClass>,
  messages: CHAT_MESSAGE_DATA_MODELS as unknown as Record<string, ModelClass>,
  combats: { [TURN_COMBAT_TYPE]: TurnData, [MISSION_COMBAT_TYPE]: MissionData } as unknown as Record<string, ModelClass>,
};

/** Types without a model of ours: Foundry's own base types, which carry no `system` of ours. */
const BASE_TYPES = new Set(["base"]);

/** The most movement points a unit can hold: the larger allowance (March Mode's). */
const MOST_MP = Math.max(...Object.values(MOVEMENT_ALLOWANCE));

/** Entries found valid (a document's entry is given again while it is unchanged). */
const validEntries = new WeakSet<Raw>();

/** Why one entry is not valid by its data model and the bounds its model derives, or an empty list. */
function entryProblems(collection: keyof typeof MODELS, key: string, raw: Raw): string[] {
  const type = show(raw["type"] ?? "base");
  const Model = Object.hasOwn(MODELS[collection], type) ? MODELS[collection][type] : undefined;
  const label = `${collection} ${key} (${type})`;
  if (collection !== "messages" && collection !== "combats" && (typeof raw["name"] !== "string" || raw["name"].trim() === ""))
    return [`${label}: name may not be blank`];
  if (Model === undefined) return BASE_TYPES.has(type) ? [] : [`${label}: no data model for type ${type}`];
  let model: Raw;
  try {
    const made = new Model(systemOf(raw));
    made.prepareDerivedData();
    model = made;
  } catch (error) {
    return [`${label}: ${(error as Error).message.replace(/\n/g, "; ")}`];
  }
  const problems: string[] = [];
  if (type === "unit") {
    // Supply within what the unit can carry (seed 000, 6. Resupply; the `supply` effect caps it there).
    if (num(model["supply"]) > num(model["supplyCapacity"]))
      problems.push(`${label}: supply ${show(model["supply"])} is above its capacity ${show(model["supplyCapacity"])}`);
    if (num(model["movementPoints"]) > MOST_MP)
      problems.push(`${label}: movementPoints ${show(model["movementPoints"])} is above the largest allowance ${show(MOST_MP)}`);
  }
  if (problems.length === 0) validEntries.add(raw);
  return problems;
}

/** Scene entries whose map flags were found valid. */
const validScenes = new WeakSet<Raw>();

/** Why a scene's terrain map or map state flag is out of its schema (src/map/terrain-schema.ts, src/map/map-state.ts), or nothing. */
function sceneProblems(key: string, raw: Raw): string[] {
  const out: string[] = [];
  const terrain = readPath(raw, "flags.nobc.terrain");
  if (terrain !== undefined) {
    const checked = validateTerrainMap(terrain);
    if (!checked.ok)
      out.push(
        `scenes ${key}: its terrain map is out of shape (${show(checked.problems.length)} problems, first at ${checked.problems[0]!.path || "the whole map"})`,
      );
  }
  const state = readMapState(readPath(raw, `flags.nobc.${MAP_STATE_FLAG}`));
  if (state.problems.length > 0) out.push(`scenes ${key}: its map state is out of shape (${show(state.problems.length)} problems)`);
  if (out.length === 0) validScenes.add(raw);
  return out;
}

/** Collections found valid whole. */
const validMaps = new CleanPasses();

const documentsValid: Invariant = {
  name: "documents-valid",
  rule:
    "Foundry's model: every document's system validates against the system's own data model (src/data/*.ts, src/combat/*-model.ts: " +
    "pools value ≤ max, counts ≥ 0, MP in halves, NQM pins ≤ strength, choices), names not blank, a token at whole pixels, a scene's " +
    "terrain map and map state flags within their schemas (src/map/terrain-schema.ts, src/map/map-state.ts); seed 000 " +
    "Land War QRS: supply ≤ the unit's capacity (6. Resupply), MP ≤ the March Mode allowance (5. Movement). Not: MP ≤ the unit's own " +
    "mode's allowance in Movement, as the phase's entry card that sets it is a preview the GM applies later (src/combat/advance.ts); " +
    "that card's writes are card-states-consistent's to check",
  check({ after }) {
    const out: string[] = [];
    for (const collection of ["actors", "items", "messages", "combats"] as const)
      out.push(
        ...validMaps.run([after[collection]], () =>
          [...after[collection]].flatMap(([key, raw]) => (validEntries.has(raw) ? [] : entryProblems(collection, key, raw))),
        ),
      );
    out.push(
      ...validMaps.run([after.tokens], () =>
        [...after.tokens]
          .filter(([, raw]) => !Number.isInteger(raw["x"]) || !Number.isInteger(raw["y"]))
          .map(([key]) => `tokens ${key}: x, y must be whole pixels`),
      ),
    );
    out.push(
      ...validMaps.run([after.scenes], () =>
        [...after.scenes].flatMap(([key, raw]) => (validScenes.has(raw) ? [] : sceneProblems(key, raw))),
      ),
    );
    return out.map((detail) => ({ invariant: "documents-valid", detail }));
  },
};

/** The actor types that stand on the land map (their hex is read by the rules). */
const ON_MAP_TYPES = new Set(["unit", "hq"]);

const unitInOnePlace: Invariant = {
  name: "unit-in-one-place",
  rule:
    'docs/authority.md ("A unit stands in the hex of its token\'s centre") and src/world/board.ts (a token stands for the world actor of ' +
    "its actorId): an actor has at most one token on a scene, and every token of one of our actors names an actor that exists",
  check: overMaps(
    ({ after }) => [after.tokens, after.actors, after.scenes],
    ({ after }) => {
      const out: Violation[] = [];
      for (const [actorId, list] of boardOf(after).byActor) {
        const actor = after.actors.get(actorId);
        if (actor === undefined) {
          out.push({
            invariant: "unit-in-one-place",
            detail: `tokens ${listed(list.map((t) => t.key))} stand for actor ${actorId}, which does not exist`,
          });
          continue;
        }
        const scenes = new Set<string>();
        for (const t of list) {
          if (scenes.has(t.sceneId))
            out.push({
              invariant: "unit-in-one-place",
              detail: `actor ${actorId} (${show(actor["name"])}) has two tokens on scene ${t.sceneId}: ${listed(list.filter((x) => x.sceneId === t.sceneId).map((x) => x.key))}`,
            });
          scenes.add(t.sceneId);
        }
      }
      return out;
    },
  ),
};

/** The terrain map's hexes of a scene (its `nobc.terrain` flag), or undefined when the scene has no terrain. */
function terrainHexes(scene: Raw | undefined): Raw | undefined {
  const terrain = readPath(scene, "flags.nobc.terrain");
  return isRecord(terrain) && isRecord(terrain["hexes"]) ? terrain["hexes"] : undefined;
}

const unitOnTheMap: Invariant = {
  name: "unit-on-the-map",
  rule:
    "docs/map-format.md and src/world/read.ts: a unit's or HQ's token has its centre inside the scene (past the padding) and, on a scene " +
    "with a terrain map, in one of the map's hexes (the hex of the token's centre by src/map/hex-grid.ts)",
  check: overMaps(
    ({ after }) => [after.tokens, after.actors, after.scenes],
    ({ after }) => {
      const out: Violation[] = [];
      for (const t of boardOf(after).tokens) {
        const actor = after.actors.get(t.actorId);
        if (actor === undefined || !ON_MAP_TYPES.has(show(actor["type"]))) continue;
        const name = `${show(actor["type"])} ${t.actorId} (${show(actor["name"])}), token ${t.key}`;
        if (!t.inScene) {
          out.push({ invariant: "unit-on-the-map", detail: `${name} stands outside the scene` });
          continue;
        }
        const hexes = terrainHexes(after.scenes.get(t.sceneId));
        if (hexes === undefined) continue;
        const label = t.hex === null ? null : hexLabel(t.hex);
        if (label === null || !Object.hasOwn(hexes, label))
          out.push({ invariant: "unit-on-the-map", detail: `${name} stands in ${label ?? "no hex"}, not a hex of the map` });
      }
      return out;
    },
  ),
};

const supportCardsHeld: Invariant = {
  name: "support-cards-held",
  rule:
    "src/data/support-card.ts (a card is held by an HQ, its parent actor), seed 000 Land War QRS 4. Ground Combat and " +
    "src/rules/nobc/land/assignment.ts: each card is held by one HQ of its side, one card never in two hands, and a card assigned to a " +
    "unit is assigned to an existing unit of its side, of a category a unit may take",
  check: overMaps(
    ({ after }) => [after.items, after.actors],
    ({ after }) => {
      const out: Violation[] = [];
      const flag = (detail: string): void => void out.push({ invariant: "support-cards-held", detail });
      const holderOf = new Map<string, string>();
      for (const [key, raw] of after.items) {
        if (raw["type"] !== "supportCard") continue;
        const [actorId, itemId] = key.split(".") as [string, string];
        const hq = after.actors.get(actorId);
        const s = systemOf(raw);
        const name = `card ${key} (${show(raw["name"])})`;
        const other = holderOf.get(itemId);
        if (other !== undefined) flag(`${name} is held by ${other} and by ${actorId}`);
        holderOf.set(itemId, actorId);
        if (hq?.["type"] !== "hq") flag(`${name} is held by ${show(hq?.["type"] ?? "no actor")} ${actorId}, not an HQ`);
        else if (systemOf(hq)["side"] !== s["side"])
          flag(`${name} of side ${show(s["side"])} is held by HQ ${actorId} of side ${show(systemOf(hq)["side"])}`);
        if (s["assignedTo"] === null || s["assignedTo"] === undefined) continue;
        const unitId = actorIdOf(s["assignedTo"]);
        const unit = after.actors.get(unitId);
        if (unit?.["type"] !== "unit") flag(`${name} is assigned to ${show(s["assignedTo"])}, which is no unit`);
        else if (systemOf(unit)["side"] !== s["side"])
          flag(`${name} of side ${show(s["side"])} is assigned to unit ${unitId} of side ${show(systemOf(unit)["side"])}`);
        if (!unitCanTake(s["category"] as SupportCardCategory))
          flag(`${name} of category ${show(s["category"])} is assigned to a unit, which may not take it`);
      }
      return out;
    },
  ),
};

const supportCardAssignedWithinRules: Invariant = {
  name: "support-card-assigned-within-rules",
  rule:
    'seed 000 Land War QRS 4. Ground Combat (support "up to HQ Limit for each combat", "within the HQ\'s radius"), as ' +
    "src/rules/nobc/land/hq-support.ts reads it: a card newly assigned in this step leaves the HQ's cards with that unit at most its " +
    "level, and the unit within the HQ's radius (hexes between their tokens on a scene both stand on)",
  check({ before, after }) {
    const out: Violation[] = [];
    // The same items map: no card changed, none newly assigned.
    if (before.items === after.items) return out;
    const changed: [string, Raw][] = [];
    // The cards each HQ has given each unit, counted once over all cards.
    const given = new Map<string, number>();
    for (const [key, raw] of after.items) {
      if (raw["type"] !== "supportCard") continue;
      const to = systemOf(raw)["assignedTo"];
      if (typeof to !== "string") continue;
      const pair = `${key.slice(0, key.indexOf("."))}>${actorIdOf(to)}`;
      given.set(pair, (given.get(pair) ?? 0) + 1);
      if (to !== systemOf(before.items.get(key))["assignedTo"]) changed.push([key, raw]);
    }
    const board = boardOf(after);
    for (const [key, raw] of changed) {
      const hqId = key.slice(0, key.indexOf("."));
      const unitId = actorIdOf(systemOf(raw)["assignedTo"]);
      const hq = systemOf(after.actors.get(hqId));
      const level = num(readPath(hq, "level.value"));
      const used = given.get(`${hqId}>${unitId}`) ?? 0;
      const name = `card ${key} (${show(raw["name"])}) assigned to unit ${unitId}`;
      if (used > level)
        out.push({
          invariant: "support-card-assigned-within-rules",
          detail: `${name}: HQ ${hqId} gives that unit ${show(used)} cards, above its level ${show(level)}`,
        });
      const unitTokens = board.byActor.get(unitId) ?? [];
      for (const h of board.byActor.get(hqId) ?? []) {
        const u = unitTokens.find((t) => t.sceneId === h.sceneId);
        if (u?.hex == null || h.hex === null) continue;
        const distance = hexDistance(h.hex, u.hex);
        if (distance > num(hq["radius"]))
          out.push({
            invariant: "support-card-assigned-within-rules",
            detail: `${name}: the unit is ${show(distance)} hexes from HQ ${hqId}, beyond its radius ${show(hq["radius"])}`,
          });
      }
    }
    return out;
  },
};

/** The chats found clean by the once-read part of card-states-consistent. */
const cardsRead = new CleanPasses();

/** Every GM card of `world` read, left in no passing state, and no once-only key or charge held twice. */
function cardsAsRead(world: WorldSnapshot): Violation[] {
  const out: Violation[] = [];
  const flag = (detail: string): void => void out.push({ invariant: "card-states-consistent", detail });
  const keys = new Map<string, string>();
  const charges = new Map<string, string>();
  for (const { id, card } of gmCards(world)) {
    if (card === undefined) {
      flag(`card ${id} does not read as a card (src/chat/card-data.ts readCard)`);
      continue;
    }
    if (card.state === "applying" || card.state === "undoing") flag(`card ${id} is left "${card.state}" after the wire settled`);
    if (card.state === "applied" && card.record === undefined) flag(`card ${id} is applied without a record`);
    if (card.once !== undefined && stands(card.state) && card.record?.keyReleased === undefined) {
      const other = keys.get(card.once);
      if (other !== undefined) flag(`the once-only key ${card.once} is held by cards ${other} and ${id}`);
      keys.set(card.once, id);
    }
    if (card.state === "applied")
      for (const charge of card.charges ?? []) {
        const other = charges.get(charge);
        if (other !== undefined) flag(`the charge ${charge} is paid by cards ${other} and ${id}`);
        charges.set(charge, id);
      }
  }
  return out;
}

const cardStatesConsistent: Invariant = {
  name: "card-states-consistent",
  rule:
    'docs/authority.md ("The card and its record", "One writer at a time", "Combat Mode is paid once a turn") and ' +
    'src/chat/card-record.ts: every GM card reads as a card; none is left "applying" or "undoing" once the wire settled; an applied ' +
    "card has its record; a once-only key is held by at most one standing card (key not released), a charge by at most one applied " +
    "card; a card applied in this step has its plan (record.forward) in the documents, a card reverted its inverse",
  check(step) {
    const out: Violation[] = [];
    const flag = (detail: string): void => void out.push({ invariant: "card-states-consistent", detail });
    out.push(...cardsRead.run([step.after.messages], () => cardsAsRead(step.after)));
    for (const state of ["applied", "reverted"] as const) {
      const taken = new Set<string>();
      for (const { id, card } of cardsBecoming(step, state)) {
        const record = card?.record;
        if (record === undefined || record.pruned === true) continue;
        const misses = planMisses(step.after, state === "applied" ? record.forward : record.inverse, taken);
        if (misses.length > 0)
          flag(`card ${id} became ${state} but its ${state === "applied" ? "plan" : "inverse"} is not in the documents: ${listed(misses)}`);
      }
    }
    return out;
  },
};

/** What a changed collection is called in a detail line, with its first keys. */
function changedLine(a: WorldSnapshot, b: WorldSnapshot, collections: readonly (DocumentCollection | "messages")[]): string[] {
  const out: string[] = [];
  for (const c of collections) {
    const keys = differences(a, b, c);
    if (keys.length > 0) out.push(`${c} ${listed(keys)}`);
  }
  const settings = settingDifferences(a, b);
  if (settings.length > 0 && collections.length === ALL_COLLECTIONS.length) out.push(`settings ${listed(settings)}`);
  return out;
}

const refusalChangesNothing: Invariant = {
  name: "refusal-changes-nothing",
  rule:
    'docs/authority.md ("Refusals come back to the player as a warning and nothing changes"; a refused request rolls and posts ' +
    "nothing): after a refused action every document, message and world setting equals what it was before. Decision: a refusal may " +
    "write nothing at all; only the server's stamps (`_stats`) are not compared, as a write the GM's guard put back leaves them",
  check({ outcome, before, after }) {
    if (outcome !== "refused") return [];
    const changed = changedLine(before, after, ALL_COLLECTIONS);
    return changed.length === 0 ? [] : [{ invariant: "refusal-changes-nothing", detail: `a refused action changed ${changed.join("; ")}` }];
  },
};

/** A scene's flags with a map state that holds nothing taken as no map state (the flag's format and empty parts are no one's path). */
function sceneForUndo(raw: Raw | undefined): Raw | undefined {
  const state = readPath(raw, `flags.nobc.${MAP_STATE_FLAG}`);
  if (raw === undefined || !isRecord(state)) return raw;
  const empty = MAP_STATE_PARTS.every((p) => state[p] === undefined || (isRecord(state[p]) && Object.keys(state[p]).length === 0));
  if (!empty) return raw;
  const { [MAP_STATE_FLAG]: _gone, ...nobc } = readPath(raw, "flags.nobc") as Raw;
  const flags = { ...(raw["flags"] as Raw) };
  if (Object.keys(nobc).length === 0) delete flags["nobc"];
  else flags["nobc"] = nobc;
  return { ...raw, flags };
}

const undoRestores: Invariant = {
  name: "undo-restores",
  rule:
    'docs/decisions/foundry-documents.md ("One write path", Undo exact) and src/chat/card-record.ts: after the Undo of the newest card ' +
    "every actor, item, token, scene and combat equals what it was just before that card was applied (the server's stamps aside). " +
    "What a card leaves: its own message and the other cards (posted meanwhile), the GM's rules record in the settings, and a scene's " +
    "map state flag with nothing in it (its format and empty parts are no one's path: docs/decisions/map-state.md)",
  check({ outcome, undoes, after }) {
    if (undoes === undefined || outcome !== "done") return [];
    const changed: string[] = [];
    for (const c of DOCUMENT_COLLECTIONS) {
      const same =
        c === "scenes" ? (x: Raw | undefined, y: Raw | undefined) => sameDocument(sceneForUndo(x), sceneForUndo(y)) : sameDocument;
      const keys = differences(undoes, after, c, same);
      if (keys.length > 0) changed.push(`${c} ${listed(keys)}`);
    }
    return changed.length === 0
      ? []
      : [{ invariant: "undo-restores", detail: `the Undo left, unlike before the card's Apply: ${changed.join("; ")}` }];
  },
};

const turnMovesForward: Invariant = {
  name: "turn-moves-forward",
  rule:
    "src/rules/nobc/turn.ts (nextStage: the stages in order, after Planning the next turn's first) and src/combat/advance.ts: the turn " +
    "tracker's (turn, stage) never goes back, its furthest stage reached never shrinks, the tracker is not deleted, and when they move " +
    'the step moved them through the tracker (advancedBy). Decision: a step back (the GM\'s "previous stage") counts as a fault here',
  check({ before, after, advancedBy }) {
    const was = turnOf(before);
    const now = turnOf(after);
    if (was === undefined) return [];
    if (now?.id !== was.id) return [{ invariant: "turn-moves-forward", detail: `the turn tracker ${was.id} is gone` }];
    const out: string[] = [];
    const order = (t: TurnAt): number => t.turn * STAGES.length + t.stage;
    if (order(now) < order(was))
      out.push(`went back from turn ${show(was.turn)} stage ${show(was.stage)} to turn ${show(now.turn)} stage ${show(now.stage)}`);
    if (now.reached < was.reached) out.push(`its furthest stage went back from ${show(was.reached)} to ${show(now.reached)}`);
    if (order(now) !== order(was) && advancedBy !== "tracker")
      out.push(
        `moved from turn ${show(was.turn)} stage ${show(was.stage)} to turn ${show(now.turn)} stage ${show(now.stage)} ${advancedBy === "other" ? "not through the tracker" : "without the step saying it went through the tracker"}`,
      );
    return out.map((detail) => ({ invariant: "turn-moves-forward", detail: `the turn tracker ${was.id} ${detail}` }));
  },
};

const noErrors: Invariant = {
  name: "no-errors",
  rule: "docs/development.md and the harness (tests/harness/install.ts: a hook that throws fails the test): no throw, no unhandled rejection, no console.error, no wire fault",
  check({ errors }) {
    return errors.map((e) => ({ invariant: "no-errors", detail: e }));
  },
};

/** Client entries found equal to the server's entry (both kept by identity): not compared again while neither changes. */
const agreed = new WeakMap<Raw, Raw>();

/** A client's collection found equal to the server's, whole: not compared again while neither changes. */
const agreedMaps = new CleanPasses();

/** The keys where a client's collection differs from the server's, entries found equal once not compared again. */
function collectionDisagrees(server: ReadonlyMap<string, Raw>, mine: ReadonlyMap<string, Raw>): string[] {
  const keys: string[] = [];
  for (const [key, entry] of server) {
    const copy = mine.get(key);
    if (copy !== undefined && agreed.get(copy) === entry) continue;
    if (copy !== undefined && sameData(copy, entry)) agreed.set(copy, entry);
    else keys.push(key);
  }
  for (const key of mine.keys()) if (!server.has(key)) keys.push(key);
  return keys;
}

/** Client setting values (objects) found equal to the server's value: a setting keeps its value object until it is set again. */
const agreedSettings = new WeakMap<object, unknown>();

/** The settings where `client`'s copy differs from the server's (`after`), a pair of values found equal once not compared again. */
function settingsDisagree(after: WorldSnapshot, client: WorldSnapshot): string[] {
  const out: string[] = [];
  for (const [key, server] of after.settings) {
    if (!client.settings.has(key)) {
      out.push(key);
      continue;
    }
    const copy = client.settings.get(key);
    const kept = typeof copy === "object" && copy !== null;
    if (kept && agreedSettings.get(copy) === server) continue;
    if (!sameData(copy, server)) out.push(key);
    else if (kept) agreedSettings.set(copy, server);
  }
  for (const key of client.settings.keys()) if (!after.settings.has(key)) out.push(key);
  return out;
}

const clientsAgree: Invariant = {
  name: "clients-agree",
  rule:
    'docs/authority.md ("the server sends every client its writes in one order") and tests/harness/clients.ts: once the wire settled ' +
    "every client's copy of every document, message and world setting equals the server's, stamps included",
  check({ after, clients }) {
    const out: Violation[] = [];
    for (const client of clients) {
      const differ: string[] = [];
      for (const c of ALL_COLLECTIONS) {
        const keys = agreedMaps.run([client[c], after[c]], () => collectionDisagrees(after[c], client[c]));
        if (keys.length > 0) differ.push(`${c} ${listed(keys)}`);
      }
      const settings = agreedMaps.run([client.settings, after.settings], () => settingsDisagree(after, client));
      if (settings.length > 0) differ.push(`settings ${listed(settings)}`);
      if (differ.length > 0)
        out.push({ invariant: "clients-agree", detail: `${client.of}'s copy differs from the server's: ${differ.join("; ")}` });
    }
    return out;
  },
};

/** What the cards applied in a step do to each unit's strength: the hits they give it, whether one eliminates it. */
interface StrengthWrites {
  hits: number;
  eliminated: boolean;
}

/** Every unit's strength after a step against the hits of the cards applied in it (see hits-conserved). */
function strengthByHits(step: Step): Violation[] {
  // No actor changed and no card moved: every strength is what it was.
  if (step.before.actors === step.after.actors && step.before.messages === step.after.messages) return [];
  const due = new Map<string, StrengthWrites>();
  const writes = (actor: unknown): StrengthWrites => {
    const id = actorIdOf(actor);
    const kept = due.get(id) ?? { hits: 0, eliminated: false };
    due.set(id, kept);
    return kept;
  };
  for (const { card } of cardsBecoming(step, "applied"))
    for (const e of card?.effects ?? []) {
      if (e.type === "hits") writes(e.actor).hits += e.amount;
      else if (e.type === "eliminated") writes(e.actor).eliminated = true;
    }
  const undone = new Set<string>();
  for (const { card } of cardsBecoming(step, "reverted")) for (const uuid of card?.record?.touched ?? []) undone.add(actorIdOf(uuid));
  const out: Violation[] = [];
  for (const [id, after] of step.after.actors) {
    const before = step.before.actors.get(id);
    if (after["type"] !== "unit" || before === undefined || undone.has(id) || (before === after && !due.has(id))) continue;
    const was = num(readPath(systemOf(before), "strength.value"));
    const now = num(readPath(systemOf(after), "strength.value"));
    const w = due.get(id);
    const lost = w === undefined ? 0 : w.eliminated ? was : Math.min(w.hits, was);
    if (was - now !== lost)
      out.push({
        invariant: "hits-conserved",
        detail:
          `unit ${id} (${show(after["name"])}) went from ${show(was)} to ${show(now)} strength; the cards applied in the step ` +
          (w === undefined ? "gave it no hits" : `gave it ${show(w.hits)} hits${w.eliminated ? " and eliminated it" : ""}`),
      });
  }
  return out;
}

const hitsConserved: Invariant = {
  name: "hits-conserved",
  rule:
    'seed 000 Land War QRS, Combat Results Table and its notes (hits "on each" or shared "between all", artillery takes none), as ' +
    "src/rules/nobc/land/combat-hits.ts and src/chat/splits.ts keep them on a ground-combat card: when the card is applied, each side's " +
    "split in force (the owners' saved one, else the proposal) adds up to the side's total, each unit it names loses that many " +
    "strength points (down to 0, not below), and an immune candidate loses none. And for every unit, in every step (src/effects/" +
    "families/land.ts: only `hits` and `eliminated` write a unit's strength, docs/authority.md: only through the one write path): " +
    "its strength falls by the hits of the cards applied in the step (down to 0; to 0 when one eliminates it) and by nothing else; " +
    "a unit a card reverted in the step is the Undo's to answer for (undo-restores)",
  check(step) {
    const out: Violation[] = [];
    out.push(...strengthByHits(step));
    for (const { id, card } of cardsBecoming(step, "applied")) {
      const combat = card?.groundCombat;
      if (combat === undefined) continue;
      for (const side of SPLIT_SIDES) {
        const allocation = side === "attackers" ? combat.outcome.attackerHits : combat.outcome.defenderHits;
        const split = currentSplit(combat, side);
        const shared = split.reduce((n, s) => n + s.hits, 0);
        if (shared !== allocation.total)
          out.push({
            invariant: "hits-conserved",
            detail: `card ${id}: the ${side}' split adds up to ${show(shared)} hits, not the total ${show(allocation.total)}`,
          });
        const hits = new Map(split.map((s) => [actorIdOf(s.actor), s.hits]));
        // A unit the split brings to 0 by its strength on the card is eliminated (combat-hits.ts eliminatedBySplit), whatever it holds.
        const gone = new Set((card?.effects ?? []).filter((e) => e.type === "eliminated").map((e) => actorIdOf(e.actor)));
        for (const c of allocation.candidates) {
          const unit = actorIdOf(c.id);
          const was = num(readPath(systemOf(step.before.actors.get(unit)), "strength.value"));
          const now = num(readPath(systemOf(step.after.actors.get(unit)), "strength.value"));
          const due = c.immune ? 0 : gone.has(unit) ? was : Math.min(hits.get(unit) ?? 0, was);
          if (was - now !== due)
            out.push({
              invariant: "hits-conserved",
              detail: `card ${id}: ${side.slice(0, -1)} ${unit} (${c.name}) lost ${show(was - now)} strength, its hits were ${show(due)}`,
            });
        }
      }
    }
    return out;
  },
};

/* ---------------- double-blind ---------------- */

/**
 * The surfaces the short set's double-blind game does not check yet (`npm test`, tests/fuzz/bots.test.ts):
 * each a leak the long runs (`npm run fuzz -- --blind`, which check every surface) found, being fixed
 * in its own area under issue #30 (item 3: cards, refusals, entry cards) by other work. Not a silent
 * skip: each is named here with why, and comes off this list when its fix lands (the entry cards and the
 * end-of-Movement stacking card, now per side, and the sorties dialog, which now opens on the player's team side,
 * came off it).
 */
export const KNOWN_BLIND_GAPS: readonly KnownGap[] = [
  {
    surface: "dialog-html",
    where: /air-battle\/lineup/,
    why: "the Air War line-up dialog shows the other side's fighters by name and UUID (NATO places its own opposite WP squadrons of its choice); what a side sees of the enemy's air under double-blind is not decided yet (src/apps/air/battle/lineup)",
    issue: "#30 (dialogs; a rules reading to make in docs/rules-decisions.md)",
  },

  {
    surface: "notice",
    where: /NOBC\.AirBattle\.Refused\.notOwned/,
    why: "an Air War dialog's refusal names every squadron the asker does not own, the enemy's among them (src/apps/air/battle)",
    issue: "#30 (refusals, being fixed in src/apps)",
  },
  {
    surface: "notice",
    where: /NOBC\.Move\.Found\.enemyInHex/,
    why: "a refused move's refusal tells the hex of an enemy unit the side has not found (src/apps/land/move)",
    issue: "#30 (refusals, being fixed in src/apps)",
  },
];

const gapFor = (gaps: readonly KnownGap[], r: Reached): KnownGap | undefined =>
  gaps.find((g) => g.surface === r.surface && (g.where === undefined || g.where.test(r.where)));

/**
 * Under double-blind, nothing a side does not know reached its players (issue #37 item 2, issue #30
 * item 3): in what reached each player's client in the step (the chat messages they are shown, the
 * contexts their client rendered cards and dialogs from, the notices and refusals they were told),
 * no enemy document's UUID or id, no name of an enemy piece or card their side has not identified,
 * no hex of one it does not know, no strength it was not shown (tests/sweep/leaks.ts, from the
 * truth and the side's knowledge as they stood after the step). What reaches every browser because
 * Foundry sends it (the world's documents, the GMs' whispered cards) is the accepted list of
 * docs/decisions/hidden-information.md, not checked here.
 */
const sideSecretsKept: Invariant = {
  name: "side-secrets-kept",
  rule: "docs/decisions/hidden-information.md, the choice (B with D): a team's client holds on purpose only what its side knows",
  check(step) {
    const out: Violation[] = [];
    for (const player of step.blind ?? []) {
      // The hex a player asked about is theirs to be told (docs/decisions/hidden-information.md: "The hex of a
      // refusal is the one the player asked for").
      const asked = player.asked ?? [];
      const secrets =
        asked.length === 0 ? player.secrets : player.secrets.filter((x) => x.what !== "hex" || !asked.some((h) => x.pattern.test(h)));
      for (const r of player.reached) {
        if (gapFor(step.blindGaps ?? [], r) !== undefined) continue;
        for (const leak of findLeaks(r.data, secrets))
          out.push({ invariant: this.name, detail: `${player.user} (${player.side}), ${r.surface} ${r.where}: ${leak}` });
      }
    }
    return out;
  },
};

/** Every invariant, in the order the failure report lists them. */
export const INVARIANTS: readonly Invariant[] = [
  noErrors,
  documentsValid,
  unitInOnePlace,
  unitOnTheMap,
  supportCardsHeld,
  supportCardAssignedWithinRules,
  cardStatesConsistent,
  refusalChangesNothing,
  undoRestores,
  turnMovesForward,
  clientsAgree,
  hitsConserved,
  sideSecretsKept,
];

/** Every invariant's violations after one step (empty: the step is clean). A check that throws is a violation of it. */
export function checkStep(step: Step): Violation[] {
  const out: Violation[] = [];
  for (const invariant of INVARIANTS) {
    try {
      out.push(...invariant.check(step));
    } catch (error) {
      out.push({ invariant: invariant.name, detail: `the check threw: ${error instanceof Error ? error.message : show(error)}` });
    }
  }
  return out;
}
