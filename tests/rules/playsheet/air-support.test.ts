import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { airSupportLevel, airSupportModifier, higherLevel, type AirSupportKind } from "../../../src/rules/playsheet";

// seed 003, Air-Ground Attacks: units -> level
const CASES: [AirSupportKind, number, string][] = [
  ["german", 0, "none"],
  ["german", 1, "normal"],
  ["german", 2, "normal"],
  ["german", 3, "superior"],
  ["german", 5, "superior"],
  ["german", 6, "overwhelming"],
  ["german", 9, "overwhelming"],
  ["german", 10, "apocalyptic"],
  ["german", 40, "apocalyptic"],
  ["allied", 0, "none"],
  ["allied", 1, "normal"],
  ["allied", 2, "superior"],
  ["allied", 3, "superior"],
  ["allied", 4, "overwhelming"],
  ["allied", 7, "overwhelming"],
  ["allied", 8, "apocalyptic"],
  ["heavyBomber", 0, "none"],
  ["heavyBomber", 1, "overwhelming"],
  ["heavyBomber", 2, "apocalyptic"],
  ["heavyBomber", 9, "apocalyptic"],
];

describe("air-ground support level (seed 003 Air-Ground Attacks)", () => {
  it.each(CASES)("%s with %i units: %s", (kind, units, level) => {
    expect(airSupportLevel(kind, units)).toBe(level);
  });

  it("heavy bombers' overlapping 1-2 / 2 or more: 2 is apocalyptic (RULES-NOTES)", () => {
    expect(airSupportLevel("heavyBomber", 2)).toBe("apocalyptic");
  });

  it("rejects bad counts and kinds", () => {
    expect(() => airSupportLevel("german", -1)).toThrow(RangeError);
    expect(() => airSupportLevel("german", 1.5)).toThrow(RangeError);
    expect(() => airSupportLevel("german", Number.NaN)).toThrow(RangeError);
    expect(() => airSupportLevel("soviet" as AirSupportKind, 1)).toThrow(RangeError);
  });

  it.each([
    ["none", 0],
    ["normal", 4],
    ["superior", 6],
    ["overwhelming", 8],
    ["apocalyptic", 10],
  ] as const)("modifier for %s is +%i (seed 003 Combat factors)", (level, mod) => {
    expect(airSupportModifier(level)).toBe(mod);
  });

  it("rejects an unknown level", () => {
    expect(() => airSupportModifier("huge" as never)).toThrow(RangeError);
  });

  it("property: more units never give a lower modifier", () => {
    fc.assert(
      fc.property(fc.constantFrom<AirSupportKind>("german", "allied", "heavyBomber"), fc.nat(50), (kind, n) => {
        expect(airSupportModifier(airSupportLevel(kind, n + 1))).toBeGreaterThanOrEqual(airSupportModifier(airSupportLevel(kind, n)));
      }),
    );
  });

  it("higherLevel picks the stronger level", () => {
    expect(higherLevel("normal", "superior")).toBe("superior");
    expect(higherLevel("apocalyptic", "none")).toBe("apocalyptic");
  });
});
