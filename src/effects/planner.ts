/**
 * The planner: the working copy of every document one action changes. Family handlers
 * (src/effects/families/) read and set values through it; it keeps each path's prior value, so the
 * plan's inverse restores exactly what was there, and batches every change of a document into one
 * row. Pure: it reads snapshots (and the `BoardSnapshot` taken once per action) only.
 */
import type { Effect } from "../rules/effects";
import { phrase, type Phrase, type PhraseArg } from "../rules/resolution";
import { describeEffect } from "../view/breakdown";
import type { HexRef } from "../rules/ids";
import { HEX_LABEL } from "../map/hex-grid";
import { readMapState, type MapStatePart } from "../map/map-state";
import { readKnowledgeFlag } from "../schemas/knowledge";
import type { Knowledge, KnowledgeChange } from "../rules/nobc/knowledge/types";
import type { BoardSnapshot, TokenSnapshot } from "../view/board";
import {
  EMPTY_PLAN,
  mapRows,
  type DocumentSnapshot,
  type EffectNote,
  type EffectPlan,
  type PlannedSceneUpdate,
  type PlannedUpdate,
  type SnapshotLookup,
} from "./write-plan";

/** Turns the scene's changed map state keys into its update row and the row's inverse (src/effects/families/map-state.ts). */
export type SceneRowsOf = (
  scene: { readonly uuid: string; readonly id: string },
  flag: Readonly<Record<string, unknown>> | null,
  changes: Iterable<StateChange>,
) => { updates: PlannedSceneUpdate[]; inverse: PlannedSceneUpdate[] };

/** A document being changed: its snapshot, the working values by path, and each path's prior value. */
export interface Working {
  readonly snap: DocumentSnapshot;
  readonly next: Map<string, unknown>;
  readonly prior: Map<string, unknown>;
}

