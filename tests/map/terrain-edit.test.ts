/** The terrain painter's pure edits (src/map/terrain-edit.ts): the new map or its problems, never both; the map given is never touched. */
import { describe, expect, it } from "vitest";
import {
  addRoad,
  editProblems,
  extendRoad,
  hexsideIndex,
  paintHex,
  removeRoad,
  setHexCountry,
  setHexName,
  setHexsideBridge,
  setHexsideRiver,
  setHexTerrain,
  type EditResult,
} from "../../src/map/terrain-edit";
import { validateTerrainMap, type TerrainMap } from "../../src/map/terrain-schema";
import { phrase } from "../../src/rules/resolution";
import { smallMap } from "./fixture";
import { theatreMap } from "../bench/theatre";
import fc from "fast-check";

function mapOf(result: EditResult): TerrainMap {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  expect(validateTerrainMap(result.map).ok).toBe(true);
  return result.map;
}

/** Runs `edit` on a fresh small map and checks the map it was given is unchanged. */
function edit(run: (map: TerrainMap) => EditResult): EditResult {
  const map = smallMap();
  const before = structuredClone(map);
  const result = run(map);
  expect(map).toEqual(before);
  return result;
}

describe("hex edits", () => {
  it("sets terrain, country and name of one hex, leaving the others as they were", () => {
    const terrain = mapOf(edit((m) => setHexTerrain(m, "0203", ["town", "woods"])));
    expect(terrain.hexes["0203"]).toEqual({ terrain: ["town", "woods"], country: "frg" });
    const country = mapOf(edit((m) => setHexCountry(m, "0203", "gdr")));
    expect(country.hexes["0203"]).toEqual({ terrain: ["clear"], country: "gdr" });
    const named = mapOf(edit((m) => setHexName(m, "0201", "  Neustadt ")));
    expect(named.hexes["0201"]).toEqual({ terrain: ["town"], country: "frg", name: "Neustadt" });
    expect(named.hexes["0101"]).toEqual(smallMap().hexes["0101"]);
  });

  it("paints terrain, country and name in one edit; what is not given stays", () => {
    expect(mapOf(edit((m) => paintHex(m, "0203", { terrain: ["city"], country: "gdr", name: " Stadt " }))).hexes["0203"]).toEqual({
      terrain: ["city"],
      country: "gdr",
      name: "Stadt",
    });
    expect(mapOf(edit((m) => paintHex(m, "0201", { country: "gdr" }))).hexes["0201"]).toEqual({
      terrain: ["town"],
      country: "gdr",
      name: "Townsville",
    });
    expect(mapOf(edit((m) => paintHex(m, "0201", { name: "" }))).hexes["0201"]).toEqual({ terrain: ["town"], country: "frg" });
    expect(editProblems(edit((m) => paintHex(m, "0201", { terrain: ["clear"] })))[0]?.path).toBe('hexes["0201"].name');
    expect(editProblems(edit((m) => paintHex(m, "0504", { terrain: ["clear"] })))[0]?.text.key).toBe("NOBC.TerrainTool.Problem.OffMap");
  });

  it("an empty name removes the name", () => {
    expect(mapOf(edit((m) => setHexName(m, "0201", ""))).hexes["0201"]).toEqual({ terrain: ["town"], country: "frg" });
    expect(mapOf(edit((m) => setHexName(m, "0201", null))).hexes["0201"]).not.toHaveProperty("name");
  });

  it("refuses what the file check refuses, with the path", () => {
    expect(editProblems(edit((m) => setHexTerrain(m, "0101", ["clear", "woods"])))).toEqual([
      { path: 'hexes["0101"].terrain', text: phrase("NOBC.Map.Problem.ClearCombined", { terrain: "clear, woods" }) },
    ]);
    expect(editProblems(edit((m) => setHexName(m, "0101", "Nowhere")))).toEqual([
      { path: 'hexes["0101"].name', text: phrase("NOBC.Map.Problem.NamedNoTown", { hex: "0101", name: "Nowhere" }) },
    ]);
    // Un-towning a named hex leaves a name on a hex that is no town.
    expect(editProblems(edit((m) => setHexTerrain(m, "0201", ["clear"])))[0]?.path).toBe('hexes["0201"].name');
    expect(editProblems(edit((m) => setHexTerrain(m, "0101", [])))[0]?.path).toBe('hexes["0101"].terrain');
  });

  it("refuses a hex off the map", () => {
    expect(editProblems(edit((m) => setHexTerrain(m, "0504", ["woods"])))).toEqual([
      { path: 'hexes["0504"]', text: phrase("NOBC.TerrainTool.Problem.OffMap", { hex: "0504", columns: "04", rows: "03" }) },
    ]);
    expect(edit((m) => setHexCountry(m, "bad", "frg")).ok).toBe(false);
  });
});

