import { describe, expect, it } from "vitest";
import { WP_SWITCH_LIMIT, resolveLineUp } from "../../../src/rules/nobc/air";
import type { LineUpInput } from "../../../src/rules/nobc/air";
import { accepted, codes, squadron, wp } from "./fixtures";

const inBox = { box: "airSuperiority" } as const;
const squadrons = [
  wp("mig29", { ...inBox, airToAir: 5 }),
  wp("mig23", { ...inBox, airToAir: 4 }),
  wp("mig21", { ...inBox, airToAir: 2 }),
  squadron("f15", { ...inBox, airToAir: 5 }),
  squadron("f16", { ...inBox, airToAir: 4 }),
  squadron("a10", { box: "cas" }),
];
const line = ["mig29", "mig23", "mig21"];

function lineUp(over: Partial<LineUpInput> = {}) {
  return resolveLineUp({
    squadrons,
    wpLine: line,
    natoOpposite: [
      { nato: "f15", wp: "mig23" },
      { nato: "f16", wp: "mig21" },
    ],
    ...over,
  });
}

describe("air-to-air line-up (seed 000, Air War QRS: 2) Prepare for Air to Air combat)", () => {
  it("pairs NATO's choices against the WP line; a spare WP squadron stays unchallenged", () => {
    const r = accepted(lineUp());
    expect(r.outcome.bouts).toEqual([
      { wp: "mig29", nato: null },
      { wp: "mig23", nato: "f15" },
      { wp: "mig21", nato: "f16" },
    ]);
    expect(r.breakdown.map((l) => l.value)).toEqual([2, 1, 0]);
    expect(r.effects).toEqual([]);
  });

  it("WP switches swap the places of two of its squadrons, so their opponents change", () => {
    const r = accepted(lineUp({ wpSwitches: [["mig29", "mig21"]] }));
    expect(r.outcome.bouts).toEqual([
      { wp: "mig21", nato: null },
      { wp: "mig23", nato: "f15" },
      { wp: "mig29", nato: "f16" },
    ]);
  });

  it(`WP may switch up to ${WP_SWITCH_LIMIT} times`, () => {
    const r = accepted(
      lineUp({
        wpSwitches: [
          ["mig29", "mig23"],
          ["mig23", "mig21"],
        ],
      }),
    );
    expect(r.outcome.bouts.map((b) => b.wp)).toEqual(["mig21", "mig29", "mig23"]);
    expect(r.breakdown[2]!.value).toBe(2);
  });

  it("spare NATO squadrons do not double up: they stay unchallenged", () => {
    const more = [...squadrons, squadron("f4", { ...inBox, airToAir: 3 }), squadron("tornado", { ...inBox, airToAir: 3 })];
    const r = accepted(
      lineUp({
        squadrons: more,
        natoOpposite: [
          { nato: "f15", wp: "mig29" },
          { nato: "f16", wp: "mig23" },
          { nato: "f4", wp: "mig21" },
        ],
      }),
    );
    expect(r.outcome.bouts.at(-1)).toEqual({ wp: null, nato: "tornado" });
  });

  it("equal air-to-air values may stand in either order", () => {
    const tied = [wp("a", { ...inBox, airToAir: 3 }), wp("b", { ...inBox, airToAir: 3 })];
    expect(accepted(resolveLineUp({ squadrons: tied, wpLine: ["b", "a"], natoOpposite: [] })).outcome.bouts).toHaveLength(2);
  });

  describe("refusals", () => {
    it("the WP line must run from most to least effective", () => {
      const r = lineUp({ wpLine: ["mig23", "mig29", "mig21"] });
      expect(codes(r)).toEqual(["lineOrder"]);
      if (!r.ok) expect(r.refusals[0]!.field).toBe("wpLine.1");
    });

    it("every WP air-to-air squadron must be in the line", () => {
      const r = lineUp({
        wpLine: ["mig29", "mig23"],
        natoOpposite: [
          { nato: "f15", wp: "mig29" },
          { nato: "f16", wp: "mig23" },
        ],
      });
      expect(codes(r)).toEqual(["missingFromLine"]);
    });

    it("a squadron outside the air superiority box cannot be lined up", () => {
      expect(codes(lineUp({ wpLine: [...line, "a10"] }))).toEqual(["unknownSquadron"]);
    });

    it("two NATO squadrons cannot face one WP squadron", () => {
      expect(
        codes(
          lineUp({
            natoOpposite: [
              { nato: "f15", wp: "mig29" },
              { nato: "f16", wp: "mig29" },
            ],
          }),
        ),
      ).toEqual(["doubledUp"]);
    });

    it("NATO may not hold a squadron back while a WP squadron is free", () => {
      expect(codes(lineUp({ natoOpposite: [{ nato: "f15", wp: "mig29" }] }))).toEqual(["unplaced"]);
    });

    it("NATO must place opposite a squadron of the WP line", () => {
      expect(
        codes(
          lineUp({
            natoOpposite: [
              { nato: "f15", wp: "mig29" },
              { nato: "f16", wp: "su27" },
            ],
          }),
        ),
      ).toEqual(["unknownOpponent"]);
    });

    it("a NATO squadron is placed once", () => {
      expect(
        codes(
          lineUp({
            natoOpposite: [
              { nato: "f15", wp: "mig29" },
              { nato: "f15", wp: "mig23" },
            ],
          }),
        ),
      ).toContain("duplicate");
    });

    it(`more than ${WP_SWITCH_LIMIT} switches`, () => {
      expect(
        codes(
          lineUp({
            wpSwitches: [
              ["mig29", "mig23"],
              ["mig23", "mig21"],
              ["mig29", "mig21"],
            ],
          }),
        ),
      ).toEqual(["tooManySwitches"]);
    });

    it.each([[["mig29", "mig29"]], [["mig29", "f15"]]] as const)("a switch %j", (sw) => {
      expect(codes(lineUp({ wpSwitches: [sw] }))).toEqual(["badSwitch"]);
    });
  });
});
