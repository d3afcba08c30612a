import { describe, expect, it } from "vitest";
import { interdiction, interdictionRow, resolveInterdiction, type InterdictionResult } from "../../../src/rules/playsheet";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";

const LI: InterdictionResult = "lossAndImmobilise",
  IM: InterdictionResult = "immobilise",
  NE: InterdictionResult = "none";
// seed 003, Bombing/Interdiction (rows per RULES-NOTES): tactical, heavy, results for die 1..6
const ROWS: [number, number | null, InterdictionResult[]][] = [
  [1, null, [NE, NE, NE, NE, IM, LI]],
  [3, 1, [NE, NE, NE, IM, IM, LI]],
  [5, 2, [NE, NE, IM, IM, LI, LI]],
  [7, 4, [NE, IM, IM, IM, LI, LI]],
  [9, 6, [NE, IM, IM, LI, LI, LI]],
  [12, 8, [NE, IM, LI, LI, LI, LI]],
];
const CELLS = ROWS.flatMap(([t, h, results], row) => results.map((r, i) => [row + 1, t, h, i + 1, r] as const));

describe("interdiction table (seed 003 Bombing/Interdiction)", () => {
  it.each(CELLS)("row %i (%i tactical / %s heavy), die %i: %s", (_row, tactical, heavy, die, result) => {
    expect(interdiction({ tactical }, die)).toBe(result);
    if (heavy !== null) expect(interdiction({ heavy }, die)).toBe(result);
  });

  it.each([
    [2, 0],
    [3, 1],
    [4, 1],
    [6, 2],
    [8, 3],
    [10, 4],
    [11, 4],
    [12, 5],
    [40, 5],
  ])("%i tactical squadrons or battalions: row %i (RULES-NOTES: 9-11 and 12+)", (n, row) => {
    expect(interdictionRow({ tactical: n })).toBe(row);
  });

  it.each([
    [1, 1],
    [3, 2],
    [5, 3],
    [7, 4],
    [9, 5],
  ])("%i heavy squadrons: row %i", (n, row) => {
    expect(interdictionRow({ heavy: n })).toBe(row);
  });

  it("with both kinds the higher row counts (RULES-NOTES)", () => {
    expect(interdictionRow({ tactical: 1, heavy: 4 })).toBe(3);
    expect(interdictionRow({ tactical: 12, heavy: 1 })).toBe(5);
  });

  it("rejects an empty force, bad counts and bad dice", () => {
    expect(() => interdictionRow({})).toThrow(RangeError);
    expect(() => interdictionRow({ tactical: -1 })).toThrow(RangeError);
    expect(() => interdictionRow({ heavy: 0.5 })).toThrow(RangeError);
    expect(() => interdiction({ tactical: 1 }, 7)).toThrow(RangeError);
  });
});

describe("resolveInterdiction", () => {
  it("one die per unit; loss costs a status point and immobilises", () => {
    const r = unwrap(
      resolveInterdiction(
        {
          force: { tactical: 5, heavy: 2 },
          purpose: "interdiction",
          targets: [
            { actor: "u1", name: "A" },
            { actor: "u2", name: "B" },
            { actor: "u3", name: "C" },
          ],
        },
        scriptedDice([6, 3, 1]),
      ),
    );
    expect(r.outcome.row).toBe(2);
    expect(r.breakdown[0]!.source).toContain("interdiction rows");
    expect(r.effects).toEqual([
      { type: "playsheetStatus", actor: "u1", delta: -1 },
      { type: "playsheetImmobilised", actor: "u1" },
      { type: "playsheetImmobilised", actor: "u2" },
    ]);
  });

  it("flak suppression silences instead of immobilising", () => {
    const r = unwrap(
      resolveInterdiction({ force: { heavy: 1 }, purpose: "flakSuppression", targets: [{ actor: "f1", name: "Flak" }] }, scriptedDice([4])),
    );
    expect(r.effects).toEqual([{ type: "playsheetSuppressed", actor: "f1" }]);
  });

  it("refuses a force of nothing, bad counts, no targets and duplicates", () => {
    const none = resolveInterdiction({ force: {}, purpose: "interdiction", targets: [] }, scriptedDice([]));
    expect(none.ok ? [] : none.refusals.map((x) => x.code)).toEqual(["noForce", "noTargets"]);
    const bad = resolveInterdiction(
      {
        force: { tactical: -2 },
        purpose: "interdiction",
        targets: [
          { actor: "x", name: "X" },
          { actor: "x", name: "X" },
        ],
      },
      scriptedDice([]),
    );
    expect(bad.ok ? [] : bad.refusals.map((x) => x.code)).toEqual(["badNumber", "duplicateUnit"]);
  });
});
