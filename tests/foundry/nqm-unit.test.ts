import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { NqmUnitData, nqmTargetClass, nqmUnitProblems } from "../../src/data/nqm-unit";
import { nqmUnitSystem } from "../../src/schemas/system";
import { langFileWording, speak } from "../../src/words/phrase";
import en from "../../lang/en.json";
import de from "../../lang/de.json";

type Raw = Record<string, unknown>;
function nqm(source: Raw = {}): NqmUnitData {
  const model = new NqmUnitData(source);
  model.prepareDerivedData();
  return model;
}

beforeEach(() => harness.reset());

describe("NQM unit data model", () => {
  it("starts as a steady Regular fighting stand in the open", () => {
    const u = nqm();
    expect([u.side, u.grade, u.green, u.kind, u.protection]).toEqual(["nato", "regular", false, "fighting", "open"]);
    expect(u.strength).toEqual({ value: 3, max: 3 });
    expect(u.pins).toEqual({ red: 0, black: 0 });
    expect([u.disorganised, u.broken, u.surrendered, u.withdrawn, u.inSupply, u.commandBase]).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect([u.pinned, u.targetClass]).toEqual([false, "L"]);
  });

  it("derives pinned from red pins, and the target class from armour and position (Table 10, note 1)", () => {
    const u = nqm({ pins: { red: 1, black: 0 }, protection: "fortified", armour: "M" });
    expect(u.pinned).toBe(true);
    expect(u.targetClass).toBe("H");
    expect(nqmTargetClass("VH", "dugIn")).toBe("VH");
    expect(nqmTargetClass("VL", "dugIn")).toBe("M");
  });

  it("keeps harassing fire's thirds of an ammunition die", () => {
    expect(nqm({ ammo: 5 + 2 / 3 }).ammo).toBeCloseTo(5.667, 3);
  });

  it("accepts a Green Conscript or Militia unit", () => {
    expect(nqm({ grade: "militia", green: true }).green).toBe(true);
    expect(nqm({ grade: "conscript", green: true }).green).toBe(true);
  });

  it.each<[string, Raw, RegExp]>([
    ["an unknown grade", { grade: "green" }, /grade/],
    ["a Green Veteran", { grade: "veteran", green: true }, /green/],
    ["more pins than bases", { strength: { value: 2, max: 3 }, pins: { red: 2, black: 1 } }, /pins/],
    ["bases above the starting strength", { strength: { value: 4, max: 3 } }, /strength/],
    ["negative red pins", { pins: { red: -1, black: 0 } }, /red/],
    ["fractional combat units", { combatUnits: 1.5 }, /combatUnits/],
    ["an unknown position", { protection: "trench" }, /protection/],
    ["an unknown weight class", { weight: "XL" }, /weight/],
    ["negative ammunition", { ammo: -1 }, /ammo/],
  ])("refuses %s, naming the field", (_what, source, field) => {
    expect(() => nqm(source)).toThrow(field);
  });

  it("names every joint problem, the field in words, from the lang files", () => {
    const problems = nqmUnitProblems({ grade: "regular", green: true, strength: { value: 1, max: 0 }, pins: { red: 1, black: 1 } });
    expect(problems.map((p) => p.key)).toEqual([
      "NOBC.Nqm.Sheet.Problem.strength",
      "NOBC.Nqm.Sheet.Problem.pins",
      "NOBC.Nqm.Sheet.Problem.green",
    ]);
    expect(problems.map((p) => speak(p, langFileWording(en, "en")))).toEqual([
      "Bases now: 1 is above the 0 bases at the start.",
      "Pins: 1 red and 1 black are more than the 1 bases left; each base carries at most one pin.",
      "Green: the grade is “Regular”; only Conscript or Militia can be Green.",
    ]);
    expect(speak(problems[1]!, langFileWording(de, "de"))).toBe(
      "Marker: 1 rote und 1 schwarze sind mehr als die 1 verbliebenen Basen; jede Basis trägt höchstens einen Marker.",
    );
  });

  it("refuses in the user's language: the thrown message is the lang key's text, no English of its own", () => {
    expect(() => nqm({ strength: { value: 3, max: 3 }, pins: { red: 2, black: 2 } })).toThrow("NOBC.Nqm.Sheet.Problem.pins");
    expect(() => nqm({ strength: { value: 3, max: 3 }, pins: { red: 2, black: 2 } })).not.toThrow("more than");
  });
});

describe("NQM unit zod schema (packs and imports)", () => {
  const valid = {
    side: "wp",
    grade: "veteran",
    green: false,
    kind: "support",
    strength: { value: 2, max: 2 },
    combatUnits: 1,
    weight: "M",
    armour: "L",
    protection: "open",
    pins: { red: 0, black: 0 },
    disorganised: false,
    disorganisedHours: 0,
    harassedHours: 0,
    broken: false,
    surrendered: false,
    withdrawn: false,
    ammo: 2,
    inSupply: true,
    supplyUnits: { log: 0, pol: 0 },
    recceTroops: false,
    commandBase: true,
    notes: "",
  };

  it("accepts what the data model accepts", () => {
    expect(nqmUnitSystem.safeParse(valid).success).toBe(true);
  });

  it.each<[string, Raw, string]>([
    ["a Green Veteran", { green: true }, "green"],
    ["more pins than bases", { pins: { red: 2, black: 1 } }, "pins"],
    ["an unknown grade", { grade: "crack" }, "grade"],
  ])("refuses %s at the field", (_what, change, field) => {
    const parsed = nqmUnitSystem.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).toContain(field);
  });
});

describe("the NQM unit's plain lists agree with the rules core (kept apart so the rules load after init)", () => {
  it("has the same grades, classes, positions, labels, Green rule and combat units", async () => {
    const rules = await import("../../src/rules/nqm/index");
    const plain = await import("../../src/data/nqm-classes");
    expect(plain.NQM_GRADES).toEqual(rules.GRADES);
    expect(plain.NQM_CLASSES).toEqual(rules.WEIGHT_CLASSES);
    expect(plain.NQM_POSITION_CLASS).toEqual(rules.POSITION_CLASS);
    expect(plain.NQM_GRADE_LABEL).toEqual(rules.GRADE_LABEL);
    expect(plain.NQM_CLASS_LABEL).toEqual(rules.WEIGHT_CLASS_LABEL);
    for (const g of rules.GRADES) expect(plain.nqmMayBeGreen(g)).toBe(rules.mayBeGreen(g));
    for (const kind of ["fighting", "support"] as const)
      for (let bases = 0; bases <= 12; bases++) expect(plain.nqmCombatUnits(kind, bases)).toBe(rules.combatUnits(kind, bases));
  });
});
