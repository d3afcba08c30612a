import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";
import {
  SHIFTS,
  combatUnits,
  fireDifference,
  firefightHits,
  hitsFor,
  resolveFirefight,
  spreadEffects,
  spreadHits,
  type FirefightInput,
  type TargetStand,
} from "../../../src/rules/nqm/index";

describe("Table 12 shifts (seed 001 note under Table 12; RULES-NOTES)", () => {
  it("shift table: ambush at effective 1, contact firefight 1, ambush at contact 2", () => {
    expect(SHIFTS).toEqual({ ambushEffective: 1, contactRange: 1, ambushContact: 2 });
  });
  it("one shift moves L on open to the M on open row", () => {
    for (let d = 1; d <= 6; d++) expect(firefightHits("L", "open", d, 1)).toBe(firefightHits("M", "open", d));
  });
  it("two shifts move L on dug-in to H on dug-in", () => {
    for (let d = 1; d <= 6; d++) expect(firefightHits("L", "dugIn", d, 2)).toBe(firefightHits("H", "dugIn", d));
  });
  it("above +2 stays at +2", () => {
    expect(firefightHits("H", "open", 6, 3)).toBe(4);
    expect(firefightHits("H", "open", 1, 5)).toBe(0);
  });
  it("difference reads as weight minus protection plus shifts", () => {
    expect(fireDifference("L", "H")).toBe(-2);
    expect(fireDifference("VH", "VL", 1)).toBe(5);
  });
  it("rejects negative or fractional shifts and bad dice", () => {
    expect(() => firefightHits("L", "open", 4, -1)).toThrow(RangeError);
    expect(() => firefightHits("L", "open", 4, 0.5)).toThrow(RangeError);
    expect(() => firefightHits("L", "open", 0)).toThrow(RangeError);
  });
});

describe("Table 10 classes extend Table 12 (seed 004 Table 10 notes 1 and 3)", () => {
  it("Light against Very Light reads as Medium against Light", () => {
    for (let d = 1; d <= 6; d++) expect(hitsFor("L", "VL", d)).toBe(firefightHits("M", "open", d));
  });
  it("Light against Very Heavy cannot harm (difference -3)", () => {
    for (let d = 1; d <= 6; d++) expect(hitsFor("L", "VH", d)).toBe(0);
  });
  it("Medium against Very Heavy reads as the -2 row", () => {
    expect(hitsFor("M", "VH", 6)).toBe(1);
    expect(hitsFor("M", "VH", 5)).toBe(0);
  });
  it("a shift can lift a -3 difference onto the table", () => {
    expect(hitsFor("L", "VH", 6, 1)).toBe(1);
  });
});

describe("combat units of fire (seed 004 Figure Classification)", () => {
  it("a fighting stand gives one CU per three bases, the remainder counting one", () => {
    expect(combatUnits("fighting", 3)).toBe(1);
    expect(combatUnits("fighting", 4)).toBe(2);
    expect(combatUnits("fighting", 6)).toBe(2);
    expect(combatUnits("fighting", 0)).toBe(0);
  });
  it("a support stand adds one CU", () => {
    expect(combatUnits("support", 2)).toBe(1);
    expect(combatUnits("support", 0)).toBe(0);
  });
  it("rejects negative bases", () => {
    expect(() => combatUnits("fighting", -1)).toThrow(RangeError);
  });
});

const stand = (actor: string, strength: number, red = 0, black = 0) => ({ actor, strength, red, black });

describe("spreading hits (seed 004 Table 12 text and Reorganisation)", () => {
  it("five hits on two stands of three go 3 and 2 (the seed's example)", () => {
    const r = spreadHits([stand("a", 3), stand("b", 3)], 5);
    expect(r.stands.map((s) => s.red)).toEqual([3, 2]);
    expect(r.wasted).toBe(0);
  });
  it("an overloading hit destroys a base, taking its pin with it", () => {
    const r = spreadHits([stand("a", 2), stand("b", 1)], 4);
    expect(r.stands[0]).toMatchObject({ hits: 3, red: 1, black: 0, basesLost: 1, destroyed: false });
    expect(r.stands[1]).toMatchObject({ hits: 1, red: 1, basesLost: 0 });
  });
  it("a black pin goes with a destroyed base when no red one is there", () => {
    const r = spreadHits([stand("a", 1, 0, 1)], 1);
    expect(r.stands[0]).toMatchObject({ red: 0, black: -1, basesLost: 1, destroyed: true });
  });
  it("hits beyond every base are wasted", () => {
    const r = spreadHits([stand("a", 1)], 5);
    expect(r.stands[0]).toMatchObject({ basesLost: 1, destroyed: true, red: 0 });
    expect(r.wasted).toBe(3);
  });
  it("effects list pins and bases lost, and skip untouched stands", () => {
    expect(spreadEffects(spreadHits([stand("z", 1)], 0))).toEqual([]);
    const r = spreadHits([stand("a", 2), stand("b", 1), stand("c", 1)], 5);
    expect(spreadEffects(r)).toEqual([
      { type: "pins", actor: "a", red: 1, black: 0 },
      { type: "standsLost", actor: "a", count: 1 },
      { type: "pins", actor: "b", red: 1, black: 0 },
      { type: "pins", actor: "c", red: 1, black: 0 },
    ]);
  });
  it("rejects a stand carrying more pins than strength, and bad counts", () => {
    expect(() => spreadHits([stand("a", 1, 1, 1)], 1)).toThrow(RangeError);
    expect(() => spreadHits([stand("a", 0)], 1)).toThrow(RangeError);
    expect(() => spreadHits([stand("a", 1)], -1)).toThrow(RangeError);
  });
  it("property: hits are conserved and no stand ends over its strength", () => {
    const arb = fc.array(fc.record({ strength: fc.integer({ min: 1, max: 6 }), red: fc.nat(3), black: fc.nat(3) }), {
      minLength: 1,
      maxLength: 5,
    });
    fc.assert(
      fc.property(arb, fc.nat(30), (raw, hits) => {
        const stands = raw.map((s, i) => {
          const red = Math.min(s.red, s.strength);
          return stand(`s${i}`, s.strength, red, Math.min(s.black, s.strength - red));
        });
        const r = spreadHits(stands, hits);
        const landed = r.stands.reduce((a, s) => a + s.hits, 0);
        expect(landed + r.wasted).toBe(hits);
        r.stands.forEach((s, i) => {
          const left = stands[i]!.strength - s.basesLost;
          expect(left).toBeGreaterThanOrEqual(0);
          expect(stands[i]!.red + s.red + stands[i]!.black + s.black).toBeLessThanOrEqual(left);
        });
        // Even spread: an overload only happens once every base carries a pin.
        if (r.stands.some((s) => s.basesLost > 0)) {
          r.stands.forEach((s, i) => {
            const left = stands[i]!.strength - s.basesLost;
            expect(stands[i]!.red + s.red + stands[i]!.black + s.black).toBe(left);
          });
        }
      }),
    );
  });
});

