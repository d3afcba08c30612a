import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { phrase, unwrap } from "../../../src/rules/resolution";
import {
  dueBreakTests,
  gradeLabel,
  mayBeGreen,
  passesBreakTest,
  resolveBreakTest,
  resolvePositionTest,
  thresholdReached,
  type BreakTestInput,
} from "../../../src/rules/nqm/index";

describe("break-test thresholds (seed 004 Table 9 and Unit Grading)", () => {
  it("one third, half and two thirds are reached at exactly those fractions", () => {
    expect(thresholdReached("oneThird", 2, 6)).toBe(true);
    expect(thresholdReached("oneThird", 1, 6)).toBe(false);
    expect(thresholdReached("half", 3, 6)).toBe(true);
    expect(thresholdReached("half", 2, 5)).toBe(false);
    expect(thresholdReached("twoThirds", 4, 6)).toBe(true);
    expect(thresholdReached("twoThirds", 3, 6)).toBe(false);
    expect(thresholdReached("never", 6, 6)).toBe(false);
    expect(thresholdReached("half", 1, 0)).toBe(false);
  });
  it("Elite never test", () => {
    expect(dueBreakTests({ grade: "elite" }, "attacking", 6, 0, 6)).toEqual([]);
  });
  it("Veteran attacking: break off at a third, disorganisation test at two thirds", () => {
    expect(dueBreakTests({ grade: "veteran" }, "attacking", 6, 0, 2)).toEqual(["breakOff"]);
    expect(dueBreakTests({ grade: "veteran" }, "attacking", 6, 2, 4)).toEqual(["disorganise"]);
    expect(dueBreakTests({ grade: "veteran" }, "attacking", 6, 0, 5)).toEqual(["breakOff", "disorganise"]);
  });
  it("Veteran defending tests only at two thirds", () => {
    expect(dueBreakTests({ grade: "veteran" }, "defending", 6, 0, 2)).toEqual([]);
    expect(dueBreakTests({ grade: "veteran" }, "defending", 6, 0, 4)).toEqual(["disorganise"]);
  });
  it("Regular and Conscript take one test for both at half and a third", () => {
    expect(dueBreakTests({ grade: "regular" }, "attacking", 6, 0, 3)).toEqual(["both"]);
    expect(dueBreakTests({ grade: "regular" }, "defending", 6, 0, 3)).toEqual(["disorganise"]);
    expect(dueBreakTests({ grade: "conscript" }, "attacking", 6, 1, 2)).toEqual(["both"]);
    expect(dueBreakTests({ grade: "conscript" }, "attacking", 6, 2, 3)).toEqual([]);
  });
  it("Militia: disorganisation at a third, unwilling to attack at two thirds", () => {
    expect(dueBreakTests({ grade: "militia" }, "attacking", 6, 0, 2)).toEqual(["disorganise"]);
    expect(dueBreakTests({ grade: "militia" }, "attacking", 6, 2, 4)).toEqual(["breakOff"]);
  });
  it("Green attackers test at the first casualty, before any level test", () => {
    expect(dueBreakTests({ grade: "conscript", green: true }, "attacking", 3, 0, 1)).toEqual(["green", "both"]);
    expect(dueBreakTests({ grade: "conscript", green: true }, "attacking", 9, 1, 2)).toEqual([]);
    expect(dueBreakTests({ grade: "conscript", green: true }, "defending", 9, 0, 1)).toEqual([]);
    expect(dueBreakTests({ grade: "regular", green: true }, "attacking", 9, 0, 1)).toEqual([]);
  });
  it("rejects falling casualties and bad counts", () => {
    expect(() => dueBreakTests({ grade: "regular" }, "attacking", 6, 3, 2)).toThrow(RangeError);
    expect(() => dueBreakTests({ grade: "regular" }, "attacking", 0, 0, 0)).toThrow(RangeError);
  });
  it("pass scores: Elite auto, Veteran 3+, Regular 4+, Conscript 5+, Militia 5+", () => {
    expect(passesBreakTest("elite", 1)).toBe(true);
    expect([passesBreakTest("veteran", 2), passesBreakTest("veteran", 3)]).toEqual([false, true]);
    expect([passesBreakTest("regular", 3), passesBreakTest("regular", 4)]).toEqual([false, true]);
    expect([passesBreakTest("conscript", 4), passesBreakTest("conscript", 5)]).toEqual([false, true]);
    expect([passesBreakTest("militia", 4), passesBreakTest("militia", 5)]).toEqual([false, true]);
    expect(() => passesBreakTest("militia", 0)).toThrow(RangeError);
  });
  it("only Conscript and Militia may be Green (seed 004 Unit Grading)", () => {
    expect(["elite", "veteran", "regular", "conscript", "militia"].map((g) => mayBeGreen(g as "elite"))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(gradeLabel("veteran")).toEqual(phrase("NOBC.Rules.Nqm.Grade.veteran"));
  });
});

const unit = { actor: "u", name: "3 Coy", grade: "veteran" as const };
const input = (o: Partial<BreakTestInput> = {}): BreakTestInput => ({
  unit,
  role: "attacking",
  strength: 6,
  casualtiesBefore: 0,
  casualtiesAfter: 2,
  ...o,
});

describe("resolveBreakTest", () => {
  it("a Veteran failing at a third breaks off without being disorganised", () => {
    const r = unwrap(resolveBreakTest(input(), scriptedDice([2])));
    expect(r.outcome).toMatchObject({ breaksOff: true, disorganised: false });
    expect(r.effects).toEqual([]);
    expect(r.breakdown[0]).toMatchObject({ value: 2 });
  });
  it("a Veteran failing at two thirds is disorganised", () => {
    const r = unwrap(resolveBreakTest(input({ casualtiesBefore: 2, casualtiesAfter: 4 }), scriptedDice([1])));
    expect(r.outcome).toMatchObject({ breaksOff: true, disorganised: true });
    expect(r.effects).toEqual([{ type: "disorganised", actor: "u", value: true }]);
  });
  it("a failed green test disorganises", () => {
    const r = unwrap(
      resolveBreakTest(input({ unit: { ...unit, grade: "militia", green: true }, strength: 9, casualtiesAfter: 1 }), scriptedDice([4])),
    );
    expect(r.outcome.tests).toEqual([{ kind: "green", die: 4, passed: false }]);
    expect(r.outcome.disorganised).toBe(true);
    expect(r.breakdown[0]!.source).toContain("Unit Grading");
  });
  it("Militia failing at a third are disorganised but press on with the attack (seed 004: militia may press on when disorganised)", () => {
    const r = unwrap(resolveBreakTest(input({ unit: { ...unit, grade: "militia" }, casualtiesAfter: 2 }), scriptedDice([1])));
    expect(r.outcome).toMatchObject({ disorganised: true, breaksOff: false });
  });
  it("Militia failing the two-thirds test stop attacking", () => {
    const r = unwrap(
      resolveBreakTest(input({ unit: { ...unit, grade: "militia" }, casualtiesBefore: 2, casualtiesAfter: 4 }), scriptedDice([1])),
    );
    expect(r.outcome.breaksOff).toBe(true);
  });
  it("a defender that fails is disorganised but does not break off an attack", () => {
    const r = unwrap(
      resolveBreakTest(input({ role: "defending", unit: { ...unit, grade: "regular" }, casualtiesAfter: 3 }), scriptedDice([1])),
    );
    expect(r.outcome).toMatchObject({ disorganised: true, breaksOff: false });
  });
  it("no level reached: no die rolled", () => {
    const r = unwrap(resolveBreakTest(input({ casualtiesAfter: 1 }), scriptedDice([])));
    expect(r.rolls).toEqual([]);
  });
  it("refuses bad counts, falling casualties and Green Veterans", () => {
    const r = resolveBreakTest(
      input({ strength: 0, casualtiesBefore: 3, casualtiesAfter: 1, unit: { ...unit, green: true } }),
      scriptedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code).sort()).toEqual(["badNumber", "casualtiesFell", "greenGrade"]);
  });
});

describe("resolvePositionTest (seed 004 Tanks against Fixed Positions)", () => {
  it("Elite hold without a die", () => {
    const r = resolvePositionTest({ ...unit, grade: "elite" }, scriptedDice([]));
    expect(r.outcome.passed).toBe(true);
    expect(r.rolls).toEqual([]);
  });
  it("others roll their grade's score", () => {
    expect(resolvePositionTest({ ...unit, grade: "regular" }, scriptedDice([4])).outcome.passed).toBe(true);
    const fail = resolvePositionTest({ ...unit, grade: "regular" }, scriptedDice([3]));
    expect(fail.outcome.passed).toBe(false);
    expect(fail.effects).toEqual([{ type: "disorganised", actor: "u", value: true }]);
  });
});
