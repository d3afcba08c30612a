import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { COMBAT_RESULTS, combatResult, combatResultRow } from "../../../src/rules/playsheet";

describe("results table (seed 003 Results Table)", () => {
  it.each([
    [30, "totalSuccess"],
    [12, "totalSuccess"],
    [11, "success"],
    [8, "success"],
    [7, "limitedSuccess"],
    [5, "limitedSuccess"],
    [4, "confused"],
    [0, "confused"],
    [-1, "confused"],
    [-2, "beaten"],
    [-20, "beaten"],
  ] as const)("score %i: %s", (score, result) => {
    expect(combatResult(score)).toBe(result);
  });

  it("12+ total success: attacker -1, defender -2 per unit, retire 2d6 open / 1d6 close, 2 SP, no counter-attack, overrun may fight again", () => {
    const r = combatResultRow(12);
    expect(r).toMatchObject({
      attackerLossPerUnit: 1,
      defenderLossPerUnit: 2,
      defenderSupplyLossPerUnit: 2,
      defenderMayCounterAttack: false,
    });
    expect(r.defenderRetire).toEqual({ open: { kind: "dice", dice: "2d6" }, close: { kind: "dice", dice: "1d6" } });
    expect(r.overrun).toEqual({ extraAttackerLossPerUnit: 0, mayFightAgain: true });
  });

  it("8-11 success: -1 each, retire 1d6 open / 1d3 close, 1 SP, no counter-attack, overrun costs 1 extra and may fight again", () => {
    const r = combatResultRow(8);
    expect(r).toMatchObject({
      attackerLossPerUnit: 1,
      defenderLossPerUnit: 1,
      defenderSupplyLossPerUnit: 1,
      defenderMayCounterAttack: false,
    });
    expect(r.defenderRetire).toEqual({ open: { kind: "dice", dice: "1d6" }, close: { kind: "dice", dice: "1d3" } });
    expect(r.overrun).toEqual({ extraAttackerLossPerUnit: 1, mayFightAgain: true });
  });

  it("5-7 limited success: -1 each, retire 2 km open / 1 km close, 1 SP, may counter-attack, overrun costs 1 extra and may not fight again", () => {
    const r = combatResultRow(5);
    expect(r).toMatchObject({
      attackerLossPerUnit: 1,
      defenderLossPerUnit: 1,
      defenderSupplyLossPerUnit: 1,
      defenderMayCounterAttack: true,
    });
    expect(r.defenderRetire).toEqual({ open: { kind: "fixed", km: 2 }, close: { kind: "fixed", km: 1 } });
    expect(r.overrun).toEqual({ extraAttackerLossPerUnit: 1, mayFightAgain: false });
  });

  it("4 to -1 confused: both -1, stay, no counter-attacks, no breakthrough", () => {
    const r = combatResultRow(-1);
    expect(r).toMatchObject({
      attackerLossPerUnit: 1,
      defenderLossPerUnit: 1,
      defenderRetire: null,
      defenderMayCounterAttack: false,
      overrun: null,
    });
  });

  it("less than -1 beaten: defender no loss, attackers -1 and thrown back, defender may counter-attack, no breakthrough", () => {
    const r = combatResultRow(-2);
    expect(r).toMatchObject({
      attackerLossPerUnit: 1,
      defenderLossPerUnit: 0,
      attackersThrownBack: true,
      defenderMayCounterAttack: true,
      overrun: null,
    });
  });

  it("rejects non-integer scores", () => {
    expect(() => combatResult(4.5)).toThrow(RangeError);
    expect(() => combatResult(Number.NaN)).toThrow(RangeError);
  });

  it("property: every whole score has exactly one row", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), (s) => {
        expect(
          COMBAT_RESULTS.filter((r) => (r.minScore === null || s >= r.minScore) && (r.maxScore === null || s <= r.maxScore)),
        ).toHaveLength(1);
        expect(combatResultRow(s)).toBeDefined();
      }),
    );
  });
});
