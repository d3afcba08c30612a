/**
 * Issue #35 item 7: the rear-area dialog's contact test reads the battlefield's index by hex
 * (src/world/movement.ts `occupancy`) instead of scanning every unit per unit. The reference below is
 * the scan as it stood; on seeded theatres, fixed-map ones (dense, many contacts) too, both say the same
 * of every unit, and the targets offered are those the scan gives.
 */
import { describe, expect, it } from "vitest";
import { inContact } from "../../../src/apps/land/world";
import { adjacentHexes } from "../../../src/map/rules-view";
import type { Battlefield } from "../../../src/world/battlefield";
import type { LandUnit } from "../../../src/rules/nobc/land/types";
import { theatre, theatreField } from "../../bench/theatre";

function scanned(field: Battlefield, unit: LandUnit): boolean | undefined {
  if (field.map === null || unit.hex === "" || field.map.map.hexes[unit.hex] === undefined) return undefined;
  const near = new Set([unit.hex, ...adjacentHexes(field.map, unit.hex)]);
  return field.units.some((u) => u.side !== unit.side && u.hex !== "" && near.has(u.hex));
}

describe("inContact through the index by hex", () => {
  for (const [units, seed, fixedMap] of [
    [100, 3, false],
    [400, 7, true],
    [400, 20, false],
    [1600, 11, true],
  ] as const) {
    it(`says what the scan said of every unit (${String(units)} units, seed ${String(seed)}${fixedMap ? ", fixed map" : ""})`, () => {
      const field = theatreField(theatre(units, seed, { fixedMap }));
      const got = field.units.map((u) => inContact(field, u));
      expect(got).toEqual(field.units.map((u) => scanned(field, u)));
      // Both answers occur, and units off the map read as undefined.
      expect(got).toContain(true);
      expect(got).toContain(false);
    });
  }
});
