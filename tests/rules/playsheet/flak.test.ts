import { describe, expect, it } from "vitest";
import { flak, resolveFlak, type FlakResult, type FlakSituation, type FlakType } from "../../../src/rules/playsheet";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";

// seed 003, Losses from Flak: result for die 1..6
const E: FlakResult = "none",
  D: FlakResult = "damage",
  X: FlakResult = "loss";
const TABLE: [FlakSituation, FlakType, FlakResult[]][] = [
  ["overflight", "heavy", [E, E, E, E, D, X]],
  ["overflight", "light", [E, E, E, E, E, D]],
  ["drop2km", "heavy", [E, E, D, D, X, X]],
  ["drop2km", "light", [E, E, E, D, X, X]],
  ["drop4km", "heavy", [E, E, E, E, D, X]],
  ["drop4km", "light", [E, E, E, E, E, D]],
];
const ROWS = TABLE.flatMap(([s, t, results]) => results.map((r, i) => [t, s, i + 1, r] as const));

describe("flak table (seed 003 Losses from Flak)", () => {
  it.each(ROWS)("%s flak, %s, die %i: %s", (type, situation, die, result) => {
    expect(flak(type, situation, die)).toBe(result);
  });

  it("rejects bad dice and rows", () => {
    expect(() => flak("heavy", "overflight", 0)).toThrow(RangeError);
    expect(() => flak("medium" as FlakType, "overflight", 3)).toThrow(RangeError);
    expect(() => flak("heavy", "strafe" as FlakSituation, 3)).toThrow(RangeError);
  });
});

describe("resolveFlak", () => {
  it("rolls one die per serial: loss = carried unit -1 status and 1 damage; a second damage loses the serial", () => {
    const r = unwrap(
      resolveFlak(
        {
          flak: "heavy",
          situation: "drop2km",
          serials: [
            { actor: "s1", name: "Serial 1", damage: 0, carrying: "para1" },
            { actor: "s2", name: "Serial 2", damage: 1 },
            { actor: "s3", name: "Serial 3", damage: 1 },
          ],
        },
        scriptedDice([6, 3, 1]),
      ),
    );
    expect(r.rolls).toEqual([6, 3, 1]);
    expect(r.outcome.results.map((x) => [x.result, x.lost])).toEqual([
      ["loss", false],
      ["damage", true],
      ["none", false],
    ]);
    expect(r.effects).toEqual([
      { type: "airDamage", actor: "s1", delta: 1 },
      { type: "playsheetStatus", actor: "para1", delta: -1 },
      { type: "airDamage", actor: "s2", delta: 1 },
      { type: "airUnitLost", actor: "s2" },
    ]);
  });

  it("a loss on a serial carrying nothing is damage only", () => {
    const r = unwrap(
      resolveFlak({ flak: "heavy", situation: "overflight", serials: [{ actor: "b1", name: "Bombers", damage: 0 }] }, scriptedDice([6])),
    );
    expect(r.effects).toEqual([{ type: "airDamage", actor: "b1", delta: 1 }]);
  });

  it("refuses fighters on overflight, bad damage, duplicates and an empty list", () => {
    const r = resolveFlak(
      {
        flak: "light",
        situation: "overflight",
        serials: [
          { actor: "f", name: "Fighters", damage: 0, fighters: true },
          { actor: "f", name: "Again", damage: 2 as 0 },
        ],
      },
      scriptedDice([]),
    );
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["fightersExempt", "badDamage", "duplicateUnit"]);
    const empty = resolveFlak({ flak: "light", situation: "drop4km", serials: [] }, scriptedDice([]));
    expect(empty.ok ? [] : empty.refusals.map((x) => x.code)).toEqual(["noSerials"]);
  });

  it("fighters may be shot at over a drop zone", () => {
    expect(
      resolveFlak(
        { flak: "light", situation: "drop4km", serials: [{ actor: "f", name: "F", damage: 0, fighters: true }] },
        scriptedDice([1]),
      ).ok,
    ).toBe(true);
  });
});
