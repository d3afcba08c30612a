/**
 * The one write path. `planEffects` turns the rules' effects into batched document changes and
 * their exact inverse (pure, over snapshots); `applyEffects` writes them with one update call per
 * document class (see docs/decisions/foundry-documents.md, "One write path"). Undo is
 * `applyPlan(plan.inverse)`.
 *
 * Effects that happen on the map (retreats, minefields, bridges, contaminated hexes, …) are not
 * document changes: they come back as `notes` for the players or umpire to carry out by hand.
 */
import { land } from "../rules/index";
import type { Effect } from "../rules/effects";
import type { UnitArm, UnitSize } from "../rules/nobc/land/types";
import { errorText } from "../base/errors";
import { notifyText, say } from "../base/foundry";
import { phrase, type Phrase } from "../rules/resolution";
import { touchedDocuments } from "../rules/effects";

/** What the planner needs to know about one document. `system` is its stored (source) data. */
export interface DocumentSnapshot {
  readonly uuid: string;
  readonly id: string;
  readonly documentName: "Actor" | "Item";
  readonly type: string;
  readonly name: string;
  readonly system: Readonly<Record<string, unknown>>;
  /** For an embedded Item: its parent actor's UUID (null for a world item). */
  readonly parentUuid?: string | null;
  /** For an Item: its whole source, so a deleted card can be created again by undo. */
  readonly source?: Readonly<Record<string, unknown>>;
}

export type SnapshotLookup = (uuid: string) => DocumentSnapshot | undefined;

/** Changes to one document, as dotted paths (`system.strength.value`) to new values. */
export interface PlannedUpdate {
  readonly uuid: string;
  readonly id: string;
  readonly parentUuid: string | null;
  readonly changes: Readonly<Record<string, unknown>>;
}

export interface PlannedDeletion {
  readonly uuid: string;
  readonly id: string;
  readonly parentUuid: string | null;
}

export interface PlannedCreation {
  readonly parentUuid: string | null;
  /** Full item source, `_id` included; created with `keepId`. */
  readonly data: Readonly<Record<string, unknown>>;
}

/** A set of writes: what `applyPlan` performs. */
export interface WritePlan {
  readonly actorUpdates: readonly PlannedUpdate[];
  readonly itemUpdates: readonly PlannedUpdate[];
  readonly itemDeletions: readonly PlannedDeletion[];
  readonly itemCreations: readonly PlannedCreation[];
}

/** Something the user must do by hand, or know: a lang key, its format data (`count` chooses a plural form), and the effect. */
export interface EffectNote {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
  readonly effect: Effect;
}

/** A note as a phrase, to be written in the reader's language. */
export function noteText(note: Pick<EffectNote, "key" | "data">): Phrase {
  return phrase(note.key, note.data);
}

export interface EffectPlan extends WritePlan {
  /** The writes that restore every changed value exactly, and re-create deleted cards. */
  readonly inverse: WritePlan;
  readonly notes: readonly EffectNote[];
}

/** A document being changed: its snapshot, the working values by path, and each path's prior value. */
interface Working {
  readonly snap: DocumentSnapshot;
  readonly next: Map<string, unknown>;
  readonly prior: Map<string, unknown>;
}

