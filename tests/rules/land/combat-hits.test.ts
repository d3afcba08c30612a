import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { phrase } from "../../../src/rules/resolution";
import {
  HITS_PER_HEX_NOT_RETREATED,
  allocateCombatHits,
  checkHitSplit,
  combatHitEffects,
  eliminatedBySplit,
  evenHitSplit,
  resolveRetreatShortfall,
  retreatShortfallHits,
  type CombatHitCandidate,
} from "../../../src/rules/nobc/land/combat-hits";

const c = (id: string, strength: number, immune = false): CombatHitCandidate => ({ id, name: `Unit ${id}`, strength, immune });

describe("even split of hits 'between all' (RULES-NOTES: largest units first)", () => {
  it("shares evenly; the remainder goes to the strongest units first", () => {
    expect(evenHitSplit(3, [c("a", 2), c("b", 6), c("c", 4)])).toEqual([
      { actor: "a", hits: 1 },
      { actor: "b", hits: 1 },
      { actor: "c", hits: 1 },
    ]);
    expect(evenHitSplit(4, [c("a", 2), c("b", 6), c("c", 4)])).toEqual([
      { actor: "a", hits: 1 },
      { actor: "b", hits: 2 },
      { actor: "c", hits: 1 },
    ]);
    expect(evenHitSplit(2, [c("a", 2), c("b", 6), c("c", 4)])).toEqual([
      { actor: "a", hits: 0 },
      { actor: "b", hits: 1 },
      { actor: "c", hits: 1 },
    ]);
  });

  it("equal strengths keep the order given", () => {
    expect(evenHitSplit(1, [c("a", 5), c("b", 5)])).toEqual([
      { actor: "a", hits: 1 },
      { actor: "b", hits: 0 },
    ]);
  });

  it("no units, no shares; bad totals throw", () => {
    expect(evenHitSplit(3, [])).toEqual([]);
    expect(() => evenHitSplit(-1, [c("a", 1)])).toThrow(RangeError);
    expect(() => evenHitSplit(1.5, [c("a", 1)])).toThrow(RangeError);
  });

  it("property: the shares add up to the total and differ by at most 1", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 }),
        (total, strengths) => {
          const shares = evenHitSplit(
            total,
            strengths.map((s, i) => c(`u${i}`, s)),
          );
          const hits = shares.map((s) => s.hits);
          expect(hits.reduce((a, b) => a + b, 0)).toBe(total);
          expect(Math.max(...hits) - Math.min(...hits)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe("allocation of CRT hits (seed 000 CRT; artillery takes no CRT hits)", () => {
  it("'on each' puts the amount on every unit and skips artillery (dropped, not moved)", () => {
    const a = allocateCombatHits({ amount: 3, each: true }, [c("inf", 5), c("arty", 4, true)]);
    expect(a.each).toBe(true);
    expect(a.proposal).toEqual([{ actor: "inf", hits: 3 }]);
    expect(a.dropped).toEqual([{ actor: "arty", hits: 3 }]);
    expect(a.total).toBe(3);
  });

  it("'between all' counts artillery in the even share and drops its share", () => {
    const a = allocateCombatHits({ amount: 3, each: false }, [c("inf", 5), c("arty", 6, true), c("tank", 3)]);
    // Even over 3 units: 1 each; the artillery's 1 is dropped.
    expect(a.proposal).toEqual([
      { actor: "inf", hits: 1 },
      { actor: "tank", hits: 1 },
    ]);
    expect(a.dropped).toEqual([{ actor: "arty", hits: 1 }]);
    expect(a.total).toBe(2);
  });

  it("the remainder goes to units that can take hits first, even when the artillery is strongest (decision)", () => {
    // 3 between 2 units: 1 each, and the remainder to the tank rather than the stronger artillery.
    const a = allocateCombatHits({ amount: 3, each: false }, [c("arty", 6, true), c("tank", 4)]);
    expect(a.proposal).toEqual([{ actor: "tank", hits: 2 }]);
    expect(a.dropped).toEqual([{ actor: "arty", hits: 1 }]);
    expect(a.total).toBe(2);
    // With more remainder than hit-taking units, artillery is last in line.
    expect(evenHitSplit(5, [c("arty", 9, true), c("a", 2), c("b", 6)])).toEqual([
      { actor: "arty", hits: 1 },
      { actor: "a", hits: 2 },
      { actor: "b", hits: 2 },
    ]);
    expect(evenHitSplit(2, [c("arty", 9, true), c("b", 6), c("gun", 8, true)])).toEqual([
      { actor: "arty", hits: 1 },
      { actor: "b", hits: 1 },
      { actor: "gun", hits: 0 },
    ]);
  });

  it("an artillery share of 0 is not listed as dropped", () => {
    const a = allocateCombatHits({ amount: 1, each: false }, [c("inf", 5), c("arty", 2, true)]);
    expect(a.proposal).toEqual([{ actor: "inf", hits: 1 }]);
    expect(a.dropped).toEqual([]);
  });

  it("property: proposal plus dropped conserves the CRT hits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.boolean()), { minLength: 1, maxLength: 6 }),
        (amount, each, units) => {
          const candidates = units.map(([s, immune], i) => c(`u${i}`, s, immune));
          const a = allocateCombatHits({ amount, each }, candidates);
          const sum = (xs: { hits: number }[]) => xs.reduce((t, x) => t + x.hits, 0);
          expect(sum(a.proposal) + sum(a.dropped)).toBe(each ? amount * candidates.length : amount);
          expect(sum(a.proposal)).toBe(a.total);
          expect(a.proposal.every((s) => !candidates.find((x) => x.id === s.actor)!.immune)).toBe(true);
        },
      ),
    );
  });
});