/** The value at a dotted path of a document's data (undefined where the path leads nowhere). */
export function readPath(system: Readonly<Record<string, unknown>>, path: string): unknown {
  let cur: unknown = system;
  for (const key of path.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Two stored values alike, as the database holds them (plain JSON data). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** `n` kept within min..max. */
export function clamp(n: number, min: number, max: number): number {
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

/**
 * Turns the scene's knowledge changes into paths of its update row and of the row's inverse
 * (src/effects/families/knowledge.ts), merged into the scene's one row.
 */
export type KnowledgeRowsOf = (
  flag: Readonly<Record<string, unknown>> | null,
  changes: Iterable<KnowledgeChange>,
) => { changes: Record<string, unknown>; removals: string[]; undo: Record<string, unknown>; undoRemovals: string[] };

/** A map state key being changed: its part and key, and its new value (undefined: removed). */
export interface StateChange {
  readonly part: MapStatePart;
  readonly key: string;
  value: unknown;
}

export class Planner {
  private readonly actors = new Map<string, Working>();
  private readonly items = new Map<string, Working>();
  private readonly deletions = new Map<string, DocumentSnapshot>();
  private readonly tokenDeletions = new Map<string, { token: TokenSnapshot; sceneUuid: string }>();
  /** Token UUID → the token and its new position (a later move of the same token replaces an earlier one). */
  private readonly tokenMoves = new Map<string, { token: TokenSnapshot; sceneUuid: string; x: number; y: number }>();
  private readonly state = new Map<string, StateChange>();
  private readonly combats = new Map<string, Working>();
  private readonly journals: Readonly<Record<string, unknown>>[] = [];
  /** Tokens to create (a timetable's arrivals), each with its scene; Undo deletes them. */
  private readonly tokenCreations: { data: Readonly<Record<string, unknown>>; sceneUuid: string }[] = [];
  /** Embedded items to create (cards dealt), each with its parent; Undo deletes them. */
  private readonly itemCreations: { data: Readonly<Record<string, unknown>>; parentUuid: string }[] = [];
  private readonly createdActors: Readonly<Record<string, unknown>>[] = [];
  private readonly createdFolders: Readonly<Record<string, unknown>>[] = [];
  /** The scene's map state flag as stored, once it was found readable (null: absent). */
  private flag: Readonly<Record<string, unknown>> | null | undefined;
  /** Side and piece → the knowledge change of this action (its first `before`, its last `after`). */
  private readonly learned = new Map<string, KnowledgeChange>();
  /** The scene's knowledge as stored, once it was found readable (`flag` null: absent). */
  private known: { readonly flag: Readonly<Record<string, unknown>> | null; readonly knowledge: Knowledge } | undefined;
  /** Actor UUID → the hex its tokens are moved to by this plan. */
  private readonly movedTo = new Map<string, HexRef>();
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

  /**
   * The knowledge stored on the board's scene, or undefined: no scene (nothing to write it on), or a
   * flag that cannot be read (a refusal naming the scene: nothing is written over it).
   */
  knowledge(): Knowledge | undefined {
    if (this.known !== undefined) return this.known.knowledge;
    const scene = this.scene();
    if (scene === undefined) return undefined;
    const read = readKnowledgeFlag(scene.knowledge);
    if (read.problems.length > 0) {
      this.refuse(phrase("NOBC.Knowledge.Refused.unreadable", { scene: scene.name, problem: read.problems[0]! }));
      return undefined;
    }
    const flag = scene.knowledge === undefined || scene.knowledge === null ? null : (scene.knowledge as Record<string, unknown>);
    this.known = { flag, knowledge: read.knowledge };
    return read.knowledge;
  }

  /** Records one knowledge change; several on one entry keep the first `before` and the last `after`. */
  learn(change: KnowledgeChange): void {
    const id = `${change.side}.${change.piece}`;
    const known = this.learned.get(id);
    this.learned.set(id, known === undefined ? change : { ...change, before: known.before });
  }

  /** The hex this plan moves `actor`'s tokens to, if it moves them. */
  destination(actor: string): HexRef | undefined {
    return this.movedTo.get(actor);
  }

  /** Whether this plan deletes `actor`'s tokens (it leaves the board). */
  removes(actor: string): boolean {
    const tokens = this.board?.tokensOf.get(actor) ?? [];
    return tokens.length > 0 && tokens.every((t) => this.tokenDeletions.has(t.uuid));
  }

  /** The value this plan gives an actor's `system` path, or undefined when it writes none. */
  planned(actor: string, path: string): unknown {
    const w = this.actors.get(actor);
    return w?.next.has(path) === true ? w.next.get(path) : undefined;
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
    this.movedTo.set(actor, hex);
  }

  /**
   * Creates a token of the world actor `actor` in `hex` on the board's scene, of id `tokenId`, from
   * its prototype token (linked unless the prototype says otherwise). Refused without a scene, when
   * the actor already stands on it, when a token of that id is there, or when the grid cannot place it.
   */
  createTokenOf(actor: DocumentSnapshot, hex: HexRef, tokenId: string): void {
    const scene = this.scene();
    if (scene === undefined) return;
    const board = this.board!;
    if ((board.tokensOf.get(actor.uuid) ?? []).length > 0 || this.tokenCreations.some((c) => c.data["actorId"] === actor.id))
      return this.refuse(phrase("NOBC.Timetable.Refused.onMap", { name: actor.name, scene: scene.name }));
    const ids = (this.tokenIds ??= new Set([...board.tokensOf.values()].flatMap((list) => list.map((t) => t.id))));
    if (ids.has(tokenId)) return this.refuse(phrase("NOBC.Timetable.Refused.tokenId", { name: actor.name, id: tokenId }));
    const proto = (actor.source?.["prototypeToken"] ?? {}) as Record<string, unknown>;
    // A prototype's own fields (a random image, a name's number or adjective) are no token's.
    const { randomImg: _r, appendNumber: _a, prependAdjective: _p, ...token } = structuredClone(proto);
    const width = Number(token["width"] ?? 1);
    const height = Number(token["height"] ?? 1);
    const at = board.topLeftAt?.(hex, { uuid: "", id: tokenId, source: { width, height } });
    if (at === undefined) return this.refuse(phrase("NOBC.MapWrite.Refused.cannotPlace", { hex }));
    ids.add(tokenId);
    this.tokenCreations.push({
      sceneUuid: scene.uuid,
      data: { name: actor.name, actorLink: true, ...token, width, height, _id: tokenId, actorId: actor.id, x: at.x, y: at.y },
    });
  }

  /** The ids of the board's tokens, read once for the arrivals' check. */
  private tokenIds: Set<string> | undefined;

  /** Creates an embedded item of `parentUuid` from `data` (its `_id` included); Undo deletes it. */
  createItem(parentUuid: string, data: Readonly<Record<string, unknown>>): void {
    if (this.itemCreations.some((c) => c.data["_id"] === data["_id"])) return;
    this.itemCreations.push({ parentUuid, data });
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

  /** A world actor to create, its whole source with its `_id` (Undo deletes it). */
  createActor(data: Readonly<Record<string, unknown>>): void {
    this.createdActors.push(data);
  }

  /** A world folder to create, its whole source with its `_id` (Undo deletes it). */
  createFolder(data: Readonly<Record<string, unknown>>): void {
    this.createdFolders.push(data);
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
   * The plan: every working document's changed values and their inverse. The scene's map state
   * keys are turned into rows by `sceneRows` (the map state family's, which knows how a key is written),
   * and its knowledge changes by `knowledgeRows` (the knowledge family's) into the same row: one Scene write.
   */
  finish(sceneRows: SceneRowsOf, knowledgeRows?: KnowledgeRowsOf): EffectPlan {
    const actors = updatesOf(this.actors.values());
    const combats = updatesOf(this.combats.values());
    const journalIds = this.journals.map((d) => String(d["_id"]));
    // A card both changed and discarded is only deleted; undo re-creates it as it was.
    const items = updatesOf([...this.items.values()].filter((w) => !this.deletions.has(w.snap.uuid)));
    const deleted = [...this.deletions.values()];
    const scene = this.board?.scene;
    const scenes =
      scene === null || scene === undefined || this.state.size === 0
        ? { updates: [], inverse: [] }
        : sceneRows(scene, this.flag ?? null, this.state.values());
    if (scene !== null && scene !== undefined && this.known !== undefined && this.learned.size > 0 && knowledgeRows !== undefined)
      mergeKnowledge(scenes, scene, knowledgeRows(this.known.flag, this.learned.values()));
    const tokens = [...this.tokenDeletions.values()];
    const moves = [...this.tokenMoves.values()].filter(
      (m) => !this.tokenDeletions.has(m.token.uuid) && (m.token.source["x"] !== m.x || m.token.source["y"] !== m.y),
    );
    const position = (source: Readonly<Record<string, unknown>>) => ({ x: Number(source["x"]), y: Number(source["y"]) });
    return {
      actorUpdates: actors.updates,
      itemUpdates: items.updates,
      itemDeletions: deleted.map((s) => ({ uuid: s.uuid, id: s.id, parentUuid: s.parentUuid ?? null })),
      itemCreations: this.itemCreations.map(({ parentUuid, data }) => ({ parentUuid, data: structuredClone(data) })),
      ...mapRows({
        ...EMPTY_PLAN,
        tokenCreations: this.tokenCreations.map(({ sceneUuid, data }) => ({ parentUuid: sceneUuid, data: structuredClone(data) })),
        sceneUpdates: scenes.updates,
        tokenUpdates: moves.map((m) => ({ uuid: m.token.uuid, id: m.token.id, parentUuid: m.sceneUuid, changes: { x: m.x, y: m.y } })),
        tokenDeletions: tokens.map(({ token, sceneUuid }) => ({ uuid: token.uuid, id: token.id, parentUuid: sceneUuid })),
        combatUpdates: combats.updates.map(({ uuid, id, changes }) => ({ uuid, id, changes })),
        journalCreations: this.journals.map((data) => ({ data: structuredClone(data) })),
        folderCreations: this.createdFolders.map((data) => ({ data: structuredClone(data) })),
        actorCreations: this.createdActors.map((data) => ({ data: structuredClone(data) })),
      }),
      inverse: {
        actorUpdates: actors.inverse,
        itemUpdates: items.inverse,
        itemDeletions: this.itemCreations.map(({ parentUuid, data }) => {
          const id = String(data["_id"]);
          return { uuid: `${parentUuid}.Item.${id}`, id, parentUuid };
        }),
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
          tokenDeletions: this.tokenCreations.map(({ sceneUuid, data }) => {
            const id = String(data["_id"]);
            return { uuid: `${sceneUuid}.Token.${id}`, id, parentUuid: sceneUuid };
          }),
          tokenCreations: tokens.map(({ token, sceneUuid }) => ({
            parentUuid: sceneUuid,
            data: structuredClone({ ...token.source, _id: token.id }),
          })),
          combatUpdates: combats.inverse.map(({ uuid, id, changes }) => ({ uuid, id, changes })),
          journalDeletions: journalIds.map((id) => ({ uuid: `JournalEntry.${id}`, id })),
          actorDeletions: this.createdActors.map((d) => ({ uuid: `Actor.${String(d["_id"])}`, id: String(d["_id"]) })),
          folderDeletions: this.createdFolders.map((d) => ({ uuid: `Folder.${String(d["_id"])}`, id: String(d["_id"]) })),
        }),
      },
      notes: this.notes,
      refusals: this.refusals,
    };
  }
}

/** Adds the knowledge paths to the scene's row and its inverse (made when the map state wrote none). */
function mergeKnowledge(
  scenes: { updates: PlannedSceneUpdate[]; inverse: PlannedSceneUpdate[] },
  scene: { readonly uuid: string; readonly id: string },
  rows: ReturnType<KnowledgeRowsOf>,
): void {
  if (Object.keys(rows.changes).length === 0 && rows.removals.length === 0) return;
  const join = (row: PlannedSceneUpdate | undefined, set: Record<string, unknown>, gone: string[]): PlannedSceneUpdate => {
    const removals = [...(row?.removals ?? []), ...gone];
    return { uuid: scene.uuid, id: scene.id, changes: { ...row?.changes, ...set }, ...(removals.length > 0 ? { removals } : {}) };
  };
  scenes.updates[0] = join(scenes.updates[0], rows.changes, rows.removals);
  scenes.inverse[0] = join(scenes.inverse[0], rows.undo, rows.undoRemovals);
}

function noteData(effect: Effect): Record<string, string | number> {
  const data: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(effect)) data[k] = Array.isArray(v) ? v.join(", ") : typeof v === "number" ? v : String(v);
  return data;
}

/** A hex an effect names as a map state key, or undefined (refused) when it is not a map label. */
export function mapHex(p: Planner, hex: string): HexRef | undefined {
  if (HEX_LABEL.test(hex)) return hex;
  p.refuse(phrase("NOBC.MapWrite.Refused.badHex", { hex }));
  return undefined;
}

/** A hexside an effect names as its map state key ("a|b", labels sorted), or undefined (refused). */
export function mapHexside(p: Planner, hexside: string): string | undefined {
  const [a, b, ...rest] = hexside.split("|");
  if (a === undefined || b === undefined || rest.length > 0 || !HEX_LABEL.test(a) || !HEX_LABEL.test(b) || a === b) {
    p.refuse(phrase("NOBC.MapWrite.Refused.badHexside", { hexside }));
    return undefined;
  }
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}
