import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import {
  assaultDelayHours,
  counterattackDelay,
  disorganisedByImmediateCounterattack,
  isOverrun,
  mayBeginReorganising,
  mayShootAndScoot,
  resolveTankTerror,
  resolveVeteranBreakOut,
  shootAndScootHits,
  supportMayFire,
  tanksCountAsLight,
  tanksMayOverrunWithoutFirefight,
} from "../../../src/rules/nqm/index";

describe("special assault and attack rules (seed 004)", () => {
  it("Veteran and Elite infantry assault in the hour they win the firefight; others an hour later", () => {
    expect([assaultDelayHours("elite"), assaultDelayHours("veteran"), assaultDelayHours("regular"), assaultDelayHours("militia")]).toEqual([
      0, 0, 1, 1,
    ]);
  });
  it("counter-attack timing and its effect on the attacker", () => {
    expect(counterattackDelay("veteran")).toBe("immediate");
    expect(counterattackDelay("conscript")).toBe("nextMove");
    expect(disorganisedByImmediateCounterattack("veteran", true)).toBe(false);
    expect(disorganisedByImmediateCounterattack("veteran", false)).toBe(true);
    expect(disorganisedByImmediateCounterattack("regular", true)).toBe(true);
  });
  it("shoot and scoot: who may, and halved hits", () => {
    expect(mayShootAndScoot("antiTank", true)).toBe(true);
    expect(mayShootAndScoot("recce", false)).toBe(false);
    expect(mayShootAndScoot("other", true)).toBe(false);
    expect([0, 1, 2, 5].map(shootAndScootHits)).toEqual([0, 0, 1, 2]);
    expect(() => shootAndScootHits(-1)).toThrow(RangeError);
  });
  it("tanks in close country count as light targets only once tank terror is overcome and the tanks are alone", () => {
    expect(tanksCountAsLight(true, true, true)).toBe(true);
    expect(tanksCountAsLight(true, false, true)).toBe(false);
    expect(tanksCountAsLight(false, true, true)).toBe(false);
  });
  it("overruns and follow-on attacks", () => {
    expect(isOverrun(0, false)).toBe(true);
    expect(isOverrun(2, true)).toBe(true);
    expect(isOverrun(2, false)).toBe(false);
    expect(() => isOverrun(-1, false)).toThrow(RangeError);
    expect(tanksMayOverrunWithoutFirefight(false)).toBe(true);
    expect(tanksMayOverrunWithoutFirefight(true)).toBe(false);
    expect(mayBeginReorganising({ moving: false, fighting: false, underFire: false })).toBe(true);
    expect(mayBeginReorganising({ moving: true, fighting: false, underFire: false })).toBe(false);
  });
  it("support stands fire in the attack only when all are organised, always in self-defence", () => {
    expect(supportMayFire(false, false, false)).toBe(true);
    expect(supportMayFire(false, true, false)).toBe(false);
    expect(supportMayFire(false, false, true)).toBe(false);
    expect(supportMayFire(true, true, true)).toBe(true);
  });
});

describe("resolveTankTerror (seed 004 Special Assault Rules: 4-6 OK)", () => {
  const unit = { actor: "inf", name: "Rifles", grade: "regular" as const };
  it("unsupported Regulars facing tanks the first time surrender on 1-3", () => {
    const r = resolveTankTerror({ unit, supported: false, firstTime: true }, scriptedDice([3]));
    expect(r.outcome).toEqual({ applies: true, surrendered: true });
    expect(r.effects).toEqual([{ type: "surrendered", actor: "inf" }]);
    expect(resolveTankTerror({ unit, supported: false, firstTime: true }, scriptedDice([4])).outcome.surrendered).toBe(false);
  });
  it("does not apply to Veterans, supported troops or a second encounter", () => {
    for (const i of [
      { unit: { ...unit, grade: "veteran" as const }, supported: false, firstTime: true },
      { unit, supported: true, firstTime: true },
      { unit, supported: false, firstTime: false },
    ]) {
      const r = resolveTankTerror(i, scriptedDice([]));
      expect(r.outcome.applies).toBe(false);
      expect(r.rolls).toEqual([]);
    }
  });
});

describe("resolveVeteranBreakOut (seed 004 Unit Grading: 3-6 per stand)", () => {
  it("stands on 3+ get away, the rest are taken", () => {
    const r = resolveVeteranBreakOut({ stands: ["a", "b", "c"] }, scriptedDice([3, 2, 6]));
    expect(r.outcome).toEqual({ escaped: ["a", "c"], caught: ["b"] });
    expect(r.effects).toEqual([
      { type: "withdrawn", actor: "a" },
      { type: "withdrawn", actor: "c" },
      { type: "surrendered", actor: "b" },
    ]);
  });
});
