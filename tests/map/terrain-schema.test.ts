import { describe, expect, it } from "vitest";
import { formatMapPath, formatMapProblem, parseTerrainMap, validateTerrainMap, type MapProblem } from "../../src/map/terrain-schema";
import { smallMap } from "./fixture";

function problems(data: unknown): string[] {
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
      'hexes["0101"].terrain[1]: "forest" is not a terrain type (clear, woods, rough, marsh, town, city)',
      'hexes["0102"].country: "prussia" is not a country code (frg, gdr, cs, pl, nl, be, lu, dk, fr, at, ch, hu, su)',
      'hexsides[0].side: "east" is not a side of a hex (n, ne, se, s, sw, nw)',
    ]);
  });

  it("names a bad hex key, a missing field and an unknown field", () => {
    const map = smallMap() as unknown as Record<string, unknown> & { hexes: Record<string, unknown> };
    map.hexes["12"] = { terrain: ["clear"], country: "frg" };
    map.hexes["0103"] = { terrain: [], country: "frg", colour: "red" };
    delete map.format;
    const out = problems(map);
    expect(out).toContain('format: format must be "nobc-terrain/1"');
    expect(out).toContain('hexes["12"]: "12" is not a hex label (four digits, column then row, e.g. 0712)');
    expect(out).toContain('hexes["0103"].terrain: a hex needs at least one terrain type');
    expect(out.some((p) => p.startsWith('hexes["0103"]: ') && p.includes("colour"))).toBe(true);
  });

  it("rejects sizes outside 1..99 and a non-positive hex size", () => {
    expect(problems({ ...smallMap(), columns: 0, rows: 100, hexSize: 0 })).toEqual([
      "columns: columns must be at least 1",
      "rows: rows can be at most 99 (hex labels have two digits each)",
      "hexSize: hexSize must be a positive number of pixels",
    ]);
    expect(problems({ ...smallMap(), columns: 2.5 })).toEqual(["columns: columns must be a whole number"]);
  });

  it("cross-checks hexes: inside the map, every hex present, terrain that does not contradict itself, names on towns", () => {
    const map = smallMap();
    map.hexes["0504"] = { terrain: ["clear"], country: "frg" };
    delete map.hexes["0203"];
    map.hexes["0103"] = { terrain: ["clear", "woods", "woods"], country: "frg", name: "Nowhere" };
    map.hexes["0303"] = { terrain: ["town", "city"], country: "gdr" };
    expect(problems(map)).toEqual([
      'hexes["0103"].terrain[2]: "woods" is listed twice',
      'hexes["0103"].terrain: clear cannot be combined with other terrain (clear, woods, woods)',
      'hexes["0103"].name: hex 0103 is named "Nowhere" but has no town or city terrain',
      'hexes["0303"].terrain: a hex is a town or a city, not both',
      'hexes["0504"]: hex 0504 lies outside the map (columns 01-04, rows 01-03)',
      "hexes: hex 0203 is missing; every hex of the map needs an entry",
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
      "hexsides[2].hex: hex 0901 lies outside the map (columns 01-04, rows 01-03)",
      "hexsides[3].side: side n of hex 0101 is on the map edge; a hexside needs a hex on both sides",
      "hexsides[4]: hexside 0101|0201 is already given at hexsides[0]",
      "hexsides[5].bridge: hexside 0103|0202 has a bridge but no river",
      "hexsides[6].river: hexside 0103|0203 has no river; an entry is only needed for a river",
    ]);
  });

  it("cross-checks roads: on the map, stepping between neighbours, bridged where they cross a river", () => {
    const map = smallMap();
    map.roads.push({ kind: "road", path: ["0101", "0103", "0903", "0203", "0202", "0303"] });
    expect(problems(map)).toEqual([
      "roads[2].path[1]: the road steps from 0101 to 0103, which are not neighbours",
      "roads[2].path[2]: hex 0903 lies outside the map (columns 01-04, rows 01-03)",
      "roads[2].path[5]: the road crosses the major river between 0202 and 0303, where there is no bridge",
    ]);
    map.roads[2]!.path = ["0101"];
    expect(problems(map)).toEqual(["roads[2].path: a road needs at least two hexes"]);
  });

  it("parseTerrainMap throws with every problem listed", () => {
    expect(() => parseTerrainMap({ ...smallMap(), rows: 0 }, "x.json")).toThrow(
      /x\.json has 1 problem\(s\):\nrows: rows must be at least 1/,
    );
  });

  it("formats paths like a JavaScript accessor", () => {
    expect(formatMapPath(["hexes", "0712", "terrain", 1])).toBe('hexes["0712"].terrain[1]');
    expect(formatMapPath([])).toBe("");
    const whole: MapProblem = { path: "", message: "not an object" };
    expect(formatMapProblem(whole)).toBe("(map): not an object");
    expect(problems("nonsense")[0]).toMatch(/^\(map\): /);
  });
});
