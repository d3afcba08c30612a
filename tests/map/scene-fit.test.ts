/** Whether a scene's grid fits a terrain map (src/map/scene-fit.ts) and what a click points at (src/map/hex-pick.ts). */
import { describe, expect, it } from "vitest";
import { sceneFitWarnings } from "../../src/map/scene-fit";
import { pickAt } from "../../src/map/hex-pick";
import { hexCentre, mapPixelSize, sideEnds } from "../../src/map/hex-grid";
import { phrase } from "../../src/rules/resolution";

const map = { columns: 4, rows: 3, hexSize: 100 };
const fits = { hexOddColumns: true, size: 100, ...mapPixelSize(4, 3, 100) };

describe("sceneFitWarnings", () => {
  it("says nothing when the grid is flat-topped odd columns of the map's size and the map fits", () => {
    expect(sceneFitWarnings(map, fits)).toEqual([]);
    expect(sceneFitWarnings(map, { ...fits, width: Math.ceil(fits.width), height: Math.ceil(fits.height) })).toEqual([]);
  });

  it("names a wrong grid type, a wrong size and a scene too small, each", () => {
    expect(sceneFitWarnings(map, { hexOddColumns: false, size: 50, width: 300, height: 200 })).toEqual([
      phrase("NOBC.TerrainTool.Warning.GridType"),
      phrase("NOBC.TerrainTool.Warning.GridSize", { size: 50, hexSize: 100 }),
      phrase("NOBC.TerrainTool.Warning.TooLarge", { width: 376, height: 350, sceneWidth: 300, sceneHeight: 200 }),
    ]);
  });
});

describe("pickAt", () => {
  it("gives the hex under a point and its nearest side, with the hex across it", () => {
    const c = hexCentre({ col: 1, row: 1 }, 100);
    expect(pickAt(c, 100)?.hex).toBe("0202");
    const [p, q] = sideEnds({ col: 1, row: 1 }, "se", 100);
    const nearSe = { x: c.x + 0.8 * ((p.x + q.x) / 2 - c.x), y: c.y + 0.8 * ((p.y + q.y) / 2 - c.y) };
    expect(pickAt(nearSe, 100)).toEqual({ hex: "0202", side: "se", across: "0303" });
    expect(pickAt({ x: c.x, y: c.y - 45 }, 100)).toEqual({ hex: "0202", side: "n", across: "0201" });
  });

  it("has no hex across the grid's top edge, and no hex left of or above hex 0101", () => {
    const c = hexCentre({ col: 0, row: 0 }, 100);
    expect(pickAt({ x: c.x, y: c.y - 45 }, 100)).toEqual({ hex: "0101", side: "n", across: undefined });
    expect(pickAt({ x: -200, y: -200 }, 100)).toBeUndefined();
  });
});
