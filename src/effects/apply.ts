/**
 * The one write path. `planEffects` turns the rules' effects into batched document changes and
 * their exact inverse (pure, over snapshots); `applyEffects` writes them with one update call per
 * document class (see docs/decisions/foundry-documents.md, "One write path"). Undo is
 * `applyPlan(plan.inverse)`.
 *
 * What happens on the map is written too: minefields, destroyed bridges, cut autobahns and
 * contaminated hexes as keys of the viewed scene's `nobc.mapState` flag (one `Scene.updateDocuments`
 * call; the inverse puts back each key as it was), the supply of the units standing in a nuked hex,
 * an eliminated unit's tokens (deleted; Undo re-creates them with their whole source) and a unit's
 * tokens moved (`moved`: their position only; Undo puts them back to the pixel). The plan
 * reads the scene from a `BoardSnapshot` taken once per action (docs/decisions/map-state.md).
 * A retreat still to be carried out and the cards an HQ gives up come back as `notes` (their dialogs
 * ask the owner, and the answer is written as its own card).
 */
import { land } from "../rules/index";
import type { Effect, NqmEffect } from "../rules/effects";
import type { UnitArm, UnitSize } from "../rules/nobc/land/types";
import { errorText } from "../base/errors";
import { format, localize, notifyText, say } from "../base/foundry";
import { phrase, type Phrase, type PhraseArg } from "../rules/resolution";
import { describeEffect } from "../view/breakdown";
import { touchedDocuments } from "../rules/effects";
import type { HexRef } from "../rules/ids";
import type { Side } from "../rules/nobc/land/types";
import { HEX_LABEL } from "../map/hex-grid";
import { MAP_STATE_FLAG, MAP_STATE_FORMAT, MAP_STATE_PARTS, readMapState, type MapStatePart } from "../map/map-state";
import { AUTHORITY_MOVE, MISSION_COMBAT_TYPE, SYSTEM_ID } from "../base/constants";
import type { BoardSnapshot, TokenSnapshot } from "../view/board";
import { MISSION_NAME_KEYS } from "../view/missions";
import { pinsWithin } from "../data/nqm-classes";

