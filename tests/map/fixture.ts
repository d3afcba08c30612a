import type { TerrainMap } from "../../src/map/terrain-schema";

/**
 * A 4 × 3 test map. Columns 01-02 are West German, 03-04 East German. A minor river runs between
 * 0101 and 0201 (bridged) and a major one between 0202 and 0303 (unbridged); a road joins
 * 0101-0201-0202 and an autobahn runs 0102-0202-0302-0402.
 *
 *   0101 clear   0201 town    0301 woods         0401 city
 *   0102 rough+woods  0202 clear  0302 marsh     0402 clear
 *   0103 clear   0203 clear   0303 clear         0403 clear
 */
export function smallMap(): TerrainMap {
  const hex = (terrain: TerrainMap["hexes"][string]["terrain"], country: "frg" | "gdr", name?: string) => ({
    terrain,
    country,
    ...(name ? { name } : {}),
  });
  return {
    format: "nobc-terrain/1",
    name: "Test map",
    columns: 4,
    rows: 3,
    hexSize: 100,
    hexes: {
      "0101": hex(["clear"], "frg"),
      "0102": hex(["rough", "woods"], "frg"),
      "0103": hex(["clear"], "frg"),
      "0201": hex(["town"], "frg", "Townsville"),
      "0202": hex(["clear"], "frg"),
      "0203": hex(["clear"], "frg"),
      "0301": hex(["woods"], "gdr"),
      "0302": hex(["marsh"], "gdr"),
      "0303": hex(["clear"], "gdr"),
      "0401": hex(["city"], "gdr", "Big City"),
      "0402": hex(["clear"], "gdr"),
      "0403": { ...hex(["clear"], "gdr"), coastal: true },
    },
    hexsides: [
      { hex: "0101", side: "se", river: "minor", bridge: true, name: "Brook" },
      { hex: "0202", side: "se", river: "major", name: "Great River" },
    ],
    roads: [
      { kind: "road", path: ["0101", "0201", "0202"] },
      { kind: "autobahn", name: "A1", path: ["0102", "0202", "0302", "0402"] },
    ],
  };
}
