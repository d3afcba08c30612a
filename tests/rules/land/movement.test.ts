import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COMBINED_TERRAIN_MOVE_COST,
  movementAllowance,
  movementOrder,
  moveCost,
  movePath,
  resolveOverrun,
  riverCrossingCost,
  stepCosts,
  type MovePathInput,
  type MovePathStep,
  type OverrunInput,
} from "../../../src/rules/nobc/land/movement";
import { LAND_TERRAINS, type LandTerrain } from "../../../src/rules/nobc/land/types";
import { phrase, total, unwrap, type PhraseArg } from "../../../src/rules/resolution";

const nato = { id: "u-nato", name: "3 Pz Bde", side: "nato", mode: "march", strength: 10 } as const;
const wp = { id: "u-wp", name: "20 Gds MRD", side: "wp", mode: "combat", strength: 12 } as const;
const step = (hex: string, extra: Partial<MovePathStep> = {}): MovePathStep => ({ hex, terrain: ["clear"], ...extra });

const terrain = (t: "rough" | "woods") =>
  ({ rough: phrase("NOBC.Rules.Land.Terrain.rough"), woods: phrase("NOBC.Rules.Land.Terrain.woods") })[t];
const comma = (first: PhraseArg, rest: PhraseArg) => phrase("NOBC.Rules.Land.List.Comma", { first, rest });
const mp = (hex: string, line: PhraseArg) => phrase("NOBC.Rules.Land.Movement.StepMp", { hex, line });

function refusalCodes(input: MovePathInput): string[] {
  const r = movePath(input);
  return r.ok ? [] : r.refusals.map((x) => x.code);
}

describe("movement allowance (seed 000 Land War QRS, 5. Movement)", () => {
  it("Combat Mode has 4 MP", () => expect(movementAllowance("combat")).toBe(4));
  it("March Mode has 6 MP", () => expect(movementAllowance("march")).toBe(6));
  it("rejects an unknown mode", () => expect(() => movementAllowance("rest" as never)).toThrow(RangeError));
});

describe("Movement Rates table (seed 000 Land War QRS)", () => {
  it.each([
    ["clear", 1],
    ["town", 1],
    ["rough", 2],
    ["woods", 2],
    ["marsh", 2],
    ["city", 2],
  ] as const)("%s costs %d MP in either mode", (terrain, cost) => {
    expect(moveCost({ terrain: [terrain] }, "combat")).toBe(cost);
    expect(moveCost({ terrain: [terrain] }, "march")).toBe(cost);
  });

  it("Rough + Woods costs 2 (the listed row)", () => {
    expect(COMBINED_TERRAIN_MOVE_COST).toEqual([{ terrain: ["rough", "woods"], cost: 2 }]);
    expect(moveCost({ terrain: ["woods", "rough"] }, "combat")).toBe(2);
    const r = unwrap(movePath({ unit: nato, steps: [step("a", { terrain: ["rough", "woods"] })] }));
    expect(r.breakdown[0]!.text).toEqual(
      mp(
        "a",
        phrase("NOBC.Rules.Land.Movement.Terrain", {
          terrain: phrase("NOBC.Rules.Land.List.Plus", { first: terrain("rough"), rest: terrain("woods") }),
        }),
      ),
    );
  });

  it("mixed terrain not listed costs the dearest type (decision)", () => {
    expect(moveCost({ terrain: ["clear", "marsh"] }, "combat")).toBe(2);
    expect(moveCost({ terrain: ["town", "clear"] }, "combat")).toBe(1);
    const r = unwrap(movePath({ unit: nato, steps: [step("a", { terrain: ["town", "city"] })] }));
    expect(r.breakdown[0]).toMatchObject({ value: 2, source: "docs/rules-decisions.md: mixed terrain" });
  });

  it("a repeated terrain type counts as one", () => expect(moveCost({ terrain: ["woods", "woods"] }, "march")).toBe(2));

  it("autobahn costs 1/2 in March Mode, on any terrain", () => {
    expect(moveCost({ terrain: ["city"], road: "autobahn" }, "march")).toBe(0.5);
    expect(moveCost({ terrain: ["marsh", "woods"], road: "autobahn" }, "march")).toBe(0.5);
  });
  it("road costs 1 in March Mode, on any terrain", () => {
    expect(moveCost({ terrain: ["woods"], road: "road" }, "march")).toBe(1);
  });
  it("roads give no bonus in Combat Mode", () => {
    expect(moveCost({ terrain: ["woods"], road: "autobahn" }, "combat")).toBe(2);
    expect(moveCost({ terrain: ["rough"], road: "road" }, "combat")).toBe(2);
  });
  it("mines add +1", () => expect(moveCost({ terrain: ["clear"], mines: true }, "combat")).toBe(2));
  it("a contaminated zone adds +1", () => expect(moveCost({ terrain: ["woods"], contaminated: true }, "combat")).toBe(3));
  it("mines and contamination add up, also on a road", () => {
    expect(moveCost({ terrain: ["clear"], road: "autobahn", mines: true, contaminated: true }, "march")).toBe(2.5);
  });

  it("rejects a hex with no terrain, an unknown terrain or an unknown road", () => {
    expect(() => moveCost({ terrain: [] }, "combat")).toThrow(RangeError);
    expect(() => moveCost({ terrain: ["sea" as LandTerrain] }, "combat")).toThrow(RangeError);
    expect(() => moveCost({ terrain: ["clear"], road: "track" as never }, "march")).toThrow(RangeError);
    expect(() => moveCost({ terrain: ["clear"] }, "fast" as never)).toThrow(RangeError);
  });
});

