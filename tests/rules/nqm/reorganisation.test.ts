import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";
import { reorganise, resolveEndOfOperation, resolveReorganisation } from "../../../src/rules/nqm/index";

describe("reorganise (seed 004 Post Combat Reorganisation)", () => {
  it("the seed's example: five red pins, a 4 on the odd one: three off, two black", () => {
    expect(reorganise(5, 4)).toEqual({ removed: 3, permanent: 2 });
  });
  it("an odd pin stays on 1-3 and comes off on 4-6", () => {
    expect([1, 2, 3].map((d) => reorganise(1, d))).toEqual(Array(3).fill({ removed: 0, permanent: 1 }));
    expect([4, 5, 6].map((d) => reorganise(1, d))).toEqual(Array(3).fill({ removed: 1, permanent: 0 }));
  });
  it("an even count ignores the die", () => {
    expect(reorganise(4, 1)).toEqual({ removed: 2, permanent: 2 });
    expect(reorganise(0, 6)).toEqual({ removed: 0, permanent: 0 });
  });
  it("rejects bad input", () => {
    expect(() => reorganise(-1, 4)).toThrow(RangeError);
    expect(() => reorganise(1.5, 4)).toThrow(RangeError);
    expect(() => reorganise(Number.NaN, 4)).toThrow(RangeError);
    expect(() => reorganise(2, 7)).toThrow(RangeError);
  });
  it("property: removed + permanent = red pins; removed is half rounded down, plus at most one", () => {
    fc.assert(
      fc.property(fc.nat(200), fc.integer({ min: 1, max: 6 }), (red, die) => {
        const r = reorganise(red, die);
        expect(r.removed + r.permanent).toBe(red);
        const extra = r.removed - Math.floor(red / 2);
        expect(extra === 0 || extra === 1).toBe(true);
        expect(extra).toBe(red % 2 === 1 && die >= 4 ? 1 : 0);
      }),
    );
  });
});

describe("resolveReorganisation", () => {
  const input = { actor: "bn", name: "2 Bn", redPins: 5, commandPresent: true, underFire: false };
  it("rolls for the odd pin only, turns the rest black and clears disorganisation", () => {
    const r = unwrap(resolveReorganisation(input, scriptedDice([2])));
    expect(r.outcome).toEqual({ removed: 2, permanent: 3 });
    expect(r.rolls).toEqual([2]);
    expect(r.effects).toEqual([
      { type: "pins", actor: "bn", red: -5, black: 3 },
      { type: "disorganised", actor: "bn", value: false },
    ]);
  });
  it("an even count rolls nothing; no pins just clears the marker", () => {
    expect(unwrap(resolveReorganisation({ ...input, redPins: 4 }, scriptedDice([]))).rolls).toEqual([]);
    expect(unwrap(resolveReorganisation({ ...input, redPins: 0 }, scriptedDice([]))).effects).toEqual([
      { type: "disorganised", actor: "bn", value: false },
    ]);
  });
  it("under the hourly supply check a unit out of supply comes back into supply as it reorganises (seed 004, Resupply)", () => {
    expect(unwrap(resolveReorganisation({ ...input, redPins: 0, backInSupply: true }, scriptedDice([]))).effects).toEqual([
      { type: "disorganised", actor: "bn", value: false },
      { type: "inSupply", actor: "bn", value: true },
    ]);
    expect(unwrap(resolveReorganisation({ ...input, redPins: 0, backInSupply: false }, scriptedDice([]))).effects).toEqual([
      { type: "disorganised", actor: "bn", value: false },
    ]);
  });
  it("refuses without a command stand, under fire, or with a bad count", () => {
    const r = resolveReorganisation({ ...input, redPins: -2, commandPresent: false, underFire: true }, scriptedDice([]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code).sort()).toEqual(["badNumber", "noCommand", "underFire"]);
  });
});

describe("resolveEndOfOperation (seed 004: half the markers again)", () => {
  it("halves black pins the same way", () => {
    const r = unwrap(resolveEndOfOperation({ actor: "bn", name: "2 Bn", blackPins: 3 }, scriptedDice([6])));
    expect(r.outcome).toEqual({ removed: 2, permanent: 1 });
    expect(r.effects).toEqual([{ type: "pins", actor: "bn", red: 0, black: -2 }]);
  });
  it("nothing to remove, no effect; bad count refused", () => {
    expect(unwrap(resolveEndOfOperation({ actor: "bn", name: "2 Bn", blackPins: 1 }, scriptedDice([1]))).effects).toEqual([]);
    expect(resolveEndOfOperation({ actor: "bn", name: "2 Bn", blackPins: -1 }, scriptedDice([])).ok).toBe(false);
  });
});
