/** The Map terrain window's pure state (src/apps/map/terrain-tool/state.ts): the form, loading text, painting off the map. */
import { describe, expect, it } from "vitest";
import { DEFAULT_BRUSH, fromForm, initialTerrainTool, loadText, MAX_TERRAIN_TEXT, paintAt } from "../../../src/apps/map/terrain-tool/state";
import { hexCentre } from "../../../src/map/hex-grid";
import { smallMap } from "../../map/fixture";

describe("fromForm", () => {
  it("keeps the fields another tool shows when the form does not send them, and ignores nonsense", () => {
    const start = fromForm(initialTerrainTool(smallMap(), "S"), { tool: "hexside", river: "major", bridge: true, painting: true });
    expect(start.brush).toMatchObject({ tool: "hexside", river: "major", bridge: true });
    // The road tool's form has no river or bridge fields.
    const road = fromForm(start, { tool: "road", roadKind: "autobahn", country: "prussia", text: "", shipped: "" });
    expect(road.brush).toMatchObject({ tool: "road", river: "major", bridge: true, roadKind: "autobahn", country: DEFAULT_BRUSH.country });
    expect(road.painting).toBe(true);
  });

  it("needs a terrain type: unticking every box keeps the last ones; changing tools lets go of a road", () => {
    const state = { ...initialTerrainTool(smallMap(), "S"), road: 1, roadStart: null };
    const ticked = fromForm(state, { "terrain.woods": true, "terrain.clear": false });
    expect(ticked.brush.terrain).toEqual(["woods"]);
    expect(ticked.road).toBe(1);
    const none = fromForm(ticked, { "terrain.woods": false, "terrain.clear": false, tool: "road" });
    expect(none.brush.terrain).toEqual(["woods"]);
    expect(none.road).toBeNull();
  });
});

describe("loadText", () => {
  it("refuses text longer than the bound before parsing it, and keeps the map it had", () => {
    const state = initialTerrainTool(smallMap(), "S");
    const long = loadText(state, " ".repeat(MAX_TERRAIN_TEXT + 1), "big.json");
    expect(long.draft).toEqual(smallMap());
    expect(long.problems.map((p) => p.text.key)).toEqual(["NOBC.TerrainTool.Problem.TooLong"]);
  });

  it("a scene flag that fails the check opens with its problems and no map", () => {
    const state = initialTerrainTool({ format: "nobc-terrain/1" }, "S");
    expect(state.draft).toBeNull();
    expect(state.problems.length).toBeGreaterThan(0);
  });
});

describe("paintAt", () => {
  it("does nothing without a map or while painting is off", () => {
    const off = initialTerrainTool(smallMap(), "S");
    expect(paintAt(off, hexCentre({ col: 0, row: 0 }, 100))).toBe(off);
    const empty = { ...initialTerrainTool(undefined, null), painting: true };
    expect(paintAt(empty, hexCentre({ col: 0, row: 0 }, 100))).toBe(empty);
  });
});
