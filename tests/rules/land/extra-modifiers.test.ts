/**
 * Extra modifiers in ground combat: a house rule's labelled line (not from the seeds) is its own
 * breakdown line, counts in the score and in the chance of each CRT row, and is refused naming the
 * field when its shape is wrong.
 */
import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { phrase, unwrap } from "../../../src/rules/resolution";
import {
  combatOdds,
  groundCombat,
  planGroundCombat,
  resolveGroundCombat,
  type ExtraCombatModifier,
  type GroundCombatInput,
} from "../../../src/rules/nobc/land/combat";
import { wpDivision } from "./fixtures";

const unit = wpDivision;

// 12 against 4: 3:1, +4 (seed 000, Step One); clear terrain, no river, no support.
const input = (extraModifiers?: readonly ExtraCombatModifier[]): GroundCombatInput => ({
  attackerSide: "wp",
  target: "T",
  terrain: ["clear"],
  minefield: false,
  units: [unit("wp1", {}), unit("wp2", { hex: "B" }), unit("nato1", { side: "nato", hex: "T", strength: 4 })],
  adjacency: { T: ["A", "B"] },
  attackers: ["wp1", "wp2"],
  ...(extraModifiers === undefined ? {} : { extraModifiers }),
});

const night: ExtraCombatModifier = { code: "HOUSE.NightAttack", data: { hours: 6 }, value: -1, source: "house rule: night-attack" };
const elite: ExtraCombatModifier = { code: "Elite attackers", value: 2, source: "house rule: elite" };

describe("extra modifiers (house rules)", () => {
  it("each is its own breakdown line after Step Four, its code and data the line's phrase, with its source, counted in the modifier", () => {
    const plain = unwrap(planGroundCombat(input()));
    const plan = unwrap(planGroundCombat(input([night, elite])));
    expect(plan.breakdown.slice(0, -2)).toEqual(plain.breakdown);
    expect(plan.breakdown.slice(-2)).toEqual([
      { text: phrase("HOUSE.NightAttack", { hours: 6 }), value: -1, source: "house rule: night-attack" },
      { text: phrase("Elite attackers"), value: 2, source: "house rule: elite" },
    ]);
    expect(plain.modifier).toBe(4);
    expect(plan.modifier).toBe(5);
  });

  it("an empty list changes nothing", () => {
    expect(unwrap(planGroundCombat(input([])))).toEqual(unwrap(planGroundCombat(input())));
  });

  it("counts in the final score and in the chance of each CRT row before the roll", () => {
    const plain = unwrap(planGroundCombat(input()));
    const plan = unwrap(planGroundCombat(input([{ ...elite, value: 3 }])));
    // +4: a 4 reaches 8-11; +7: a 1 already does, and a 5 reaches 12-15.
    expect(combatOdds(plain).map((r) => [r.band, r.faces])).toEqual([
      ["16+", []],
      ["12-15", []],
      ["8-11", [4, 5, 6]],
      ["5-7", [1, 2, 3]],
      ["4-", []],
    ]);
    expect(combatOdds(plan).map((r) => [r.band, r.faces])).toEqual([
      ["16+", []],
      ["12-15", [5, 6]],
      ["8-11", [1, 2, 3, 4]],
      ["5-7", []],
      ["4-", []],
    ]);
    const rolled = resolveGroundCombat(plan, scriptedDice([5]));
    expect(rolled.outcome).toMatchObject({ die: 5, score: 12, band: "12-15" });
    expect(rolled.breakdown.map((l) => l.value).reduce((a, b) => a + b, 0)).toBe(12);
    const checked = groundCombat(input([night]), scriptedDice([4]));
    expect(checked.ok && checked.value.outcome.score).toBe(7);
  });

  it("refuses a bad one naming the field, with every reason, and plans nothing", () => {
    const bad = [
      { code: "", value: 1, source: "house rule: blank" },
      { code: "HOUSE.Half", value: 0.5, source: "house rule: half" },
      { code: "HOUSE.Nowhere", value: 1, source: " " },
      { code: "HOUSE.Data", data: { unit: { id: "x" } } as unknown as Record<string, string>, value: 1, source: "house rule: data" },
      { code: "HOUSE.NaN", value: Number.NaN, source: "house rule: nan" },
    ];
    const r = planGroundCombat(input(bad));
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.refusals.map((x) => [x.code, x.field])).toEqual([
      ["invalidExtraModifier", "extraModifiers[0].code"],
      ["invalidExtraModifier", "extraModifiers[1].value"],
      ["invalidExtraModifier", "extraModifiers[2].source"],
      ["invalidExtraModifier", "extraModifiers[3].data"],
      ["invalidExtraModifier", "extraModifiers[4].value"],
    ]);
  });

  it("does not keep a reference to the caller's data", () => {
    const data = { hours: 6 };
    const plan = unwrap(planGroundCombat(input([{ ...night, data }])));
    data.hours = 1;
    expect(plan.breakdown.at(-1)!.text.data).toEqual({ hours: 6 });
  });
});
