import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkStacking, stackingHexType, stackingLimit, type StackingUnit } from "../../../src/rules/nobc/land/stacking";
import { LAND_TERRAINS, type LandTerrain, type Mode, type UnitSize } from "../../../src/rules/nobc/land/types";
import { phrase } from "../../../src/rules/resolution";

let next = 0;
const unit = (size: UnitSize, mode: Mode = "combat", arm: StackingUnit["arm"] = "armour"): StackingUnit => {
  next += 1;
  return { id: `u${next}`, name: `Unit ${next}`, size, arm, mode };
};
const many = (n: number, size: UnitSize, mode: Mode = "combat") => Array.from({ length: n }, () => unit(size, mode));

describe("Stacking table (seed 000 Land War QRS: Stacking)", () => {
  it.each([
    ["close", "combat", 1, 2],
    ["close", "march", 1, 2],
    ["open", "combat", 2, 3],
    ["open", "march", 1, 2],
    ["city", "combat", 3, 4],
    ["city", "march", 1, 2],
  ] as const)("%s hex, %s mode: %d division(s) and %d brigades", (hex, mode, divisions, brigades) => {
    expect(stackingLimit(hex, mode)).toEqual({ divisions, brigades });
  });

  it("rejects unknown hex types and modes", () => {
    expect(() => stackingLimit("sea" as never, "combat")).toThrow(RangeError);
    expect(() => stackingLimit("open", "rest" as never)).toThrow(RangeError);
  });

  it("returns a copy, not the table", () => {
    stackingLimit("open", "combat").divisions = 9;
    expect(stackingLimit("open", "combat").divisions).toBe(2);
  });
});

describe("stacking hex type (decision: city, then close, else open)", () => {
  it.each([
    [["woods"], "close"],
    [["rough"], "close"],
    [["marsh"], "close"],
    [["rough", "woods"], "close"],
    [["clear"], "open"],
    [["town"], "open"],
    [["city"], "city"],
    [["city", "woods"], "city"],
    [["clear", "marsh"], "close"],
  ] as const)("%j is %s", (terrain, type) => {
    expect(stackingHexType(terrain)).toBe(type);
  });
  it("rejects no terrain and unknown terrain", () => {
    expect(() => stackingHexType([])).toThrow(RangeError);
    expect(() => stackingHexType(["sea" as LandTerrain])).toThrow(RangeError);
  });
});

describe("checkStacking (seed 000 Land War QRS: Stacking)", () => {
  it("a legal stack has no violations", () => {
    expect(
      checkStacking([{ hex: "a", terrain: ["city"], units: [...many(3, "division"), ...many(4, "brigade"), unit("battalion")] }]),
    ).toEqual([]);
    expect(checkStacking([])).toEqual([]);
  });

  it("only one battalion-sized unit per hex", () => {
    const bns = many(2, "battalion", "march");
    const v = checkStacking([{ hex: "a", terrain: ["clear"], units: bns }]);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ hex: "a", rule: "battalions", units: bns.map((u) => u.id), count: 2, limit: 1 });
    expect(v[0]!.text).toMatchObject({ key: "NOBC.Rules.Land.Stacking.Battalions", data: { hex: "a", count: 2, limit: 1 } });
  });

  it("artillery stacks only with artillery", () => {
    const art = unit("brigade", "march", "artillery");
    const bde = unit("brigade");
    const v = checkStacking([{ hex: "a", terrain: ["clear"], units: [art, bde] }]);
    expect(v.map((x) => [x.rule, x.units])).toEqual([["artilleryMixed", [art.id, bde.id]]]);
  });

  it("two artillery units may stack, three may not; artillery battalions count as artillery, not battalions", () => {
    const two = [unit("battalion", "march", "artillery"), unit("battalion", "march", "artillery")];
    expect(checkStacking([{ hex: "a", terrain: ["clear"], units: two }])).toEqual([]);
    const three = [...two, unit("brigade", "march", "artillery")];
    const v = checkStacking([{ hex: "a", terrain: ["clear"], units: three }]);
    expect(v.map((x) => [x.rule, x.count, x.limit])).toEqual([["artilleryCount", 3, 2]]);
  });

  it("boundary: open hex in Combat Mode holds 2 divisions and 3 brigades, not 3 and 4", () => {
    expect(checkStacking([{ hex: "a", terrain: ["clear"], units: [...many(2, "division"), ...many(3, "brigade")] }])).toEqual([]);
    const v = checkStacking([{ hex: "a", terrain: ["clear"], units: [...many(3, "division"), ...many(4, "brigade")] }]);
    expect(v.map((x) => [x.rule, x.count, x.limit])).toEqual([
      ["divisions", 3, 2],
      ["brigades", 4, 3],
    ]);
    expect(v[0]!.text).toMatchObject({
      key: "NOBC.Rules.Land.Stacking.Divisions",
      data: { where: phrase("NOBC.Rules.Land.Stacking.Where.open", { mode: phrase("NOBC.Mode.combat") }), limit: 2 },
    });
  });

  it("regiments count as brigades (decision)", () => {
    const v = checkStacking([{ hex: "a", terrain: ["woods"], units: [...many(2, "regiment"), unit("brigade")] }]);
    expect(v.map((x) => [x.rule, x.count])).toEqual([["brigades", 3]]);
  });

  it("the March Mode limit applies if any division or brigade in the hex is in March Mode (decision)", () => {
    const units = [unit("division"), unit("division", "march")];
    const v = checkStacking([{ hex: "a", terrain: ["city"], units }]);
    expect(v.map((x) => [x.rule, x.limit])).toEqual([["divisions", 1]]);
    expect(v[0]!.text).toMatchObject({
      key: "NOBC.Rules.Land.Stacking.Divisions",
      data: { where: phrase("NOBC.Rules.Land.Stacking.Where.city", { mode: phrase("NOBC.Mode.march") }), limit: 1 },
    });
  });

  it("a battalion (always in March Mode) does not switch the hex to the March Mode limit", () => {
    const units = [...many(3, "division"), unit("battalion", "march")];
    expect(checkStacking([{ hex: "a", terrain: ["city"], units }])).toEqual([]);
  });

  it("reports every violation in every hex", () => {
    const v = checkStacking([
      { hex: "a", terrain: ["marsh"], units: [...many(2, "division"), ...many(2, "battalion")] },
      { hex: "b", terrain: ["clear"], units: many(3, "brigade", "march") },
    ]);
    expect(v.map((x) => [x.hex, x.rule])).toEqual([
      ["a", "battalions"],
      ["a", "divisions"],
      ["b", "brigades"],
    ]);
  });

  it("property: counts over a limit always yield a violation, and within limits none", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...LAND_TERRAINS), { minLength: 1, maxLength: 3 }),
        fc.constantFrom<Mode>("combat", "march"),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 6 }),
        (terrain, mode, d, b) => {
          const limit = stackingLimit(stackingHexType(terrain), mode);
          const v = checkStacking([{ hex: "h", terrain, units: [...many(d, "division", mode), ...many(b, "brigade", mode)] }]);
          expect(v.some((x) => x.rule === "divisions")).toBe(d > limit.divisions);
          expect(v.some((x) => x.rule === "brigades")).toBe(b > limit.brigades);
        },
      ),
    );
  });
});
