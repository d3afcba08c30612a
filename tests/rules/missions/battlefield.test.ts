import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DISTANCES,
  countsForObjective,
  formatDistance,
  inMeasure,
  minefieldCount,
  resolveAmbushPlacement,
  resolveMinefieldCrossing,
  resolveObjective,
  resolveStrategicWithdrawal,
  strategicWithdrawal,
  tankMineSave,
  teamMineSave,
  type AmbushPlacementInput,
} from "../../../src/rules/missions";
import { scriptedDice } from "../../../src/rules/dice";
import { phrase, unwrap } from "../../../src/rules/resolution";

describe("distances in inches and centimetres (seed 002)", () => {
  it("every distance carries both measures", () => {
    expect(inMeasure(DISTANCES.objectiveHold, "inches")).toBe(4);
    expect(inMeasure(DISTANCES.objectiveHold, "cm")).toBe(10);
    expect(formatDistance(DISTANCES.ambushInSight)).toEqual(phrase("NOBC.Rules.Missions.Types.Distance", { inches: 16, cm: 40 }));
    expect(DISTANCES.minefield).toEqual({ inches: 2, cm: 5 });
    expect(DISTANCES.cornerEntry).toEqual({ inches: 16, cm: 40 });
  });
});

describe("ambush placement (seed 002 Placing Ambushes)", () => {
  const base: AmbushPlacementInput = {
    measure: "inches",
    unit: { actor: "u1", name: "ITV Platoon", allInCommand: true },
    teams: [
      {
        name: "ITV 1",
        inDeploymentArea: true,
        enemies: [{ name: "T-72", kind: "tank", distance: 16, inLineOfSight: true, concealedByTerrain: false }],
      },
    ],
  };

  it('16" from an enemy in sight is allowed', () => {
    const r = unwrap(resolveAmbushPlacement(base));
    expect(r.effects).toEqual([{ type: "ambushRevealed", actor: "u1" }]);
    expect(r.breakdown.map((l) => l.value)).toEqual([16, 4]);
  });

  it('closer than 16"/40 cm to an enemy in sight is refused unless terrain conceals it', () => {
    const near = { ...base.teams[0]!.enemies[0]!, distance: 15.9 };
    const r = resolveAmbushPlacement({ ...base, teams: [{ ...base.teams[0]!, enemies: [near] }] });
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["tooCloseInSight"]);
    expect(resolveAmbushPlacement({ ...base, teams: [{ ...base.teams[0]!, enemies: [{ ...near, concealedByTerrain: true }] }] }).ok).toBe(
      true,
    );
    expect(resolveAmbushPlacement({ ...base, teams: [{ ...base.teams[0]!, enemies: [{ ...near, inLineOfSight: false }] }] }).ok).toBe(true);
  });

  it('closer than 4"/10 cm to any enemy tank or infantry team is refused; other teams do not count', () => {
    const cm = {
      ...base,
      measure: "cm" as const,
      teams: [
        {
          ...base.teams[0]!,
          enemies: [{ name: "Inf", kind: "infantry" as const, distance: 9, inLineOfSight: false, concealedByTerrain: true }],
        },
      ],
    };
    const r = resolveAmbushPlacement(cm);
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["tooCloseToEnemy"]);
    expect(r.ok ? null : r.refusals[0]!.text).toEqual(
      phrase("NOBC.Rules.Missions.Ambush.Refusal.tooCloseToEnemy", {
        team: cm.teams[0]!.name,
        enemy: "Inf",
        distance: phrase("NOBC.Rules.Missions.Types.Length.cm", { count: 9 }),
        least: phrase("NOBC.Rules.Missions.Types.Distance", { inches: 4, cm: 10 }),
      }),
    );
    expect(
      resolveAmbushPlacement({ ...cm, teams: [{ ...cm.teams[0]!, enemies: [{ ...cm.teams[0]!.enemies[0]!, kind: "other" }] }] }).ok,
    ).toBe(true);
    expect(
      resolveAmbushPlacement({ ...cm, teams: [{ ...cm.teams[0]!, enemies: [{ ...cm.teams[0]!.enemies[0]!, distance: 10 }] }] }).ok,
    ).toBe(true);
  });

  it("refuses outside the deployment area, out of command, no teams and bad distances", () => {
    const r = resolveAmbushPlacement({
      ...base,
      unit: { ...base.unit, allInCommand: false },
      teams: [
        {
          name: "ITV 1",
          inDeploymentArea: false,
          enemies: [{ name: "T", kind: "tank", distance: -1, inLineOfSight: true, concealedByTerrain: false }],
        },
      ],
    });
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["notInCommand", "outsideDeployment", "badDistance"]);
    const empty = resolveAmbushPlacement({ ...base, teams: [] });
    expect(empty.ok ? [] : empty.refusals.map((x) => x.code)).toEqual(["noTeams"]);
  });
});

