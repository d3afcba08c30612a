import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ADJACENT_DEFENDER_MODIFIER,
  ENGINEER_CARDS_FOR_UNBRIDGED,
  FIRE_SUPPORT_LIMITS,
  GROUND_COMBAT_CRT,
  combatResult,
  crtBand,
  oddsModifier,
  riverModifier,
  terrainModifier,
  type CombatRiverCrossing,
} from "../../../src/rules/nobc/land/combat-tables";
import type { LandTerrain } from "../../../src/rules/nobc/land/types";

describe("Step One odds (seed 000, Land War QRS, Ground Combat Step One)", () => {
  it.each([
    [1, 1, 0],
    [2, 1, 2],
    [3, 1, 4],
    [4, 1, 6],
    [6, 1, 8],
    [10, 1, 10],
  ])("%i:%i gives %i", (a, d, mod) => {
    expect(oddsModifier(a, d)).toBe(mod);
    expect(oddsModifier(a * 7, d * 7)).toBe(mod);
  });

  it.each([
    [5, 1, 6, "5:1 reads as 4:1"],
    [9, 1, 8, "9:1 reads as 6:1"],
    [20, 1, 10, "beyond 10:1 stays +10"],
    [11, 4, 2, "2.75:1 reads as 2:1"],
    [23, 8, 2, "just under 3:1 reads as 2:1"],
    [24, 8, 4, "exactly 3:1"],
    [7, 4, 0, "1.75:1 reads as 1:1"],
  ])("%i:%i gives %i (%s, rounded down per RULES-NOTES)", (a, d, mod) => {
    expect(oddsModifier(a, d)).toBe(mod);
  });

  it("below 1:1 counts +0 by default (RULES-NOTES reading)", () => {
    expect(oddsModifier(1, 10)).toBe(0);
    expect(oddsModifier(3, 4)).toBe(0);
    expect(oddsModifier(3, 4, "zero")).toBe(0);
  });

  it.each([
    [1, 2, -2],
    [1, 3, -4],
    [1, 4, -6],
    [1, 5, -6],
    [1, 6, -8],
    [1, 9, -8],
    [1, 10, -10],
    [1, 30, -10],
    [2, 5, -2],
    [3, 4, 0],
  ])("mirror option: %i:%i gives %i", (a, d, mod) => {
    expect(oddsModifier(a, d, "mirror")).toBe(mod);
  });

  it("mirror option leaves 1:1 and better unchanged", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 200 }), (a, d) => {
        const [hi, lo] = a >= d ? [a, d] : [d, a];
        expect(oddsModifier(hi, lo, "mirror")).toBe(oddsModifier(hi, lo));
        expect(oddsModifier(lo, hi, "mirror") + oddsModifier(hi, lo, "mirror")).toBe(0);
      }),
    );
  });

  it("is monotonic: more attack never lowers it, more defence never raises it (both options)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 50 }),
        fc.constantFrom("zero" as const, "mirror" as const),
        (a, d, extra, option) => {
          expect(oddsModifier(a + extra, d, option)).toBeGreaterThanOrEqual(oddsModifier(a, d, option));
          expect(oddsModifier(a, d + extra, option)).toBeLessThanOrEqual(oddsModifier(a, d, option));
        },
      ),
    );
  });

  it("refuses strengths the table cannot read", () => {
    for (const [a, d] of [
      [0, 1],
      [1, 0],
      [-3, 2],
      [2.5, 1],
      [Number.NaN, 1],
      [1, Number.POSITIVE_INFINITY],
    ] as const) {
      expect(() => oddsModifier(a, d)).toThrow(RangeError);
    }
  });
});

describe("Step Two terrain (seed 000, Land War QRS, Ground Combat Step Two)", () => {
  it.each([
    [["clear"], 0],
    [["woods"], -1],
    [["rough"], -1],
    [["marsh"], -1],
    [["town"], -1],
    [["city"], -4],
    [[], 0],
  ] as [LandTerrain[], number][])("%j gives %i", (terrain, mod) => {
    expect(terrainModifier(terrain)).toBe(mod);
  });

  it("is cumulative over the types present, each type once", () => {
    expect(terrainModifier(["woods", "rough"])).toBe(-2);
    expect(terrainModifier(["woods", "rough", "marsh", "city"])).toBe(-7);
    expect(terrainModifier(["woods", "woods"])).toBe(-1);
  });

  it("throws on an unknown terrain", () => {
    expect(() => terrainModifier(["swamp" as LandTerrain])).toThrow(RangeError);
  });
});

describe("Step Three river (seed 000, Land War QRS, Ground Combat Step Three)", () => {
  it.each([
    [["minor"], -1],
    [["major"], -3],
    [["major", "major"], -3],
    [["minor", "major"], -1],
    [["minor", "minor"], -1],
    [["none"], 0],
    [["major", "none"], 0],
    [["none", "none"], 0],
  ] as [CombatRiverCrossing[], number][])("%j gives %i (only when every attacker crosses)", (crossings, mod) => {
    expect(riverModifier(crossings)).toBe(mod);
  });

  it("throws with no attacker or an unknown crossing", () => {
    expect(() => riverModifier([])).toThrow(RangeError);
    expect(() => riverModifier(["ford" as CombatRiverCrossing])).toThrow(RangeError);
  });

  it("an unbridged minor river needs 1 Engineer card, a major 2 (Step Three note)", () => {
    expect(ENGINEER_CARDS_FOR_UNBRIDGED).toEqual({ minor: 1, major: 2 });
  });
});

