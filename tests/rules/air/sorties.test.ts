import { describe, expect, it } from "vitest";
import { resolveSortieSelection, sortieAllotment } from "../../../src/rules/nobc/air";
import type { AirStatus } from "../../../src/rules/nobc/air";
import { accepted, codes, squadron, wp } from "./fixtures";

describe("sortie allotment by air status (seed 000, Air War QRS: 5) table)", () => {
  it.each([
    [{ level: "superiority", winner: "nato" }, "nato", { cas: 10, recceEw: 5 }],
    [{ level: "superiority", winner: "nato" }, "wp", { cas: 4, recceEw: 2 }],
    [{ level: "contested", winner: "wp" }, "wp", { cas: 8, recceEw: 4 }],
    [{ level: "contested", winner: "wp" }, "nato", { cas: 6, recceEw: 3 }],
    [{ level: "supremacy", winner: "wp" }, "nato", { cas: 2, recceEw: 1 }],
    // a tie gives both sides the loser's allotment (RULES-NOTES, NOBC Air War)
    [{ level: "contested", winner: null }, "nato", { cas: 6, recceEw: 3 }],
    [{ level: "contested", winner: null }, "wp", { cas: 6, recceEw: 3 }],
  ] as const)("%j for %s: %j", (status, side, allotment) => {
    expect(sortieAllotment(status, side)).toEqual(allotment);
  });
});

describe("selecting sorties (seed 000, Air War QRS: 5), validated against the allotment", () => {
  const supremacyWp: AirStatus = { level: "supremacy", winner: "wp" }; // NATO: 2 CAS, 1 Recce/EW
  const squadrons = [
    squadron("a10a", { box: "cas" }),
    squadron("a10b", { box: "cas" }),
    squadron("f111", { box: "deepStrike" }),
    squadron("c130", { box: "paradrop" }),
    squadron("rf4", { box: "recce", recce: true }),
    squadron("ef111", { box: "deepStrike", ew: true }),
    squadron("f15", { box: "airSuperiority" }),
    wp("su25", { box: "cas" }),
  ];

  it("accepts a selection within both numbers and lists the rest as intercepted", () => {
    const r = accepted(resolveSortieSelection({ side: "nato", status: supremacyWp, squadrons, selected: ["a10a", "f111", "rf4"] }));
    expect(r.outcome).toEqual({
      allotment: { cas: 2, recceEw: 1 },
      flying: ["a10a", "f111", "rf4"],
      intercepted: ["a10b", "c130", "ef111"],
    });
    expect(r.breakdown.map((l) => l.value)).toEqual([2, 1, 2, 1]);
  });

  it("deep strike and paradrop count against the CAS number", () => {
    expect(codes(resolveSortieSelection({ side: "nato", status: supremacyWp, squadrons, selected: ["a10a", "f111", "c130"] }))).toEqual([
      "tooManyCas",
    ]);
  });

  it("EW counts against the Recce/EW number, wherever it flies", () => {
    expect(codes(resolveSortieSelection({ side: "nato", status: supremacyWp, squadrons, selected: ["rf4", "ef111"] }))).toEqual([
      "tooManyRecceEw",
    ]);
  });

  it.each([
    [["f15"], "notOnMission"],
    [["su25"], "wrongSide"],
    [["ghost"], "unknownSquadron"],
    [["a10a", "a10a"], "duplicate"],
  ])("refuses %j (%s)", (selected, code) => {
    expect(codes(resolveSortieSelection({ side: "nato", status: supremacyWp, squadrons, selected }))).toEqual([code]);
  });

  it("an empty selection intercepts every mission squadron", () => {
    const r = accepted(resolveSortieSelection({ side: "wp", status: supremacyWp, squadrons, selected: [] }));
    expect(r.outcome.intercepted).toEqual(["su25"]);
  });
});
