import { describe, expect, it } from "vitest";
import { hexside } from "../../src/rules/ids";
import { RefusalList, RulesRefusedError, ok, phrase, refuse, total, unwrap } from "../../src/rules/resolution";
import { assertCount, assertDie, checkCount, isCount } from "../../src/rules/validate";

describe("checked results", () => {
  it("unwrap returns the value of an accepted input", () => {
    expect(unwrap(ok(3))).toBe(3);
  });

  it("unwrap throws with every refusal's code and field, for developers", () => {
    const refused = refuse({ code: "a", text: phrase("K.A") }, { code: "b", text: phrase("K.B"), field: "x" });
    expect(() => unwrap(refused)).toThrow(RulesRefusedError);
    expect(() => unwrap(refused)).toThrow("a; b (x)");
  });

  it("a phrase leaves out data it does not have", () => {
    expect(phrase("K.A")).toEqual({ key: "K.A" });
    expect(phrase("K.A", { n: 1 })).toEqual({ key: "K.A", data: { n: 1 } });
  });

  it("a refusal list yields the value only when empty, and keeps the field when given", () => {
    const list = new RefusalList();
    expect(list.result(() => 1)).toEqual({ ok: true, value: 1 });
    list.add("noField", phrase("K.NoField"));
    list.add("withField", phrase("K.WithField", { n: 2 }), "unit.supply");
    expect(list.result(() => 1)).toEqual({
      ok: false,
      refusals: [
        { code: "noField", text: { key: "K.NoField" } },
        { code: "withField", text: { key: "K.WithField", data: { n: 2 } }, field: "unit.supply" },
      ],
    });
  });

  it("total adds the breakdown's values", () => {
    expect(
      total([
        { text: phrase("K.A"), value: 4, source: "s" },
        { text: phrase("K.B"), value: -1, source: "s" },
      ]),
    ).toBe(3);
    expect(total([])).toBe(0);
  });
});

describe("shared input checks", () => {
  it("counts are whole numbers at or above the minimum", () => {
    expect(isCount(0)).toBe(true);
    expect(isCount(-1)).toBe(false);
    expect(isCount(1.5)).toBe(false);
    expect(isCount(Number.NaN)).toBe(false);
    expect(isCount(1, 2)).toBe(false);
  });

  it("assertions throw a RangeError naming the value", () => {
    expect(() => assertDie(7)).toThrow(/die must be a whole number from 1 to 6, got 7/);
    expect(() => assertDie(3)).not.toThrow();
    expect(() => assertCount(-2, "hits")).toThrow(/hits must be a whole number of at least 0, got -2/);
    expect(() => assertCount(2, "hits")).not.toThrow();
  });

  it("checkCount refuses with the field and says whether the value was fine", () => {
    const list = new RefusalList();
    const what = phrase("K.Supply");
    expect(checkCount(list, 2, "unit.supply", what)).toBe(true);
    expect(checkCount(list, -1, "unit.supply", what)).toBe(false);
    expect(list.items).toEqual([
      {
        code: "badNumber",
        text: phrase("NOBC.Rules.Common.BadNumber", { what, field: "unit.supply", min: 0, value: "-1" }),
        field: "unit.supply",
      },
    ]);
  });
});

describe("hexside keys", () => {
  it("name one hexside the same way from either hex", () => {
    expect(hexside("0712", "0711")).toBe("0711|0712");
    expect(hexside("0711", "0712")).toBe("0711|0712");
  });
});

describe("nationalities", () => {
  it("the twelve forces of the Air War repair table, split between the sides (seed 000)", async () => {
    const { NATIONALITIES, sideOfNationality, isNationality } = await import("../../src/rules/nationalities");
    expect(NATIONALITIES.filter((n) => sideOfNationality(n) === "nato")).toEqual(["us", "uk", "frg", "ca", "fr", "nl", "be", "dk"]);
    expect(NATIONALITIES.filter((n) => sideOfNationality(n) === "wp")).toEqual(["su", "gdr", "pl", "cs"]);
    expect(isNationality("gdr")).toBe(true);
    expect(isNationality("toString")).toBe(false);
  });
});
