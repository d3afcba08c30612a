/**
 * Whether a scene can carry a terrain map (docs/map-format.md, "The grid"): its grid must be flat-topped
 * hexes with the odd columns shifted, of the map's `hexSize`, and the map must fit inside the scene.
 * Pure: the caller says what the scene's grid is. A mismatch is a warning, not a refusal: the terrain is
 * still attached (the GM may fix the scene afterwards), but tokens would stand in the wrong hexes until then.
 */
import { phrase, type Phrase } from "../rules/resolution";
import { mapPixelSize } from "./hex-grid";
import type { TerrainMap } from "./terrain-schema";

export interface SceneGrid {
  /** True when the grid is Foundry's flat-topped, odd-columns-shifted hex grid (`HEXODDQ`). */
  readonly hexOddColumns: boolean;
  /** The grid size in pixels (flat side to flat side on a hex grid). */
  readonly size: number;
  /** The scene's size in pixels, without its padding. */
  readonly width: number;
  readonly height: number;
}

/** Half a pixel either way: the scene's size is whole pixels, the map's may not be. */
const SLACK = 0.5;

/** Every way the scene's grid and the map disagree, as phrases; none when they fit. */
export function sceneFitWarnings(map: Pick<TerrainMap, "columns" | "rows" | "hexSize">, grid: SceneGrid): Phrase[] {
  const warnings: Phrase[] = [];
  if (!grid.hexOddColumns) warnings.push(phrase("NOBC.TerrainTool.Warning.GridType"));
  if (Math.abs(grid.size - map.hexSize) > 1e-6) {
    warnings.push(phrase("NOBC.TerrainTool.Warning.GridSize", { size: grid.size, hexSize: map.hexSize }));
  }
  const needed = mapPixelSize(map.columns, map.rows, map.hexSize);
  if (needed.width > grid.width + SLACK || needed.height > grid.height + SLACK) {
    warnings.push(
      phrase("NOBC.TerrainTool.Warning.TooLarge", {
        width: Math.ceil(needed.width),
        height: Math.ceil(needed.height),
        sceneWidth: grid.width,
        sceneHeight: grid.height,
      }),
    );
  }
  return warnings;
}
