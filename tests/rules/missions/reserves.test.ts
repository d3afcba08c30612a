import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_SCATTER,
  checkReserveDeployment,
  reserveDice,
  reservesArriving,
  resolveReserves,
  scatterArrival,
  type ScatterTable,
} from "../../../src/rules/missions";
import { scriptedDice, seededDice } from "../../../src/rules/dice";
import { phrase, unwrap } from "../../../src/rules/resolution";

describe("reserve dice (seed 002 Roll for Reserves)", () => {
  it.each([
    [1, false, 1],
    [2, false, 2],
    [3, false, 3],
    [4, false, 4],
    [1, true, 0],
    [2, true, 0],
    [3, true, 1],
    [4, true, 2],
    [5, true, 3],
    [6, true, 4],
  ])("turn %i, delayed %s: %i dice", (turn, delayed, dice) => {
    expect(reserveDice(turn, delayed)).toBe(dice);
  });

  it("rejects turns below 1", () => {
    expect(() => reserveDice(0, false)).toThrow(RangeError);
  });
});

describe("reserves arriving (seed 002 Roll for Reserves)", () => {
  it.each([
    [[5], 1],
    [[4], 0],
    [[6, 5], 2],
    [[1, 2], 0],
    [[1, 2, 3], 1],
    [[1, 2, 3, 4], 1],
    [[1, 5, 3], 1],
    [[6, 6, 5, 1], 3],
    [[], 0],
  ])("rolls %j bring %i units", (rolls, n) => {
    expect(reservesArriving(rolls)).toBe(n);
  });

  it("rejects bad dice", () => {
    expect(() => reservesArriving([7])).toThrow(RangeError);
  });

  it("property: never more units than dice, and at least one from three dice up", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 12 }), (rolls) => {
        const n = reservesArriving(rolls);
        expect(n).toBeLessThanOrEqual(rolls.length);
        if (rolls.length >= 3) expect(n).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe("resolveReserves", () => {
  const force = { actor: "f1", name: "Team Alpha" };

  it("immediate reserves on turn 2 roll two dice", () => {
    const r = unwrap(resolveReserves({ force, turn: 2, timing: "immediate", unitsInReserve: 3 }, scriptedDice([5, 2])));
    expect(r.outcome).toEqual({ dice: 2, successes: 1, automatic: false, arriving: 1, arrivals: [] });
    expect(r.effects).toEqual([{ type: "reservesArrive", actor: "f1", count: 1 }]);
  });

  it("three failed dice bring one unit anyway", () => {
    const r = unwrap(resolveReserves({ force, turn: 5, timing: "delayed", unitsInReserve: 3 }, scriptedDice([1, 2, 4])));
    expect(r.outcome).toMatchObject({ dice: 3, successes: 0, automatic: true, arriving: 1 });
  });

  it("delayed reserves roll nothing before turn 3", () => {
    const r = unwrap(resolveReserves({ force, turn: 2, timing: "delayed", unitsInReserve: 3 }, scriptedDice([])));
    expect(r.outcome.arriving).toBe(0);
    expect(r.effects).toEqual([]);
    expect(r.breakdown[0]!.text).toEqual(phrase("NOBC.Rules.Missions.Reserves.DelayedFrom", { turn: 3 }));
  });

  it("never more than the units left in reserve", () => {
    const r = unwrap(resolveReserves({ force, turn: 4, timing: "immediate", unitsInReserve: 2 }, scriptedDice([5, 6, 5, 6])));
    expect(r.outcome.arriving).toBe(2);
    expect(r.breakdown.at(-1)!.value).toBe(-2);
  });

  it("scattered reserves roll where each arriving unit enters (decision: scattered reserves table)", () => {
    const r = unwrap(
      resolveReserves({ force, turn: 2, timing: "immediate", unitsInReserve: 3, scatter: DEFAULT_SCATTER }, scriptedDice([6, 5, 1, 5])),
    );
    expect(r.outcome.arrivals).toEqual([
      { kind: "edge", edge: "leftShort" },
      { kind: "corner", corner: "ownRight" },
    ]);
    expect(r.rolls).toEqual([6, 5, 1, 5]);
    expect(r.effects).toEqual([
      { type: "reservesArrive", actor: "f1", count: 2 },
      { type: "reserveEntry", actor: "f1", at: { kind: "edge", edge: "leftShort" } },
      { type: "reserveEntry", actor: "f1", at: { kind: "corner", corner: "ownRight" } },
    ]);
    expect(r.breakdown.at(-1)!.source).toContain("scattered reserves table");
  });

  it("a scene's own scatter table replaces the default", () => {
    const own: ScatterTable = [
      { kind: "corner", corner: "enemyLeft" },
      { kind: "corner", corner: "enemyLeft" },
      { kind: "corner", corner: "enemyLeft" },
      { kind: "corner", corner: "enemyRight" },
      { kind: "corner", corner: "enemyRight" },
      { kind: "edge", edge: "enemyLong" },
    ];
    const r = unwrap(resolveReserves({ force, turn: 1, timing: "immediate", unitsInReserve: 1, scatter: own }, scriptedDice([5, 6])));
    expect(r.outcome.arrivals).toEqual([{ kind: "edge", edge: "enemyLong" }]);
    expect(r.breakdown.at(-1)!.source).not.toContain("decisions");
  });

  it("default scatter table, die by die (our default, not in the seed)", () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => scatterArrival(DEFAULT_SCATTER, d))).toEqual([
      { kind: "edge", edge: "leftShort" },
      { kind: "corner", corner: "ownLeft" },
      { kind: "edge", edge: "ownLong" },
      { kind: "edge", edge: "ownLong" },
      { kind: "corner", corner: "ownRight" },
      { kind: "edge", edge: "rightShort" },
    ]);
    expect(() => scatterArrival(DEFAULT_SCATTER, 0)).toThrow(RangeError);
  });

  it("refuses a bad turn and an empty reserve", () => {
    const r = resolveReserves({ force, turn: 0, timing: "immediate", unitsInReserve: 0 }, scriptedDice([]));
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["badNumber", "badNumber"]);
  });

  it("property: arriving units never exceed those in reserve", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        fc.integer(),
        (turn, left, delayed, seed) => {
          const r = unwrap(
            resolveReserves(
              { force, turn, timing: delayed ? "delayed" : "immediate", unitsInReserve: left, scatter: DEFAULT_SCATTER },
              seededDice(seed),
            ),
          );
          expect(r.outcome.arriving).toBeLessThanOrEqual(left);
          expect(r.outcome.arrivals).toHaveLength(r.outcome.arriving);
        },
      ),
    );
  });
});

