import { describe, expect, it } from "vitest";
import { phrase } from "../../../src/rules/resolution";
import { scriptedDice } from "../../../src/rules/dice";
import { resolveAirCombat } from "../../../src/rules/nobc/air";
import { accepted, codes, squadron, wp } from "./fixtures";

const inBox = { box: "airSuperiority" } as const;
const aam = [{ kind: "aam", name: "AIM-120" }] as const;
const mig = wp("mig", { ...inBox, airToAir: 3 });
const eagle = squadron("f15", { ...inBox, airToAir: 4 });

function fight(wpSq = mig, natoSq = eagle, faces: number[] = []) {
  const dice = scriptedDice(faces);
  const r = resolveAirCombat({ squadrons: [wpSq, natoSq], bouts: [{ wp: wpSq.id, nato: natoSq.id }] }, dice);
  return { r, left: dice.remaining };
}

describe("air superiority combat (seed 000, Air War QRS: 3) Air Superiority Combat)", () => {
  describe("simultaneous fire: WP die first, then NATO", () => {
    it.each([
      // [wp roll, nato roll, damaged]
      [3, 4, ["f15", "mig"]], // both at their value: both damaged
      [4, 5, []], // both one over: no effect
      [1, 6, ["f15"]],
      [6, 1, ["mig"]],
    ])("WP rolls %i (value 3), NATO rolls %i (value 4): damaged %j", (w, n, damaged) => {
      const { r } = fight(mig, eagle, [w, n]);
      const v = accepted(r);
      expect(v.outcome.damaged).toEqual(damaged);
      expect(v.rolls).toEqual([w, n]);
      expect(v.effects).toEqual(damaged.map((id) => ({ type: "squadronBox", squadron: id, box: "damaged" })));
      expect(v.breakdown.map((l) => l.value)).toEqual([3, 4]);
    });
  });

  describe("advanced AAM fire first", () => {
    const armed = squadron("f15", { ...inBox, airToAir: 4, weapons: aam });
    it("an AAM hit means no return fire", () => {
      const { r, left } = fight(mig, armed, [4]);
      const v = accepted(r);
      expect(v.outcome.damaged).toEqual(["mig"]);
      expect(v.outcome.shots).toEqual([{ shooter: "f15", target: "mig", roll: 4, hit: true }]);
      expect(v.breakdown[0]!.text).toEqual(phrase("NOBC.Rules.Air.AirCombat.FiresFirst", { shooter: "F15", target: "MIG" }));
      expect(left).toBe(0);
    });

    it("an AAM miss lets the opponent fire back", () => {
      const v = accepted(fight(mig, armed, [5, 3]).r);
      expect(v.outcome.damaged).toEqual(["f15"]);
      expect(v.rolls).toEqual([5, 3]);
    });

    it("a WP squadron with AAM fires first too", () => {
      const v = accepted(fight(wp("mig", { ...inBox, airToAir: 3, weapons: aam }), eagle, [2]).r);
      expect(v.outcome.damaged).toEqual(["f15"]);
    });

    it("both with AAM fire at once", () => {
      const v = accepted(fight(wp("mig", { ...inBox, airToAir: 3, weapons: aam }), armed, [2, 2]).r);
      expect(v.outcome.damaged).toEqual(["f15", "mig"]);
    });
  });

  it("unchallenged squadrons roll nothing", () => {
    const dice = scriptedDice([]);
    const v = accepted(
      resolveAirCombat(
        {
          squadrons: [mig, eagle],
          bouts: [
            { wp: "mig", nato: null },
            { wp: null, nato: "f15" },
          ],
        },
        dice,
      ),
    );
    expect(v.outcome).toEqual({ shots: [], damaged: [] });
  });

  describe("refusals", () => {
    it("an unknown squadron", () => {
      expect(codes(resolveAirCombat({ squadrons: [mig], bouts: [{ wp: "mig", nato: "f15" }] }, scriptedDice([])))).toEqual([
        "unknownSquadron",
      ]);
    });

    it("a squadron on the wrong side of the bout or outside the box", () => {
      const r = resolveAirCombat(
        { squadrons: [mig, squadron("a10", { box: "cas" })], bouts: [{ wp: "a10", nato: "mig" }] },
        scriptedDice([]),
      );
      expect(codes(r)).toEqual(["notAFighter", "notAFighter"]);
    });

    it("a squadron in two bouts", () => {
      const r = resolveAirCombat(
        {
          squadrons: [mig, eagle],
          bouts: [
            { wp: "mig", nato: "f15" },
            { wp: "mig", nato: null },
          ],
        },
        scriptedDice([]),
      );
      expect(codes(r)).toEqual(["duplicate"]);
    });

    it("a squadron with a bad factor", () => {
      expect(codes(fight(wp("mig", { ...inBox, airToAir: 9 })).r)).toEqual(["badFactor"]);
    });
  });
});