/** What the planner needs to know about one document. `system` is its stored (source) data. */
export interface DocumentSnapshot {
  readonly uuid: string;
  readonly id: string;
  readonly documentName: "Actor" | "Item" | "Scene" | "Token" | "Combat" | "JournalEntry";
  readonly type: string;
  readonly name: string;
  readonly system: Readonly<Record<string, unknown>>;
  /** For an embedded Item: its parent actor's UUID (null for a world item). */
  readonly parentUuid?: string | null;
  /** For an Item or a Token: its whole source, so a deleted one can be created again by undo; for a Scene: its flags. */
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

/** Changes to a world Scene's flags, as dotted paths (`flags.nobc.mapState.mines.0712`, or `….mines.-=0712` to remove). */
export interface PlannedSceneUpdate {
  readonly uuid: string;
  readonly id: string;
  readonly changes: Readonly<Record<string, unknown>>;
}

/** A token of a world Scene (`parentUuid`) moved: its new top-left corner, whole pixels. */
export interface PlannedTokenUpdate {
  readonly uuid: string;
  readonly id: string;
  readonly parentUuid: string;
  readonly changes: { readonly x: number; readonly y: number };
}

/** A token of a world Scene (`parentUuid`) to delete. */
export interface PlannedTokenDeletion {
  readonly uuid: string;
  readonly id: string;
  readonly parentUuid: string;
}

/** A token to create in a world Scene (`parentUuid`): its whole source, `_id` included; created with `keepId`. */
export interface PlannedTokenCreation {
  readonly parentUuid: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** A Combat of the world (the mission tracker): changes to its `system`, as dotted paths. */
export interface PlannedCombatUpdate {
  readonly uuid: string;
  readonly id: string;
  readonly changes: Readonly<Record<string, unknown>>;
}

/** `CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER`: the briefing journal's default ownership (players read it). */
export const JOURNAL_OBSERVER = 2;

/** A world JournalEntry to create (its whole source, `_id` included; created with `keepId`) or delete (by id). */
export interface PlannedJournalCreation {
  readonly data: Readonly<Record<string, unknown>>;
}
export interface PlannedJournalDeletion {
  readonly uuid: string;
  readonly id: string;
}

/**
 * A set of writes: what `applyPlan` performs. The scene and token rows are optional so that a
 * record written before the map was kept (and a plan that touches no map) still reads as a plan.
 */
export interface WritePlan {
  readonly actorUpdates: readonly PlannedUpdate[];
  readonly itemUpdates: readonly PlannedUpdate[];
  readonly itemDeletions: readonly PlannedDeletion[];
  readonly itemCreations: readonly PlannedCreation[];
  readonly sceneUpdates?: readonly PlannedSceneUpdate[];
  readonly tokenUpdates?: readonly PlannedTokenUpdate[];
  readonly tokenDeletions?: readonly PlannedTokenDeletion[];
  readonly tokenCreations?: readonly PlannedTokenCreation[];
  /** The mission tracker's data and its briefing journal (src/rules/missions/track.ts). */
  readonly combatUpdates?: readonly PlannedCombatUpdate[];
  readonly journalCreations?: readonly PlannedJournalCreation[];
  readonly journalDeletions?: readonly PlannedJournalDeletion[];
}

export type { BoardSnapshot, TokenSnapshot } from "../view/board";

/** The update option that marks a token move as the write path's own (kept in src/base/constants.ts, where the light hooks read it). */
export { AUTHORITY_MOVE } from "../base/constants";

/**
 * The optional rows of a plan (the map's, the mission tracker's and its journal's), each only when it
 * has any (so a plan without them keeps its old shape).
 */
export function mapRows(
  plan: WritePlan,
): Pick<
  WritePlan,
  "sceneUpdates" | "tokenUpdates" | "tokenDeletions" | "tokenCreations" | "combatUpdates" | "journalCreations" | "journalDeletions"
> {
  return {
    ...((plan.combatUpdates ?? []).length > 0 ? { combatUpdates: plan.combatUpdates } : {}),
    ...((plan.journalCreations ?? []).length > 0 ? { journalCreations: plan.journalCreations } : {}),
    ...((plan.journalDeletions ?? []).length > 0 ? { journalDeletions: plan.journalDeletions } : {}),
    ...((plan.sceneUpdates ?? []).length > 0 ? { sceneUpdates: plan.sceneUpdates } : {}),
    ...((plan.tokenUpdates ?? []).length > 0 ? { tokenUpdates: plan.tokenUpdates } : {}),
    ...((plan.tokenDeletions ?? []).length > 0 ? { tokenDeletions: plan.tokenDeletions } : {}),
    ...((plan.tokenCreations ?? []).length > 0 ? { tokenCreations: plan.tokenCreations } : {}),
  };
}

/** The path of a map state key under a scene's flags. */
export function mapStatePath(part: MapStatePart, key: string): string {
  return `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}.${part}.${key}`;
}

/** The path that removes a map state key. */
function mapStateRemoval(part: MapStatePart, key: string): string {
  return `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}.${part}.-=${key}`;
}

/** A scene change path that sets or removes one map state key, as `{ part, key, removed }`; undefined for any other path. */
export function mapStateKeyOf(path: string): { part: MapStatePart; key: string; removed: boolean } | undefined {
  const prefix = `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}.`;
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length).split(".");
  if (rest.length !== 2) return undefined;
  const part = rest[0] as MapStatePart;
  if (!MAP_STATE_PARTS.includes(part)) return undefined;
  const removed = rest[1]!.startsWith("-=");
  return { part, key: removed ? rest[1]!.slice(2) : rest[1]!, removed };
}

/** Something the user must do by hand, or know: a lang key, its format data (`count` chooses a plural form), and the effect. */
export interface EffectNote {
  readonly key: string;
  readonly data: Readonly<Record<string, PhraseArg>>;
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
  /**
   * Why the plan must not be written (no scene viewed for a map effect, a map state flag that cannot
   * be read, a hex that is not a map label): when any, nothing of it is written.
   */
  readonly refusals: readonly Phrase[];
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

/** A map state key being changed: its part and key, and its new value (undefined: removed). */
interface StateChange {
  readonly part: MapStatePart;
  readonly key: string;
  value: unknown;
}

class Planner {
  private readonly actors = new Map<string, Working>();
  private readonly items = new Map<string, Working>();
  private readonly deletions = new Map<string, DocumentSnapshot>();
  private readonly tokenDeletions = new Map<string, { token: TokenSnapshot; sceneUuid: string }>();
  /** Token UUID → the token and its new position (a later move of the same token replaces an earlier one). */
  private readonly tokenMoves = new Map<string, { token: TokenSnapshot; sceneUuid: string; x: number; y: number }>();
  private readonly state = new Map<string, StateChange>();
  private readonly combats = new Map<string, Working>();
  private readonly journals: Readonly<Record<string, unknown>>[] = [];
  /** The scene's map state flag as stored, once it was found readable (null: absent). */
  private flag: Readonly<Record<string, unknown>> | null | undefined;
  readonly notes: EffectNote[] = [];
  readonly refusals: Phrase[] = [];
  private readonly refused = new Set<string>();

  constructor(
    private readonly lookup: SnapshotLookup,
    private readonly board: BoardSnapshot | null | undefined,
  ) {}

  refuse(text: Phrase): void {
    const id = JSON.stringify(text);
    if (this.refused.has(id)) return;
    this.refused.add(id);
    this.refusals.push(text);
  }

  /**
   * The scene whose map state a map effect writes, or undefined: no board given (a card being
   * rendered only wants its notes) writes nothing; no scene viewed, or a flag that cannot be read,
   * is a refusal.
   */
  scene(): NonNullable<BoardSnapshot["scene"]> | undefined {
    if (this.board === undefined) return undefined;
    const scene = this.board?.scene ?? null;
    if (scene === null) {
      this.refuse(phrase("NOBC.MapWrite.Refused.noScene"));
      return undefined;
    }
    if (this.flag === undefined) {
      const read = readMapState(scene.mapState);
      if (read.problems.length > 0) {
        this.refuse(phrase("NOBC.MapWrite.Refused.unreadable", { scene: scene.name }));
        return undefined;
      }
      this.flag = scene.mapState === undefined || scene.mapState === null ? null : (scene.mapState as Record<string, unknown>);
    }
    return scene;
  }

  /** Sets (or with undefined removes) one key of the scene's map state. */
  setState(part: MapStatePart, key: string, value: unknown): void {
    const id = `${part}.${key}`;
    const known = this.state.get(id);
    if (known !== undefined) known.value = value;
    else this.state.set(id, { part, key, value });
  }

  private priorState(part: MapStatePart, key: string): unknown {
    const record = this.flag?.[part];
    if (typeof record !== "object" || record === null || !Object.hasOwn(record, key)) return undefined;
    return (record as Record<string, unknown>)[key];
  }

  /** The units standing in a hex on the board (none without a board). */
  unitsIn(hex: HexRef): readonly string[] {
    return this.board?.unitsIn.get(hex) ?? [];
  }