describe("river crossings (seed 000 Movement Rates; RULES-NOTES river crossing movement)", () => {
  it.each([
    ["minor", false, 0, 2],
    ["minor", false, 1, 1],
    ["minor", false, 2, 1],
    ["minor", true, 0, 0],
    ["major", false, 0, 4],
    ["major", false, 1, 4],
    ["major", false, 2, 2],
    ["major", false, 3, 2],
    ["major", true, 0, 0],
  ] as const)("%s river, bridged %s, %d bridging engineers: +%d MP", (river, bridged, engineers, cost) => {
    expect(riverCrossingCost(river, bridged, engineers)).toBe(cost);
  });
  it("rejects bad engineer counts and unknown rivers", () => {
    expect(() => riverCrossingCost("minor", false, -1)).toThrow(RangeError);
    expect(() => riverCrossingCost("minor", false, 1.5)).toThrow(RangeError);
    expect(() => riverCrossingCost("minor", false, Number.NaN)).toThrow(RangeError);
    expect(() => riverCrossingCost("canal" as never, false, 0)).toThrow(RangeError);
  });
});

describe("movePath (seed 000 Land War QRS, 5. Movement)", () => {
  it("sums the steps, sets MP left and lists each cost", () => {
    const r = unwrap(
      movePath({
        unit: nato,
        steps: [
          step("a", { road: "autobahn" }),
          step("b", { terrain: ["woods"], river: { kind: "minor", bridged: false, bridgingEngineers: 1 } }),
          step("c", { terrain: ["rough"] }),
        ],
      }),
    );
    expect(r.outcome).toEqual({
      mpSpent: 5.5,
      total: 5.5,
      mpLeft: 0.5,
      hits: 0,
      hitsApplied: 0,
      eliminated: false,
      endHex: "c",
      steps: [
        { hex: "a", mp: 0.5, hits: 0 },
        { hex: "b", mp: 3, hits: 0 },
        { hex: "c", mp: 2, hits: 0 },
      ],
    });
    expect(r.effects).toEqual([{ type: "movementPoints", actor: "u-nato", value: 0.5 }]);
    expect(r.rolls).toEqual([]);
    expect(r.breakdown.map((l) => l.text)).toEqual([
      mp("a", phrase("NOBC.Rules.Land.Movement.Road", { road: phrase("NOBC.Rules.Land.Road.autobahn") })),
      mp("b", phrase("NOBC.Rules.Land.Movement.RiverEngineers", { kind: phrase("NOBC.Rules.Land.River.minor"), count: 1 })),
      mp("b", phrase("NOBC.Rules.Land.Movement.Terrain", { terrain: terrain("woods") })),
      mp("c", phrase("NOBC.Rules.Land.Movement.Terrain", { terrain: terrain("rough") })),
    ]);
  });

  it("labels bridged and plain unbridged crossings", () => {
    const r = unwrap(
      movePath({
        unit: wp,
        steps: [step("a", { river: { kind: "major", bridged: true } }), step("b", { river: { kind: "minor", bridged: false } })],
      }),
    );
    expect(r.outcome.mpSpent).toBe(4);
    expect(r.breakdown.filter((l) => l.source.includes("river crossings")).map((l) => l.text)).toEqual([
      mp("a", phrase("NOBC.Rules.Land.Movement.RiverBridged", { kind: phrase("NOBC.Rules.Land.River.major") })),
      mp("b", phrase("NOBC.Rules.Land.Movement.RiverUnbridged", { kind: phrase("NOBC.Rules.Land.River.minor") })),
    ]);
  });

  it("uses exactly the whole allowance (boundary)", () => {
    const r = unwrap(movePath({ unit: wp, steps: [step("a", { terrain: ["woods"] }), step("b", { terrain: ["marsh"] })] }));
    expect(r.outcome.mpLeft).toBe(0);
  });

  it("refuses a path over the allowance, naming the first step past it", () => {
    const r = movePath({ unit: wp, steps: [step("a", { terrain: ["woods"] }), step("b", { terrain: ["marsh"] }), step("c"), step("d")] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.refusals).toHaveLength(1);
    expect(r.refusals[0]).toMatchObject({ code: "overAllowance", field: "steps.2" });
    expect(r.refusals[0]!.text).toEqual(
      phrase("NOBC.Rules.Land.Movement.Refusal.overAllowance", {
        unit: "20 Gds MRD",
        spent: 5,
        hex: "c",
        step: 3,
        allowance: 4,
        mode: phrase("NOBC.Mode.combat"),
      }),
    );
  });

  it("counts MP spent before (an earlier leg or an overrun)", () => {
    expect(unwrap(movePath({ unit: nato, mpSpentBefore: 5, steps: [step("a")] })).outcome.mpLeft).toBe(0);
    const r = movePath({ unit: nato, mpSpentBefore: 5.5, steps: [step("a")] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals[0]!.text).toMatchObject({ data: { allowance: 6, mode: phrase("NOBC.Mode.march") } });
  });

  it("refuses bad MP spent before", () => {
    expect(refusalCodes({ unit: nato, mpSpentBefore: -1, steps: [step("a")] })).toEqual(["badMpSpent"]);
    expect(refusalCodes({ unit: nato, mpSpentBefore: 7, steps: [step("a")] })).toEqual(["badMpSpent"]);
    expect(refusalCodes({ unit: nato, mpSpentBefore: Number.NaN, steps: [step("a")] })).toEqual(["badMpSpent"]);
  });

  it("refuses a unit under the no-movement chip, an empty path and bad steps, all at once", () => {
    const r = movePath({
      unit: { ...nato, noMove: true },
      steps: [step("a", { terrain: [] }), step("b", { river: { kind: "minor", bridged: false, bridgingEngineers: -2 } })],
    });
    expect(r.ok ? [] : r.refusals.map((x) => [x.code, x.field])).toEqual([
      ["noMove", "unit.noMove"],
      ["badStep", "steps.0"],
      ["badStep", "steps.1"],
    ]);
    expect(r.ok ? [] : r.refusals.slice(1).map((x) => x.text)).toEqual([
      phrase("NOBC.Rules.Land.Movement.Refusal.badStep", {
        step: 1,
        hex: "a",
        problem: phrase("NOBC.Rules.Land.Movement.Problem.noTerrain"),
      }),
      phrase("NOBC.Rules.Land.Movement.Refusal.badStep", {
        step: 2,
        hex: "b",
        problem: phrase("NOBC.Rules.Land.Movement.Problem.badEngineers", { engineers: "-2" }),
      }),
    ]);
    expect(refusalCodes({ unit: nato, steps: [] })).toEqual(["noSteps"]);
  });

  it("mines: pay +1 MP, or ignore them and take 1 hit (mover's choice)", () => {
    const pay = unwrap(movePath({ unit: wp, steps: [step("a", { mines: true })] }));
    expect(pay.outcome).toMatchObject({ mpSpent: 2, hits: 0 });
    const ignore = unwrap(movePath({ unit: wp, steps: [step("a", { mines: true, ignoreMines: true })] }));
    expect(ignore.outcome).toMatchObject({ mpSpent: 1, hits: 1 });
    expect(ignore.effects).toContainEqual({ type: "hits", actor: "u-wp", amount: 1 });
    expect(ignore.breakdown.at(-1)).toMatchObject({
      text: phrase("NOBC.Rules.Land.Movement.StepHits", { hex: "a", line: phrase("NOBC.Rules.Land.Movement.MinefieldIgnored"), count: 1 }),
      value: 0,
    });
    expect(total(ignore.breakdown)).toBe(ignore.outcome.mpSpent);
    const noMines = unwrap(movePath({ unit: wp, steps: [step("a", { ignoreMines: true })] }));
    expect(noMines.outcome.hits).toBe(0);
  });

  it("hits from a path are capped at the unit's strength and eliminate it at 0 (one hit rule, hits.ts)", () => {
    const weak = { ...nato, mode: "combat" as const, strength: 1 };
    const r = unwrap(movePath({ unit: weak, startAdjacentEnemies: ["w1"], steps: [step("a", { mines: true, ignoreMines: true })] }));
    expect(r.outcome).toMatchObject({ hits: 2, hitsApplied: 1, eliminated: true });
    expect(r.effects).toEqual([
      { type: "movementPoints", actor: "u-nato", value: 2 },
      { type: "hits", actor: "u-nato", amount: 1 },
      { type: "eliminated", actor: "u-nato" },
    ]);
  });

  it("a unit eliminated by hits on the way stops in that hex: it enters no hex after it, pays no MP for them, breaks no rule there", () => {
    const weak = { ...wp, mode: "combat" as const, strength: 1 };
    // The minefield ignored in b eliminates it; c and d (over the allowance of 4 MP) are not entered.
    const r = unwrap(
      movePath({
        unit: weak,
        steps: [
          step("a"),
          step("b", { mines: true, ignoreMines: true }),
          step("c", { terrain: ["rough"] }),
          step("d", { terrain: ["woods"] }),
        ],
      }),
    );
    expect(r.outcome).toMatchObject({ endHex: "b", eliminatedAt: "b", eliminated: true, mpSpent: 2, hitsApplied: 1 });
    expect(r.outcome.steps.map((s) => s.hex)).toEqual(["a", "b"]);
    expect(r.breakdown.at(-1)!.text).toEqual(phrase("NOBC.Rules.Land.Movement.EliminatedOnTheWay", { unit: weak.name, hex: "b" }));
    // Eliminated in the last hex of the path: no note, as nothing is left unmoved.
    const last = unwrap(movePath({ unit: weak, steps: [step("a"), step("b", { mines: true, ignoreMines: true })] }));
    expect(last.outcome).toMatchObject({ endHex: "b", eliminatedAt: "b" });
    expect(last.breakdown.some((l) => (l.text as { key?: string }).key === "NOBC.Rules.Land.Movement.EliminatedOnTheWay")).toBe(false);
  });

  it("refuses a moving unit whose strength is not a whole number of 0 or more", () => {
    expect(refusalCodes({ unit: { ...nato, strength: Number.NaN }, steps: [step("a")] })).toEqual(["badStrength"]);
    expect(refusalCodes({ unit: { ...nato, strength: -1 }, steps: [step("a")] })).toEqual(["badStrength"]);
  });

  it("NATO stops on reaching a hex next to WP units", () => {
    const r = unwrap(movePath({ unit: nato, steps: [step("a"), step("b", { adjacentEnemies: ["w1"] })] }));
    expect(r.outcome.mustStopAt).toBe("b");
    const on = movePath({
      unit: nato,
      steps: [step("a", { adjacentEnemies: ["w1"] }), step("b"), step("c", { adjacentEnemies: ["w2"] })],
    });
    expect(on.ok ? [] : on.refusals.map((x) => [x.code, x.field])).toEqual([["mustStopAdjacent", "steps.1"]]);
  });

  it("reports both the stop rule and the allowance when both are broken", () => {
    const steps = [step("a", { adjacentEnemies: ["w1"] }), ...["b", "c", "d", "e"].map((h) => step(h, { terrain: ["woods"] }))];
    expect(refusalCodes({ unit: nato, steps })).toEqual(["mustStopAdjacent", "overAllowance"]);
  });

  it("WP has no such stop", () => {
    const r = unwrap(movePath({ unit: wp, steps: [step("a", { adjacentEnemies: ["n1"] }), step("b", { adjacentEnemies: ["n1"] })] }));
    expect(r.outcome.mustStopAt).toBeUndefined();
  });

  it("NATO leaving a WP unit it started next to pays +1 MP and 1 hit, once", () => {
    const r = unwrap(movePath({ unit: nato, startAdjacentEnemies: ["w1"], steps: [step("a"), step("b")] }));
    expect(r.outcome).toMatchObject({ mpSpent: 3, hits: 1 });
    expect(r.outcome.steps[0]).toEqual({ hex: "a", mp: 2, hits: 1 });
    expect(r.effects).toEqual([
      { type: "movementPoints", actor: "u-nato", value: 3 },
      { type: "hits", actor: "u-nato", amount: 1 },
    ]);
  });

  it("NATO sliding along while still next to the same WP unit pays nothing extra but must stop", () => {
    const r = unwrap(movePath({ unit: nato, startAdjacentEnemies: ["w1"], steps: [step("a", { adjacentEnemies: ["w1"] })] }));
    expect(r.outcome).toMatchObject({ mpSpent: 1, hits: 0, mustStopAt: "a" });
  });

  it("WP leaving NATO units pays nothing extra", () => {
    const r = unwrap(movePath({ unit: wp, startAdjacentEnemies: ["n1"], steps: [step("a")] }));
    expect(r.outcome).toMatchObject({ mpSpent: 1, hits: 0 });
  });

  it("never mutates its input", () => {
    const input: MovePathInput = Object.freeze({
      unit: Object.freeze({ ...nato }),
      startAdjacentEnemies: Object.freeze(["w1"]),
      steps: Object.freeze([Object.freeze(step("a", { terrain: Object.freeze(["woods"]) }))]),
    });
    expect(() => movePath(input)).not.toThrow();
  });
});

describe("movePath properties", () => {
  const terrainArb = fc.uniqueArray(fc.constantFrom(...LAND_TERRAINS), { minLength: 1, maxLength: 3 });
  const stepArb = fc.record({
    hex: fc.string({ minLength: 1, maxLength: 3 }),
    terrain: terrainArb,
    road: fc.option(fc.constantFrom("road" as const, "autobahn" as const), { nil: undefined }),
    mines: fc.boolean(),
    ignoreMines: fc.boolean(),
    contaminated: fc.boolean(),
    river: fc.option(
      fc.record({
        kind: fc.constantFrom("minor" as const, "major" as const),
        bridged: fc.boolean(),
        bridgingEngineers: fc.integer({ min: 0, max: 3 }),
      }),
      { nil: undefined },
    ),
  });
  const unitArb = fc.record({
    id: fc.constant("u"),
    name: fc.constant("U"),
    side: fc.constantFrom("nato" as const, "wp" as const),
    mode: fc.constantFrom("combat" as const, "march" as const),
    strength: fc.integer({ min: 0, max: 12 }),
  });

  /** How many of the steps the unit enters: all, or up to the one whose hits eliminate it. */
  const entered = (strength: number, hits: readonly number[]): number => {
    let dealt = 0;
    for (const [i, h] of hits.entries()) {
      dealt += h;
      if (strength > 0 && dealt >= strength) return i + 1;
    }
    return hits.length;
  };

  it("MP left is never negative and the path cost is the sum of the steps entered", () => {
    fc.assert(
      fc.property(unitArb, fc.array(stepArb, { minLength: 1, maxLength: 8 }), (unit, all) => {
        const steps = all.slice(
          0,
          entered(
            unit.strength,
            all.map((s) => (s.mines && s.ignoreMines ? 1 : 0)),
          ),
        );
        const r = movePath({ unit, steps: all });
        const sum = steps.reduce(
          (acc, s) =>
            acc +
            moveCost({ ...s, mines: s.mines && !s.ignoreMines }, unit.mode) +
            (s.river ? riverCrossingCost(s.river.kind, s.river.bridged, s.river.bridgingEngineers) : 0),
          0,
        );
        if (!r.ok) {
          expect(sum).toBeGreaterThan(movementAllowance(unit.mode));
          return;
        }
        expect(r.value.outcome.mpLeft).toBeGreaterThanOrEqual(0);
        expect(r.value.outcome.mpSpent).toBe(sum);
        expect(r.value.outcome.mpSpent).toBe(r.value.outcome.steps.reduce((a, s) => a + s.mp, 0));
        expect(r.value.outcome.hits).toBe(steps.filter((s) => s.mines && s.ignoreMines).length);
        expect(total(r.value.breakdown)).toBe(r.value.outcome.total);
        expect(r.value.outcome.hitsApplied).toBe(Math.min(unit.strength, r.value.outcome.hits));
      }),
    );
  });

  it("stepCosts prices each step as movePath does, and still prices a path movePath refuses", () => {
    const enemies = fc.array(fc.constantFrom("e1", "e2"), { maxLength: 2 });
    fc.assert(
      fc.property(unitArb, enemies, fc.array(fc.tuple(stepArb, enemies), { minLength: 1, maxLength: 8 }), (unit, start, pairs) => {
        const steps = pairs.map(([s, adjacentEnemies]) => ({ ...s, adjacentEnemies }));
        const all = stepCosts({ unit, startAdjacentEnemies: start, steps })!;
        const r = movePath({ unit, startAdjacentEnemies: start, steps });
        // movePath stops where hits on the way eliminate the unit; stepCosts prices every step.
        const priced = all.slice(
          0,
          entered(
            unit.strength,
            all.map((x) => x.hits),
          ),
        );
        if (r.ok) expect(priced).toEqual(r.value.outcome.steps);
        else {
          expect(r.refusals.map((x) => x.code).every((c) => c === "overAllowance" || c === "mustStopAdjacent")).toBe(true);
          expect(all).toHaveLength(steps.length);
        }
        // The allowance checked against the same prices: over it exactly when movePath says so.
        const spent = priced.reduce((a, x) => a + x.mp, 0);
        expect(!r.ok && r.refusals.some((x) => x.code === "overAllowance")).toBe(spent > movementAllowance(unit.mode));
      }),
    );
  });

  it("stepCosts answers null for a step the rules cannot price", () => {
    expect(stepCosts({ unit: nato, steps: [step("0101", { terrain: [] })] })).toBeNull();
    expect(stepCosts({ unit: { ...nato, mode: "parade" as never }, steps: [step("0101")] })).toBeNull();
  });

  it("each step costs at least 1/2 MP", () => {
    fc.assert(
      fc.property(stepArb, fc.constantFrom("combat" as const, "march" as const), (s, mode) => {
        expect(moveCost(s, mode)).toBeGreaterThanOrEqual(0.5);
      }),
    );
  });
});

describe("overrun (seed 000 Land War QRS, 5. Movement)", () => {
  const battalion = { id: "n-bn", name: "Recce Bn", side: "nato", size: "battalion", arm: "recce", strength: 2 } as const;
  const base: OverrunInput = {
    unit: { ...wp, mode: "combat" },
    overrunCost: { mp: 2, hits: 1 },
    mpLeft: 4,
    hex: { hex: "x", terrain: ["clear"] },
    defenders: [battalion],
  };
  const hitsFor = (patch: Partial<OverrunInput>) => unwrap(resolveOverrun({ ...base, ...patch })).outcome.hitsToUnit;

  it("eliminates the battalion at the counter's MP and hit cost", () => {
    const r = unwrap(resolveOverrun(base));
    expect(r.outcome).toEqual({
      kind: "overrun",
      mpSpent: 2,
      hitsToUnit: 1,
      total: 1,
      hitsApplied: 1,
      unitEliminated: false,
      eliminated: ["n-bn"],
      retreated: [],
    });
    expect(total(r.breakdown)).toBe(r.outcome.hitsToUnit);
    expect(r.breakdown[0]).toMatchObject({ text: phrase("NOBC.Rules.Land.Movement.OverrunCostMp", { mp: 2 }), value: 0 });
    expect(r.effects).toEqual([
      { type: "movementPoints", actor: "u-wp", value: 2 },
      { type: "hits", actor: "u-wp", amount: 1 },
      { type: "eliminated", actor: "n-bn" },
    ]);
  });

  it("a zero-hit overrun in the open emits no hits effect", () => {
    const r = unwrap(resolveOverrun({ ...base, overrunCost: { mp: 1, hits: 0 } }));
    expect(r.effects.some((e) => e.type === "hits")).toBe(false);
  });

  it.each(["woods", "rough", "marsh", "town"] as const)("+1 hit in %s", (t) => {
    expect(hitsFor({ hex: { hex: "x", terrain: [t] } })).toBe(2);
  });
  it("+1 hit along a minor road (literal reading); an autobahn adds nothing", () => {
    expect(hitsFor({ hex: { hex: "x", terrain: ["clear"], road: "road" } })).toBe(2);
    expect(hitsFor({ hex: { hex: "x", terrain: ["clear"], road: "autobahn" } })).toBe(1);
  });
  it("+1 hit when the overrunning unit is in March Mode", () => {
    expect(hitsFor({ unit: { ...wp, mode: "march" } })).toBe(2);
  });
  it("+4 hits in a city", () => expect(hitsFor({ hex: { hex: "x", terrain: ["city"] } })).toBe(5));
  it("+3 hits across a major river; a minor river adds nothing by default", () => {
    expect(hitsFor({ river: "major" })).toBe(4);
    expect(hitsFor({ river: "minor" })).toBe(1);
  });

  it("the +1 list counts once by default (decision)", () => {
    const r = unwrap(
      resolveOverrun({ ...base, unit: { ...wp, mode: "march" }, hex: { hex: "x", terrain: ["woods", "rough"], road: "road" } }),
    );
    expect(r.outcome.hitsToUnit).toBe(2);
    expect(r.breakdown.at(-1)!.text).toEqual(
      phrase("NOBC.Rules.Land.Movement.OverrunExtraOnce", {
        items: comma(
          terrain("woods"),
          comma(terrain("rough"), comma(phrase("NOBC.Rules.Land.Movement.MinorRoad"), phrase("NOBC.Mode.march"))),
        ),
      }),
    );
  });

  it("the +1 list counts each item when the world setting says so", () => {
    const r = unwrap(
      resolveOverrun({
        ...base,
        unit: { ...wp, mode: "march" },
        hex: { hex: "x", terrain: ["woods", "rough", "woods"], road: "road" },
        options: { lightExtrasCumulative: true },
      }),
    );
    expect(r.outcome.hitsToUnit).toBe(5);
  });

  it("reading Minor Road as minor river (world setting)", () => {
    const options = { minorRoadMeansMinorRiver: true };
    expect(hitsFor({ river: "minor", options })).toBe(2);
    expect(hitsFor({ hex: { hex: "x", terrain: ["clear"], road: "road" }, options })).toBe(1);
  });

  it("city, major river and the +1 list add up", () => {
    expect(hitsFor({ unit: { ...wp, mode: "march" }, hex: { hex: "x", terrain: ["city"] }, river: "major" })).toBe(1 + 1 + 4 + 3);
  });

  it("artillery met alone retreats 4 hexes and takes 2 hits; the mover pays nothing", () => {
    const r = unwrap(
      resolveOverrun({
        ...base,
        defenders: [{ id: "art", name: "Arty Bde", side: "nato", size: "brigade", arm: "artillery", strength: 4 }],
      }),
    );
    expect(r.outcome).toEqual({
      kind: "displaced",
      mpSpent: 0,
      hitsToUnit: 0,
      total: 0,
      hitsApplied: 0,
      unitEliminated: false,
      eliminated: [],
      retreated: ["art"],
    });
    expect(r.breakdown).toEqual([
      {
        text: phrase("NOBC.Rules.Land.Movement.ArtilleryAlone", { unit: "Arty Bde", count: 2 }),
        value: 0,
        source: "seed 000 (NOBC), Land War QRS: 5. Movement",
      },
    ]);
    expect(r.effects).toEqual([
      { type: "hits", actor: "art", amount: 2 },
      { type: "retreat", actor: "art", hexes: 4 },
    ]);
  });

  it("artillery met alone with 2 or less strength is eliminated by the 2 hits and does not retreat", () => {
    const art = { id: "art", name: "Arty Bn", side: "nato", size: "battalion", arm: "artillery", strength: 1 } as const;
    const r = unwrap(resolveOverrun({ ...base, defenders: [art] }));
    expect(r.effects).toEqual([
      { type: "hits", actor: "art", amount: 1 },
      { type: "eliminated", actor: "art" },
    ]);
    expect(r.outcome).toMatchObject({ eliminated: ["art"], retreated: [] });
  });

  it("the overrunning unit's hits are capped at its strength and eliminate it at 0", () => {
    const r = unwrap(resolveOverrun({ ...base, unit: { ...wp, strength: 2 }, hex: { hex: "x", terrain: ["city"] } }));
    expect(r.outcome).toMatchObject({ hitsToUnit: 5, total: 5, hitsApplied: 2, unitEliminated: true });
    expect(r.effects).toEqual([
      { type: "movementPoints", actor: "u-wp", value: 2 },
      { type: "hits", actor: "u-wp", amount: 2 },
      { type: "eliminated", actor: "u-wp" },
      { type: "eliminated", actor: "n-bn" },
    ]);
  });

  it("an HQ met alone retreats 4 hexes and loses 2 levels (never below 0)", () => {
    const r = unwrap(
      resolveOverrun({
        ...base,
        defenders: [],
        hqs: [
          { id: "hq1", name: "I Corps", side: "nato", level: 5 },
          { id: "hq2", name: "II Corps", side: "nato", level: 1 },
          { id: "hq3", name: "III Corps", side: "nato", level: 0 },
        ],
      }),
    );
    expect(r.effects).toEqual([
      { type: "hqLevel", actor: "hq1", delta: -2 },
      { type: "retreat", actor: "hq1", hexes: 4 },
      { type: "hqLevel", actor: "hq2", delta: -1 },
      { type: "retreat", actor: "hq2", hexes: 4 },
      { type: "retreat", actor: "hq3", hexes: 4 },
    ]);
  });

  it("an HQ stacked with an overrun battalion is left alone and is displaced too", () => {
    const r = unwrap(resolveOverrun({ ...base, hqs: [{ id: "hq1", name: "I Corps", side: "nato", level: 3 }] }));
    expect(r.outcome).toMatchObject({ kind: "overrun", eliminated: ["n-bn"], retreated: ["hq1"] });
  });

  it("uses exactly the MP left (boundary) and refuses when short", () => {
    expect(unwrap(resolveOverrun({ ...base, mpLeft: 2 })).outcome.mpSpent).toBe(2);
    const r = resolveOverrun({ ...base, mpLeft: 1.5 });
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["overrunMpShort"]);
  });

  it("refuses larger units, friends, an empty hex and bad numbers, all at once", () => {
    const r = resolveOverrun({
      ...base,
      overrunCost: { mp: -1, hits: 0.5 },
      mpLeft: Number.NaN,
      hex: { hex: "x", terrain: [] },
      defenders: [
        { id: "b", name: "7 Pz Bde", side: "nato", size: "brigade", arm: "armour", strength: 6 },
        { id: "f", name: "Own Bn", side: "wp", size: "battalion", arm: "recce", strength: 2 },
        { id: "a", name: "Arty", side: "nato", size: "brigade", arm: "artillery", strength: Number.NaN },
      ],
      hqs: [{ id: "h", name: "HQ", side: "nato", level: -1 }],
    });
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual([
      "badOverrunCost",
      "badOverrunCost",
      "badMpLeft",
      "badHex",
      "notEnemy",
      "badStrength",
      "badHqLevel",
      "notOverrunnable",
    ]);
    const empty = resolveOverrun({ ...base, defenders: [] });
    expect(empty.ok ? [] : empty.refusals.map((x) => x.code)).toEqual(["emptyHex"]);
  });
});

describe("movement order (seed 000 Land War QRS, 5. Movement)", () => {
  const units = [
    { id: "wp-abn", side: "wp", arm: "airborne", hq: "army1" },
    { id: "wp-tank", side: "wp", arm: "armour", hq: "army1" },
    { id: "n-abn", side: "nato", arm: "airborne", hq: "corpsA" },
    { id: "n-a", side: "nato", arm: "armour", hq: "corpsA" },
    { id: "n-b", side: "nato", arm: "mechanised", hq: "corpsB" },
    { id: "n-none", side: "nato", arm: "recce" },
  ] as const;

  it("airborne first, then WP before NATO without initiative", () => {
    expect(movementOrder({ units, natoCorpsWithInitiative: [] })).toEqual([
      { side: "wp", airborne: true, initiative: false, units: ["wp-abn"] },
      { side: "nato", airborne: true, initiative: false, units: ["n-abn"] },
      { side: "wp", airborne: false, initiative: false, units: ["wp-tank"] },
      { side: "nato", airborne: false, initiative: false, units: ["n-a", "n-b", "n-none"] },
    ]);
  });

  it("NATO corps holding the initiative move before the WP; the other corps after", () => {
    expect(movementOrder({ units, natoCorpsWithInitiative: ["corpsA"] })).toEqual([
      { side: "nato", airborne: true, initiative: true, units: ["n-abn"] },
      { side: "wp", airborne: true, initiative: false, units: ["wp-abn"] },
      { side: "nato", airborne: false, initiative: true, units: ["n-a"] },
      { side: "wp", airborne: false, initiative: false, units: ["wp-tank"] },
      { side: "nato", airborne: false, initiative: false, units: ["n-b", "n-none"] },
    ]);
  });

  it("places every unit exactly once", () => {
    const order = movementOrder({ units, natoCorpsWithInitiative: ["corpsA", "corpsB"] });
    expect(order.flatMap((g) => g.units).sort()).toEqual(units.map((u) => u.id).sort());
    expect(movementOrder({ units: [], natoCorpsWithInitiative: [] })).toEqual([]);
  });
});