function readPath(system: Readonly<Record<string, unknown>>, path: string): unknown {
  let cur: unknown = system;
  for (const key of path.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** Each working document's changed paths as a planned update and its undo (unchanged ones left out). */
function updatesOf(workings: Iterable<Working>): { updates: PlannedUpdate[]; inverse: PlannedUpdate[] } {
  const updates: PlannedUpdate[] = [];
  const inverse: PlannedUpdate[] = [];
  for (const w of workings) {
    const changes: Record<string, unknown> = {};
    const undo: Record<string, unknown> = {};
    for (const [path, value] of w.next) {
      const before = w.prior.get(path);
      if (sameValue(before, value)) continue;
      changes[`system.${path}`] = value;
      undo[`system.${path}`] = before;
    }
    if (Object.keys(changes).length === 0) continue;
    const parentUuid = w.snap.parentUuid ?? null;
    updates.push({ uuid: w.snap.uuid, id: w.snap.id, parentUuid, changes });
    inverse.push({ uuid: w.snap.uuid, id: w.snap.id, parentUuid, changes: undo });
  }
  return { updates, inverse };
}

class Planner {
  private readonly actors = new Map<string, Working>();
  private readonly items = new Map<string, Working>();
  private readonly deletions = new Map<string, DocumentSnapshot>();
  readonly notes: EffectNote[] = [];

  constructor(private readonly lookup: SnapshotLookup) {}

  note(key: string, effect: Effect, data: Record<string, string | number> = {}): void {
    this.notes.push({ key, data, effect });
  }

  /** An effect's fields as note data, with `name` for the document it names (its UUID if unknown). */
  named(effect: Effect): Record<string, string | number> {
    const data = noteData(effect);
    const ref = "actor" in effect ? effect.actor : "target" in effect ? effect.target : undefined;
    if (ref !== undefined) data["name"] = this.lookup(ref)?.name ?? ref;
    return data;
  }

  /** The actor an effect names, if it exists and is one of `types`; otherwise a note says why. */
  actor(uuid: string, types: readonly string[], effect: Effect): Working | undefined {
    const known = this.actors.get(uuid);
    if (known !== undefined) {
      if (types.includes(known.snap.type)) return known;
      this.wrongType(known.snap, effect);
      return undefined;
    }
    const snap = this.lookup(uuid);
    if (snap?.documentName !== "Actor") {
      this.note("NOBC.EffectNote.notFound", effect, { uuid });
      return undefined;
    }
    if (!types.includes(snap.type)) {
      this.wrongType(snap, effect);
      return;
    }
    const working: Working = { snap, next: new Map(), prior: new Map() };
    this.actors.set(uuid, working);
    return working;
  }

  private wrongType(snap: DocumentSnapshot, effect: Effect): undefined {
    this.note("NOBC.EffectNote.wrongType", effect, { name: snap.name, type: effect.type });
    return undefined;
  }

  get(w: Working, path: string): unknown {
    return w.next.has(path) ? w.next.get(path) : readPath(w.snap.system, path);
  }

  num(w: Working, path: string): number {
    const v = this.get(w, path);
    return typeof v === "number" && Number.isFinite(v) ? v : 0;
  }

  set(w: Working, path: string, value: unknown): void {
    if (!w.prior.has(path)) w.prior.set(path, structuredClone(readPath(w.snap.system, path)));
    w.next.set(path, value);
  }

  /** The lists the planner made itself (never a snapshot's), which it may change in place. */
  private readonly ownLists = new WeakSet<unknown[]>();

  /**
   * The working list at `path` as the planner's own copy, made once: effects that add to or take
   * from one list change it in place, so many of them on one document plan in linear time.
   */
  list<T>(w: Working, path: string): T[] {
    const current = this.get(w, path);
    if (Array.isArray(current) && this.ownLists.has(current)) return current as T[];
    const copy: T[] = Array.isArray(current) ? [...(current as T[])] : [];
    this.ownLists.add(copy);
    this.set(w, path, copy);
    return copy;
  }

  /** The item an effect names, if it exists and is one of `types`; otherwise a note says why. */
  item(uuid: string, types: readonly string[], effect: Effect): Working | undefined {
    const known = this.items.get(uuid);
    if (known !== undefined) return known;
    const snap = this.lookup(uuid);
    if (snap?.documentName !== "Item") {
      this.note("NOBC.EffectNote.notFound", effect, { uuid });
      return undefined;
    }
    if (!types.includes(snap.type)) {
      this.wrongType(snap, effect);
      return;
    }
    const working: Working = { snap, next: new Map(), prior: new Map() };
    this.items.set(uuid, working);
    return working;
  }

  deleteItem(uuid: string, effect: Effect): void {
    if (this.deletions.has(uuid)) return;
    const snap = this.lookup(uuid);
    if (snap?.documentName !== "Item") {
      this.note("NOBC.EffectNote.notFound", effect, { uuid });
      return;
    }
    this.deletions.set(uuid, snap);
  }

  finish(): EffectPlan {
    const actors = updatesOf(this.actors.values());
    // A card both changed and discarded is only deleted; undo re-creates it as it was.
    const items = updatesOf([...this.items.values()].filter((w) => !this.deletions.has(w.snap.uuid)));
    const deleted = [...this.deletions.values()];
    return {
      actorUpdates: actors.updates,
      itemUpdates: items.updates,
      itemDeletions: deleted.map((s) => ({ uuid: s.uuid, id: s.id, parentUuid: s.parentUuid ?? null })),
      itemCreations: [],
      inverse: {
        actorUpdates: actors.inverse,
        itemUpdates: items.inverse,
        itemDeletions: [],
        itemCreations: deleted.map((s) => ({
          parentUuid: s.parentUuid ?? null,
          data: structuredClone({ ...(s.source ?? { name: s.name, type: s.type, system: s.system }), _id: s.id }),
        })),
      },
      notes: this.notes,
    };
  }
}

/** An effect carried out by hand on the map: the lang key of the note that says what to do. */
interface MapNote {
  readonly note: string;
}

/**
 * How each kind of effect reaches the table: written to documents, announced as something to do on
 * the map (with the lang key of its note), or reported as a toolkit change no document holds yet. A
 * `Record` over the whole union, so a new effect type does not compile until it is placed here.
 */
const EFFECT_ROUTES: Readonly<Record<Effect["type"], "write" | MapNote | "toolkit">> = {
  hits: "write",
  eliminated: "write",
  supply: "write",
  mode: "write",
  noMove: "write",
  noMoveCleared: "write",
  movementPoints: "write",
  hqLevel: "write",
  cardDiscarded: "write",
  cardAssignment: "write",
  squadronBox: "write",
  weaponDiscarded: "write",
  weaponAttached: "write",
  squadronZone: "write",
  squadronAirbase: "write",
  airbaseHits: "write",
  airDefence: "write",
  retreat: { note: "NOBC.EffectNote.retreat" },
  minefield: { note: "NOBC.EffectNote.minefield" },
  bridgeDestroyed: { note: "NOBC.EffectNote.bridgeDestroyed" },
  autobahnCut: { note: "NOBC.EffectNote.autobahnCut" },
  contaminated: { note: "NOBC.EffectNote.contaminated" },
  supplyCountersEliminated: { note: "NOBC.EffectNote.supplyCountersEliminated" },
  hqCardsLost: { note: "NOBC.EffectNote.hqCardsLost" },
  targetHits: { note: "NOBC.EffectNote.targetHits" },
  airDamage: "toolkit",
  airUnitLost: "toolkit",
  ambushRevealed: "toolkit",
  ammo: "toolkit",
  delayCounters: "toolkit",
  disorganised: "toolkit",
  harassed: "toolkit",
  inSupply: "toolkit",
  missionLight: "toolkit",
  missionSelected: "toolkit",
  pins: "toolkit",
  playsheetFallBack: "toolkit",
  playsheetImmobilised: "toolkit",
  playsheetRetire: "toolkit",
  playsheetStatus: "toolkit",
  playsheetSupply: "toolkit",
  playsheetSuppressed: "toolkit",
  reserveEntry: "toolkit",
  reservesArrive: "toolkit",
  serialsOutOfAction: "toolkit",
  squadronsLost: "toolkit",
  standsLost: "toolkit",
  supplyUnits: "toolkit",
  surrendered: "toolkit",
  teamBailedOut: "toolkit",
  teamDestroyed: "toolkit",
  unitPinned: "toolkit",
  victoryPoints: "toolkit",
  withdrawn: "toolkit",
};

/** The effect types written to documents (the rest become notes). */
export function writtenEffectTypes(): Effect["type"][] {
  return (Object.keys(EFFECT_ROUTES) as Effect["type"][]).filter((t) => EFFECT_ROUTES[t] === "write");
}

function noteData(effect: Effect): Record<string, string | number> {
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(effect)) data[k] = Array.isArray(v) ? v.join(", ") : typeof v === "number" ? v : String(v);
  return data;
}

/** The number a map note's plural form follows (hexes to retreat, cards to give up, hits to record). */
function countOf(effect: Effect): { count?: number } {
  switch (effect.type) {
    case "retreat":
      return { count: effect.hexes };
    case "hqCardsLost":
      return { count: effect.count };
    case "targetHits":
      return { count: effect.hits };
    default:
      return {};
  }
}

function planOne(p: Planner, effect: Effect): void {
  const route = EFFECT_ROUTES[effect.type];
  if (typeof route === "object") return p.note(route.note, effect, { ...p.named(effect), ...countOf(effect) });
  if (route === "toolkit") return p.note("NOBC.EffectNote.toolkit", effect, p.named(effect));
  switch (effect.type) {
    case "hits": {
      // Hits fall on a unit's strength, or on an HQ's level boxes.
      const w = p.actor(effect.actor, ["unit", "hq"], effect);
      if (w === undefined) return;
      const path = w.snap.type === "unit" ? "strength.value" : "level.value";
      const max = p.num(w, w.snap.type === "unit" ? "strength.max" : "level.max");
      return p.set(w, path, clamp(p.num(w, path) - effect.amount, 0, max));
    }
    case "eliminated": {
      const w = p.actor(effect.actor, ["unit"], effect);
      if (w === undefined) return;
      p.set(w, "strength.value", 0);
      return p.note("NOBC.EffectNote.eliminated", effect, { name: w.snap.name });
    }
    case "supply": {
      const w = p.actor(effect.actor, ["unit"], effect);
      if (w === undefined) return;
      const capacity = land.unitSupplyCapacity({
        size: p.get(w, "size") as UnitSize,
        arm: p.get(w, "arm") as UnitArm,
      });
      const wanted = p.num(w, "supply") + effect.delta;
      const value = clamp(wanted, 0, capacity);
      if (value !== wanted) p.note("NOBC.EffectNote.supplyCapped", effect, { name: w.snap.name, count: capacity });
      return p.set(w, "supply", value);
    }
    case "mode": {
      const w = p.actor(effect.actor, ["unit"], effect);
      if (w === undefined) return;
      const forced = land.alwaysInMarchMode({ size: p.get(w, "size") as UnitSize, arm: p.get(w, "arm") as UnitArm });
      if (forced && effect.mode === "combat") return p.note("NOBC.EffectNote.forcedMarch", effect, { name: w.snap.name });
      return p.set(w, "mode", effect.mode);
    }
    case "noMove": {
      const w = p.actor(effect.actor, ["unit"], effect);
      return w === undefined ? undefined : p.set(w, "noMove", true);
    }
    case "noMoveCleared": {
      const w = p.actor(effect.actor, ["unit"], effect);
      return w === undefined ? undefined : p.set(w, "noMove", false);
    }
    case "movementPoints": {
      const w = p.actor(effect.actor, ["unit"], effect);
      return w === undefined ? undefined : p.set(w, "movementPoints", Math.max(0, effect.value));
    }
    case "hqLevel": {
      const w = p.actor(effect.actor, ["hq"], effect);
      if (w === undefined) return;
      return p.set(w, "level.value", clamp(p.num(w, "level.value") + effect.delta, 0, p.num(w, "level.max")));
    }
    case "cardDiscarded":
      return p.deleteItem(effect.card, effect);
    case "cardAssignment": {
      const w = p.item(effect.card, ["supportCard"], effect);
      return w === undefined ? undefined : p.set(w, "assignedTo", effect.assignedTo);
    }
    case "squadronBox": {
      const w = p.actor(effect.squadron, ["airSquadron"], effect);
      return w === undefined ? undefined : p.set(w, "box", effect.box);
    }
    case "weaponDiscarded": {
      const w = p.actor(effect.squadron, ["airSquadron"], effect);
      if (w === undefined) return;
      const weapons = (p.get(w, "weapons") as { kind: string; name: string }[] | undefined) ?? [];
      const at = weapons.findIndex((x) => x.name === effect.weapon);
      if (at < 0) return p.note("NOBC.EffectNote.noWeapon", effect, { name: w.snap.name, weapon: effect.weapon });
      p.list(w, "weapons").splice(at, 1);
      return;
    }
    case "weaponAttached": {
      const w = p.actor(effect.squadron, ["airSquadron"], effect);
      if (w === undefined) return;
      p.list<{ kind: string; name: string }>(w, "weapons").push({ kind: effect.kind, name: effect.weapon });
      return;
    }
    case "squadronZone": {
      const w = p.actor(effect.squadron, ["airSquadron"], effect);
      return w === undefined ? undefined : p.set(w, "airZone", effect.airZone);
    }
    case "squadronAirbase": {
      const w = p.actor(effect.squadron, ["airSquadron"], effect);
      return w === undefined ? undefined : p.set(w, "airbase", effect.airbase);
    }
    case "airbaseHits": {
      const w = p.actor(effect.airbase, ["airbase"], effect);
      if (w === undefined) return;
      p.set(w, "hits.repairable", Math.max(0, p.num(w, "hits.repairable") + effect.repairable));
      return p.set(w, "hits.permanent", Math.max(0, p.num(w, "hits.permanent") + effect.permanent));
    }
    case "airDefence": {
      const w = p.actor(effect.chart, ["airbase"], effect);
      if (w === undefined) return;
      return p.set(w, "airDefence.value", clamp(p.num(w, "airDefence.value") + effect.delta, 0, p.num(w, "airDefence.max")));
    }
    default:
      // Routed "write" with no case above: say so rather than drop it.
      return p.note("NOBC.EffectNote.toolkit", effect, p.named(effect));
  }
}

/**
 * Plans the writes for a list of effects, in order, over the documents `lookup` returns.
 * Strength, level, supply and air defence stay within 0..their maximum; the inverse holds the exact
 * prior values. Pure: reads snapshots only.
 */
export function planEffects(effects: readonly Effect[], lookup: SnapshotLookup): EffectPlan {
  const planner = new Planner(lookup);
  for (const effect of effects) planOne(planner, effect);
  return planner.finish();
}

/* ------------------------------------------------------------------------------------------ */
/* Foundry side                                                                                 */

/** A document the write path may read and write: a world Actor, a world Item, or an Item of a world Actor. */
export type WorldDocument = Actor.Implementation | Item.Implementation;

/**
 * What a UUID names for this system, from {@link resolveWorldDocument}:
 * - `ok`: the world document whose own `uuid` is exactly this one;
 * - `none`: nothing the system writes (no such document, a token's own actor or its items, another
 *   class): skipped, as a missing document is;
 * - `foreign`: a UUID that must never be written through: one of a compendium (`Compendium.…`, even
 *   when a world document has the same id, as after an Adventure import), one that resolves to a
 *   document with another UUID (an embedded UUID leading to another parent, an alias), or what is
 *   not a document at all (a compendium index entry). Refused, naming the UUID.
 *
 * `found` is what Foundry resolved (for a drop to tell what was dropped), never to be written.
 */
export type WorldResolution =
  { readonly ok: true; readonly doc: WorldDocument } | { readonly ok: false; readonly why: "none" | "foreign"; readonly found: unknown };

const isDocument = (value: unknown): value is foundry.abstract.Document.Any => value instanceof foundry.abstract.Document;

/** The documents from `doc` up through its parents. */
function lineage(doc: unknown): unknown[] {
  const out: unknown[] = [];
  for (let d: unknown = doc; d !== null && d !== undefined && out.length < 8; d = (d as { parent?: unknown }).parent) out.push(d);
  return out;
}

/**
 * The one place a UUID from a card, a request, a drop, a macro or a stored plan becomes a document:
 * only a world document whose own `uuid` equals `uuid` is returned (see {@link WorldResolution}).
 */
export function resolveWorldDocument(uuid: string): WorldResolution {
  if (typeof uuid !== "string" || uuid === "") return { ok: false, why: "none", found: undefined };
  let found: unknown;
  try {
    found = foundry.utils.fromUuidSync(uuid as `Actor.${string}`);
  } catch {
    // A string Foundry cannot parse as a UUID.
    return { ok: false, why: "foreign", found: undefined };
  }
  if (uuid.startsWith("Compendium.")) return { ok: false, why: "foreign", found };
  if (found === null || found === undefined) return { ok: false, why: "none", found };
  if (!isDocument(found) || found.uuid !== uuid) return { ok: false, why: "foreign", found };
  const chain = lineage(found);
  if (chain.some((d) => typeof (d as { pack?: unknown }).pack === "string")) return { ok: false, why: "foreign", found };
  if (chain.some((d) => d instanceof Actor && d.isToken)) return { ok: false, why: "none", found };
  if (!(found instanceof Actor) && !(found instanceof Item)) return { ok: false, why: "none", found };
  return { ok: true, doc: found };
}

/** The world document a UUID names (see {@link resolveWorldDocument}), or undefined. */
export function documentAt(uuid: string): WorldDocument | undefined {
  const resolved = resolveWorldDocument(uuid);
  return resolved.ok ? resolved.doc : undefined;
}

/** True when `doc` is itself the world document its UUID names (a drop hands the document, not its UUID). */
export function isWorldDocument(doc: { readonly uuid: string }): boolean {
  const resolved = resolveWorldDocument(doc.uuid);
  return resolved.ok && resolved.doc === (doc as unknown);
}

/** The UUIDs among `uuids` that must never be written through (`foreign`), once each, in order. */
export function foreignDocuments(uuids: Iterable<string>): string[] {
  return [...new Set(uuids)].filter((uuid) => {
    const resolved = resolveWorldDocument(uuid);
    return !resolved.ok && resolved.why === "foreign";
  });
}

/** The refusal for a UUID that is not a world document of its own: it names the UUID. */
export function notWorldPhrase(uuid: string): Phrase {
  return phrase("NOBC.Notify.NotWorldDocument", { uuid });
}

/** A snapshot of a live world document, or undefined for a missing one, a token's actor, or a foreign UUID. */
export function snapshotOf(uuid: string): DocumentSnapshot | undefined {
  const doc = documentAt(uuid);
  if (doc instanceof Actor) {
    return {
      uuid,
      id: doc.id ?? "",
      documentName: "Actor",
      type: doc.type,
      name: doc.name,
      system: doc.toObject().system as Record<string, unknown>,
    };
  }
  if (doc instanceof Item) {
    const source = doc.toObject() as unknown as Record<string, unknown>;
    return {
      uuid,
      id: doc.id ?? "",
      documentName: "Item",
      type: doc.type,
      name: doc.name,
      system: source["system"] as Record<string, unknown>,
      parentUuid: doc.parent?.uuid ?? null,
      source,
    };
  }
  return undefined;
}

function byParent<T extends { parentUuid: string | null }>(rows: readonly T[]): Map<string | null, T[]> {
  const out = new Map<string | null, T[]>();
  for (const row of rows) out.set(row.parentUuid, [...(out.get(row.parentUuid) ?? []), row]);
  return out;
}

function parentActor(uuid: string | null): Actor.Implementation | undefined {
  if (uuid === null) return undefined;
  const doc = documentAt(uuid);
  return doc instanceof Actor ? doc : undefined;
}

/**
 * The holding actor of each group of item rows. A world item's group (null) has none; a group
 * whose actor no longer resolves is left out with a warning, so its rows are never sent to the
 * world's items by mistake.
 */
function parentGroups<T extends { parentUuid: string | null }>(
  rows: readonly T[],
): { parent: Actor.Implementation | undefined; rows: T[] }[] {
  const out: { parent: Actor.Implementation | undefined; rows: T[] }[] = [];
  for (const [parentUuid, group] of byParent(rows)) {
    const parent = parentActor(parentUuid);
    if (parentUuid !== null && parent === undefined) {
      notifyText("warn", say(phrase("NOBC.EffectNote.parentGone", { uuid: parentUuid, count: group.length })));
      continue;
    }
    out.push({ parent, rows: group });
  }
  return out;
}

/** Why a row's UUID is not the document it writes: not a world document of its own, or none at all. */
function targetProblem(uuid: string, why: "none" | "foreign"): Phrase {
  return why === "foreign" ? notWorldPhrase(uuid) : phrase("NOBC.Notify.DocumentMissing", { uuid });
}

/**
 * Every row of `plan` whose write would not land on exactly the document its UUID names, as
 * refusals naming the UUID: a row's UUID must resolve to a world document of its own
 * (`resolveWorldDocument`) of the row's class, with the row's id and holding actor, so a
 * compendium UUID can never write the world document that shares its id. An item row whose
 * holding actor is gone is left to `parentGroups` (skipped with a warning).
 */
export function targetProblems(plan: WritePlan): Phrase[] {
  const problems: Phrase[] = [];
  const check = (row: { uuid: string; id: string; parentUuid: string | null }, cls: typeof Actor | typeof Item): void => {
    const resolved = resolveWorldDocument(row.uuid);
    if (!resolved.ok) return void problems.push(targetProblem(row.uuid, resolved.why));
    const doc = resolved.doc;
    const parentUuid = doc instanceof Item ? (doc.parent?.uuid ?? null) : null;
    if (!(doc instanceof cls) || doc.id !== row.id || parentUuid !== row.parentUuid) problems.push(notWorldPhrase(row.uuid));
  };
  /** A holding actor's UUID: none (a world item), a world actor, or gone (skipped later); anything else is refused. */
  const holderOk = (parentUuid: string | null): boolean | "gone" => {
    if (parentUuid === null) return true;
    const resolved = resolveWorldDocument(parentUuid);
    if (resolved.ok) return resolved.doc instanceof Actor;
    return resolved.why === "none" ? "gone" : false;
  };
  for (const row of plan.actorUpdates) {
    if (row.parentUuid !== null) problems.push(notWorldPhrase(row.uuid));
    else check(row, Actor);
  }
  for (const row of [...plan.itemUpdates, ...plan.itemDeletions]) {
    const holder = holderOk(row.parentUuid);
    if (holder === false) problems.push(notWorldPhrase(row.parentUuid ?? row.uuid));
    else if (holder === true) check(row, Item);
  }
  for (const row of plan.itemCreations) {
    if (holderOk(row.parentUuid) === false) problems.push(notWorldPhrase(row.parentUuid ?? ""));
  }
  return problems;
}

/**
 * A plan whose writes failed part-way. `failures` are the errors, in the user's words when Foundry
 * gave any; `restored` says whether the writes that did go through were put back.
 */
export class PlanWriteError extends Error {
  constructor(
    readonly failures: readonly string[],
    readonly restored: boolean,
  ) {
    super(failures.join("; "));
    this.name = "PlanWriteError";
  }

  /** The lang key telling the user: nothing changed (`writeFailed`), or check by hand (`writeStuck`). */
  get reasonKey(): string {
    return this.restored ? "NOBC.Chat.Refused.writeFailed" : "NOBC.Chat.Refused.writeStuck";
  }
}

/** A plan that writes nothing. */
export const EMPTY_PLAN: WritePlan = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };

/** One database call of a plan and the rows it carries (so a rollback knows what went through). */
interface WriteCall {
  readonly part: WritePlan;
  write(): Promise<unknown>;
}

/**
 * The calls of a plan: one `Actor.updateDocuments` for every actor, and for items one call per
 * kind of write and per holding actor (a Foundry v13 database operation has one parent; see
 * docs/decisions/status-icons.md). A document none of whose values change gets no row.
 */
function writeCalls(plan: WritePlan): WriteCall[] {
  const calls: WriteCall[] = [];
  if (plan.actorUpdates.length > 0) {
    const rows = plan.actorUpdates;
    calls.push({
      part: { ...EMPTY_PLAN, actorUpdates: rows },
      write: () => Actor.updateDocuments(rows.map((u) => ({ _id: u.id, ...u.changes }))),
    });
  }
  for (const { parent, rows } of parentGroups(plan.itemUpdates)) {
    calls.push({
      part: { ...EMPTY_PLAN, itemUpdates: rows },
      write: () =>
        Item.updateDocuments(
          rows.map((u) => ({ _id: u.id, ...u.changes })),
          parent ? { parent } : {},
        ),
    });
  }
  for (const { parent, rows } of parentGroups(plan.itemDeletions)) {
    calls.push({
      part: { ...EMPTY_PLAN, itemDeletions: rows },
      write: () =>
        Item.deleteDocuments(
          rows.map((r) => r.id),
          parent ? { parent } : {},
        ),
    });
  }
  for (const { parent, rows } of parentGroups(plan.itemCreations)) {
    const data = rows.map((r) => r.data) as Item.CreateData[];
    calls.push({
      part: { ...EMPTY_PLAN, itemCreations: rows },
      write: () => Item.createDocuments(data, parent ? { parent, keepId: true } : { keepId: true }),
    });
  }
  return calls;
}