  /** Deletes every token of `actor` on the board's scene. */
  deleteTokensOf(actor: string): void {
    const scene = this.board?.scene;
    if (scene === null || scene === undefined) return;
    for (const token of this.board!.tokensOf.get(actor) ?? []) this.tokenDeletions.set(token.uuid, { token, sceneUuid: scene.uuid });
  }

  /**
   * Moves every token of `actor` on the board's scene to `hex` (refused without a scene, or when
   * the scene's grid cannot place it). A token also deleted by this plan is only deleted.
   */
  moveTokensOf(actor: string, name: string, hex: HexRef, from?: HexRef): void {
    const scene = this.scene();
    if (scene === undefined) return;
    const tokens = this.board!.tokensOf.get(actor) ?? [];
    // A move decided on a board where the unit stands: on a scene without its token it would write MP and hits but move nothing.
    if (tokens.length === 0) return this.refuse(phrase("NOBC.MapWrite.Refused.noToken", { name, scene: scene.name }));
    for (const token of tokens) {
      const at = this.board!.topLeftAt?.(hex, token);
      if (at === undefined) return this.refuse(phrase("NOBC.MapWrite.Refused.cannotPlace", { hex }));
      if (from !== undefined) {
        // Moved since the move was decided (another card, a second request, a hand move): not moved again from there.
        const was = this.board!.topLeftAt?.(from, token);
        if (was === undefined || was.x !== token.source["x"] || was.y !== token.source["y"])
          return this.refuse(phrase("NOBC.MapWrite.Refused.movedSince", { name, hex: from }));
      }
      this.tokenMoves.set(token.uuid, { token, sceneUuid: scene.uuid, x: at.x, y: at.y });
    }
  }

  note(key: string, effect: Effect, data: Record<string, PhraseArg> = {}): void {
    this.notes.push({ key, data, effect });
  }