describe("Step Four and fire support constants (seed 000, Land War QRS)", () => {
  it("adjacent defender −2, fire missions 3 × 3 artillery at 1 SP", () => {
    expect(ADJACENT_DEFENDER_MODIFIER).toBe(-2);
    expect(FIRE_SUPPORT_LIMITS).toEqual({ missionsPerCombat: 3, artilleryPerMission: 3, supplyPerMission: 1 });
  });
});

describe("Combat Results Table (seed 000, Land War QRS)", () => {
  const each = (amount: number) => ({ amount, each: true });
  const between = (amount: number) => ({ amount, each: false });

  it("CRT 16+, mine: Costly Breakthrough, 4 on each attacker, 4 on each defender, retreat 2", () => {
    expect(combatResult(16, true)).toEqual({ id: "costlyBreakthrough", attackerHits: each(4), defenderHits: each(4), retreat: 2 });
  });
  it("CRT 16+, no mine: Breakthrough, 3 between attackers, 2 on each defender, retreat 3", () => {
    expect(combatResult(16, false)).toEqual({ id: "breakthrough", attackerHits: between(3), defenderHits: each(2), retreat: 3 });
  });
  it("CRT 12-15, mine: Costly Success, 4 on each attacker, 3 between defenders, retreat 1", () => {
    expect(combatResult(12, true)).toEqual({ id: "costlySuccess", attackerHits: each(4), defenderHits: between(3), retreat: 1 });
  });
  it("CRT 12-15, no mine: Costly Breakthrough, 3 on each attacker, 3 on each defender, retreat 2", () => {
    expect(combatResult(12, false)).toEqual({ id: "costlyBreakthrough", attackerHits: each(3), defenderHits: each(3), retreat: 2 });
  });
  it("CRT 8-11, mine: Heavy Fighting, 4 on each attacker, 4 between defenders, stays", () => {
    expect(combatResult(8, true)).toEqual({ id: "heavyFighting", attackerHits: each(4), defenderHits: between(4), retreat: 0 });
  });
  it("CRT 8-11, no mine: Success, 3 on each attacker, 2 between defenders, retreat 1", () => {
    expect(combatResult(8, false)).toEqual({ id: "success", attackerHits: each(3), defenderHits: between(2), retreat: 1 });
  });
  it("CRT 5-7, mine: Attack Beaten Off, 4 between attackers, 3 between defenders, stays", () => {
    expect(combatResult(5, true)).toEqual({ id: "attackBeatenOff", attackerHits: between(4), defenderHits: between(3), retreat: 0 });
  });
  it("CRT 5-7, no mine: Heavy Fighting, 3 on each attacker, 3 between defenders, stays", () => {
    expect(combatResult(5, false)).toEqual({ id: "heavyFighting", attackerHits: each(3), defenderHits: between(3), retreat: 0 });
  });
  it("CRT <4 (read as 4 or less), mine: Attack Stalled Early, 3 between attackers, 2 between defenders", () => {
    expect(combatResult(4, true)).toEqual({ id: "attackStalledEarly", attackerHits: between(3), defenderHits: between(2), retreat: 0 });
  });
  it("CRT <4 (read as 4 or less), no mine: Attack Beaten Off, 3 between attackers, 2 between defenders", () => {
    expect(combatResult(4, false)).toEqual({ id: "attackBeatenOff", attackerHits: between(3), defenderHits: between(2), retreat: 0 });
  });

  it.each([
    [4, "4-", "attackStalledEarly", "attackBeatenOff"],
    [5, "5-7", "attackBeatenOff", "heavyFighting"],
    [7, "5-7", "attackBeatenOff", "heavyFighting"],
    [8, "8-11", "heavyFighting", "success"],
    [11, "8-11", "heavyFighting", "success"],
    [12, "12-15", "costlySuccess", "costlyBreakthrough"],
    [15, "12-15", "costlySuccess", "costlyBreakthrough"],
    [16, "16+", "costlyBreakthrough", "breakthrough"],
    [40, "16+", "costlyBreakthrough", "breakthrough"],
    [-12, "4-", "attackStalledEarly", "attackBeatenOff"],
    [0, "4-", "attackStalledEarly", "attackBeatenOff"],
  ])("boundary score %i is band %s: mine %s, no mine %s (seed 000 CRT)", (score, band, mine, noMine) => {
    expect(crtBand(score)).toBe(band);
    expect(combatResult(score, true).id).toBe(mine);
    expect(combatResult(score, false).id).toBe(noMine);
  });

  it("returns a copy, so callers cannot change the table", () => {
    const r = combatResult(20, true);
    r.attackerHits.amount = 99;
    expect(GROUND_COMBAT_CRT[0]!.mine.attackerHits.amount).toBe(4);
  });

  it("throws on a score that is not an integer", () => {
    expect(() => combatResult(7.5, false)).toThrow(RangeError);
    expect(() => combatResult(Number.NaN, true)).toThrow(RangeError);
    expect(() => crtBand(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("a higher score never gives a band lower in the table", () => {
    const order = GROUND_COMBAT_CRT.map((r) => r.band);
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 40 }), fc.integer({ min: 0, max: 10 }), (s, up) => {
        expect(order.indexOf(crtBand(s + up))).toBeLessThanOrEqual(order.indexOf(crtBand(s)));
      }),
    );
  });
});
