import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { airToAir, oddsColumn, resolveAirToAir, squadronLoss, streamLosses, type AirToAirResult } from "../../../src/rules/playsheet";
import { scriptedDice, seededDice } from "../../../src/rules/dice";
import { phrase, unwrap } from "../../../src/rules/resolution";

const L = "lose",
  D = "draw",
  W = "win";
// seed 003, Air to Air Combat: rows die 1..6, columns 1-1 .. 6-1(+)
const TABLE: AirToAirResult[][] = [
  [L, L, D, D, D, W],
  [D, D, D, D, W, W],
  [D, D, D, W, W, W],
  [D, D, W, W, W, W],
  [D, W, W, W, W, W],
  [W, W, W, W, W, W],
];
const ROWS = TABLE.flatMap((row, i) => row.map((result, j) => [i + 1, j + 1, result] as const));

describe("air-to-air odds table (seed 003 Air to Air Combat)", () => {
  it.each(ROWS)("die %i at %i-1: %s", (die, odds, result) => {
    expect(airToAir(odds, die)).toBe(result);
  });

  it("odds round down to the column and 6-1 covers anything above (decision: air-to-air odds)", () => {
    expect(oddsColumn(1.99)).toBe(1);
    expect(oddsColumn(2)).toBe(2);
    expect(oddsColumn(5.5)).toBe(5);
    expect(oddsColumn(20)).toBe(6);
    expect(airToAir(9, 1)).toBe("win");
  });

  it("rejects odds below 1:1, NaN and bad dice", () => {
    expect(() => oddsColumn(0.5)).toThrow(RangeError);
    expect(() => airToAir(Number.NaN, 3)).toThrow(RangeError);
    expect(() => airToAir(2, 0)).toThrow(RangeError);
  });
});

describe("air-to-air losses (seed 003: 10% / 20% of the opponent, whole squadrons)", () => {
  it("rounds to the nearest squadron, halves up (decision: nearest squadron)", () => {
    expect(squadronLoss(4, 1)).toBe(0);
    expect(squadronLoss(5, 1)).toBe(1);
    expect(squadronLoss(14, 1)).toBe(1);
    expect(squadronLoss(15, 1)).toBe(2);
    expect(squadronLoss(12, 2)).toBe(2);
    expect(squadronLoss(13, 2)).toBe(3);
    expect(() => squadronLoss(-1, 1)).toThrow(RangeError);
  });

  it("stream losses: one serial per squadron through; a quarter of that against bombers (seed 003 Fighter Vs Transport)", () => {
    expect(streamLosses(3, "transport")).toBe(3);
    expect(streamLosses(3, "bomber")).toBe(1);
    expect(streamLosses(1, "bomber")).toBe(0);
    expect(streamLosses(2, "bomber")).toBe(1);
    expect(streamLosses(8, "bomber")).toBe(2);
    expect(() => streamLosses(1.5, "transport")).toThrow(RangeError);
  });
});