  /** A change no document holds (a toolkit's team, a mark on the table): the card says it in words, to be made by hand. */
  byHand(effect: Effect): void {
    this.note("NOBC.EffectNote.toolkit", effect, { change: describeEffect(effect, (ref) => this.lookup(ref)?.name ?? ref) });
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

  /** The world Combat of `type` an effect names (the mission tracker); otherwise a note says why. */
  combat(uuid: string, type: string, effect: Effect): Working | undefined {
    const known = this.combats.get(uuid);
    if (known !== undefined) return known;
    const snap = this.lookup(uuid);
    if (snap?.documentName !== "Combat") {
      this.note("NOBC.EffectNote.notFound", effect, { uuid });
      return undefined;
    }
    if (snap.type !== type) {
      this.wrongType(snap, effect);
      return;
    }
    const working: Working = { snap, next: new Map(), prior: new Map() };
    this.combats.set(uuid, working);
    return working;
  }

  /** A world JournalEntry to create (Undo deletes it). */
  createJournal(data: Readonly<Record<string, unknown>>): void {
    this.journals.push(data);
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

  /**
   * The scene's changed map state keys as one update and its inverse. A key the scene did not hold
   * is removed again by the inverse; one it held is put back. A scene with no map state yet gets
   * the flag's format and empty parts with the first write (they stay after Undo: an empty state).
   */
  private sceneRows(): { updates: PlannedSceneUpdate[]; inverse: PlannedSceneUpdate[] } {
    const scene = this.board?.scene;
    if (scene === null || scene === undefined || this.state.size === 0) return { updates: [], inverse: [] };
    const changes: Record<string, unknown> = {};
    const undo: Record<string, unknown> = {};
    for (const { part, key, value } of this.state.values()) {
      const before = this.priorState(part, key);
      if (sameValue(before, value)) continue;
      if (value === undefined) changes[mapStateRemoval(part, key)] = null;
      else changes[mapStatePath(part, key)] = structuredClone(value);
      if (before === undefined) undo[mapStateRemoval(part, key)] = null;
      else undo[mapStatePath(part, key)] = structuredClone(before);
    }
    if (Object.keys(changes).length === 0) return { updates: [], inverse: [] };
    if (this.flag === null) {
      const root = `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}`;
      changes[`${root}.format`] = MAP_STATE_FORMAT;
      for (const part of MAP_STATE_PARTS)
        if (!Object.keys(changes).some((p) => p.startsWith(`${root}.${part}.`))) changes[`${root}.${part}`] = {};
    }
    return { updates: [{ uuid: scene.uuid, id: scene.id, changes }], inverse: [{ uuid: scene.uuid, id: scene.id, changes: undo }] };
  }

  finish(): EffectPlan {
    const actors = updatesOf(this.actors.values());
    const combats = updatesOf(this.combats.values());
    const journalIds = this.journals.map((d) => String(d["_id"]));
    // A card both changed and discarded is only deleted; undo re-creates it as it was.
    const items = updatesOf([...this.items.values()].filter((w) => !this.deletions.has(w.snap.uuid)));
    const deleted = [...this.deletions.values()];
    const scenes = this.sceneRows();
    const tokens = [...this.tokenDeletions.values()];
    const moves = [...this.tokenMoves.values()].filter(
      (m) => !this.tokenDeletions.has(m.token.uuid) && (m.token.source["x"] !== m.x || m.token.source["y"] !== m.y),
    );
    const position = (source: Readonly<Record<string, unknown>>) => ({ x: Number(source["x"]), y: Number(source["y"]) });
    return {
      actorUpdates: actors.updates,
      itemUpdates: items.updates,
      itemDeletions: deleted.map((s) => ({ uuid: s.uuid, id: s.id, parentUuid: s.parentUuid ?? null })),
      itemCreations: [],
      ...mapRows({
        ...EMPTY_PLAN,
        sceneUpdates: scenes.updates,
        tokenUpdates: moves.map((m) => ({ uuid: m.token.uuid, id: m.token.id, parentUuid: m.sceneUuid, changes: { x: m.x, y: m.y } })),
        tokenDeletions: tokens.map(({ token, sceneUuid }) => ({ uuid: token.uuid, id: token.id, parentUuid: sceneUuid })),
        combatUpdates: combats.updates.map(({ uuid, id, changes }) => ({ uuid, id, changes })),
        journalCreations: this.journals.map((data) => ({ data: structuredClone(data) })),
      }),
      inverse: {
        actorUpdates: actors.inverse,
        itemUpdates: items.inverse,
        itemDeletions: [],
        itemCreations: deleted.map((s) => ({
          parentUuid: s.parentUuid ?? null,
          data: structuredClone({ ...(s.source ?? { name: s.name, type: s.type, system: s.system }), _id: s.id }),
        })),
        ...mapRows({
          ...EMPTY_PLAN,
          sceneUpdates: scenes.inverse,
          tokenUpdates: moves.map((m) => ({
            uuid: m.token.uuid,
            id: m.token.id,
            parentUuid: m.sceneUuid,
            changes: position(m.token.source),
          })),
          tokenCreations: tokens.map(({ token, sceneUuid }) => ({
            parentUuid: sceneUuid,
            data: structuredClone({ ...token.source, _id: token.id }),
          })),
          combatUpdates: combats.inverse.map(({ uuid, id, changes }) => ({ uuid, id, changes })),
          journalDeletions: journalIds.map((id) => ({ uuid: `JournalEntry.${id}`, id })),
        }),
      },
      notes: this.notes,
      refusals: this.refusals,
    };
  }
}

/** An effect carried out by hand: the lang key of the note that says what to do. */
interface MapNote {
  readonly note: string;
}

/**
 * How each kind of effect reaches the table: written (to documents, or to the viewed scene's map
 * state and tokens), announced as something to do by hand (with the lang key of its note: a
 * retreat, the cards an HQ gives up), or reported as a toolkit change no document holds yet. A
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
  moved: "write",
  minefield: "write",
  engineersLeft: "write",
  bridgeDestroyed: "write",
  autobahnCut: "write",
  contaminated: "write",
  supplyCountersEliminated: "write",
  hqCardsLost: { note: "NOBC.EffectNote.hqCardsLost" },
  targetHits: { note: "NOBC.EffectNote.targetHits" },
  airDamage: "toolkit",
  airUnitLost: "toolkit",
  ambushRevealed: "toolkit",
  missionTrack: "write",
  missionJournal: "write",
  ammo: "write",
  delayCounters: "toolkit",
  disorganised: "write",
  harassed: "write",
  inSupply: "write",
  missionLight: "toolkit",
  missionSelected: "toolkit",
  pins: "write",
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
  standsLost: "write",
  supplyUnits: "write",
  surrendered: "write",
  teamBailedOut: "toolkit",
  teamDestroyed: "toolkit",
  unitPinned: "toolkit",
  victoryPoints: "toolkit",
  withdrawn: "write",
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
  if (route === "toolkit") return p.byHand(effect);
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
      // Its tokens leave the viewed scene (Undo puts them back as they were).
      return p.deleteTokensOf(w.snap.uuid);
    }
    case "moved": {
      const w = p.actor(effect.actor, ["unit", "hq"], effect);
      const to = effect.path[effect.path.length - 1];
      if (w === undefined || to === undefined) return;
      const hex = mapHex(p, to);
      return hex === undefined ? undefined : p.moveTokensOf(w.snap.uuid, w.snap.name, hex, effect.from);
    }
    case "minefield": {
      const hex = mapHex(p, effect.hex);
      if (hex === undefined || p.scene() === undefined) return;
      if (!effect.present) return p.setState("mines", hex, undefined);
      if (effect.side === undefined) return p.refuse(phrase("NOBC.MapWrite.Refused.minefieldSide", { hex }));
      return p.setState("mines", hex, { side: effect.side satisfies Side });
    }
    case "engineersLeft": {
      const key = mapHexside(p, effect.hexside);
      if (key === undefined || p.scene() === undefined) return;
      return p.setState("engineersLeft", key, effect.count > 0 ? effect.count : undefined);
    }
    case "bridgeDestroyed": {
      const key = mapHexside(p, effect.hexside);
      if (key === undefined || p.scene() === undefined) return;
      return p.setState("destroyedBridges", key, true);
    }
    case "autobahnCut": {
      const hex = mapHex(p, effect.hex);
      if (hex === undefined || p.scene() === undefined) return;
      return p.setState("cutAutobahn", hex, true);
    }
    case "contaminated": {
      const hex = mapHex(p, effect.hex);
      if (hex === undefined || p.scene() === undefined) return;
      return p.setState("contaminated", hex, true);
    }
    case "supplyCountersEliminated": {
      // NOBC's supply counters are the supply points units carry: every unit standing there loses them.
      if (p.scene() === undefined) return;
      for (const hex of effect.hexes) {
        for (const unit of p.unitsIn(hex)) {
          const w = p.actor(unit, ["unit"], effect);
          if (w !== undefined) p.set(w, "supply", 0);
        }
      }
      return;
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
    case "missionTrack": {
      const w = p.combat(effect.combat, MISSION_COMBAT_TYPE, effect);
      if (w === undefined) return;
      const { attackerForce, defenderForce, ...top } = effect.set;
      for (const [key, value] of Object.entries(top)) p.set(w, key, value);
      for (const [force, patch] of [
        ["attackerForce", attackerForce],
        ["defenderForce", defenderForce],
      ] as const)
        for (const [key, value] of Object.entries(patch ?? {})) p.set(w, `${force}.${key}`, value);
      return;
    }
    case "missionJournal": {
      const w = p.combat(effect.combat, MISSION_COMBAT_TYPE, effect);
      if (w === undefined) return;
      p.createJournal({
        _id: effect.id,
        name: effect.name,
        // Every user may read the briefing (the panel offers it to all); only a GM may change it.
        ownership: { default: JOURNAL_OBSERVER },
        pages: effect.pages.map((page, i) => ({
          name: page.name,
          type: "text",
          sort: (i + 1) * 100,
          text: { content: page.text, format: 1 },
        })),
      });
      return p.set(w, "journal", `JournalEntry.${effect.id}`);
    }
    case "airDefence": {
      const w = p.actor(effect.chart, ["airbase"], effect);
      if (w === undefined) return;
      return p.set(w, "airDefence.value", clamp(p.num(w, "airDefence.value") + effect.delta, 0, p.num(w, "airDefence.max")));
    }
    case "pins":
    case "standsLost":
    case "disorganised":
    case "harassed":
    case "ammo":
    case "surrendered":
    case "withdrawn":
    case "supplyUnits":
    case "inSupply": {
      const w = p.actor(effect.actor, ["nqmUnit"], effect);
      return w === undefined ? undefined : planNqm(p, w, effect);
    }
    default:
      // Routed "write" with no case above: say so rather than drop it.
      return p.byHand(effect);
  }
}

/** Ammunition in whole dice or thirds of one (harassing fire): a sum of thirds is kept on the nearest third. */
function ammoValue(n: number): number {
  const thirds = Math.round(n * 3);
  return Math.abs(n * 3 - thirds) < 1e-6 ? thirds / 3 : n;
}

/**
 * An NQM effect on an `nqmUnit` (seed 004, 2015 edition). Pins stay within the bases left (black
 * first, then red); a lost base takes a red pin with it before a black one, as the rules' spread does.
 */
function planNqm(p: Planner, w: Working, effect: NqmEffect): void {
  switch (effect.type) {
    case "pins": {
      const pins = pinsWithin(p.num(w, "strength.value"), p.num(w, "pins.red") + effect.red, p.num(w, "pins.black") + effect.black);
      p.set(w, "pins.black", pins.black);
      return p.set(w, "pins.red", pins.red);
    }
    case "standsLost": {
      const bases = Math.max(0, p.num(w, "strength.value") - effect.count);
      p.set(w, "strength.value", bases);
      let red = p.num(w, "pins.red");
      let black = p.num(w, "pins.black");
      const over = Math.max(0, red + black - bases);
      red -= Math.min(red, over);
      black = Math.min(black, bases - red);
      p.set(w, "pins.red", red);
      return p.set(w, "pins.black", black);
    }
    case "disorganised":
      p.set(w, "disorganised", effect.value);
      return p.set(w, "disorganisedHours", effect.value ? (effect.hours ?? 0) : 0);
    case "harassed":
      return p.set(w, "harassedHours", Math.max(p.num(w, "harassedHours"), effect.hours));
    case "ammo":
      return p.set(w, "ammo", ammoValue(Math.max(0, p.num(w, "ammo") + effect.delta)));
    case "surrendered":
      return p.set(w, "surrendered", true);
    case "withdrawn":
      return p.set(w, "withdrawn", true);
    case "supplyUnits":
      return p.set(w, `supplyUnits.${effect.kind}`, Math.max(0, p.num(w, `supplyUnits.${effect.kind}`) + effect.delta));
    case "inSupply":
      return p.set(w, "inSupply", effect.value);
  }
}

/** A hex an effect names as a map state key, or undefined (refused) when it is not a map label. */
function mapHex(p: Planner, hex: string): HexRef | undefined {
  if (HEX_LABEL.test(hex)) return hex;
  p.refuse(phrase("NOBC.MapWrite.Refused.badHex", { hex }));
  return undefined;
}

/** A hexside an effect names as its map state key ("a|b", labels sorted), or undefined (refused). */
function mapHexside(p: Planner, hexside: string): string | undefined {
  const [a, b, ...rest] = hexside.split("|");
  if (a === undefined || b === undefined || rest.length > 0 || !HEX_LABEL.test(a) || !HEX_LABEL.test(b) || a === b) {
    p.refuse(phrase("NOBC.MapWrite.Refused.badHexside", { hexside }));
    return undefined;
  }
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * Plans the writes for a list of effects, in order, over the documents `lookup` returns and the
 * scene `board` holds. Strength, level, supply and air defence stay within 0..their maximum; the
 * inverse holds the exact prior values. Without a `board` (a card rendered for its notes) map
 * effects plan nothing; with a board of no scene they are refused. Pure: reads snapshots only.
 */
export function planEffects(effects: readonly Effect[], lookup: SnapshotLookup, board?: BoardSnapshot | null): EffectPlan {
  const planner = new Planner(lookup, board);
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

/** A map document the write path writes: a world Scene, or a Token embedded in one. */
export type BoardDocument = Scene.Implementation | TokenDocument.Implementation;

/**
 * The Scene or Token a UUID names, as strictly as {@link resolveWorldDocument} takes an Actor or
 * Item: the world Scene whose own `uuid` is this one, or a Token of such a scene; never a
 * compendium's (an Adventure's scene), never an alias.
 */
export function resolveBoardDocument(
  uuid: string,
): { readonly ok: true; readonly doc: BoardDocument } | { readonly ok: false; readonly why: "none" | "foreign" } {
  if (typeof uuid !== "string" || uuid === "") return { ok: false, why: "none" };
  let found: unknown;
  try {
    found = foundry.utils.fromUuidSync(uuid as `Scene.${string}`);
  } catch {
    return { ok: false, why: "foreign" };
  }
  if (uuid.startsWith("Compendium.")) return { ok: false, why: "foreign" };
  if (found === null || found === undefined) return { ok: false, why: "none" };
  if (!isDocument(found) || found.uuid !== uuid) return { ok: false, why: "foreign" };
  if (lineage(found).some((d) => typeof (d as { pack?: unknown }).pack === "string")) return { ok: false, why: "foreign" };
  if (found instanceof Scene) return { ok: true, doc: found };
  if (found instanceof TokenDocument && found.parent instanceof Scene) return { ok: true, doc: found };
  return { ok: false, why: "none" };
}

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

/** A snapshot of a world Scene (its flags as `source`) or of a Token of one (its whole source). */
function boardSnapshotOf(uuid: string): DocumentSnapshot | undefined {
  const resolved = resolveBoardDocument(uuid);
  if (!resolved.ok) return undefined;
  const doc = resolved.doc;
  if (doc instanceof Scene) {
    return {
      uuid,
      id: doc.id ?? "",
      documentName: "Scene",
      type: "base",
      name: doc.name,
      system: {},
      source: { flags: structuredClone(doc.flags) },
    };
  }
  const source = doc.toObject() as unknown as Record<string, unknown>;
  return {
    uuid,
    id: doc.id ?? "",
    documentName: "Token",
    type: "base",
    name: doc.name,
    system: {},
    parentUuid: doc.parent?.uuid ?? null,
    source,
  };
}

/** A world Combat or JournalEntry whose own UUID is `uuid` (never a compendium's), or undefined. */
function missionDocument(uuid: string): (Combat.Implementation | JournalEntry.Implementation) | undefined {
  if (typeof uuid !== "string" || uuid.startsWith("Compendium.")) return undefined;
  let found: unknown;
  try {
    found = foundry.utils.fromUuidSync(uuid as `Combat.${string}`);
  } catch {
    return undefined;
  }
  if (!isDocument(found) || found.uuid !== uuid) return undefined;
  if (lineage(found).some((d) => typeof (d as { pack?: unknown }).pack === "string")) return undefined;
  return found instanceof Combat || found instanceof JournalEntry ? found : undefined;
}

/**
 * The mission tracker's name, from its system data: a v13 Combat has no `name` field (a name given on
 * create is dropped), so a refusal names the tracker by its mission ("Team Yankee mission: Breakthrough").
 */
export function missionTrackerName(system: Readonly<Record<string, unknown>>): string {
  const id = system["mission"];
  const key =
    typeof id === "string" && Object.hasOwn(MISSION_NAME_KEYS, id) ? MISSION_NAME_KEYS[id as keyof typeof MISSION_NAME_KEYS] : null;
  return key === null ? localize("NOBC.Mission.TrackerName") : format("NOBC.Mission.TrackerNamed", { mission: localize(key) });
}

/** A journal page as the drift check compares it: its name and its text. */
function journalPageText(page: unknown): { name: unknown; text: unknown } {
  const p = (typeof page === "object" && page !== null ? page : {}) as { name?: unknown; text?: { content?: unknown } | null };
  return { name: p.name, text: p.text?.content };
}

/** A journal's pages in their order (by `sort`), as the drift check compares them. */
function journalPagesOf(pages: unknown): { name: unknown; text: unknown }[] {
  const sortOf = (page: unknown) => {
    const sort = typeof page === "object" && page !== null ? (page as { sort?: unknown }).sort : undefined;
    return typeof sort === "number" ? sort : 0;
  };
  const list: unknown[] = Array.isArray(pages) ? [...(pages as unknown[])] : [];
  list.sort((a, b) => sortOf(a) - sortOf(b));
  return list.map(journalPageText);
}

/**
 * A snapshot of the mission tracker (its system; its name from it) or of a journal entry (its name,
 * and as `source` its name and pages, so Undo of a created briefing sees a hand edit).
 */
function missionSnapshotOf(uuid: string): DocumentSnapshot | undefined {
  const doc = missionDocument(uuid);
  if (doc === undefined) return undefined;
  if (doc instanceof Combat) {
    const system = (doc.toObject() as { system?: Record<string, unknown> }).system ?? {};
    return { uuid, id: doc.id ?? "", documentName: "Combat", type: doc.type, name: missionTrackerName(system), system };
  }
  const source = doc.toObject() as { name?: unknown; pages?: unknown };
  return {
    uuid,
    id: doc.id ?? "",
    documentName: "JournalEntry",
    type: "base",
    name: doc.name,
    system: {},
    source: { name: source.name, pages: journalPagesOf(source.pages) },
  };
}

/** A snapshot of a live world document, or undefined for a missing one, a token's actor, or a foreign UUID. */
export function snapshotOf(uuid: string): DocumentSnapshot | undefined {
  if (uuid.startsWith("Scene.")) return boardSnapshotOf(uuid);
  if (uuid.startsWith("Combat.") || uuid.startsWith("JournalEntry.")) return missionSnapshotOf(uuid);
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
  // A scene row names a world Scene; a token row a Token of the world Scene it names (or, to be created, that Scene).
  const board = (uuid: string, cls: "Scene" | "Token", id: string, parentUuid: string | null): void => {
    const resolved = resolveBoardDocument(uuid);
    if (!resolved.ok) return void problems.push(targetProblem(uuid, resolved.why));
    const doc = resolved.doc;
    const ok = cls === "Scene" ? doc instanceof Scene : doc instanceof TokenDocument && doc.parent?.uuid === parentUuid;
    if (!ok || doc.id !== id) problems.push(notWorldPhrase(uuid));
  };
  for (const row of plan.sceneUpdates ?? []) board(row.uuid, "Scene", row.id, null);
  for (const row of [...(plan.tokenUpdates ?? []), ...(plan.tokenDeletions ?? [])]) board(row.uuid, "Token", row.id, row.parentUuid);
  for (const row of plan.combatUpdates ?? []) {
    const doc = missionDocument(row.uuid);
    if (!(doc instanceof Combat) || doc.id !== row.id) problems.push(notWorldPhrase(row.uuid));
  }
  for (const row of plan.journalDeletions ?? []) {
    const doc = missionDocument(row.uuid);
    if (!(doc instanceof JournalEntry) || doc.id !== row.id) problems.push(notWorldPhrase(row.uuid));
  }
  for (const row of plan.tokenCreations ?? []) {
    const resolved = resolveBoardDocument(row.parentUuid);
    if (!resolved.ok) problems.push(targetProblem(row.parentUuid, resolved.why));
    else if (!(resolved.doc instanceof Scene)) problems.push(notWorldPhrase(row.parentUuid));
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

/** The world Scene a token row names as its parent (checked by `targetProblems` before any call is made). */
function sceneAt(uuid: string): Scene.Implementation | undefined {
  const resolved = resolveBoardDocument(uuid);
  return resolved.ok && resolved.doc instanceof Scene ? resolved.doc : undefined;
}

function byScene<T extends { parentUuid: string }>(rows: readonly T[]): { scene: Scene.Implementation; rows: T[] }[] {
  const out: { scene: Scene.Implementation; rows: T[] }[] = [];
  for (const [parentUuid, group] of byParent(rows)) {
    const scene = sceneAt(parentUuid ?? "");
    if (scene !== undefined) out.push({ scene, rows: group });
  }
  return out;
}

/**
 * The calls of a plan: one `Actor.updateDocuments` for every actor, and for items one call per
 * kind of write and per holding actor (a Foundry v13 database operation has one parent; see
 * docs/decisions/status-icons.md). A document none of whose values change gets no row. One
 * `Scene.updateDocuments` for the scenes' flags, and for tokens one call per scene and kind.
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
  const sceneRows = plan.sceneUpdates ?? [];
  if (sceneRows.length > 0) {
    calls.push({
      part: { ...EMPTY_PLAN, sceneUpdates: sceneRows },
      write: () => Scene.updateDocuments(sceneRows.map((u) => ({ _id: u.id, ...u.changes }))),
    });
  }
  for (const { scene, rows } of byScene(plan.tokenUpdates ?? [])) {
    calls.push({
      part: { ...EMPTY_PLAN, tokenUpdates: rows },
      // The write path's own move: the movement watch (src/apps/land/move/hooks.ts) knows it by this option.
      write: () =>
        TokenDocument.updateDocuments(
          rows.map((r) => ({ _id: r.id, ...r.changes })),
          { parent: scene, [AUTHORITY_MOVE]: true } as never,
        ),
    });
  }
  for (const { scene, rows } of byScene(plan.tokenDeletions ?? [])) {
    calls.push({
      part: { ...EMPTY_PLAN, tokenDeletions: rows },
      write: () =>
        TokenDocument.deleteDocuments(
          rows.map((r) => r.id),
          { parent: scene },
        ),
    });
  }
  for (const { scene, rows } of byScene(plan.tokenCreations ?? [])) {
    const data = rows.map((r) => r.data) as TokenDocument.CreateData[];
    calls.push({
      part: { ...EMPTY_PLAN, tokenCreations: rows },
      write: () => TokenDocument.createDocuments(data, { parent: scene, keepId: true }),
    });
  }
  const combatRows = plan.combatUpdates ?? [];
  if (combatRows.length > 0) {
    calls.push({
      part: { ...EMPTY_PLAN, combatUpdates: combatRows },
      write: () => Combat.updateDocuments(combatRows.map((u) => ({ _id: u.id, ...u.changes }))),
    });
  }
  const created = plan.journalCreations ?? [];
  if (created.length > 0) {
    calls.push({
      part: { ...EMPTY_PLAN, journalCreations: created },
      write: () => JournalEntry.createDocuments(created.map((r) => r.data) as never, { keepId: true }),
    });
  }
  const deleted = plan.journalDeletions ?? [];
  if (deleted.length > 0) {
    calls.push({
      part: { ...EMPTY_PLAN, journalDeletions: deleted },
      write: () => JournalEntry.deleteDocuments(deleted.map((r) => r.id)),
    });
  }
  return calls;
}

const createdId = (c: { readonly data: Readonly<Record<string, unknown>> }): string => {
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
  const scenes = new Set((done.sceneUpdates ?? []).map((u) => u.uuid));
  const tokensMoved = new Set((done.tokenUpdates ?? []).map((u) => u.uuid));
  const tokensDeleted = new Set((done.tokenDeletions ?? []).map((d) => d.id));
  const tokensCreated = new Set((done.tokenCreations ?? []).map(createdId));
  const combats = new Set((done.combatUpdates ?? []).map((u) => u.uuid));
  const journalsCreated = new Set((done.journalCreations ?? []).map(createdId));
  const journalsDeleted = new Set((done.journalDeletions ?? []).map((d) => d.id));
  return {
    actorUpdates: rollback.actorUpdates.filter((u) => updated.has(u.uuid)),
    itemUpdates: rollback.itemUpdates.filter((u) => updated.has(u.uuid)),
    itemDeletions: rollback.itemDeletions.filter((d) => created.has(d.id)),
    itemCreations: rollback.itemCreations.filter((c) => deleted.has(createdId(c))),
    ...mapRows({
      ...EMPTY_PLAN,
      sceneUpdates: (rollback.sceneUpdates ?? []).filter((u) => scenes.has(u.uuid)),
      tokenUpdates: (rollback.tokenUpdates ?? []).filter((u) => tokensMoved.has(u.uuid)),
      tokenDeletions: (rollback.tokenDeletions ?? []).filter((d) => tokensCreated.has(d.id)),
      tokenCreations: (rollback.tokenCreations ?? []).filter((c) => tokensDeleted.has(createdId(c))),
      combatUpdates: (rollback.combatUpdates ?? []).filter((u) => combats.has(u.uuid)),
      journalCreations: (rollback.journalCreations ?? []).filter((c) => journalsDeleted.has(createdId(c))),
      journalDeletions: (rollback.journalDeletions ?? []).filter((d) => journalsCreated.has(d.id)),
    }),
  };
}

function merged(parts: readonly WritePlan[]): WritePlan {
  return {
    actorUpdates: parts.flatMap((p) => p.actorUpdates),
    itemUpdates: parts.flatMap((p) => p.itemUpdates),
    itemDeletions: parts.flatMap((p) => p.itemDeletions),
    itemCreations: parts.flatMap((p) => p.itemCreations),
    sceneUpdates: parts.flatMap((p) => p.sceneUpdates ?? []),
    tokenUpdates: parts.flatMap((p) => p.tokenUpdates ?? []),
    tokenDeletions: parts.flatMap((p) => p.tokenDeletions ?? []),
    tokenCreations: parts.flatMap((p) => p.tokenCreations ?? []),
    combatUpdates: parts.flatMap((p) => p.combatUpdates ?? []),
    journalCreations: parts.flatMap((p) => p.journalCreations ?? []),
    journalDeletions: parts.flatMap((p) => p.journalDeletions ?? []),
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
  for (const update of [...plan.actorUpdates, ...plan.itemUpdates, ...(plan.combatUpdates ?? [])]) {
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
  // Each map state key must hold what was written (set to that value, or absent when removed).
  for (const update of plan.sceneUpdates ?? []) {
    const snap = lookup(update.uuid);
    for (const [path, value] of Object.entries(update.changes)) {
      const at = mapStateKeyOf(path);
      if (at === undefined) continue;
      const record = snap === undefined ? undefined : readPath(snap.source ?? {}, mapStatePath(at.part, "").slice(0, -1));
      const held =
        typeof record === "object" && record !== null && Object.hasOwn(record, at.key)
          ? (record as Record<string, unknown>)[at.key]
          : undefined;
      if (at.removed ? held !== undefined : !sameValue(held, value)) drifted.add(`${snap?.name ?? update.uuid} ${at.key}`);
    }
  }
  // A token this plan moved stands somewhere else now (moved since), or is gone.
  for (const update of plan.tokenUpdates ?? []) {
    const snap = lookup(update.uuid);
    if (snap?.source?.["x"] !== update.changes.x || snap.source["y"] !== update.changes.y) drifted.add(snap?.name ?? update.uuid);
  }
  // A token this plan deleted exists again (re-created by hand), or its scene is gone: Undo cannot put it back.
  for (const deletion of plan.tokenDeletions ?? []) {
    const snap = lookup(deletion.uuid);
    if (snap !== undefined) drifted.add(snap.name);
    else if (lookup(deletion.parentUuid) === undefined) drifted.add(deletion.parentUuid);
  }
  // A journal this plan created was deleted since, or changed since (renamed, a page edited, added or
  // removed): Undo would delete the hand edit with it. One it deleted exists again.
  for (const creation of plan.journalCreations ?? []) {
    const id = createdId(creation);
    const snap = lookup(`JournalEntry.${id}`);
    const written = { name: creation.data["name"], pages: journalPagesOf(creation.data["pages"]) };
    const held = snap?.source === undefined ? undefined : { name: snap.source["name"], pages: snap.source["pages"] };
    if (held === undefined || !sameValue(held, written))
      drifted.add(snap?.name ?? (typeof creation.data["name"] === "string" ? creation.data["name"] : id));
  }
  for (const deletion of plan.journalDeletions ?? []) {
    const snap = lookup(deletion.uuid);
    if (snap !== undefined) drifted.add(snap.name);
  }
  // A token this plan created was deleted since.
  for (const creation of plan.tokenCreations ?? []) {
    const id = createdId(creation);
    if (lookup(`${creation.parentUuid}.Token.${id}`) === undefined)
      drifted.add(typeof creation.data["name"] === "string" ? creation.data["name"] : id);
  }
  return [...drifted];
}

/** Shows each note to the user, in their language. */
export function announceNotes(notes: readonly EffectNote[]): void {
  for (const n of notes) notifyText("info", say(noteText(n)));
}

/**
 * Applies rules effects to the world and returns the plan (its `inverse` undoes it). Map effects
 * are written to `board`'s scene (the caller reads it once, src/world/board.ts); without one they
 * are refused. What is left to do by hand is announced as notes.
 */
export async function applyEffects(effects: readonly Effect[], board: BoardSnapshot | null = null): Promise<EffectPlan> {
  // A compendium UUID (or one leading elsewhere) is refused outright, not skipped as a missing document.
  const foreign = foreignDocuments(touchedDocuments(effects));
  if (foreign.length > 0)
    throw new PlanWriteError(
      foreign.map((uuid) => say(notWorldPhrase(uuid))),
      true,
    );
  const plan = planEffects(effects, snapshotOf, board);
  if (plan.refusals.length > 0) throw new PlanWriteError([...new Set(plan.refusals.map(say))], true);
  await applyPlan(plan, plan.inverse);
  announceNotes(plan.notes);
  return plan;
}
