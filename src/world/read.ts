/**
 * Gathers what `battlefield` needs from Foundry: the world's actors and loose items, and from a
 * scene (the viewed one unless told) its tokens (each with the map hex the scene's grid puts it in),
 * grid size and terrain flag. The scene's documents are read, not the canvas: the GM's client decides
 * on a scene it does not view, and with the canvas off. Reads only; nothing is written.
 *
 * The terrain flag (2,000+ hexes) and the map state flag are checked once, not on every read: a read is kept until the
 * flag changes, that is until the scene holds another flag object with no update heard, or an update of the scene
 * writes that flag (`registerTerrainCache`: Foundry may update a flag's object in place). Each flag's read is dropped
 * alone: an update that writes only the map state keeps the terrain's read (`KeptRead`).
 */
import { SYSTEM_ID } from "../base/constants";
import { touchedPaths } from "../base/compat";
import { MAP_STATE_FLAG, readMapState, type MapStateRead } from "../map/map-state";
import { teamSceneOf } from "../schemas/team-scene";
import {
  battlefield,
  readTerrain,
  type Battlefield,
  type TerrainRead,
  type WorldActor,
  type WorldDocument,
  type WorldToken,
} from "./battlefield";

/** A token document as the readers use it: its actor, top-left corner and size in grid spaces. */
interface TokenDocLike {
  readonly actor?: { readonly uuid: string } | null;
  readonly x: number;
  readonly y: number;
  readonly width?: number;
  readonly height?: number;
}

/** The part of Foundry's grid the readers use (the world's token hexes here, the board's drawing in src/canvas/). */
export interface GridLike {
  readonly type: number;
  readonly size: number;
  readonly sizeX: number;
  readonly sizeY: number;
  getOffset(point: { x: number; y: number }): { i: number; j: number };
  getCenterPoint(offset: { i: number; j: number }): { x: number; y: number };
}

/**
 * A scene document as the readers use it (v13 `Scene`): its id, flags, grid (`Scene#grid`), its
 * padding as `Scene#dimensions` gives it, and its token documents. No canvas is needed to read one.
 */
export interface SceneDocLike {
  readonly id?: string | null;
  readonly name?: string;
  getFlag(scope: string, key: string): unknown;
  readonly grid?: GridLike | null;
  readonly dimensions?: { readonly sceneX: number; readonly sceneY: number } | null;
  readonly tokens?: Iterable<TokenDocLike> | null;
}

/** The part of Foundry's canvas the readers use. */
export interface CanvasLike {
  readonly scene?: SceneDocLike | null;
  readonly grid?: GridLike | null;
  readonly dimensions?: { readonly sceneX: number; readonly sceneY: number } | null;
}

/** The viewed canvas, if Foundry has one. */
export function viewedCanvas(): CanvasLike | undefined {
  return (globalThis as { canvas?: CanvasLike }).canvas;
}

/** The scene this client's canvas draws (`canvas.scene`), as it is: what the board's overlays show. */
export function drawnSceneDoc(): SceneDocLike | null {
  return viewedCanvas()?.scene ?? null;
}

/**
 * The scene this client views (`canvas.scene`); null with none viewed, or the canvas off. A GM viewing
 * a team scene (double-blind, to check what a team sees) reads its master scene: the rules read the truth only.
 */
export function viewedSceneDoc(): SceneDocLike | null {
  const viewed = drawnSceneDoc();
  if (viewed === null || (game.user as unknown as { isGM?: boolean } | null)?.isGM !== true) return viewed;
  const master = teamSceneOf(viewed)?.master;
  return master === undefined ? viewed : (worldScene(master) ?? viewed);
}

/** A world scene by id (`game.scenes`); null when the world holds none of that id. */
export function worldScene(id: string): SceneDocLike | null {
  const scenes = (game as unknown as { scenes?: { get(id: string): SceneDocLike | undefined } }).scenes;
  return scenes?.get(id) ?? null;
}

function sceneInput(scene: SceneDocLike | null): { tokens: WorldToken[]; gridSize: number | null; terrain: unknown; mapState: unknown } {
  if (scene === null) return { tokens: [], gridSize: null, terrain: undefined, mapState: undefined };
  const dx = scene.dimensions?.sceneX ?? 0;
  const dy = scene.dimensions?.sceneY ?? 0;
  // Only a flat-topped, odd-columns grid (the one the terrain maps are drawn on, docs/packs.md) lines up with
  // the map's hexes; on any other grid the tokens are placed by their pixels, as before the grid was asked.
  const grid = scene.grid?.type === CONST.GRID_TYPES.HEXODDQ ? scene.grid : null;
  // The map's hex 0101 is the grid space at the scene's top-left corner (past the padding).
  const origin = grid?.getOffset({ x: dx + grid.sizeX / 2, y: dy + grid.sizeY / 2 });
  const sizeX = scene.grid?.sizeX ?? 0;
  const sizeY = scene.grid?.sizeY ?? 0;
  const tokens: WorldToken[] = [];
  for (const token of scene.tokens ?? []) {
    const uuid = token.actor?.uuid;
    if (uuid === undefined) continue;
    // The token's centre: its top-left corner and half its size (in grid spaces) across.
    const center = { x: token.x + ((token.width ?? 1) * sizeX) / 2, y: token.y + ((token.height ?? 1) * sizeY) / 2 };
    const at = grid?.getOffset(center);
    const offset = at === undefined || origin === undefined ? undefined : { col: at.j - origin.j, row: at.i - origin.i };
    tokens.push({ actor: uuid, x: center.x - dx, y: center.y - dy, ...(offset === undefined ? {} : { offset }) });
  }
  return {
    tokens,
    gridSize: scene.grid?.size ?? null,
    terrain: scene.getFlag(SYSTEM_ID, "terrain"),
    mapState: scene.getFlag(SYSTEM_ID, MAP_STATE_FLAG),
  };
}