const inf = (actor: string, strength: number, protection: TargetStand["protection"] = "L"): TargetStand => ({
  actor,
  strength,
  red: 0,
  black: 0,
  protection,
});

function fight(overrides: Partial<FirefightInput> = {}): FirefightInput {
  return {
    attacker: { name: "2 Bn", stands: [inf("a1", 3), inf("a2", 3)], fire: [{ firer: "a1", weight: "M", dice: 2, against: "M" }] },
    defender: { name: "Coy", stands: [inf("d1", 3, "M")], fire: [{ firer: "d1", weight: "L", dice: 1, against: "L" }] },
    ...overrides,
  };
}

describe("resolveFirefight (seed 004 Table 12 and Winning the Firefight)", () => {
  it("the attacker wins by scoring more than it receives", () => {
    // Attacker M on dug-in: 6 -> 2, 4 -> 1; defender L on open: 4 -> 1.
    const r = unwrap(resolveFirefight(fight(), scriptedDice([6, 4, 4])));
    expect(r.rolls).toEqual([6, 4, 4]);
    expect(r.outcome).toMatchObject({ attackerScored: 3, defenderScored: 1, won: true, mustReinforce: false });
    expect(r.effects).toContainEqual({ type: "ammo", actor: "a1", delta: -2 });
    expect(r.effects).toContainEqual({ type: "ammo", actor: "d1", delta: -1 });
    expect(r.effects).toContainEqual({ type: "pins", actor: "d1", red: 3, black: 0 });
    expect(r.effects).toContainEqual({ type: "pins", actor: "a1", red: 1, black: 0 });
    expect(r.breakdown.at(-1)).toMatchObject({ value: 2 });
  });
  it("a draw is not a win and needs no reinforcement", () => {
    const r = unwrap(resolveFirefight(fight(), scriptedDice([4, 1, 4])));
    expect(r.outcome).toMatchObject({ attackerScored: 1, defenderScored: 1, won: false, mustReinforce: false });
  });
  it("scoring fewer than received means fresh reserves are needed", () => {
    const r = unwrap(resolveFirefight(fight(), scriptedDice([1, 1, 6])));
    expect(r.outcome).toMatchObject({ won: false, mustReinforce: true, defenderScored: 2 });
  });
  it("contact range shifts each side's fire once", () => {
    const input = fight();
    const r = unwrap(
      resolveFirefight(
        { attacker: { ...input.attacker, shift: "contactRange" }, defender: { ...input.defender, shift: "contactRange" } },
        scriptedDice([3, 3, 3]),
      ),
    );
    expect(r.outcome.attackerScored).toBe(2);
    expect(r.outcome.defenderScored).toBe(1);
    expect(r.breakdown[0]).toMatchObject({ value: 1 });
  });
  it("does not mutate its input", () => {
    const input = fight();
    const copy = structuredClone(input);
    resolveFirefight(input, scriptedDice([6, 6, 6]));
    expect(input).toEqual(copy);
  });
  it("refuses an attacker with no fire, a target class with no stand, and bad dice counts", () => {
    const input = fight();
    const r = resolveFirefight(
      {
        attacker: { ...input.attacker, fire: [] },
        defender: { ...input.defender, fire: [{ firer: "d1", weight: "L", dice: 0, against: "H" }] },
      },
      scriptedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code).sort()).toEqual(["badNumber", "noFire", "noTarget"]);
  });
  it("refuses malformed and overloaded stands and unknown classes", () => {
    const input = fight();
    const r = resolveFirefight(
      {
        attacker: {
          ...input.attacker,
          stands: [{ ...inf("a1", 0) }, { ...inf("a2", 1), red: 1, black: 1 }],
          fire: [{ firer: "a1", weight: "X" as never, dice: 1, against: "M" }],
        },
        defender: { ...input.defender, fire: [] },
      },
      scriptedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code).sort()).toEqual(["badClass", "badStand", "overloaded"]);
  });
});
