/**
 * A seeded, generated Land War theatre for the Resupply scale and equivalence tests: a square map of at
 * least 2,000 hexes (about 5.5 hexes a unit) with a road every fourth row, a north-south road every
 * sixth column and an autobahn every twelfth row; one HQ for every ten units (NATO corps of five
 * nationalities, Warsaw Pact fronts with their armies); units standing near their HQ, some off the
 * map, some artillery or battalions (which carry no supply), with varied supply.
 *
 * Kept beside tests/bench/theatre.ts (the shared generator, whose `seeded` it uses) because the
 * Resupply tests count on what that one lacks: HQs and units off the map, units with no HQ or an HQ
 * of another nationality, battalions, Fronts with their armies and varied HQ levels and radii.
 */
import type { Battlefield } from "../../../src/world/battlefield";
import { mapView } from "../../../src/map/rules-view";
import { hexLabel } from "../../../src/map/hex-grid";
import type { TerrainMap } from "../../../src/map/terrain-schema";
import type { LandHq, LandUnit, UnitArm, UnitSize } from "../../../src/rules/nobc/land/types";
import { seeded } from "../../bench/theatre";
import { readMapState } from "../../../src/map/map-state";

export interface TheatreOptions {
  readonly units: number;
  readonly seed?: number;
  /** Hexes on the map; by default max(2,250, 5.5 × units). */
  readonly hexes?: number;
}

const NATO = ["frg", "us", "uk", "nl", "be"] as const;
const SIZES: readonly UnitSize[] = ["division", "brigade", "brigade", "regiment", "battalion"];
const ARMS: readonly UnitArm[] = ["armour", "mechanised", "motorRifle", "infantry", "artillery"];

/** The generated theatre as the rules see it (the `Battlefield` `readBattlefield` would return). */
export function resupplyTheatre(options: TheatreOptions): Battlefield {
  const rnd = seeded(options.seed ?? 1);
  const int = (n: number) => Math.floor(rnd() * n);
  const side = Math.min(98, Math.ceil(Math.sqrt(options.hexes ?? Math.max(2250, options.units * 5.5))));
  const columns = side;
  const rows = side;
  const hexes: TerrainMap["hexes"] = {};
  for (let col = 0; col < columns; col++) {
    for (let row = 0; row < rows; row++) {
      hexes[hexLabel({ col, row })] = { terrain: [rnd() < 0.2 ? "woods" : "clear"], country: col < columns / 2 ? "frg" : "gdr" };
    }
  }
  const roads: TerrainMap["roads"] = [];
  for (let row = 1; row < rows; row += 4) {
    roads.push({ kind: row % 12 === 1 ? "autobahn" : "road", path: Array.from({ length: columns }, (_, col) => hexLabel({ col, row })) });
  }
  for (let col = 2; col < columns; col += 6) {
    roads.push({ kind: "road", path: Array.from({ length: rows }, (_, row) => hexLabel({ col, row })) });
  }
  const map: TerrainMap = { format: "nobc-terrain/1", name: "Generated theatre", columns, rows, hexSize: 100, hexes, hexsides: [], roads };

  const near = (col: number, row: number, spread: number): string => {
    const c = Math.max(0, Math.min(columns - 1, col + int(2 * spread + 1) - spread));
    const r = Math.max(0, Math.min(rows - 1, row + int(2 * spread + 1) - spread));
    return hexLabel({ col: c, row: r });
  };
  const hqCount = Math.max(4, Math.round(options.units / 10));
  const hqs: LandHq[] = [];
  const spots: { col: number; row: number }[] = [];
  for (let i = 0; i < hqCount; i++) {
    const nato = i % 2 === 0;
    const col = nato ? int(Math.floor(columns / 2)) : Math.floor(columns / 2) + int(Math.ceil(columns / 2));
    const row = int(rows);
    spots.push({ col, row });
    // Every fourth WP HQ is a Front; the armies after it belong to it.
    const front = !nato && i % 8 === 1;
    // A few NATO corps answer to the first NATO HQ: their units then carry a `front` the rules ignore.
    const parent = front ? undefined : nato ? (i % 6 === 4 ? "Actor.hq0" : undefined) : hqs.filter((h) => h.echelon === "front").at(-1)?.id;
    hqs.push({
      id: `Actor.hq${i}`,
      side: nato ? "nato" : "wp",
      name: `HQ ${i}`,
      echelon: nato ? "corps" : front ? "front" : "army",
      level: int(5),
      maxLevel: 4,
      radius: 3 + int(4),
      nationality: nato ? NATO[(i / 2) % NATO.length]! : "su",
      hex: i % 23 === 5 ? "" : hexLabel({ col, row }),
      ...(parent === undefined ? {} : { parent }),
      mayRecover: true,
    });
  }
  const units: LandUnit[] = [];
  for (let i = 0; i < options.units; i++) {
    const owner = int(hqCount);
    const hq = hqs[owner]!;
    const spot = spots[owner]!;
    const size = SIZES[int(SIZES.length)]!;
    units.push({
      id: `Actor.u${i}`,
      side: hq.side,
      name: `Unit ${i}`,
      size,
      arm: ARMS[int(ARMS.length)]!,
      strength: 4,
      mode: "combat",
      supply: int(3),
      hex: i % 37 === 36 ? "" : near(spot.col, spot.row, 9),
      // A few units answer to no HQ, a few NATO units to an HQ of another nationality.
      ...(i % 41 === 40 ? {} : { hq: hq.id }),
      nationality: hq.side === "wp" ? "su" : i % 29 === 28 ? NATO[int(NATO.length)]! : hq.nationality,
    });
  }
  const names = new Map<string, string>([...units, ...hqs].map((a) => [a.id, a.name]));
  return {
    map: mapView(map),
    mapProblems: [],
    units,
    markers: new Map(),
    hqs,
    cards: [],
    squadrons: [],
    unknownAir: [],
    airbases: [],
    names,
    mapState: readMapState(undefined).state,
    mapStateProblems: [],
  };
}
