import { describe, expect, it } from "vitest";
import { artilleryContribution, artilleryEffect, type ArtilleryKind } from "../../../src/rules/playsheet";

// seed 003, Supporting Artillery: effective range (normal status), long range (half status)
const CASES: [ArtilleryKind, number, string][] = [
  ["field", 0, "normal"],
  ["field", 8, "normal"],
  ["field", 8.5, "half"],
  ["field", 12, "half"],
  ["field", 12.1, "outOfRange"],
  ["medium", 12, "normal"],
  ["medium", 13, "half"],
  ["medium", 20, "half"],
  ["medium", 21, "outOfRange"],
  ["rocket", 6, "normal"],
  ["rocket", 7, "outOfRange"],
  ["infantryGuns", 6, "normal"],
  ["infantryGuns", 6.5, "outOfRange"],
];

describe("supporting artillery ranges (seed 003 Supporting Artillery)", () => {
  it.each(CASES)("%s at %s km: %s", (kind, km, effect) => {
    expect(artilleryEffect(kind, km)).toBe(effect);
  });

  it("rejects bad ranges and kinds", () => {
    expect(() => artilleryEffect("field", -1)).toThrow(RangeError);
    expect(() => artilleryEffect("field", Number.NaN)).toThrow(RangeError);
    expect(() => artilleryEffect("naval" as ArtilleryKind, 1)).toThrow(RangeError);
  });

  it("normal adds full status, half adds half rounded down, out of range nothing (decision: half status rounds down)", () => {
    expect(artilleryContribution(5, "normal")).toBe(5);
    expect(artilleryContribution(5, "half")).toBe(2);
    expect(artilleryContribution(4, "half")).toBe(2);
    expect(artilleryContribution(5, "outOfRange")).toBe(0);
    expect(() => artilleryContribution(-1, "normal")).toThrow(RangeError);
  });
});
