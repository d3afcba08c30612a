/**
 * What the "Map terrain" window reads (the one Foundry read of src/apps/map): whether the user is a GM,
 * the viewed scene (its name, grid, size and terrain flag), whether the board's terrain overlay is on,
 * and the maps the system ships in its packs.
 */
import { SYSTEM_ID } from "../../base/constants";
import { currentUser, isGM, type AskingUser } from "../../base/foundry";
import type { SceneGrid } from "../../map/scene-fit";
import { terrainOverlayOn } from "../../canvas/register";
import { sceneGrid, TERRAIN_FLAG, type TerrainScene } from "./attach";

export interface ViewedScene {
  readonly name: string;
  readonly grid: SceneGrid;
  /** The scene's `nobc.terrain` flag, unchecked. */
  readonly terrain: unknown;
  /** Its padding in pixels (`canvas.dimensions.sceneX` / `sceneY`): a click's point is taken past it. */
  readonly offset: { readonly x: number; readonly y: number };
  readonly document: TerrainScene;
}

/** A map the system ships: an Adventure pack whose scenes carry terrain. */
export interface ShippedMap {
  readonly id: string;
  /** Lang key of its name in the list. */
  readonly label: string;
  /** The map's data (unchecked): loaded from the pack when chosen. */
  load(): Promise<unknown>;
}

export interface TerrainToolWorld {
  readonly isGM: boolean;
  readonly scene: ViewedScene | null;
  readonly shipped: readonly ShippedMap[];
  /** The board's terrain overlay is switched on (on this client). */
  readonly overlayOn: boolean;
}

interface SceneLike extends TerrainScene {
  readonly name: string;
  getFlag(scope: string, key: string): unknown;
}

interface AdventureLike {
  toObject(): { scenes?: readonly { flags?: Record<string, Record<string, unknown> | undefined> }[] };
}

interface PackLike {
  getDocuments(): Promise<readonly AdventureLike[]>;
}

/** The first scene's terrain of an Adventure pack's first adventure that has one. */
async function terrainFromPack(packId: string): Promise<unknown> {
  const pack = (game.packs as unknown as { get(id: string): PackLike | undefined } | undefined)?.get(packId);
  if (pack === undefined) return undefined;
  for (const adventure of await pack.getDocuments()) {
    for (const scene of adventure.toObject().scenes ?? []) {
      const terrain = scene.flags?.[SYSTEM_ID]?.[TERRAIN_FLAG];
      if (terrain !== undefined) return terrain;
    }
  }
  return undefined;
}

/** The maps shipped with the system (docs/packs.md): the starter scenario's Hanover sector. */
export const SHIPPED_MAPS: readonly ShippedMap[] = [
  { id: "sector-hanover", label: "NOBC.TerrainTool.Shipped.hanover", load: () => terrainFromPack(`${SYSTEM_ID}.starter-scenario`) },
];

/** The window's world for `user` (this client's by default), read afresh for every render and change. */
export function readTerrainToolWorld(user?: AskingUser): TerrainToolWorld {
  const board = (globalThis as { canvas?: { scene?: SceneLike | null; dimensions?: { sceneX: number; sceneY: number } | null } }).canvas;
  const scene = board?.scene ?? null;
  return {
    isGM: isGM(user ?? currentUser()),
    shipped: SHIPPED_MAPS,
    overlayOn: terrainOverlayOn(),
    scene:
      scene === null
        ? null
        : {
            name: scene.name,
            grid: sceneGrid(scene),
            terrain: scene.getFlag(SYSTEM_ID, TERRAIN_FLAG),
            offset: { x: board?.dimensions?.sceneX ?? 0, y: board?.dimensions?.sceneY ?? 0 },
            document: scene,
          },
  };
}