const createdId = (c: PlannedCreation): string => {
  const id = c.data["_id"];
  return typeof id === "string" ? id : "";
};

/**
 * The rows of `rollback` that put back what `done` wrote: the old values of the documents it
 * updated, the cards it deleted, the deletion of the cards it created. Pure.
 */
export function rollbackOf(done: WritePlan, rollback: WritePlan): WritePlan {
  const updated = new Set([...done.actorUpdates, ...done.itemUpdates].map((u) => u.uuid));
  const deleted = new Set(done.itemDeletions.map((d) => d.id));
  const created = new Set(done.itemCreations.map(createdId));
  return {
    actorUpdates: rollback.actorUpdates.filter((u) => updated.has(u.uuid)),
    itemUpdates: rollback.itemUpdates.filter((u) => updated.has(u.uuid)),
    itemDeletions: rollback.itemDeletions.filter((d) => created.has(d.id)),
    itemCreations: rollback.itemCreations.filter((c) => deleted.has(createdId(c))),
  };
}

function merged(parts: readonly WritePlan[]): WritePlan {
  return {
    actorUpdates: parts.flatMap((p) => p.actorUpdates),
    itemUpdates: parts.flatMap((p) => p.itemUpdates),
    itemDeletions: parts.flatMap((p) => p.itemDeletions),
    itemCreations: parts.flatMap((p) => p.itemCreations),
  };
}

