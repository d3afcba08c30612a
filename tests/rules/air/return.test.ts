import { describe, expect, it } from "vitest";
import { resolveReturn } from "../../../src/rules/nobc/air";
import { accepted, codes, squadron, wp } from "./fixtures";

describe("return of air units (seed 000, Air War QRS: 6) Return Air Units)", () => {
  const squadrons = [
    squadron("f15", { box: "airSuperiority", weapons: [{ kind: "aam", name: "AIM-120" }] }),
    wp("mig", { box: "damaged", weapons: [{ kind: "aam", name: "AA-10" }] }),
    squadron("a10", { box: "cas", weapons: [{ kind: "cas", name: "Maverick" }] }),
    squadron("a10b", { box: "cas", weapons: [{ kind: "cas", name: "Rockeye" }] }),
    wp("su24", { box: "deepStrike" }),
    squadron("spare", { box: "ready" }),
  ];

  it("superiority squadrons to holding, excess mission squadrons intercepted, weapons discarded", () => {
    const r = accepted(resolveReturn({ squadrons, flying: ["a10"] }));
    expect(r.outcome).toEqual({
      toHolding: ["f15"],
      intercepted: ["a10b", "su24"],
      discarded: [
        { squadron: "f15", weapon: "AIM-120" },
        { squadron: "mig", weapon: "AA-10" },
        { squadron: "a10b", weapon: "Rockeye" },
      ],
    });
    expect(r.effects).toEqual([
      { type: "weaponDiscarded", squadron: "f15", weapon: "AIM-120" },
      { type: "squadronBox", squadron: "f15", box: "holding" },
      { type: "weaponDiscarded", squadron: "mig", weapon: "AA-10" },
      { type: "weaponDiscarded", squadron: "a10b", weapon: "Rockeye" },
      { type: "squadronBox", squadron: "a10b", box: "damaged" },
      { type: "squadronBox", squadron: "su24", box: "damaged" },
    ]);
    expect(r.breakdown.map((l) => l.value)).toEqual([1, 2, 3]);
  });

  it("a flying squadron keeps its weapon for the mission", () => {
    const r = accepted(resolveReturn({ squadrons, flying: ["a10", "a10b", "su24"] }));
    expect(r.effects.some((e) => e.type === "weaponDiscarded" && e.squadron === "a10")).toBe(false);
    expect(r.outcome.intercepted).toEqual([]);
  });

  it("only AAM cards of the air battle go at this step", () => {
    const kept = [squadron("f15e", { box: "damaged", weapons: [{ kind: "deepStrike", name: "GBU-10" }] })];
    expect(accepted(resolveReturn({ squadrons: kept, flying: [] })).effects).toEqual([]);
  });

  it("refuses a flying squadron that is not on a mission, or unknown", () => {
    expect(codes(resolveReturn({ squadrons, flying: ["spare", "ghost"] }))).toEqual(["unknownSquadron", "notOnMission"]);
  });
});
