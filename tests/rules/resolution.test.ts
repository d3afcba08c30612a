import { describe, expect, it } from "vitest";
import { hexside } from "../../src/rules/ids";
import { RefusalList, RulesRefusedError, ok, refuse, total, unwrap } from "../../src/rules/resolution";
import { assertCount, assertDie, checkCount, isCount } from "../../src/rules/validate";

describe("checked results", () => {
  it("unwrap returns the value of an accepted input", () => {
    expect(unwrap(ok(3))).toBe(3);
  });

  it("unwrap throws every refusal message of a refused input", () => {
    const refused = refuse({ code: "a", message: "First problem." }, { code: "b", message: "Second.", field: "x" });
    expect(() => unwrap(refused)).toThrow(RulesRefusedError);
    expect(() => unwrap(refused)).toThrow("First problem.; Second.");
  });

  it("a refusal list yields the value only when empty, and keeps the field when given", () => {
    const list = new RefusalList();
    expect(list.result(() => 1)).toEqual({ ok: true, value: 1 });
    list.add("noField", "No field.");
    list.add("withField", "With field.", "unit.supply");
    expect(list.result(() => 1)).toEqual({
      ok: false,
      refusals: [
        { code: "noField", message: "No field." },
        { code: "withField", message: "With field.", field: "unit.supply" },
      ],
    });
  });

  it("total adds the breakdown's values", () => {
    expect(
      total([
        { label: "a", value: 4, source: "s" },
        { label: "b", value: -1, source: "s" },
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
    expect(checkCount(list, 2, "unit.supply", "Supply")).toBe(true);
    expect(checkCount(list, -1, "unit.supply", "Supply")).toBe(false);
    expect(list.items).toEqual([
      { code: "badNumber", message: "Supply (unit.supply) must be a whole number of at least 0, not -1.", field: "unit.supply" },
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
