/**
 * The world of the scripted Movement phase (tests/turn/movement-phase.test.ts): a map of our own,
 * 12 × 8 hexes, West German in columns 01-06 and East German in 07-12, with an autobahn along row 4,
 * a road down column 03, woods in column 05 and at 0906, a town and a city, and an unbridged minor
 * river between columns 06 and 07 (bridged where the autobahn crosses it). One HQ for NATO, two for
 * the Warsaw Pact; ten units a side.
 *
 * NATO (p1): I Corps (0204) with 1 Airborne Bde (0102) and nine others in columns 01-05, 6 JgBrig
 * forward in the woods at 0502, 4 PzGrenBrig with an overrun cost on its counter (1 MP, 1 hit); WP
 * (p2): 1 GTA (1104) and 8 GA (1107) with ten units in columns 08-11, among them a lone motor rifle
 * battalion (0805) that NATO can overrun. A few units have MP left over from the last turn, which the
 * Movement phase's entry card resets. NATO's minefield lies in 0403 (`movementMapState`). Keys
 * (`a1`, `n1`…`n9`, `w1`…`w10`, HQs) are the actor ids.
 */
import type { TerrainMap } from "../../src/map/terrain-schema";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { placeWorld } from "./board-world";
import type { FakeActorT } from "../harness/foundry";

type Raw = Record<string, unknown>;

const label = (col: number, row: number) => `${String(col).padStart(2, "0")}${String(row).padStart(2, "0")}`;

/** The map the GM attaches with the Map terrain tool. */
export function movementMap(): TerrainMap {
  const hexes: TerrainMap["hexes"] = {};
  for (let col = 1; col <= 12; col++)
    for (let row = 1; row <= 8; row++) {
      const terrain: TerrainMap["hexes"][string]["terrain"] = col === 5 || label(col, row) === "0906" ? ["woods"] : ["clear"];
      hexes[label(col, row)] = { terrain, country: col <= 6 ? "frg" : "gdr" };
    }
  hexes["0306"] = { terrain: ["town"], country: "frg" };
  hexes["0904"] = { terrain: ["city"], country: "gdr" };
  // The river runs down the boundary between columns 06 and 07: every hexside from a 06 hex into a 07 hex.
  const hexsides: TerrainMap["hexsides"] = [];
  for (let row = 1; row <= 8; row++) {
    // Column 06 is a shifted column (even column number): its east neighbours are 07/row (ne) and 07/row+1 (se).
    hexsides.push({ hex: label(6, row), side: "ne", river: "minor", bridge: row === 4, name: "Werra" });
    if (row < 8) hexsides.push({ hex: label(6, row), side: "se", river: "minor", name: "Werra" });
  }
  return {
    format: "nobc-terrain/1",
    name: "Werra gap",
    columns: 12,
    rows: 8,
    hexSize: 100,
    hexes,
    hexsides,
    roads: [
      { kind: "autobahn", path: ["0104", "0204", "0304", "0404", "0504", "0604", "0704", "0804", "0904", "1004", "1104", "1204"] },
      { kind: "road", path: ["0301", "0302", "0303", "0304", "0305", "0306", "0307", "0308"] },
    ],
  };
}

export type Side = "nato" | "wp";

export interface UnitSpec {
  readonly id: string;
  readonly name: string;
  readonly type: "unit" | "hq";
  readonly hex: string;
  readonly owner: "p1" | "p2";
  readonly system: Raw;
}

const nato = (hq: string, extra: Raw = {}): Raw => unitSystem("nato", { hq: `Actor.${hq}`, strength: { value: 6, max: 6 }, ...extra });
const wp = (hq: string, extra: Raw = {}): Raw =>
  unitSystem("wp", { hq: `Actor.${hq}`, arm: "motorRifle", strength: { value: 6, max: 6 }, ...extra });

