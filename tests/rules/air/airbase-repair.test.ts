import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { AIR_DEFENCE_REPAIRS_PER_ZONE, resolveAirbaseRepair, resolveAirfieldOverrun } from "../../../src/rules/nobc/air";
import type { AirDefenceChart } from "../../../src/rules/nobc/air";
import { accepted, airbase, codes } from "./fixtures";

function chart(id: string, lost: number, over: Partial<AirDefenceChart> = {}): AirDefenceChart {
  return { id, name: id.toUpperCase(), side: "nato", airZone: "north", lost, ...over };
}

describe("airbase and air-defence repair (seed 000, Air War QRS: 11))", () => {
  it("NATO repairs a hit on 4 or less; a failure becomes permanent", () => {
    const dice = scriptedDice([4, 5, 1]);
    const r = accepted(
      resolveAirbaseRepair(
        {
          side: "nato",
          airbases: [airbase("ab-1", { hits: 2, permanentHits: 1 }), airbase("ab-2"), airbase("ab-3", { hits: 1 })],
          charts: [],
        },
        dice,
      ),
    );
    expect(r.rolls).toEqual([4, 5, 1]);
    expect(r.outcome.airbases).toEqual([
      { airbase: "ab-1", repaired: 1, madePermanent: 1 },
      { airbase: "ab-3", repaired: 1, madePermanent: 0 },
    ]);
    expect(r.effects).toEqual([
      { type: "airbaseHits", airbase: "ab-1", repairable: -2, permanent: 1 },
      { type: "airbaseHits", airbase: "ab-3", repairable: -1, permanent: 0 },
    ]);
    expect(r.breakdown[0]).toMatchObject({ value: 4 });
  });

  it.each([
    [3, 1, 0],
    [4, 0, 1],
  ])("WP repairs on 3 or less: roll %i repairs %i", (roll, repaired, madePermanent) => {
    const r = accepted(
      resolveAirbaseRepair({ side: "wp", airbases: [airbase("wp-ab", { side: "wp", hits: 1 })], charts: [] }, scriptedDice([roll])),
    );
    expect(r.outcome.airbases[0]).toEqual({ airbase: "wp-ab", repaired, madePermanent });
  });

  it(`each air zone restores ${AIR_DEFENCE_REPAIRS_PER_ZONE} air-defence boxes in total, charts served in order`, () => {
    const r = accepted(
      resolveAirbaseRepair(
        {
          side: "nato",
          airbases: [],
          charts: [chart("c1", 2), chart("c2", 2), chart("c3", 1), chart("s1", 4, { airZone: "south" })],
        },
        scriptedDice([]),
      ),
    );
    expect(r.outcome.airDefence).toEqual([
      { chart: "c1", repaired: 2 },
      { chart: "c2", repaired: 1 },
      { chart: "s1", repaired: 3 },
    ]);
    expect(r.effects).toEqual([
      { type: "airDefence", chart: "c1", delta: 2 },
      { type: "airDefence", chart: "c2", delta: 1 },
      { type: "airDefence", chart: "s1", delta: 3 },
    ]);
  });

  it("the owner may choose which boxes to restore", () => {
    const r = accepted(
      resolveAirbaseRepair(
        { side: "nato", airbases: [], charts: [chart("c1", 2), chart("c2", 2)], airDefenceRepairs: { c2: 2, c1: 1 } },
        scriptedDice([]),
      ),
    );
    expect(r.outcome.airDefence).toEqual([
      { chart: "c1", repaired: 1 },
      { chart: "c2", repaired: 2 },
    ]);
  });

  describe("refusals", () => {
    it("a choice over the zone's three", () => {
      const r = resolveAirbaseRepair(
        { side: "nato", airbases: [], charts: [chart("c1", 2), chart("c2", 2)], airDefenceRepairs: { c1: 2, c2: 2 } },
        scriptedDice([]),
      );
      expect(codes(r)).toEqual(["zoneLimit"]);
    });
    it("more boxes than a chart lost, a bad number, an unknown chart", () => {
      const r = resolveAirbaseRepair(
        { side: "nato", airbases: [], charts: [chart("c1", 1), chart("c2", 2)], airDefenceRepairs: { c1: 2, c2: -1, c9: 1 } },
        scriptedDice([]),
      );
      expect(codes(r)).toEqual(["unknownChart", "badRepair", "badRepair"]);
    });
    it("airbases and charts of the other side, bad counts", () => {
      const r = resolveAirbaseRepair(
        { side: "wp", airbases: [airbase("ab-1", { hits: 1.5 })], charts: [chart("c1", -1)] },
        scriptedDice([]),
      );
      expect(codes(r)).toEqual(["wrongSide", "badHits", "wrongSide", "badLost"]);
    });
  });
});

describe("airfield overrun on the main map (seed 000, Air War QRS: 11): hits always permanent", () => {
  it("records permanent hits", () => {
    const r = accepted(resolveAirfieldOverrun({ airbase: airbase("ab-1"), hits: 2 }));
    expect(r.effects).toEqual([{ type: "airbaseHits", airbase: "ab-1", repairable: 0, permanent: 2 }]);
    expect(r.outcome.permanent).toBe(2);
  });
  it.each([0, -1, 1.5])("refuses %s hits", (hits) => {
    expect(codes(resolveAirfieldOverrun({ airbase: airbase("ab-1"), hits }))).toEqual(["badHits"]);
  });
});
