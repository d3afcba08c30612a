import { describe, expect, it } from "vitest";
import { resolveCasHandOver, resolveCasReturn } from "../../../src/rules/nobc/air";
import { accepted, codes, squadron, wp } from "./fixtures";

const squadrons = [
  squadron("a10", { box: "cas", cas: 5, weapons: [{ kind: "cas", name: "Maverick" }] }),
  squadron("rf4", { box: "recce", recce: true, cas: 0 }),
  wp("su25", { box: "cas", cas: 4 }),
  squadron("f111", { box: "deepStrike" }),
];

describe("hand-over of CAS to the land battle (seed 000, Air War QRS: 7); return to damaged (Land War QRS: 1. Air Support)", () => {
  it("lists the flying CAS and Recce squadrons for the land players; nothing moves", () => {
    const r = accepted(resolveCasHandOver({ squadrons, flying: ["a10", "rf4", "su25", "f111"] }));
    expect(r.outcome.support).toEqual([
      { squadron: "a10", name: "A10", side: "nato", cas: 5, recce: false, ew: false, weapons: [{ kind: "cas", name: "Maverick" }] },
      { squadron: "rf4", name: "RF4", side: "nato", cas: 0, recce: true, ew: false, weapons: [] },
      { squadron: "su25", name: "SU25", side: "wp", cas: 4, recce: false, ew: false, weapons: [] },
    ]);
    expect(r.breakdown.map((l) => l.value)).toEqual([5, 0, 4]);
    expect(r.effects).toEqual([]);
  });

  it("refuses an unknown flying squadron", () => {
    expect(codes(resolveCasHandOver({ squadrons, flying: ["ghost"] }))).toEqual(["unknownSquadron"]);
  });

  it("squadrons back from the land battle always go to damaged, their weapons spent", () => {
    const r = accepted(resolveCasReturn({ squadrons, returning: ["a10", "rf4"] }));
    expect(r.outcome.damaged).toEqual(["a10", "rf4"]);
    expect(r.effects).toEqual([
      { type: "weaponDiscarded", squadron: "a10", weapon: "Maverick" },
      { type: "squadronBox", squadron: "a10", box: "damaged" },
      { type: "squadronBox", squadron: "rf4", box: "damaged" },
    ]);
  });

  it("refuses to return a squadron that was not handed over", () => {
    expect(codes(resolveCasReturn({ squadrons, returning: ["f111"] }))).toEqual(["notCas"]);
  });
});
