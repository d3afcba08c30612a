import { describe, expect, it } from "vitest";
import { applyAirEffects } from "../../../src/rules/nobc/air";
import type { AirState } from "../../../src/rules/nobc/air";
import { airbase, squadron } from "./fixtures";

const state: AirState = {
  squadrons: [squadron("a"), squadron("b")],
  airbases: [airbase("ab-1", { hits: 1 })],
  charts: [{ id: "ab-1", name: "AB-1", side: "nato", airZone: "north", lost: 2 }],
};

describe("applying air effects to the charts", () => {
  it("applies every air effect in order and leaves the input untouched", () => {
    const next = applyAirEffects(state, [
      { type: "squadronBox", squadron: "a", box: "cas" },
      { type: "weaponAttached", squadron: "a", kind: "cas", weapon: "Maverick" },
      { type: "weaponAttached", squadron: "a", kind: "cas", weapon: "Rockeye" },
      { type: "weaponDiscarded", squadron: "a", weapon: "Maverick" },
      { type: "squadronZone", squadron: "b", airZone: "south" },
      { type: "squadronAirbase", squadron: "b", airbase: null },
      { type: "airbaseHits", airbase: "ab-1", repairable: -1, permanent: 1 },
      { type: "airDefence", chart: "ab-1", delta: 1 },
      { type: "targetHits", target: "depot", hits: 2 },
      { type: "hits", actor: "brigade", amount: 1 },
    ]);
    expect(next.squadrons[0]).toMatchObject({ box: "cas", weapons: [{ kind: "cas", name: "Rockeye" }] });
    expect(next.squadrons[1]).toMatchObject({ airZone: "south", airbase: null });
    expect(next.airbases[0]).toMatchObject({ hits: 0, permanentHits: 1 });
    expect(next.charts[0]!.lost).toBe(1);
    expect(state.squadrons[0]!.box).toBe("ready");
    expect(state.airbases[0]!.hits).toBe(1);
  });

  it("refuses effects on things it does not hold", () => {
    expect(() => applyAirEffects(state, [{ type: "squadronBox", squadron: "ghost", box: "cas" }])).toThrow(RangeError);
    expect(() => applyAirEffects(state, [{ type: "weaponDiscarded", squadron: "a", weapon: "none" }])).toThrow(RangeError);
  });
});
