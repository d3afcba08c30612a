/**
 * The planner at megagame scale, by operation counts (never by time): opening it with nothing
 * selected, and with a unit and a fire mission, reads the units and the map a number of times that
 * grows linearly with the theatre; and the candidates it offers are those the all-against-all
 * reading gives.
 */
import { describe, expect, it } from "vitest";
import { theatre, plannerWorld } from "../../bench/planner-theatre";
import { countedList, countedRecord } from "../../harness/counting";
import {
  addMission,
  adjacent,
  artilleryCandidates,
  attackerCandidates,
  defaultState,
  targetChoices,
  unitById,
  type GroundCombatState,
} from "../../../src/apps/ground-combat/state";
import { plannerController } from "../../../src/apps/ground-combat/controller";
import type { Battlefield } from "../../../src/world/battlefield";
import type { LandUnit, Side } from "../../../src/rules/nobc/land/types";
import { keyWording } from "../../harness/wording";

const i18n = keyWording();

/** The theatre's battlefield with its units and map hexes counting their reads. */
function countedField(units: number): { field: Battlefield; reads: () => number } {
  const { field } = theatre(units);
  const list = countedList(field.units);
  const hexes = countedRecord(field.map!.map.hexes);
  const counted: Battlefield = { ...field, units: list.list, map: { ...field.map!, map: { ...field.map!.map, hexes: hexes.record } } };
  return { field: counted, reads: () => list.reads() + hexes.reads() };
}

function render(field: Battlefield, state: GroundCombatState): void {
  plannerController.context(state, plannerWorld({ field, frontColumn: 0 }), i18n);
}

/** Reads of units and map hexes to open the planner empty, then with the first front unit selected and a fire mission added. */
function openReads(units: number): { empty: number; selected: number } {
  const { field, reads } = countedField(units);
  const options = plannerWorld({ field, frontColumn: 0 }).options;
  render(field, defaultState(field, { selected: [], targeted: [] }, options));
  const empty = reads();
  const state = defaultState(field, { selected: [field.units[0]!.id], targeted: [] }, options);
  render(field, addMission(field, state));
  return { empty, selected: reads() - empty };
}

describe("the planner grows linearly with the theatre", () => {
  it("opening it reads units and map hexes about four times as often for four times the units (all-against-all read sixteen)", () => {
    const small = openReads(400);
    const large = openReads(1600);
    expect(small.empty).toBeGreaterThan(400);
    expect(large.empty / small.empty).toBeLessThan(5);
    expect(large.selected / small.selected).toBeLessThan(5);
  });
});

/** The candidates as the planner read them before its hex index: every unit against every hex. */
const naive = {
  targets(field: Battlefield, side: Side, attackers: readonly string[]): string[] {
    const isHex = (h: string) => /^\d{4}$/.test(h);
    const from = attackers.length > 0 ? field.units.filter((u) => attackers.includes(u.id)) : field.units.filter((u) => u.side === side);
    const fromHexes = new Set(from.map((u) => u.hex).filter(isHex));
    const enemy = new Set(field.units.filter((u) => u.side !== side && isHex(u.hex)).map((u) => u.hex));
    const friendly = new Set(field.units.filter((u) => u.side === side).map((u) => u.hex));
    return [...enemy].filter((hex) => !friendly.has(hex) && [...fromHexes].some((h) => adjacent(field, h, hex))).sort();
  },
  attackers(field: Battlefield, side: Side, ticked: readonly string[], target: string): LandUnit[] {
    return field.units.filter((u) => ticked.includes(u.id) || (u.side === side && target !== "" && adjacent(field, u.hex, target)));
  },
  artillery(field: Battlefield, supported: LandUnit, target: string): LandUnit[] {
    return field.units.filter(
      (u) =>
        u.arm === "artillery" &&
        u.side === supported.side &&
        /^\d{4}$/.test(u.hex) &&
        u.hex !== target &&
        (u.hex === supported.hex || adjacent(field, u.hex, supported.hex)),
    );
  },
};

describe("the indexed candidates are the all-against-all ones", () => {
  const { field } = theatre(100);
  // Off the map too: the grid's geometry decides there, and a unit without a token has no hex.
  const offMap: Battlefield = { ...field, map: null };
  const withStray: Battlefield = {
    ...field,
    units: [...field.units, { ...field.units[1]!, id: "Actor.stray", hex: "" }, { ...field.units[3]!, id: "Actor.edge", hex: "0101" }],
  };

  it.each([
    ["on the map", field],
    ["without a map", offMap],
    ["with a unit off the board and one in a corner", withStray],
  ])("targets, attackers and artillery %s", (_, f) => {
    for (const side of ["nato", "wp"] as const) {
      expect(targetChoices(f, side, [])).toEqual(naive.targets(f, side, []));
      const some = f.units.filter((u) => u.side === side).map((u) => u.id);
      for (const picked of [some.slice(0, 1), some.slice(3, 9), ["Actor.stray"]]) {
        expect(targetChoices(f, side, picked)).toEqual(naive.targets(f, side, picked));
      }
      for (const target of [...naive.targets(f, side, []).slice(0, 6), "", "0101", "nowhere"]) {
        expect(attackerCandidates(f, { attackerSide: side, attackers: some.slice(0, 2), target })).toEqual(
          naive.attackers(f, side, some.slice(0, 2), target),
        );
      }
    }
    let guns = 0;
    for (const supported of f.units.slice(0, 40)) {
      const target = naive.targets(f, supported.side, [supported.id])[0] ?? "";
      const found = artilleryCandidates(f, supported, target);
      expect(found).toEqual(naive.artillery(f, supported, target));
      guns += found.length;
    }
    expect(guns).toBeGreaterThan(0);
    expect(unitById(f, f.units[5]!.id)).toBe(f.units.find((u) => u.id === f.units[5]!.id));
  });
});
