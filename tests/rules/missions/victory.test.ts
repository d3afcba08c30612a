import { describe, expect, it } from "vitest";
import { resolveMissionEnd, unitsLost, victoryPoints, type ForceUnit } from "../../../src/rules/missions";

describe("victory points table (seed 002 Victory Points Table)", () => {
  it.each([
    [0, 8, 1],
    [1, 8, 1],
    [2, 7, 2],
    [3, 6, 3],
    [9, 6, 3],
  ])("winner lost %i units: %i-%i", (lost, winner, loser) => {
    expect(victoryPoints(lost)).toEqual({ winner, loser });
  });

  it("rejects bad counts", () => {
    expect(() => victoryPoints(-1)).toThrow(RangeError);
    expect(() => victoryPoints(1.5)).toThrow(RangeError);
  });
});

const u = (role: ForceUnit["role"], destroyed: boolean, withdrawnNotInGoodSpirits?: boolean): ForceUnit => ({
  name: role,
  role,
  destroyed,
  ...(withdrawnNotInGoodSpirits === undefined ? {} : { withdrawnNotInGoodSpirits }),
});

describe("counting units lost (seed 002 Victory Points)", () => {
  it("core units, attachments and HQs count; independent teams never; broken withdrawals count", () => {
    expect(unitsLost([u("core", true), u("attachment", true), u("hq", true), u("independent", true), u("core", false)])).toBe(3);
    expect(unitsLost([u("core", false, true), u("core", false, false)])).toBe(1);
  });
});

describe("mission end (seed 002 Victory Points, There Are No Draws)", () => {
  const attacker = { actor: "nato", name: "NATO", units: [u("core", true), u("attachment", true)] };
  const defender = { actor: "wp", name: "Warsaw Pact", units: [u("core", true), u("core", true), u("core", true), u("hq", true)] };

  it("attacker wins having lost 2 units: major victory 7-2", () => {
    const r = resolveMissionEnd({ attacker, defender, winner: "attacker" });
    expect(r.outcome).toEqual({ winner: "attacker", result: "majorVictory", points: { attacker: 7, defender: 2 } });
    expect(r.effects).toEqual([
      { type: "victoryPoints", actor: "nato", points: 7 },
      { type: "victoryPoints", actor: "wp", points: 2 },
    ]);
  });

  it("defender wins having lost 4 units: minor victory 3-6", () => {
    expect(resolveMissionEnd({ attacker, defender, winner: "defender" }).outcome).toEqual({
      winner: "defender",
      result: "minorVictory",
      points: { attacker: 3, defender: 6 },
    });
  });

  it("stunning victory for a winner with no losses", () => {
    expect(resolveMissionEnd({ attacker: { ...attacker, units: [] }, defender, winner: "attacker" }).outcome.result).toBe(
      "stunningVictory",
    );
  });

  it("no winner: both lose, each scoring as loser against the other's losses (decision: no draws)", () => {
    const r = resolveMissionEnd({ attacker, defender, winner: null });
    expect(r.outcome).toEqual({ winner: null, result: null, points: { attacker: 3, defender: 2 } });
    expect(r.breakdown.at(-1)!.source).toContain("no draws");
  });
});