describe("checkHitSplit: an owner's split of shared hits", () => {
  const units = [c("a", 4), c("b", 2), c("arty", 3, true)];

  it("accepts a split that adds up, filling in zeros in unit order", () => {
    const r = checkHitSplit(3, units, [{ actor: "b", hits: 3 }]);
    expect(r).toEqual({
      ok: true,
      value: [
        { actor: "a", hits: 0 },
        { actor: "b", hits: 3 },
      ],
    });
  });

  it("accepts 0 hits named on artillery", () => {
    expect(
      checkHitSplit(1, units, [
        { actor: "a", hits: 1 },
        { actor: "arty", hits: 0 },
      ]).ok,
    ).toBe(true);
  });

  it("refuses a wrong sum", () => {
    const r = checkHitSplit(3, units, [{ actor: "a", hits: 2 }]);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.refusals).toEqual([
        { code: "splitTotal", text: phrase("NOBC.Rules.Land.CombatHits.Refusal.splitTotal", { count: 2, total: 3 }), field: "split" },
      ]);
  });

  it("refuses hits on an immune unit, unknown or repeated units, bad numbers and a bad total", () => {
    const r = checkHitSplit(-1, units, [
      { actor: "arty", hits: 1 },
      { actor: "zz", hits: 1 },
      { actor: "a", hits: 1.5 },
      { actor: "a", hits: 1 },
      { actor: "b", hits: -1 },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.refusals.map((x) => x.code)).toEqual([
        "splitInvalidTotal",
        "splitImmune",
        "splitUnknownUnit",
        "splitInvalidHits",
        "splitDuplicate",
        "splitInvalidHits",
      ]);
      expect(r.refusals[1]!.text).toEqual(phrase("NOBC.Rules.Land.CombatHits.Refusal.splitImmune", { unit: "Unit arty" }));
      expect(r.refusals[1]!.field).toBe("split[0]");
    }
  });

  it("property: every proposal of allocateCombatHits passes the check", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.boolean()), { minLength: 1, maxLength: 6 }),
        (amount, units) => {
          const candidates = units.map(([s, immune], i) => c(`u${i}`, s, immune));
          const a = allocateCombatHits({ amount, each: false }, candidates);
          const r = checkHitSplit(a.total, candidates, a.proposal);
          expect(r).toEqual({ ok: true, value: a.proposal });
        },
      ),
    );
  });
});

