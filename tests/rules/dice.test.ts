import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DiceExhaustedError, isDieFace, randomDice, scriptedDice, seededDice } from "../../src/rules/dice";

describe("dice", () => {
  it("scripted dice return exactly the faces given, then fail loudly", () => {
    const dice = scriptedDice([3, 6, 1]);
    expect(dice.d6()).toBe(3);
    expect(dice.roll(2)).toEqual([6, 1]);
    expect(dice.remaining).toBe(0);
    expect(() => dice.d6()).toThrow(DiceExhaustedError);
  });

  it("scripted dice refuse a face that is not 1..6", () => {
    expect(() => scriptedDice([0])).toThrow(RangeError);
    expect(() => scriptedDice([7])).toThrow(RangeError);
  });

  it("seeded dice repeat for a seed and stay in 1..6", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = seededDice(seed).roll(20);
        expect(seededDice(seed).roll(20)).toEqual(a);
        expect(a.every(isDieFace)).toBe(true);
      }),
    );
  });

  it("seeded dice reach every face", () => {
    const faces = new Set(seededDice(42).roll(600));
    expect([...faces].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("random dice map [0,1) onto 1..6", () => {
    expect(randomDice(() => 0).d6()).toBe(1);
    expect(randomDice(() => 0.9999).d6()).toBe(6);
  });
});
