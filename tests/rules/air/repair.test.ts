import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { NATO_AUTOMATIC_REPAIRS, resolveAircraftRepair } from "../../../src/rules/nobc/air";
import { accepted, codes, squadron, wp } from "./fixtures";

const dmg = { box: "damaged" } as const;

describe("aircraft repair (seed 000, Air War QRS: 9) Aircraft repair)", () => {
  const nato = [
    squadron("f15", { ...dmg, nationality: "us" }),
    squadron("f16nl", { ...dmg, nationality: "nl" }),
    squadron("tornado", { ...dmg, nationality: "frg" }),
    squadron("f16be", { ...dmg, nationality: "be" }),
  ];

  it(`a NATO team repairs ${NATO_AUTOMATIC_REPAIRS} of its choice; the others roll at or under their score`, () => {
    // f16nl (score 4) rolls 4: repaired; f16be (score 4) rolls 5: destroyed.
    const dice = scriptedDice([4, 5]);
    const r = accepted(resolveAircraftRepair({ side: "nato", squadrons: nato, automatic: ["f15", "tornado"] }, dice));
    expect(r.outcome).toEqual({ repaired: ["f15", "f16nl", "tornado"], destroyed: ["f16be"] });
    expect(r.rolls).toEqual([4, 5]);
    expect(r.effects).toEqual([
      { type: "squadronBox", squadron: "f15", box: "ready" },
      { type: "squadronBox", squadron: "f16nl", box: "ready" },
      { type: "squadronBox", squadron: "tornado", box: "ready" },
      { type: "squadronBox", squadron: "f16be", box: "destroyed" },
    ]);
    expect(r.breakdown.map((l) => l.value)).toEqual([0, 4, 0, 4]);
    expect(dice.remaining).toBe(0);
  });

  it.each([
    ["su", 4, true],
    ["su", 5, false],
    ["gdr", 4, true],
    ["pl", 3, true],
    ["cs", 4, false],
  ] as const)("WP %s rolling %i: repaired %s", (nationality, roll, repaired) => {
    const r = accepted(resolveAircraftRepair({ side: "wp", squadrons: [wp("x", { ...dmg, nationality })] }, scriptedDice([roll])));
    expect(r.outcome.repaired.length === 1).toBe(repaired);
  });

  describe("refusals", () => {
    it("more than two automatic repairs", () => {
      expect(
        codes(resolveAircraftRepair({ side: "nato", squadrons: nato, automatic: ["f15", "tornado", "f16be"] }, scriptedDice([1]))),
      ).toEqual(["tooManyAutomatic"]);
    });
    it("automatic repairs for WP", () => {
      const r = resolveAircraftRepair({ side: "wp", squadrons: [wp("x", dmg)], automatic: ["x"] }, scriptedDice([]));
      expect(codes(r)).toEqual(["tooManyAutomatic"]);
    });
    it("a squadron not damaged, of the other side, or unknown", () => {
      const r = resolveAircraftRepair(
        { side: "nato", squadrons: [squadron("f15"), wp("mig", dmg)], automatic: ["ghost"] },
        scriptedDice([]),
      );
      expect(codes(r)).toEqual(["notDamaged", "wrongSide", "unknownSquadron"]);
    });
    it("a squadron of an unknown nationality", () => {
      const r = resolveAircraftRepair(
        { side: "nato", squadrons: [squadron("x", { ...dmg, nationality: "it" as "us" })] },
        scriptedDice([]),
      );
      expect(codes(r)).toEqual(["unknownNationality"]);
    });
    it("a squadron with a bad nationality for its side", () => {
      expect(
        codes(resolveAircraftRepair({ side: "nato", squadrons: [squadron("x", { ...dmg, nationality: "pl" })] }, scriptedDice([]))),
      ).toEqual(["wrongSide"]);
    });
  });
});
