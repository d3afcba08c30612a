import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { airResupply, resolveAirResupply } from "../../../src/rules/playsheet";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";

// seed 003, Air Resupply ready reckoner: points sent, then delivered for rolls 6+, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4
const TABLE: [number, number[]][] = [
  [10, [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]],
  [9, [9, 8, 7, 6, 6, 5, 4, 3, 2, 1, 0]],
  [8, [8, 7, 6, 6, 5, 4, 3, 2, 2, 1, 0]],
  [7, [7, 6, 6, 5, 4, 4, 3, 2, 1, 1, 0]],
  [6, [6, 5, 5, 4, 4, 3, 2, 2, 1, 1, 0]],
  [5, [5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0]],
  [4, [4, 4, 3, 3, 2, 2, 2, 1, 1, 0, 0]],
  [3, [3, 3, 2, 2, 2, 2, 1, 1, 1, 0, 0]],
  [2, [2, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0]],
  [1, [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]],
];
const CELLS = TABLE.flatMap(([points, row]) => row.map((delivered, i) => [points, 6 - i, delivered] as const));

describe("air resupply ready reckoner (seed 003 Air Resupply)", () => {
  it.each(CELLS)("%i points, roll %i: %i delivered", (points, roll, delivered) => {
    expect(airResupply(points, roll)).toBe(delivered);
  });

  it("clamps rolls beyond the columns (RULES-NOTES)", () => {
    expect(airResupply(10, 11)).toBe(10);
    expect(airResupply(10, -9)).toBe(0);
    expect(airResupply(7, 7)).toBe(7);
  });

  it("rejects points outside 1..10 and non-integer rolls", () => {
    expect(() => airResupply(0, 3)).toThrow(RangeError);
    expect(() => airResupply(11, 3)).toThrow(RangeError);
    expect(() => airResupply(2.5, 3)).toThrow(RangeError);
    expect(() => airResupply(5, 1.5)).toThrow(RangeError);
    expect(() => airResupply(5, Number.NaN)).toThrow(RangeError);
  });

  it("property: never delivers more than was sent, and a better roll never delivers less", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: -10, max: 10 }), (p, roll) => {
        expect(airResupply(p, roll)).toBeLessThanOrEqual(p);
        expect(airResupply(p, roll + 1)).toBeGreaterThanOrEqual(airResupply(p, roll));
      }),
    );
  });
});

describe("resolveAirResupply", () => {
  const receiver = { actor: "div", name: "1 Airborne" };

  it.each([
    ["poor terrain -1", { poorTerrain: true }, -1],
    ["contested -3", { contested: true }, -3],
    ["airstrip +2", { landing: "airstrip" as const }, 2],
    ["airstrip with AFDAG +5", { landing: "airstripWithAfdag" as const }, 5],
    ["enemy fighters -3", { enemyFighters: true }, -3],
    ["enemy flak -2", { enemyFlak: true }, -2],
  ])("factor %s (seed 003 Air Resupply factors)", (_label, extra, mod) => {
    const r = unwrap(resolveAirResupply({ receiver, points: 10, landing: "drop", ...extra }, scriptedDice([1])));
    expect(r.outcome.modifiedRoll).toBe(1 + mod);
    expect(r.outcome.delivered).toBe(airResupply(10, 1 + mod));
  });

  it("adds the delivered points to the receiver", () => {
    const r = unwrap(resolveAirResupply({ receiver, points: 6, landing: "drop" }, scriptedDice([4])));
    expect(r.effects).toEqual([{ type: "playsheetSupply", actor: "div", delta: 5, kind: "supply" }]);
  });

  it("nothing delivered means no effect", () => {
    const r = unwrap(resolveAirResupply({ receiver, points: 1, landing: "drop", contested: true, enemyFlak: true }, scriptedDice([1])));
    expect(r.outcome).toEqual({ modifiedRoll: -4, delivered: 0 });
    expect(r.effects).toEqual([]);
  });

  it("refuses more than 10 points and bad counts", () => {
    const big = resolveAirResupply({ receiver, points: 12, landing: "drop" }, scriptedDice([]));
    expect(big.ok ? [] : big.refusals.map((x) => x.code)).toEqual(["tooManyPoints"]);
    const zero = resolveAirResupply({ receiver, points: 0, landing: "drop" }, scriptedDice([]));
    expect(zero.ok ? [] : zero.refusals.map((x) => x.code)).toEqual(["badNumber"]);
  });
});
