import { describe, expect, it } from "vitest";
import {
  AIRBASE_REPAIR_TARGETS,
  PARADROP_RESULTS,
  REPAIR_SCORES,
  SORTIES_TABLE,
  airbaseCapacity,
  airbaseRepairTarget,
  paradropResult,
  repairScore,
  sorties,
  superiority,
} from "../../../src/rules/nobc/air";
import type { AirLevel, Nationality } from "../../../src/rules/nobc/air";

describe("superiority odds (seed 000, Air War QRS: 4) and the Result column of 5); ties per RULES-NOTES)", () => {
  it.each([
    // below 2:1 contested
    [3, 2, "contested", "a"],
    [2, 3, "contested", "b"],
    [19, 10, "contested", "a"],
    // 2:1 up to 3:1 superiority
    [2, 1, "superiority", "a"],
    [4, 2, "superiority", "a"],
    [5, 2, "superiority", "a"],
    [1, 2, "superiority", "b"],
    [29, 10, "superiority", "a"],
    // 3:1 or more supremacy
    [3, 1, "supremacy", "a"],
    [9, 3, "supremacy", "a"],
    [10, 1, "supremacy", "a"],
    [1, 3, "supremacy", "b"],
    // some against none
    [1, 0, "supremacy", "a"],
    [0, 4, "supremacy", "b"],
  ] as const)("%i : %i is %s, winner %s", (a, b, level, winner) => {
    expect(superiority(a, b)).toEqual({ level, winner });
  });

  it.each([
    [0, 0],
    [1, 1],
    [6, 6],
  ])("a tie %i : %i is contested with no winner", (a, b) => {
    expect(superiority(a, b)).toEqual({ level: "contested", winner: null });
  });

  it.each([
    [-1, 2],
    [1.5, 2],
    [2, Number.NaN],
  ])("refuses counts %s : %s", (a, b) => {
    expect(() => superiority(a, b)).toThrow(RangeError);
  });
});

describe("CAS & Recce/EW sorties (seed 000, Air War QRS: 5) table)", () => {
  it.each([
    ["contested", 8, 4, 6, 3],
    ["superiority", 10, 5, 4, 2],
    ["supremacy", 12, 6, 2, 1],
  ] as const)("%s: winner CAS %i Recce/EW %i, loser CAS %i Recce/EW %i", (level, wc, wr, lc, lr) => {
    expect(sorties(level)).toEqual({ winner: { cas: wc, recceEw: wr }, loser: { cas: lc, recceEw: lr } });
  });

  it("returns a copy, so callers cannot change the table", () => {
    const row = sorties("contested");
    row.winner.cas = 99;
    expect(SORTIES_TABLE.contested.winner.cas).toBe(8);
  });

  it("refuses an unknown level", () => {
    expect(() => sorties("dominance" as AirLevel)).toThrow(RangeError);
  });
});

describe("paradrop results (seed 000, Air War QRS: 7) PARADROP)", () => {
  it.each([
    [-4, "totalLoss"],
    [-1, "totalLoss"],
    [0, "totalLoss"],
    [1, "heavyLoss"],
    [2, "lightLoss"],
    [3, "success"],
    [4, "success"],
    [5, "success"],
    [6, "success"],
  ] as const)("modified roll %i: %s", (roll, result) => {
    expect(paradropResult(roll)).toBe(result);
  });

  it("has the four results in order", () => {
    expect(PARADROP_RESULTS.map((r) => r.result)).toEqual(["totalLoss", "heavyLoss", "lightLoss", "success"]);
  });

  it.each([0.5, Number.NaN])("refuses roll %s", (roll) => {
    expect(() => paradropResult(roll)).toThrow(RangeError);
  });
});

describe("repair scores (seed 000, Air War QRS: 9) repair table)", () => {
  it.each([
    // USAF, RAF, Luftwaffe, Canadian Air Force and French: 5
    ["us", 5],
    ["uk", 5],
    ["frg", 5],
    ["ca", 5],
    ["fr", 5],
    // Dutch, Belgian and Danish: 4
    ["nl", 4],
    ["be", 4],
    ["dk", 4],
    // Soviet and East German: 4
    ["su", 4],
    ["gdr", 4],
    // Polish and Czechoslovak: 3
    ["pl", 3],
    ["cs", 3],
  ] as const)("%s repairs at or under %i", (nationality, score) => {
    expect(repairScore(nationality)).toBe(score);
  });

  it("covers every nationality", () => {
    expect(Object.keys(REPAIR_SCORES)).toHaveLength(12);
  });

  it("refuses an unknown nationality", () => {
    expect(() => repairScore("it" as Nationality)).toThrow(RangeError);
  });
});

describe("airbase repair targets (seed 000, Air War QRS: 11))", () => {
  it("NATO repairs on 4 or less", () => expect(airbaseRepairTarget("nato")).toBe(4));
  it("WP repairs on 3 or less", () => expect(airbaseRepairTarget("wp")).toBe(3));
  it("has exactly the two sides", () => expect(AIRBASE_REPAIR_TARGETS).toEqual({ nato: 4, wp: 3 }));
  it("refuses an unknown side", () => expect(() => airbaseRepairTarget("un" as "nato")).toThrow(RangeError));
});

describe("airbase capacity (seed 000, Air War QRS: 10) 2 per airbase; RULES-NOTES: less one per hit)", () => {
  it.each([
    [0, 2],
    [1, 1],
    [2, 0],
    [3, 0],
  ])("standard airbase with %i hits holds %i", (hits, capacity) => {
    expect(airbaseCapacity({ hits })).toBe(capacity);
  });

  it("a chart's own base capacity replaces the 2", () => {
    expect(airbaseCapacity({ baseCapacity: 4, hits: 1 })).toBe(3);
  });

  it("permanent hits count as well", () => {
    expect(airbaseCapacity({ baseCapacity: 4, hits: 1, permanentHits: 2 })).toBe(1);
    expect(airbaseCapacity({ hits: 1, permanentHits: 5 })).toBe(0);
  });

  it.each([[{ hits: -1 }], [{ hits: 0.5 }], [{ hits: 0, baseCapacity: -2 }], [{ hits: 0, permanentHits: Number.NaN }]])(
    "refuses %j",
    (airbase) => {
      expect(() => airbaseCapacity(airbase)).toThrow(RangeError);
    },
  );
});