describe("minefields (seed 002 Minefields)", () => {
  it("one minefield per 25 points or part", () => {
    expect(minefieldCount(0)).toBe(0);
    expect(minefieldCount(1)).toBe(1);
    expect(minefieldCount(25)).toBe(1);
    expect(minefieldCount(26)).toBe(2);
    expect(minefieldCount(100)).toBe(4);
    expect(() => minefieldCount(-1)).toThrow(RangeError);
  });

  it("tank save against AT 5 on top armour: above saves, equal bails out, below destroys (decision: mine saves)", () => {
    expect(tankMineSave(5, 1)).toBe("saved");
    expect(tankMineSave(4, 1)).toBe("bailedOut");
    expect(tankMineSave(3, 1)).toBe("destroyed");
    expect(tankMineSave(1, 5)).toBe("saved");
    expect(() => tankMineSave(0, 1)).toThrow(RangeError);
    expect(() => tankMineSave(3, -1)).toThrow(RangeError);
  });

  it("other teams save on their rating or are destroyed (firepower 1+)", () => {
    expect(teamMineSave(3, 3)).toBe("saved");
    expect(teamMineSave(2, 3)).toBe("destroyed");
    expect(() => teamMineSave(3, 7)).toThrow(RangeError);
  });

  it("the seed's example: skill test passed on a 5, two failures on 2 and 3, one save passes and one fails", () => {
    const r = unwrap(
      resolveMinefieldCrossing(
        {
          unit: { actor: "coy", name: "T-72 Company", skill: 5 },
          teams: [
            { actor: "t1", name: "T-72 1", kind: "tank", topArmour: 1 },
            { actor: "t2", name: "T-72 2", kind: "tank", topArmour: 1 },
            { actor: "t3", name: "T-72 3", kind: "tank", topArmour: 1 },
          ],
        },
        scriptedDice([5, 2, 6, 3, 2]),
      ),
    );
    expect(r.outcome.teams.map((t) => [t.result, t.halted])).toEqual([
      ["safe", false],
      ["saved", false],
      ["destroyed", true],
    ]);
    expect(r.outcome.pinned).toBe(true);
    expect(r.effects).toEqual([
      { type: "teamDestroyed", actor: "t3" },
      { type: "unitPinned", actor: "coy" },
    ]);
  });

  it("a bailed-out tank halts; infantry hit and saved does not; a clean crossing pins nobody", () => {
    const r = unwrap(
      resolveMinefieldCrossing(
        {
          unit: { actor: "u", name: "Mixed", skill: 4 },
          teams: [
            { actor: "t", name: "Tank", kind: "tank", topArmour: 2 },
            { actor: "i", name: "Rifles", kind: "other", save: 3 },
          ],
        },
        scriptedDice([1, 3, 2, 4]),
      ),
    );
    expect(r.outcome.teams.map((t) => [t.result, t.halted])).toEqual([
      ["bailedOut", true],
      ["saved", false],
    ]);
    expect(r.effects).toEqual([
      { type: "teamBailedOut", actor: "t" },
      { type: "unitPinned", actor: "u" },
    ]);
    const clean = unwrap(
      resolveMinefieldCrossing(
        { unit: { actor: "u", name: "U", skill: 3 }, teams: [{ actor: "i", name: "I", kind: "other", save: 4 }] },
        scriptedDice([3]),
      ),
    );
    expect(clean.effects).toEqual([]);
    expect(clean.outcome.pinned).toBe(false);
  });

  it("refuses bad ratings and an empty crossing", () => {
    const r = resolveMinefieldCrossing({ unit: { actor: "u", name: "U", skill: 7 }, teams: [] }, scriptedDice([]));
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["badRating", "noTeams"]);
    const t = resolveMinefieldCrossing(
      {
        unit: { actor: "u", name: "U", skill: 4 },
        teams: [
          { actor: "a", name: "A", kind: "tank", topArmour: -1 },
          { actor: "b", name: "B", kind: "other", save: 1 },
        ],
      },
      scriptedDice([]),
    );
    expect(t.ok ? [] : t.refusals.map((x) => x.code)).toEqual(["badNumber", "badRating"]);
  });
});

