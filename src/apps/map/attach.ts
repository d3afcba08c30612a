/**
 * Attaching terrain to a scene: the one function that writes a scene's `nobc.terrain` flag
 * (docs/map-format.md, "Terrain on any scene"). The GM's client checks the data with today's schema
 * (`validateTerrainMap`), writes nothing when there is any problem, else replaces the whole flag in one
 * update, then says how the scene's grid and the map disagree, if they do. The battlefield's kept terrain
 * read is dropped by the `updateScene` hook (`registerTerrainCache`, src/world/read.ts), so the rules read
 * the new map at once.
 */
import { replacement } from "../../base/compat";
import { SYSTEM_ID } from "../../base/constants";
import { isGM, notifyText, say } from "../../base/foundry";
import { validateTerrainMap, type MapProblem, type TerrainMap } from "../../map/terrain-schema";
import { sceneFitWarnings, type SceneGrid } from "../../map/scene-fit";
import type { Phrase } from "../../rules/resolution";
import { phrase } from "../../rules/resolution";

/** The flag's key under the system's scope: `scene.flags.nobc.terrain`. */
export const TERRAIN_FLAG = "terrain";

/** What of a Scene attaching reads and writes. */
export interface TerrainScene {
  readonly grid: { readonly type: number; readonly size: number };
  readonly width: number;
  readonly height: number;
  update(changes: Record<string, unknown>): Promise<unknown>;
}

export type AttachResult =
  | { readonly ok: true; readonly map: TerrainMap; readonly warnings: readonly Phrase[] }
  | { readonly ok: false; readonly problems: readonly MapProblem[] }
  | { readonly ok: false; readonly refused: Phrase };

/** The scene's grid as the fit check reads it. */
export function sceneGrid(scene: Pick<TerrainScene, "grid" | "width" | "height">): SceneGrid {
  return {
    hexOddColumns: scene.grid.type === CONST.GRID_TYPES.HEXODDQ,
    size: scene.grid.size,
    width: scene.width,
    height: scene.height,
  };
}

/**
 * Checks `data` as a `nobc-terrain/1` map and, when it has no problem, writes it as the scene's terrain
 * (the whole flag replaced: a smaller map leaves no hexes of the old one behind). GM only. Every
 * grid warning is also told as a notification.
 */
export async function attachTerrain(scene: TerrainScene, data: unknown): Promise<AttachResult> {
  if (!isGM()) return { ok: false, refused: phrase("NOBC.TerrainTool.GmOnly") };
  const check = validateTerrainMap(data);
  if (!check.ok) return { ok: false, problems: check.problems };
  // Replaced whole instead of merged into (v13's `==` key, v14's `_replace`: ../../base/compat.ts).
  await scene.update(replacement(`flags.${SYSTEM_ID}.${TERRAIN_FLAG}`, check.map));
  const warnings = sceneFitWarnings(check.map, sceneGrid(scene));
  for (const w of warnings) notifyText("warn", say(phrase("NOBC.TerrainTool.Warning.Attached", { warning: w })));
  return { ok: true, map: check.map, warnings };
}
