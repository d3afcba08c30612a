/**
 * A turn's ground combats at megagame scale, by operation counts (never by time): every combat takes
 * the whole battlefield's units, and planning, previewing and resolving them all reads those units a
 * number of times that grows linearly with the theatre. The units of a hex next to the target are
 * the ones `hexesAdjacent` finds among all units.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { landTurn, runLandTurn, theatre } from "../../bench/planner-theatre";
import { countedList } from "../../harness/counting";
import { hexesAdjacent, hexesAdjacentTo } from "../../../src/rules/nobc/land/combat-eligibility";
import { unitsInHex, unitsInHexes } from "../../../src/rules/nobc/land/unit-index";
import { wpDivision } from "./fixtures";

/** Reads of the units' list by the turn's combats (planned, previewed and resolved), and how many combats. */
function combatReads(units: number): { reads: number; combats: number } {
  const t = theatre(units);
  const list = countedList(t.field.units);
  const turn = landTurn({ ...t, field: { ...t.field, units: list.list } });
  const before = list.reads();
  runLandTurn({ ...turn, resupply: [], moves: [], stacking: [] });
  return { reads: list.reads() - before, combats: turn.combats.length };
}

describe("a turn's combats grow linearly with the theatre", () => {
  it("four times the units (and three times the combats) read the units about four times as often, not thirteen", () => {
    const small = combatReads(400);
    const large = combatReads(1600);
    expect(small.combats).toBeGreaterThan(50);
    expect(large.combats / small.combats).toBeGreaterThan(3);
    expect(large.reads / small.reads).toBeLessThan(5);
  });
});

describe("the units next to a hex, from the index", () => {
  const hexes = ["A", "B", "C", "D", "E"];
  const arb = fc.record({
    placed: fc.array(fc.constantFrom(...hexes, ""), { maxLength: 12 }),
    adjacency: fc.dictionary(fc.constantFrom(...hexes), fc.array(fc.constantFrom(...hexes), { maxLength: 4 })),
    target: fc.constantFrom(...hexes),
  });

  it("are those hexesAdjacent finds among all units, in the list's order", () => {
    fc.assert(
      fc.property(arb, ({ placed, adjacency, target }) => {
        const units = placed.map((hex, i) => wpDivision(`u${i}`, { hex }));
        const expected = units.filter((u) => hexesAdjacent(adjacency, u.hex, target));
        expect(unitsInHexes(units, hexesAdjacentTo(adjacency, target))).toEqual(expected);
        expect(unitsInHex(units, target)).toEqual(units.filter((u) => u.hex === target));
      }),
    );
  });

  it("a list that grew is indexed afresh", () => {
    const units = [wpDivision("a", { hex: "A" })];
    expect(unitsInHex(units, "A")).toHaveLength(1);
    units.push(wpDivision("b", { hex: "A" }));
    expect(unitsInHex(units, "A").map((u) => u.id)).toEqual(["a", "b"]);
  });
});
