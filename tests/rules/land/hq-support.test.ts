import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HQ_SUPPORT_LIMIT_SOURCE, hqSupportProblems } from "../../../src/rules/nobc/land/hq-support";
import { phrase } from "../../../src/rules/resolution";

const hq = (level: number, radius = 3) => ({ name: "3 Shock Army", level, radius });
const codes = (use: Parameters<typeof hqSupportProblems>[0]) => hqSupportProblems(use).map((r) => r.code);

// Seed 000, Land War QRS, 4. Ground Combat: support (cards and CAS) up to the HQ limit for each combat.
describe("hqSupportProblems (the HQ support limit, per combat)", () => {
  it("allows cards plus CAS up to the level (boundary) and refuses one more", () => {
    expect(hqSupportProblems({ hq: hq(2), used: 2 })).toEqual([]);
    expect(hqSupportProblems({ hq: hq(2), used: 3 }, "support[1]")).toEqual([
      {
        code: "hqOverLevel",
        text: phrase("NOBC.Rules.Land.HqSupport.Refusal.hqOverLevel", { hq: "3 Shock Army", count: 2, used: 3 }),
        field: "support[1]",
      },
    ]);
  });

  it("an HQ at level 0 gives nothing", () => {
    expect(codes({ hq: hq(0), used: 0 })).toEqual([]);
    expect(codes({ hq: hq(0), used: 1 })).toEqual(["hqOverLevel"]);
  });

  it("refuses a level or radius that is not a whole number ≥ 0, a NaN level included", () => {
    expect(codes({ hq: hq(Number.NaN), used: 9 })).toEqual(["hqInvalid"]);
    expect(codes({ hq: hq(-1), used: 0 })).toEqual(["hqInvalid"]);
    expect(codes({ hq: hq(2, 1.5), used: 1 })).toEqual(["hqInvalid"]);
    expect(codes({ hq: hq(2, Number.NaN), used: 1, distance: 99 })).toEqual(["hqInvalid"]);
  });

  it("checks the distance against the radius only when one is given", () => {
    expect(codes({ hq: hq(2, 3), used: 1, distance: 3 })).toEqual([]);
    expect(codes({ hq: hq(2, 3), used: 1, distance: 4 })).toEqual(["hqOutOfRadius"]);
    expect(codes({ hq: hq(2, 3), used: 1, distance: -1 })).toEqual(["hqDistanceInvalid"]);
    expect(hqSupportProblems({ hq: hq(2, 3), used: 1, distance: 0.5 })[0]!.field).toBe("hq.distance");
  });

  it("refuses a count that is not a whole number ≥ 0", () => {
    expect(codes({ hq: hq(2), used: -1 })).toEqual(["hqSupportCountInvalid"]);
    expect(codes({ hq: hq(2), used: 1.5 })).toEqual(["hqSupportCountInvalid"]);
  });

  it("names its seed and decision", () => {
    expect(HQ_SUPPORT_LIMIT_SOURCE).toContain("seed 000 (NOBC), Land War QRS: 4. Ground Combat");
    expect(HQ_SUPPORT_LIMIT_SOURCE).toContain("docs/rules-decisions.md: HQ support limit");
  });

  it("property: for a valid HQ, refused exactly when used exceeds the level", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 10 }), (level, used) => {
        expect(codes({ hq: hq(level), used })).toEqual(used > level ? ["hqOverLevel"] : []);
      }),
    );
  });
});