describe("strategic withdrawal (seed 002 Strategic Withdrawal)", () => {
  it.each([
    [6, 0, true, 0],
    [5, 1, true, 0],
    [4, 3, true, 0],
    [5, 0, false, 1],
    [3, 2, false, 3],
    [0, 0, false, 1],
  ])("%i units + %i counters: withdraw %s, counters become %i", (units, counters, withdraw, after) => {
    expect(strategicWithdrawal(units, counters)).toEqual({ withdraw, delayCounters: after });
  });

  it("rejects bad counts", () => {
    expect(() => strategicWithdrawal(-1, 0)).toThrow(RangeError);
    expect(() => strategicWithdrawal(1, 0.5)).toThrow(RangeError);
  });

  it("resolves from turn 2 and sets the counters", () => {
    const r = unwrap(resolveStrategicWithdrawal({ defender: { actor: "d", name: "Rearguard" }, turn: 2, units: 4, delayCounters: 1 }));
    expect(r.outcome).toEqual({ withdraw: false, delayCounters: 2 });
    expect(r.effects).toEqual([{ type: "delayCounters", actor: "d", count: 2 }]);
  });

  it("refuses turn 1 and bad counts", () => {
    const r = resolveStrategicWithdrawal({ defender: { actor: "d", name: "R" }, turn: 1, units: -1, delayCounters: 0.5 });
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["tooEarly", "badNumber", "badNumber"]);
    expect(r.ok ? null : r.refusals[0]!.text).toEqual(phrase("NOBC.Rules.Missions.Withdrawal.Refusal.tooEarly", { first: 2, turn: 1 }));
    expect(r.ok ? null : r.refusals[1]!.text).toEqual(
      phrase("NOBC.Rules.Common.BadNumber", {
        what: phrase("NOBC.Rules.Missions.Withdrawal.UnitsOf", { force: "R" }),
        field: "units",
        min: 0,
        value: "-1",
      }),
    );
    const t = resolveStrategicWithdrawal({ defender: { actor: "d", name: "R" }, turn: 0, units: 1, delayCounters: 0 });
    expect(t.ok ? [] : t.refusals.map((x) => x.code)).toEqual(["badNumber"]);
  });

  it("property: a withdrawal always clears the counters, otherwise they grow by one", () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), (u, c) => {
        const r = strategicWithdrawal(u, c);
        expect(r.delayCounters).toBe(r.withdraw ? 0 : c + 1);
      }),
    );
  });
});

describe("holding objectives (seed 002 Holding Objectives)", () => {
  const tank = { name: "M1", kind: "tank" as const, distance: 4 };

  it("which teams count", () => {
    expect(countsForObjective({ kind: "tank" })).toBe(true);
    expect(countsForObjective({ kind: "infantry" })).toBe(true);
    expect(countsForObjective({ kind: "tank", bailedOut: true })).toBe(false);
    expect(countsForObjective({ kind: "infantry", bailedOut: true })).toBe(true);
    expect(countsForObjective({ kind: "infantry", movedAtDash: true })).toBe(false);
    for (const kind of ["transport", "aircraft", "independent", "other"] as const) expect(countsForObjective({ kind })).toBe(false);
  });

  it('held at exactly 4" with no enemy near at the end', () => {
    const r = unwrap(
      resolveObjective({ measure: "inches", ownAtStart: [tank], enemyAtEnd: [{ name: "T-72", kind: "tank", distance: 4.1 }] }),
    );
    expect(r.outcome).toEqual({ held: true, ownTeamsInRange: 1, enemyTeamsInRange: 0 });
  });

  it("not held when an enemy is within 10 cm at the end, or nobody was there at the start", () => {
    expect(
      unwrap(
        resolveObjective({
          measure: "cm",
          ownAtStart: [{ ...tank, distance: 10 }],
          enemyAtEnd: [{ name: "Inf", kind: "infantry", distance: 10 }],
        }),
      ).outcome.held,
    ).toBe(false);
    expect(unwrap(resolveObjective({ measure: "cm", ownAtStart: [{ ...tank, distance: 11 }], enemyAtEnd: [] })).outcome.held).toBe(false);
    expect(
      unwrap(resolveObjective({ measure: "inches", ownAtStart: [tank], enemyAtEnd: [{ name: "BMP", kind: "transport", distance: 1 }] }))
        .outcome.held,
    ).toBe(true);
  });

  it("refuses bad distances", () => {
    const r = resolveObjective({
      measure: "inches",
      ownAtStart: [{ ...tank, distance: -1 }],
      enemyAtEnd: [{ ...tank, distance: Number.NaN }],
    });
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["badDistance", "badDistance"]);
  });
});
