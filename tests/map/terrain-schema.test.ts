import { describe, expect, it } from "vitest";
import { formatMapPath, formatMapProblem, parseTerrainMap, validateTerrainMap, type MapProblem } from "../../src/map/terrain-schema";
import { phrase, type Phrase } from "../../src/rules/resolution";
import { smallMap } from "./fixture";

function problems(data: unknown): Phrase[] {
  const check = validateTerrainMap(data);
  return check.ok ? [] : check.problems.map(formatMapProblem);
}

describe("terrain map format", () => {
  it("accepts the small test map", () => {
    const check = validateTerrainMap(smallMap());
    expect(check.ok).toBe(true);
    expect(parseTerrainMap(smallMap()).name).toBe("Test map");
  });

  it("names a bad terrain type, country and side with their paths", () => {
    const map = smallMap() as unknown as { hexes: Record<string, { terrain: string[]; country: string }>; hexsides: { side: string }[] };
    map.hexes["0101"]!.terrain = ["woods", "forest"];
    map.hexes["0102"]!.country = "prussia";
    map.hexsides[0]!.side = "east";
    expect(problems(map)).toEqual([
      phrase("NOBC.Validation.Problem", {
        field: 'hexes["0101"].terrain[1]',
        problem: phrase("NOBC.Map.Problem.TerrainType", {
          input: '"forest"',
          choices: "clear, woods, rough, marsh, town, city",
          expected: '"clear", "woods", "rough", "marsh", "town", "city"',
        }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: 'hexes["0102"].country',
        problem: phrase("NOBC.Map.Problem.Country", {
          input: '"prussia"',
          choices: "frg, gdr, cs, pl, nl, be, lu, dk, fr, at, ch, hu, su",
          expected: '"frg", "gdr", "cs", "pl", "nl", "be", "lu", "dk", "fr", "at", "ch", "hu", "su"',
        }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: "hexsides[0].side",
        problem: phrase("NOBC.Map.Problem.Side", {
          input: '"east"',
          choices: "n, ne, se, s, sw, nw",
          expected: '"n", "ne", "se", "s", "sw", "nw"',
        }),
      }),
    ]);
  });

  it("names a bad hex key, a missing field and an unknown field", () => {
    const map = smallMap() as unknown as Record<string, unknown> & { hexes: Record<string, unknown> };
    map.hexes["12"] = { terrain: ["clear"], country: "frg" };
    map.hexes["0103"] = { terrain: [], country: "frg", colour: "red" };
    delete map.format;
    const out = problems(map);
    const at = (field: string, problem: Phrase) => phrase("NOBC.Validation.Problem", { field, problem });
    expect(out).toContainEqual(
      at("format", phrase("NOBC.Map.Problem.Format", { input: "undefined", choices: "nobc-terrain/1", expected: '"nobc-terrain/1"' })),
    );
    expect(out).toContainEqual(at('hexes["12"]', phrase("NOBC.Map.Problem.HexLabel", { input: '"12"' })));
    expect(out).toContainEqual(at('hexes["0103"].terrain', phrase("NOBC.Map.Problem.NoTerrain", { input: "[]", minimum: 1 })));
    expect(out).toContainEqual(at('hexes["0103"]', phrase("NOBC.Validation.UnrecognizedKeys", { count: 1, keys: '"colour"' })));
  });

  it("rejects sizes outside 1..99 and a non-positive hex size", () => {
    expect(problems({ ...smallMap(), columns: 0, rows: 100, hexSize: 0 })).toEqual([
      phrase("NOBC.Validation.Problem", {
        field: "columns",
        problem: phrase("NOBC.Map.Problem.Dimension.AtLeast", { input: "0", minimum: 1 }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: "rows",
        problem: phrase("NOBC.Map.Problem.Dimension.AtMost", { input: "100", maximum: 99 }),
      }),
      phrase("NOBC.Validation.Problem", { field: "hexSize", problem: phrase("NOBC.Map.Problem.HexSize", { input: "0", minimum: 0 }) }),
    ]);
    expect(problems({ ...smallMap(), columns: 2.5 })).toEqual([
      phrase("NOBC.Validation.Problem", { field: "columns", problem: phrase("NOBC.Map.Problem.Dimension.Whole", { input: "2.5" }) }),
    ]);
  });

  it("cross-checks hexes: inside the map, every hex present, terrain that does not contradict itself, names on towns", () => {
    const map = smallMap();
    map.hexes["0504"] = { terrain: ["clear"], country: "frg" };
    delete map.hexes["0203"];
    map.hexes["0103"] = { terrain: ["clear", "woods", "woods"], country: "frg", name: "Nowhere" };
    map.hexes["0303"] = { terrain: ["town", "city"], country: "gdr" };
    expect(problems(map)).toEqual([
      phrase("NOBC.Validation.Problem", {
        field: 'hexes["0103"].terrain[2]',
        problem: phrase("NOBC.Map.Problem.TerrainTwice", { terrain: "woods" }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: 'hexes["0103"].terrain',
        problem: phrase("NOBC.Map.Problem.ClearCombined", { terrain: "clear, woods, woods" }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: 'hexes["0103"].name',
        problem: phrase("NOBC.Map.Problem.NamedNoTown", { hex: "0103", name: "Nowhere" }),
      }),
      phrase("NOBC.Validation.Problem", { field: 'hexes["0303"].terrain', problem: phrase("NOBC.Map.Problem.TownAndCity") }),
      phrase("NOBC.Validation.Problem", {
        field: 'hexes["0504"]',
        problem: phrase("NOBC.Map.Problem.Outside", { hex: "0504", columns: "04", rows: "03" }),
      }),
      phrase("NOBC.Validation.Problem", { field: "hexes", problem: phrase("NOBC.Map.Problem.MissingHex", { hex: "0203" }) }),
    ]);
  });

  it("cross-checks hexsides: on the map, not on its edge, given once, a river under every bridge", () => {
    const map = smallMap();
    map.hexsides.push(
      { hex: "0901", side: "s", river: "minor" },
      { hex: "0101", side: "n", river: "minor" },
      { hex: "0201", side: "nw", river: "major" },
      { hex: "0103", side: "ne", bridge: true },
      { hex: "0103", side: "se" },
    );
    expect(problems(map)).toEqual([
      phrase("NOBC.Validation.Problem", {
        field: "hexsides[2].hex",
        problem: phrase("NOBC.Map.Problem.Outside", { hex: "0901", columns: "04", rows: "03" }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: "hexsides[3].side",
        problem: phrase("NOBC.Map.Problem.OnEdge", { side: "n", hex: "0101" }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: "hexsides[4]",
        problem: phrase("NOBC.Map.Problem.HexsideTwice", { hexside: "0101|0201", index: "0" }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: "hexsides[5].bridge",
        problem: phrase("NOBC.Map.Problem.BridgeNoRiver", { hexside: "0103|0202" }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: "hexsides[6].river",
        problem: phrase("NOBC.Map.Problem.NoRiver", { hexside: "0103|0203" }),
      }),
    ]);
  });

  it("cross-checks roads: on the map, stepping between neighbours, bridged where they cross a river", () => {
    const map = smallMap();
    map.roads.push({ kind: "road", path: ["0101", "0103", "0903", "0203", "0202", "0303"] });
    expect(problems(map)).toEqual([
      phrase("NOBC.Validation.Problem", {
        field: "roads[2].path[1]",
        problem: phrase("NOBC.Map.Problem.NotNeighbours", { road: phrase("NOBC.Map.Problem.Road.road"), from: "0101", to: "0103" }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: "roads[2].path[2]",
        problem: phrase("NOBC.Map.Problem.Outside", { hex: "0903", columns: "04", rows: "03" }),
      }),
      phrase("NOBC.Validation.Problem", {
        field: "roads[2].path[5]",
        problem: phrase("NOBC.Map.Problem.NoBridge", {
          road: phrase("NOBC.Map.Problem.Road.road"),
          river: phrase("NOBC.Map.Problem.River.major"),
          from: "0202",
          to: "0303",
        }),
      }),
    ]);
    map.roads[2]!.path = ["0101"];
    expect(problems(map)).toEqual([
      phrase("NOBC.Validation.Problem", {
        field: "roads[2].path",
        problem: phrase("NOBC.Map.Problem.ShortRoad", { input: '["0101"]', minimum: 2 }),
      }),
    ]);
  });

  it("parseTerrainMap throws with every problem listed", () => {
    expect(() => parseTerrainMap({ ...smallMap(), rows: 0 }, "x.json")).toThrow(/x\.json:\nrows: NOBC\.Map\.Problem\.Dimension\.AtLeast$/);
  });

  it("formats paths like a JavaScript accessor", () => {
    expect(formatMapPath(["hexes", "0712", "terrain", 1])).toBe('hexes["0712"].terrain[1]');
    expect(formatMapPath([])).toBe("");
    const whole: MapProblem = { path: "", text: phrase("NOBC.Map.Problem.NoTerrain") };
    expect(formatMapProblem(whole)).toEqual(
      phrase("NOBC.Validation.Problem", { field: phrase("NOBC.Validation.Whole.Map"), problem: whole.text }),
    );
    expect(problems("nonsense")[0]).toMatchObject({ key: "NOBC.Validation.Problem", data: { field: phrase("NOBC.Validation.Whole.Map") } });
  });
});