describe("hexside edits", () => {
  it("finds a hexside entry whichever hex names it", () => {
    const map = smallMap();
    expect(hexsideIndex(map, "0101|0201")).toBe(0);
    expect(hexsideIndex(map, "0202|0303")).toBe(1);
    expect(hexsideIndex(map, "0101|0102")).toBe(-1);
  });

  it("adds a river named from the first hex, and sets a bridge on it", () => {
    const river = mapOf(edit((m) => setHexsideRiver(m, "0102", "0101", "minor")));
    expect(river.hexsides[2]).toEqual({ hex: "0102", side: "n", river: "minor" });
    const bridged = mapOf(setHexsideBridge(river, "0101", "0102", true));
    expect(bridged.hexsides[2]).toEqual({ hex: "0102", side: "n", river: "minor", bridge: true });
    expect(mapOf(setHexsideBridge(bridged, "0102", "0101", false)).hexsides[2]).toEqual({ hex: "0102", side: "n", river: "minor" });
  });

  it("changes an existing river in place, keeping its name and bridge, from either side", () => {
    const map = mapOf(edit((m) => setHexsideRiver(m, "0201", "0101", "major")));
    expect(map.hexsides).toHaveLength(2);
    expect(map.hexsides[0]).toEqual({ hex: "0101", side: "se", river: "major", bridge: true, name: "Brook" });
  });

  it("clears a river with its bridge; clearing where there is none changes nothing", () => {
    const map = smallMap();
    // The road 0101-0201 crosses the bridged brook: without the river it crosses nothing, so that is allowed.
    expect(mapOf(setHexsideRiver(map, "0101", "0201", null)).hexsides).toEqual([map.hexsides[1]]);
    expect(mapOf(setHexsideRiver(map, "0101", "0102", null))).toEqual(map);
  });

  it("refuses a bridge taken from under a road, a bridge without a river, and hexes that are no neighbours", () => {
    expect(editProblems(edit((m) => setHexsideBridge(m, "0101", "0201", false)))).toEqual([
      {
        path: "roads[0].path[1]",
        text: phrase("NOBC.Map.Problem.NoBridge", {
          road: phrase("NOBC.Map.Problem.Road.road"),
          river: phrase("NOBC.Map.Problem.River.minor"),
          from: "0101",
          to: "0201",
        }),
      },
    ]);
    expect(editProblems(edit((m) => setHexsideBridge(m, "0101", "0102", true)))).toEqual([
      { path: "hexsides", text: phrase("NOBC.Map.Problem.BridgeNoRiver", { hexside: "0101|0102" }) },
    ]);
    expect(mapOf(edit((m) => setHexsideBridge(m, "0101", "0102", false)))).toEqual(smallMap());
    expect(editProblems(edit((m) => setHexsideRiver(m, "0101", "0103", "minor")))).toEqual([
      { path: "hexsides", text: phrase("NOBC.TerrainTool.Problem.NotNeighbours", { from: "0101", to: "0103" }) },
    ]);
    expect(editProblems(edit((m) => setHexsideRiver(m, "0401", "0501", "minor")))[0]?.text.key).toBe("NOBC.TerrainTool.Problem.OffMap");
  });

  it("a river put under a road without a bridge is refused", () => {
    // The autobahn steps 0102 → 0202.
    expect(editProblems(edit((m) => setHexsideRiver(m, "0102", "0202", "minor")))[0]?.text.key).toBe("NOBC.Map.Problem.NoBridge");
  });
});