export function movementSpecs(): UnitSpec[] {
  return [
    { id: "icorps", name: "I Corps", type: "hq", hex: "0204", owner: "p1", system: hqSystem("nato") },
    { id: "gta", name: "1 GTA", type: "hq", hex: "1104", owner: "p2", system: hqSystem("wp") },
    { id: "ga8", name: "8 GA", type: "hq", hex: "1107", owner: "p2", system: hqSystem("wp") },
    {
      id: "a1",
      name: "1 Airborne Bde",
      type: "unit",
      hex: "0102",
      owner: "p1",
      system: nato("icorps", { arm: "airborne", movementPoints: 1 }),
    },
    { id: "n1", name: "1 PzBrig", type: "unit", hex: "0203", owner: "p1", system: nato("icorps") },
    { id: "n2", name: "2 PzBrig", type: "unit", hex: "0205", owner: "p1", system: nato("icorps", { mode: "march", movementPoints: 6 }) },
    {
      id: "n3",
      name: "3 PzGrenBrig",
      type: "unit",
      hex: "0302",
      owner: "p1",
      system: nato("icorps", { arm: "mechanised", movementPoints: 2 }),
    },
    {
      id: "n4",
      name: "4 PzGrenBrig",
      type: "unit",
      hex: "0303",
      owner: "p1",
      system: nato("icorps", { arm: "mechanised", mode: "march", movementPoints: 6, overrunCost: { mp: 1, hits: 1 } }),
    },
    { id: "n5", name: "5 PzBrig", type: "unit", hex: "0407", owner: "p1", system: nato("icorps") },
    { id: "n6", name: "6 JgBrig", type: "unit", hex: "0502", owner: "p1", system: nato("icorps", { arm: "infantry" }) },
    { id: "n7", name: "7 PzBrig", type: "unit", hex: "0506", owner: "p1", system: nato("icorps") },
    {
      id: "n8",
      name: "1 ArtRgt",
      type: "unit",
      hex: "0208",
      owner: "p1",
      system: nato("icorps", { arm: "artillery", size: "regiment", mode: "march", movementPoints: 6 }),
    },
    { id: "n9", name: "8 PzBrig", type: "unit", hex: "0108", owner: "p1", system: nato("icorps", { mode: "march", movementPoints: 6 }) },
    {
      id: "w1",
      name: "1 GTD",
      type: "unit",
      hex: "0803",
      owner: "p2",
      system: wp("gta", { arm: "armour", size: "division", movementPoints: 0.5 }),
    },
    { id: "w2", name: "2 MRD", type: "unit", hex: "0903", owner: "p2", system: wp("gta", { size: "division" }) },
    { id: "w3", name: "3 MRR", type: "unit", hex: "1002", owner: "p2", system: wp("gta") },
    { id: "w4", name: "4 MRR", type: "unit", hex: "1003", owner: "p2", system: wp("gta", { mode: "march", movementPoints: 6 }) },
    {
      id: "w5",
      name: "5/1 MR Bn",
      type: "unit",
      hex: "0805",
      owner: "p2",
      system: wp("gta", { size: "battalion", mode: "march", movementPoints: 6 }),
    },
    { id: "w6", name: "6 TR", type: "unit", hex: "1005", owner: "p2", system: wp("ga8", { arm: "armour" }) },
    { id: "w7", name: "7 MRR", type: "unit", hex: "1006", owner: "p2", system: wp("ga8", { movementPoints: 0 }) },
    { id: "w8", name: "8 MRR", type: "unit", hex: "1106", owner: "p2", system: wp("ga8", { mode: "march", movementPoints: 6 }) },
    {
      id: "w9",
      name: "9 ArtBde",
      type: "unit",
      hex: "1108",
      owner: "p2",
      system: wp("ga8", { arm: "artillery", mode: "march", movementPoints: 6 }),
    },
    { id: "w10", name: "10 MRR", type: "unit", hex: "1008", owner: "p2", system: wp("ga8") },
  ];
}

/** The hex of NATO's minefield, laid in an earlier turn. */
export const MINED = "0403";

/** The scene's map state at the start (world data the GM's earlier cards wrote): NATO's minefield in 0403. */
export function movementMapState(): Record<string, unknown> {
  return { format: "nobc-map-state/1", mines: { [MINED]: { side: "nato" } }, contaminated: {}, destroyedBridges: {}, cutAutobahn: {} };
}

/**
 * Puts the world in the harness: each actor (in `game.actors`) with a token at the centre of its
 * hex on the viewed scene (`harness.placeToken`, the scene's padding counted), and each side's
 * player owning its documents (p1 NATO, p2 WP). The scene has no terrain yet.
 */
export function buildMovementWorld(): Map<string, FakeActorT> {
  return placeWorld(movementSpecs());
}