describe("reserve deployment limits (seed 002 Reserves: 60%, deep, flanking)", () => {
  const unit = (name: string, points: number, inReserve: boolean, kind: "tank" | "aircraft" | "other" = "other", frontArmour?: number) => ({
    ref: name,
    name,
    points,
    inReserve,
    kind,
    ...(frontArmour === undefined ? {} : { frontArmour }),
  });

  it("60% on the table is allowed, more is refused", () => {
    const ok = unwrap(
      checkReserveDeployment({
        rule: { deep: false, flanking: false },
        agreedPoints: 100,
        units: [unit("A", 60, false), unit("B", 40, true)],
      }),
    );
    expect(ok.outcome).toEqual({ onTablePoints: 60, reservePoints: 40, onTableLimit: 60 });
    const bad = checkReserveDeployment({
      rule: { deep: false, flanking: false },
      agreedPoints: 100,
      units: [unit("A", 61, false), unit("B", 39, true)],
    });
    expect(bad.ok ? [] : bad.refusals.map((x) => x.code)).toEqual(["tooManyOnTable"]);
    expect(bad.ok ? null : bad.refusals[0]!.text).toEqual(
      phrase("NOBC.Rules.Missions.Reserves.Refusal.tooManyOnTable", { count: 61, agreed: 100, limit: 60 }),
    );
  });

  it("deep reserves: one tank unit of front armour 4+ or one aircraft unit on the table at most", () => {
    const rule = { deep: true, flanking: false };
    expect(
      checkReserveDeployment({
        rule,
        agreedPoints: 100,
        units: [unit("T", 20, false, "tank", 4), unit("T2", 20, false, "tank", 3), unit("R", 60, true)],
      }).ok,
    ).toBe(true);
    const two = checkReserveDeployment({
      rule,
      agreedPoints: 100,
      units: [unit("T", 20, false, "tank", 14), unit("H", 20, false, "aircraft"), unit("R", 60, true)],
    });
    expect(two.ok ? [] : two.refusals.map((x) => x.code)).toEqual(["deepReserveHeavy"]);
    expect(
      checkReserveDeployment({
        rule,
        agreedPoints: 100,
        units: [unit("T", 20, false, "tank"), unit("U", 20, false, "tank"), unit("R", 60, true)],
      }).ok,
    ).toBe(true);
  });

  it("flanking reserves: no 60% limit, but at least one unit in reserve", () => {
    const rule = { deep: false, flanking: true };
    const ok = unwrap(checkReserveDeployment({ rule, agreedPoints: 100, units: [unit("A", 90, false), unit("B", 10, true)] }));
    expect(ok.outcome.onTableLimit).toBeNull();
    expect(ok.breakdown).toHaveLength(2);
    const none = checkReserveDeployment({ rule, agreedPoints: 100, units: [unit("A", 100, false)] });
    expect(none.ok ? [] : none.refusals.map((x) => x.code)).toEqual(["noFlankingReserve"]);
  });

  it("refuses bad points", () => {
    const r = checkReserveDeployment({ rule: { deep: false, flanking: false }, agreedPoints: 0, units: [unit("A", -5, true)] });
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["badNumber", "badNumber"]);
  });
});