describe("road edits", () => {
  it("adds a road along neighbours, with a trimmed name, and removes one", () => {
    const map = mapOf(edit((m) => addRoad(m, "road", ["0103", "0203"], " B1 ")));
    expect(map.roads[2]).toEqual({ kind: "road", name: "B1", path: ["0103", "0203"] });
    expect(mapOf(addRoad(smallMap(), "autobahn", ["0103", "0203"])).roads[2]).toEqual({ kind: "autobahn", path: ["0103", "0203"] });
    expect(mapOf(removeRoad(map, 0)).roads).toEqual([smallMap().roads[1], map.roads[2]]);
  });

  it("refuses a short road, a jump, and a river crossed without a bridge", () => {
    expect(editProblems(edit((m) => addRoad(m, "road", ["0103"])))[0]?.text.key).toBe("NOBC.Map.Problem.ShortRoad");
    expect(editProblems(edit((m) => addRoad(m, "road", ["0101", "0103"])))[0]).toMatchObject({
      path: "roads[2].path[1]",
      text: { key: "NOBC.Map.Problem.NotNeighbours" },
    });
    expect(editProblems(edit((m) => addRoad(m, "road", ["0202", "0303"])))[0]?.text.key).toBe("NOBC.Map.Problem.NoBridge");
  });

  it("extends a road at its end, or at its start when the hex touches only that", () => {
    expect(mapOf(edit((m) => extendRoad(m, 0, "0203"))).roads[0]!.path).toEqual(["0101", "0201", "0202", "0203"]);
    // 0103 touches the autobahn's first hex 0102, not its last 0402.
    expect(mapOf(edit((m) => extendRoad(m, 1, "0103"))).roads[1]!.path).toEqual(["0103", "0102", "0202", "0302", "0402"]);
  });

  it("refuses to extend a missing road, or by a hex next to neither end, or off the map", () => {
    expect(editProblems(edit((m) => extendRoad(m, 5, "0203")))).toEqual([
      { path: "roads[5]", text: phrase("NOBC.TerrainTool.Problem.NoRoad", { index: "5" }) },
    ]);
    expect(editProblems(edit((m) => extendRoad(m, 0, "0403")))).toEqual([
      { path: "roads[0].path", text: phrase("NOBC.TerrainTool.Problem.NotAtEnd", { hex: "0403", first: "0101", last: "0202" }) },
    ]);
    expect(editProblems(edit((m) => extendRoad(m, 0, "0901")))[0]?.path).toBe("roads[0].path[3]");
    expect(editProblems(edit((m) => removeRoad(m, 2)))[0]?.text.key).toBe("NOBC.TerrainTool.Problem.NoRoad");
  });

  it("extending across the unbridged major river is refused", () => {
    // Road 0 ends at 0202; 0303 lies across the Great River.
    expect(editProblems(edit((m) => extendRoad(m, 0, "0303")))[0]?.text.key).toBe("NOBC.Map.Problem.NoBridge");
  });
});

describe("a hex edit checks only the hex (issue #35: the painter's click)", () => {
  it("gives what the whole map's check gave, for random paints (some refused) on a 2,100-hex map", () => {
    const terrains = ["clear", "woods", "rough", "marsh", "town", "city", "lava"] as const;
    const countries = ["frg", "gdr", "xx"] as const;
    const names = [undefined, null, "", "  ", " Neustadt ", "Alt"] as const;
    let map = theatreMap();
    const labels = Object.keys(map.hexes);
    const seen = { ok: 0, refused: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(...labels),
        fc.option(fc.uniqueArray(fc.constantFrom(...terrains), { maxLength: 3 }), { nil: undefined }),
        fc.option(fc.constantFrom(...countries), { nil: undefined }),
        fc.constantFrom(...names),
        (label, terrain, country, name) => {
          const paint = {
            ...(terrain === undefined ? {} : { terrain: terrain as never }),
            ...(country === undefined ? {} : { country: country as never }),
            ...(name === undefined ? {} : { name }),
          };
          const got = paintHex(map, label, paint);
          // The reference: the edited hex as paintHex builds it, and the whole map checked.
          const old = map.hexes[label]!;
          const { name: oldName, ...rest } = old;
          const given = typeof name === "string" ? name.trim() : "";
          const kept = name === undefined ? oldName : given === "" ? undefined : given;
          const hex = { ...rest, ...paint, ...(kept === undefined ? {} : { name: kept }) };
          if ("name" in paint && kept === undefined) Reflect.deleteProperty(hex, "name");
          expect(got).toEqual(validateTerrainMap({ ...map, hexes: { ...map.hexes, [label]: hex } }));
          if (got.ok) map = got.map;
          seen[got.ok ? "ok" : "refused"]++;
        },
      ),
      { numRuns: 300 },
    );
    expect(seen.ok).toBeGreaterThan(20);
    expect(seen.refused).toBeGreaterThan(20);
  });
});