/**
 * Performs a write plan, its calls side by side. When a call fails, the calls that went through
 * are put back with the matching rows of `rollback` (the plan's inverse), so a refused write
 * leaves the world as it was, and a `PlanWriteError` says what failed and whether that worked.
 */
export async function applyPlan(plan: WritePlan, rollback?: WritePlan): Promise<void> {
  // Every row must land on the document its UUID names; otherwise nothing is written at all.
  const refused = targetProblems(plan);
  if (refused.length > 0) throw new PlanWriteError([...new Set(refused.map(say))], true);
  const calls = writeCalls(plan);
  const results = await Promise.allSettled(calls.map((c) => c.write()));
  const failures = results.flatMap((r) => (r.status === "rejected" ? [errorText(r.reason)] : []));
  if (failures.length === 0) return;
  if (rollback === undefined) throw new PlanWriteError(failures, false);
  const done = merged(calls.filter((_, i) => results[i]!.status === "fulfilled").map((c) => c.part));
  const back = await Promise.allSettled(writeCalls(rollbackOf(done, rollback)).map((c) => c.write()));
  const stuck = back.flatMap((r) => (r.status === "rejected" ? [errorText(r.reason)] : []));
  throw new PlanWriteError([...failures, ...stuck], stuck.length === 0);
}

