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

  it("looks each squadron up a bounded number of times, however many effects (linear, not a search and copy per effect)", () => {
    let idReads = 0;
    const many = Array.from(
      { length: 400 },
      (_, i) =>
        new Proxy(squadron(`s${i}`), {
          get(target, key, receiver) {
            if (key === "id") idReads++;
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
    );
    // Last squadron first, so a search from the front would pass every untouched one.
    const effects = many.map((s) => ({ type: "squadronBox" as const, squadron: s.id, box: "cas" as const })).reverse();
    idReads = 0;
    const next = applyAirEffects({ squadrons: many, airbases: state.airbases, charts: state.charts }, effects);
    expect(next.squadrons.map((s) => s.box)).toEqual(many.map(() => "cas"));
    // Indexed once, then each changed squadron copied once; a search per effect would read 400 × 401 / 2 ids.
    expect(idReads).toBeLessThanOrEqual(2 * many.length);
    // Lists no effect touched come back as they were.
    expect(next.airbases).toBe(state.airbases);
    expect(next.charts).toBe(state.charts);
  });
});