/**
 * One flag's kept read: the flag object it was read from, its scene, and whether an update of that scene
 * that did not write the flag was heard since (`carried`). Foundry may hand out a new object for every
 * flag of a document after any update of its flags (the harness does), so a write of the map state must
 * not make the terrain a stranger: the next read of that scene takes the new object as the same flag.
 */
class KeptRead<R> {
  #kept: { flag: object; scene: string | null; read: R; carried: boolean } | null = null;

  constructor(private readonly readFlag: (flag: unknown) => R) {}

  read(flag: unknown, scene: string | null): R {
    if (typeof flag !== "object" || flag === null) return this.readFlag(flag);
    const kept = this.#kept;
    if (kept !== null && (kept.flag === flag || (kept.carried && kept.scene === scene))) {
      this.#kept = { flag, scene, read: kept.read, carried: false };
      return kept.read;
    }
    const read = this.readFlag(flag);
    this.#kept = { flag, scene, read, carried: false };
    return read;
  }

  /** The flag was written (or may have been): its next read checks it again. */
  forget(): void {
    this.#kept = null;
  }

  /** Scene `scene` was updated without writing the flag: its read stands, whatever object the scene now holds. */
  carry(scene: string | null): void {
    if (this.#kept !== null && this.#kept.scene === scene) this.#kept.carried = true;
  }
}

const keptTerrain = new KeptRead<TerrainRead>(readTerrain);
const keptState = new KeptRead<MapStateRead>(readMapState);

/** Drops the kept terrain and map state reads: the next read checks the scene's flags again. */
export function forgetTerrain(): void {
  keptTerrain.forget();
  keptState.forget();
}

/** Whether an update touching `paths` (as `touchedPaths` names them) writes flag `key` of this system, whole or in part. */
function writes(paths: readonly string[], key: string): boolean {
  const flag = `${SYSTEM_ID}.${key}`;
  return paths.some((p) => p === SYSTEM_ID || p === flag || p.startsWith(`${flag}.`));
}

/**
 * What an update of scene `scene` (its id) with these flag changes drops of the kept reads: only the
 * flag it writes (issue #35: a card laying a minefield writes the map state, and the 2,000-hex terrain
 * need not be checked again); the other flag's read is carried over.
 */
export function forgetFlags(scene: string | null, flags: unknown): void {
  const paths = touchedPaths(flags);
  for (const [key, kept] of [
    ["terrain", keptTerrain],
    [MAP_STATE_FLAG, keptState],
  ] as const) {
    if (writes(paths, key)) kept.forget();
    else kept.carry(scene);
  }
}

/** A scene's update drops the kept read of each flag it writes (perhaps in place) and carries the others. Called once at `init`. */
export function registerTerrainCache(): void {
  Hooks.on("updateScene", ((scene: { readonly id?: string | null } | null, changes: { flags?: unknown }) => {
    forgetFlags(scene?.id ?? null, changes.flags);
  }) as never);
}

/** The world and a scene (the viewed one unless told; null: none), read into rules snapshots (see ./battlefield.ts). */
export function readBattlefield(on: SceneDocLike | null = viewedSceneDoc()): Battlefield {
  const actors = (game.actors ?? []) as unknown as Iterable<WorldActor>;
  const items = (game.items ?? []) as unknown as Iterable<WorldDocument>;
  const scene = sceneInput(on);
  const id = on?.id ?? null;
  return battlefield({
    actors,
    items,
    ...scene,
    terrainRead: keptTerrain.read(scene.terrain, id),
    mapStateRead: keptState.read(scene.mapState, id),
  });
}

/** An actor's source data (`Actor#toObject()`): what the document schemas check, and what the order-of-battle export writes. */
export interface ActorSource {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

/** Every world actor's source data: the import matches its rows to them, the export writes them (src/orbat/). */
export function worldActorData(): ActorSource[] {
  const actors = (game.actors ?? []) as unknown as Iterable<{
    id: string | null;
    uuid: string;
    name: string;
    type: string;
    toObject(): { system: unknown };
  }>;
  return [...actors].map((a) => ({ id: a.id ?? "", uuid: a.uuid, name: a.name, type: a.type, system: a.toObject().system }));
}