/**
 * The documents whose values no longer match what `plan` wrote (a later card or a hand edit
 * changed them), or that it deleted and that exist again: names, once each. Undoing over them
 * would silently wipe the later change. Pure: reads snapshots only.
 */
export function driftedDocuments(plan: WritePlan, lookup: SnapshotLookup): string[] {
  const drifted = new Set<string>();
  for (const update of [...plan.actorUpdates, ...plan.itemUpdates]) {
    const snap = lookup(update.uuid);
    const same =
      snap !== undefined &&
      Object.entries(update.changes).every(([path, value]) => sameValue(readPath(snap.system, path.replace(/^system\./, "")), value));
    if (!same) drifted.add(snap?.name ?? update.uuid);
  }
  for (const deletion of plan.itemDeletions) {
    const snap = lookup(deletion.uuid);
    if (snap !== undefined) drifted.add(snap.name);
    // The HQ that held a discarded card is gone: Undo could not give the card back.
    else if (deletion.parentUuid !== null && lookup(deletion.parentUuid) === undefined) drifted.add(deletion.parentUuid);
  }
  return [...drifted];
}

/** Shows each note to the user, in their language. */
export function announceNotes(notes: readonly EffectNote[]): void {
  for (const n of notes) notifyText("info", say(noteText(n)));
}

/**
 * Applies rules effects to the world and returns the plan (its `inverse` undoes it). Map actions
 * are announced as notes for the user to carry out.
 */
export async function applyEffects(effects: readonly Effect[]): Promise<EffectPlan> {
  // A compendium UUID (or one leading elsewhere) is refused outright, not skipped as a missing document.
  const foreign = foreignDocuments(touchedDocuments(effects));
  if (foreign.length > 0)
    throw new PlanWriteError(
      foreign.map((uuid) => say(notWorldPhrase(uuid))),
      true,
    );
  const plan = planEffects(effects, snapshotOf);
  await applyPlan(plan, plan.inverse);
  announceNotes(plan.notes);
  return plan;
}