describe("hit effects", () => {
  it("caps hits at a unit's strength and eliminates a unit brought to 0", () => {
    const units = [c("a", 4), c("b", 2)];
    expect(
      combatHitEffects(units, [
        { actor: "a", hits: 3 },
        { actor: "b", hits: 5 },
      ]),
    ).toEqual([
      { type: "hits", actor: "a", amount: 3 },
      { type: "hits", actor: "b", amount: 2 },
      { type: "eliminated", actor: "b" },
    ]);
    expect(eliminatedBySplit(units, [{ actor: "a", hits: 4 }])).toEqual(new Set(["a"]));
  });

  it("gives no effect for 0 hits or for a unit not listed", () => {
    expect(
      combatHitEffects(
        [c("a", 4)],
        [
          { actor: "a", hits: 0 },
          { actor: "x", hits: 2 },
        ],
      ),
    ).toEqual([]);
  });

  it("property: no unit is ever taken below 0", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 15 })), { minLength: 1, maxLength: 6 }),
        (rows) => {
          const units = rows.map(([s], i) => c(`u${i}`, s));
          const effects = combatHitEffects(
            units,
            rows.map(([, h], i) => ({ actor: `u${i}`, hits: h })),
          );
          for (const u of units) {
            const taken = effects
              .filter((e) => e.type === "hits" && e.actor === u.id)
              .reduce((t, e) => t + (e.type === "hits" ? e.amount : 0), 0);
            expect(u.strength - taken).toBeGreaterThanOrEqual(0);
            expect(effects.some((e) => e.type === "eliminated" && e.actor === u.id)).toBe(u.strength - taken === 0);
          }
        },
      ),
    );
  });
});

describe("retreat not completed (seed 000, Land War QRS: 2 hits per hex not retreated)", () => {
  it("2 hits for each hex short", () => {
    expect(HITS_PER_HEX_NOT_RETREATED).toBe(2);
    expect(retreatShortfallHits(3, 0)).toBe(6);
    expect(retreatShortfallHits(3, 1)).toBe(4);
    expect(retreatShortfallHits(2, 2)).toBe(0);
    expect(retreatShortfallHits(0, 0)).toBe(0);
  });

  it("throws on numbers it cannot read", () => {
    expect(() => retreatShortfallHits(-1, 0)).toThrow(RangeError);
    expect(() => retreatShortfallHits(2, 3)).toThrow(RangeError);
    expect(() => retreatShortfallHits(2, -1)).toThrow(RangeError);
    expect(() => retreatShortfallHits(1.5, 0)).toThrow(RangeError);
    expect(() => retreatShortfallHits(2, 0.5)).toThrow(RangeError);
  });

  it("resolves into hits with a sourced breakdown line", () => {
    const r = resolveRetreatShortfall({ unit: { id: "u", name: "7 Pz Bde", strength: 6 }, required: 2, retreated: 0 });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.outcome).toEqual({ hexesShort: 2, hits: 4 });
      expect(r.value.rolls).toEqual([]);
      expect(r.value.effects).toEqual([{ type: "hits", actor: "u", amount: 4 }]);
      expect(r.value.breakdown[0]).toMatchObject({ value: 4, source: expect.stringContaining("seed 000 (NOBC)") });
    }
  });

  it("eliminates a unit the shortfall hits reduce to 0", () => {
    const r = resolveRetreatShortfall({ unit: { id: "u", name: "u", strength: 3 }, required: 3, retreated: 1 });
    expect(r.ok && r.value.effects).toEqual([
      { type: "hits", actor: "u", amount: 3 },
      { type: "eliminated", actor: "u" },
    ]);
  });

  it("refuses bad input with every reason", () => {
    const r = resolveRetreatShortfall({ unit: { id: "u", name: "u", strength: -1 }, required: 1.5, retreated: 0 });
    expect(!r.ok && r.refusals.map((x) => x.code)).toEqual(["invalidStrength", "invalidRetreat"]);
    const r2 = resolveRetreatShortfall({ unit: { id: "u", name: "u", strength: 2 }, required: 1, retreated: 2 });
    expect(!r2.ok && r2.refusals).toEqual([
      {
        code: "invalidRetreat",
        text: phrase("NOBC.Rules.Land.CombatHits.Refusal.invalidRetreated", { unit: "u", count: 1, retreated: "2" }),
        field: "retreated",
      },
    ]);
  });
});