describe("resolveAirToAir", () => {
  const a = { actor: "ra", name: "RAF", squadrons: 20 };
  const b = { actor: "lw", name: "Luftwaffe", squadrons: 10 };

  it("WIN: the larger side (attacker) loses 10% of the defender, the defender 20% of the attacker", () => {
    const r = unwrap(resolveAirToAir({ a, b }, scriptedDice([5])));
    expect(r.outcome).toMatchObject({ attacker: "a", column: 2, result: "win", winner: "a", losses: { a: 1, b: 4 } });
    expect(r.effects).toEqual([
      { type: "squadronsLost", actor: "ra", count: 1 },
      { type: "squadronsLost", actor: "lw", count: 4 },
    ]);
  });

  it("DRAW: each loses 10% of the other", () => {
    const r = unwrap(resolveAirToAir({ a, b }, scriptedDice([2])));
    expect(r.outcome).toMatchObject({ result: "draw", winner: null, losses: { a: 1, b: 2 } });
  });

  it("LOSE: the attacker loses 20% of the defender, the defender 10% of the attacker; b can be the attacker", () => {
    const r = unwrap(resolveAirToAir({ a: b, b: a }, scriptedDice([1])));
    expect(r.outcome).toMatchObject({ attacker: "b", result: "lose", winner: "a", losses: { a: 2, b: 2 } });
  });

  it("equal numbers: side a rolls (decision: air-to-air equal numbers); small losses round to none", () => {
    const r = unwrap(resolveAirToAir({ a: { ...a, squadrons: 2 }, b: { ...b, squadrons: 2 } }, scriptedDice([3])));
    expect(r.outcome).toMatchObject({ attacker: "a", column: 1, result: "draw", losses: { a: 0, b: 0 } });
    expect(r.effects).toEqual([]);
    expect(r.breakdown[0]!.source).toContain("equal numbers");
  });

  it("losses never exceed a side's squadrons", () => {
    const r = unwrap(resolveAirToAir({ a: { ...a, squadrons: 30 }, b: { ...b, squadrons: 1 } }, scriptedDice([6])));
    expect(r.outcome.losses).toEqual({ a: 0, b: 1 });
  });

  it("fighters that beat the escort strike the transport stream with their survivors", () => {
    const stream = { actor: "ju", name: "Ju 52 stream", escortedBy: "b" as const, target: "transport" as const };
    const r = unwrap(resolveAirToAir({ a, b, stream }, scriptedDice([6])));
    expect(r.outcome.serialsOutOfAction).toBe(19);
    expect(r.effects).toContainEqual({ type: "serialsOutOfAction", actor: "ju", count: 19 });
    expect(r.breakdown.at(-1)!.text).toEqual(
      phrase("NOBC.Rules.Playsheet.AirToAir.TransportSerialsLost", { stream: "Ju 52 stream", count: 19 }),
    );
    const bombers = unwrap(resolveAirToAir({ a, b, stream: { ...stream, target: "bomber" } }, scriptedDice([6])));
    expect(bombers.outcome.serialsOutOfAction).toBe(5);
  });

  it("no stream losses when the escort wins or draws, nor when nobody gets through", () => {
    const stream = { actor: "ju", name: "Ju 52 stream", escortedBy: "a" as const, target: "bomber" as const };
    expect(unwrap(resolveAirToAir({ a, b, stream }, scriptedDice([6]))).outcome.serialsOutOfAction).toBe(0);
    expect(unwrap(resolveAirToAir({ a, b, stream }, scriptedDice([2]))).outcome.serialsOutOfAction).toBe(0);
    const few = unwrap(
      resolveAirToAir({ a: { ...a, squadrons: 1 }, b: { ...b, squadrons: 1 }, stream: { ...stream, escortedBy: "b" } }, scriptedDice([6])),
    );
    expect(few.outcome.serialsOutOfAction).toBe(0);
    expect(few.effects.some((e) => e.type === "serialsOutOfAction")).toBe(false);
  });

  it("refuses empty sides and a side fighting itself", () => {
    const r = resolveAirToAir({ a: { ...a, squadrons: 0 }, b: { ...b, actor: "ra", squadrons: 1.5 } }, scriptedDice([]));
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["badNumber", "badNumber", "sameSide"]);
  });

  it("property: losses are whole, non-negative and within each side's strength", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), fc.integer(), (x, y, seed) => {
        const r = unwrap(resolveAirToAir({ a: { ...a, squadrons: x }, b: { ...b, squadrons: y } }, seededDice(seed)));
        for (const [loss, max] of [
          [r.outcome.losses.a, x],
          [r.outcome.losses.b, y],
        ] as const) {
          expect(Number.isInteger(loss)).toBe(true);
          expect(loss).toBeGreaterThanOrEqual(0);
          expect(loss).toBeLessThanOrEqual(max);
        }
      }),
    );
  });
});
