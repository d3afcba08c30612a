import { describe, expect, it } from "vitest";
import { phrase } from "../../../src/rules/resolution";
import { STANDARD_AIRBASE_CAPACITY, needsAirbaseSpace, resolveAirbaseCapacity } from "../../../src/rules/nobc/air";
import { accepted, airbase, codes, squadron, wp } from "./fixtures";

describe("airbase capacity for the next turn (seed 000, Air War QRS: 10))", () => {
  it(`${STANDARD_AIRBASE_CAPACITY} per airbase less hits; squadrons without a space go to holding`, () => {
    const r = accepted(
      resolveAirbaseCapacity({
        airbases: [airbase("ab-1", { hits: 1 }), airbase("ab-2")],
        squadrons: [
          squadron("a", { airbase: "ab-1" }),
          squadron("b", { airbase: "ab-1" }),
          squadron("c", { airbase: "ab-2", box: "holding" }),
          squadron("d", { airbase: "ab-2", box: "damaged" }),
        ],
      }),
    );
    expect(r.outcome).toEqual({
      airbases: [
        { airbase: "ab-1", capacity: 1, used: 1 },
        { airbase: "ab-2", capacity: 2, used: 1 },
      ],
      ready: ["a", "c"],
      holding: ["b"],
    });
    expect(r.effects).toEqual([
      { type: "squadronBox", squadron: "b", box: "holding" },
      { type: "squadronBox", squadron: "c", box: "ready" },
    ]);
    expect(r.breakdown.map((l) => l.value)).toEqual([1, 2]);
  });

  it("EW, Recce and RAF Harriers need no space", () => {
    expect(needsAirbaseSpace(squadron("x"))).toBe(true);
    const exempt = [
      squadron("ew", { ew: true, box: "holding" }),
      squadron("rc", { recce: true }),
      squadron("gr3", { harrier: true, nationality: "uk", airbase: null }),
    ];
    const r = accepted(resolveAirbaseCapacity({ airbases: [airbase("ab-1", { hits: 2 })], squadrons: exempt }));
    expect(r.outcome.ready).toEqual(["ew", "rc", "gr3"]);
    expect(r.outcome.airbases[0]!.used).toBe(0);
  });

  it("owners may place squadrons at another airbase, or keep them in holding", () => {
    const r = accepted(
      resolveAirbaseCapacity({
        airbases: [airbase("ab-1"), airbase("ab-2", { baseCapacity: 3 })],
        squadrons: [squadron("a", { box: "holding", airbase: null }), squadron("b")],
        placements: { a: "ab-2", b: null },
      }),
    );
    expect(r.outcome.ready).toEqual(["a"]);
    expect(r.outcome.holding).toEqual(["b"]);
    expect(r.effects).toEqual([
      { type: "squadronAirbase", squadron: "a", airbase: "ab-2" },
      { type: "squadronBox", squadron: "a", box: "ready" },
      { type: "squadronAirbase", squadron: "b", airbase: null },
      { type: "squadronBox", squadron: "b", box: "holding" },
    ]);
    expect(r.breakdown[1]!.source).toBe("docs/rules-decisions.md: Airbase capacity");
  });

  it("a squadron whose own base is of another zone waits in holding", () => {
    const r = accepted(
      resolveAirbaseCapacity({ airbases: [airbase("ab-1")], squadrons: [squadron("t", { airZone: "south", box: "holding" })] }),
    );
    expect(r.outcome.holding).toEqual(["t"]);
    expect(r.effects).toEqual([]);
  });

  describe("refusals", () => {
    it("a placement at a full airbase", () => {
      const r = resolveAirbaseCapacity({
        airbases: [airbase("ab-1", { hits: 1 })],
        squadrons: [squadron("a"), squadron("b", { airbase: null })],
        placements: { b: "ab-1" },
      });
      expect(codes(r)).toEqual(["airbaseFull"]);
    });
    it("a placement at another side's or another zone's airbase", () => {
      const r = resolveAirbaseCapacity({
        airbases: [airbase("wp-ab", { side: "wp" })],
        squadrons: [squadron("a", { name: "" })],
        placements: { a: "wp-ab" },
      });
      expect(codes(r)).toEqual(["wrongAirbase"]);
      // A squadron with no name is named by its id.
      if (!r.ok) {
        expect(r.refusals[0]!.text).toEqual(
          phrase("NOBC.Rules.Air.Capacity.Refusal.wrongAirbase", {
            squadron: "a",
            airbase: "WP-AB",
            side: phrase("NOBC.Rules.Air.Side.nato"),
            zone: "north",
          }),
        );
      }
    });
    it("unknown airbases and squadrons in the placements", () => {
      const r = resolveAirbaseCapacity({
        airbases: [],
        squadrons: [wp("m"), wp("d", { box: "damaged" })],
        placements: { m: "nowhere", ghost: null, d: null },
      });
      expect(codes(r)).toEqual(["unknownAirbase", "unknownSquadron", "notPlaceable"]);
    });
    it("bad airbase numbers and bad squadrons", () => {
      const r = resolveAirbaseCapacity({
        airbases: [airbase("ab-1", { hits: -1, permanentHits: 0.5, baseCapacity: -3 })],
        squadrons: [squadron("a", { cas: 9 })],
      });
      expect(codes(r)).toEqual(["badHits", "badHits", "badCapacity", "badFactor"]);
    });
  });
});
