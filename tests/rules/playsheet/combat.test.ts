import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolvePlaysheetCombat, type PlaysheetCombatInput } from "../../../src/rules/playsheet";
import { scriptedDice, seededDice } from "../../../src/rules/dice";
import { phrase, total, unwrap } from "../../../src/rules/resolution";
import { langFileWording, type LangTree } from "../../../src/words/phrase";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** The English lang file: every refusal's phrase is a sentence it has. */
const EN = langFileWording(JSON.parse(readFileSync(resolve(__dirname, "../../../lang/en.json"), "utf8")) as LangTree);

const base: PlaysheetCombatInput = {
  attackers: [{ ref: "a1", name: "1 Pz", status: 4, arm: "armour" }],
  defenders: [{ ref: "d1", name: "Inf Bn", status: 4, arm: "infantry" }],
  prepared: true,
  defenderGround: "open",
};

function run(input: PlaysheetCombatInput, faces: number[]) {
  const dice = scriptedDice(faces);
  const r = unwrap(resolvePlaysheetCombat(input, dice));
  expect(dice.remaining).toBe(0);
  return r;
}

function line(r: ReturnType<typeof run>, key: string): number | undefined {
  return r.breakdown.find((l) => l.text.key === key)?.value;
}

describe("combat formula (seed 003 Combat)", () => {
  it("score = attacker status - defender status + 1d6", () => {
    const r = run(base, [3]);
    expect(r.outcome.score).toBe(3);
    expect(r.outcome.result).toBe("confused");
    expect(total(r.breakdown)).toBe(3);
    expect(r.rolls).toEqual([3]);
  });

  it.each([
    ["fromAnotherFormation", -1],
    ["nonTactical", -2],
  ] as const)("attacker per-unit factor %s counts %i per unit (seed 003 Combat factors)", (flag, value) => {
    const r = run(
      {
        ...base,
        attackers: [
          { ...base.attackers[0]!, [flag]: true },
          { ref: "a2", name: "2 Pz", status: 0, arm: "armour", [flag]: true },
        ],
      },
      [1],
    );
    expect(r.outcome.score).toBe(4 + 2 * value - 4 + 1);
  });

  it("-1 mech/armour with no fuel (seed 003 Combat factors)", () => {
    const r = run({ ...base, attackers: [{ ...base.attackers[0]!, outOfFuel: true }] }, [1]);
    expect(line(r, "NOBC.Rules.Playsheet.Combat.AttackerFactor")).toBe(-1);
    expect(r.breakdown.find((l) => l.text.key === "NOBC.Rules.Playsheet.Combat.AttackerFactor")!.text).toEqual(
      phrase("NOBC.Rules.Playsheet.Combat.AttackerFactor", {
        unit: "1 Pz",
        factor: phrase("NOBC.Rules.Playsheet.Combat.Factor.outOfFuel"),
      }),
    );
  });

  it("-1 light infantry attacking (seed 003 Combat factors)", () => {
    const r = run({ ...base, attackers: [{ ref: "a1", name: "Jäger", status: 4, arm: "lightInfantry" }] }, [1]);
    expect(line(r, "NOBC.Rules.Playsheet.Combat.LightInfantryAttacking")).toBe(-1);
    expect(r.outcome.score).toBe(0);
  });

  it("-1 unsupported infantry against tanks in the open, on either side (seed 003 Combat factors)", () => {
    const r = run({ ...base, defenders: [{ ...base.defenders[0]!, unsupportedVsTanksInOpen: true }] }, [1]);
    expect(r.outcome.score).toBe(2);
  });

  it("+1 defending close country against tanks lowers the score by 1 (seed 003 Combat factors)", () => {
    expect(run({ ...base, defenders: [{ ...base.defenders[0]!, closeCountryVsTanks: true }] }, [2]).outcome.score).toBe(1);
  });

  it("defender's own bad factors raise the score: non-tactical defender (seed 003 Combat factors)", () => {
    expect(run({ ...base, defenders: [{ ...base.defenders[0]!, nonTactical: true }] }, [2]).outcome.score).toBe(4);
  });

  it("-2 unprepared attack, +1 combined arms, ±1 clear tactical advantage (seed 003 Combat factors)", () => {
    expect(run({ ...base, prepared: false }, [3]).outcome.score).toBe(1);
    expect(run({ ...base, combinedArms: true }, [3]).outcome.score).toBe(4);
    expect(run({ ...base, tacticalAdvantage: "attacker" }, [3]).outcome.score).toBe(4);
    expect(run({ ...base, tacticalAdvantage: "defender" }, [3]).outcome.score).toBe(2);
  });

  it.each([
    [{ kind: "german", units: 1 }, 4],
    [{ kind: "german", units: 3 }, 6],
    [{ kind: "allied", units: 4 }, 8],
    [{ kind: "heavyBomber", units: 2 }, 10],
  ] as const)("air support %o adds %i (seed 003 Air-Ground Attacks and factors)", (air, mod) => {
    const r = run({ ...base, attackers: [{ ...base.attackers[0]!, status: 0 }], attackerAirSupport: [air] }, [1]);
    expect(r.outcome.score).toBe(0 - 4 + 1 + mod);
  });

  it("several air kinds give the best single level, and defender air subtracts (decision: several air support kinds)", () => {
    const r = run(
      {
        ...base,
        attackerAirSupport: [
          { kind: "german", units: 1 },
          { kind: "allied", units: 2 },
        ],
        defenderAirSupport: [{ kind: "allied", units: 1 }],
      },
      [1],
    );
    expect(r.outcome.score).toBe(1 + 6 - 4);
    const air = r.breakdown.find((l) => l.text.key === "NOBC.Rules.Playsheet.Combat.AttackerAir")!;
    expect(air.text).toEqual(
      phrase("NOBC.Rules.Playsheet.Combat.AttackerAir", { level: phrase("NOBC.Rules.Playsheet.AirSupportLevel.superior") }),
    );
    expect(air.source).toContain("several air support kinds");
    expect(run({ ...base, attackerAirSupport: [{ kind: "german", units: 0 }] }, [1]).outcome.score).toBe(1);
  });

  it("supporting artillery: full status in effective range, half (rounded down) at long range (seed 003 Supporting Artillery)", () => {
    const r = run(
      {
        ...base,
        attackerArtillery: [{ ref: "g1", name: "Field Regt", kind: "field", status: 3, rangeKm: 8 }],
        defenderArtillery: [{ ref: "g2", name: "Medium Regt", kind: "medium", status: 5, rangeKm: 15 }],
      },
      [1],
    );
    expect(r.outcome.score).toBe(1 + 3 - 2);
    expect(r.effects).toContainEqual({ type: "playsheetSupply", actor: "g1", delta: -1, kind: "ammo" });
    expect(r.effects).toContainEqual({ type: "playsheetSupply", actor: "g2", delta: -1, kind: "ammo" });
  });
});

describe("combat results and effects (seed 003 Results Table, supply costs)", () => {
  it("total success in the open: retire 2d6 km, -2 status and 2 SP per defender, ammo per attacker", () => {
    const r = run({ ...base, attackers: [{ ...base.attackers[0]!, status: 10 }] }, [2, 3]);
    expect(r.outcome).toMatchObject({ score: 8, result: "success", retireKm: 3 });
    const t = run({ ...base, attackers: [{ ...base.attackers[0]!, status: 12 }] }, [4, 3, 4]);
    expect(t.outcome).toMatchObject({ score: 12, result: "totalSuccess", retireKm: 7, defenderMayCounterAttack: false, overrun: false });
    expect(t.rolls).toEqual([4, 3, 4]);
    expect(t.effects).toEqual([
      { type: "playsheetSupply", actor: "a1", delta: -1, kind: "ammo" },
      { type: "playsheetStatus", actor: "a1", delta: -1 },
      { type: "playsheetStatus", actor: "d1", delta: -2 },
      { type: "playsheetSupply", actor: "d1", delta: -2, kind: "supply" },
      { type: "playsheetRetire", actor: "d1", km: 7 },
    ]);
  });

  it("total success in close country: retire 1d6 km", () => {
    const r = run({ ...base, defenderGround: "close", attackers: [{ ...base.attackers[0]!, status: 12 }] }, [6, 5]);
    expect(r.outcome.retireKm).toBe(5);
  });

  it("success: retire 1d6 km in the open, 1d3 in close (5 -> 3 km)", () => {
    expect(run({ ...base, attackers: [{ ...base.attackers[0]!, status: 10 }] }, [2, 6]).outcome.retireKm).toBe(6);
    expect(run({ ...base, defenderGround: "close", attackers: [{ ...base.attackers[0]!, status: 10 }] }, [2, 5]).outcome.retireKm).toBe(3);
    expect(run({ ...base, defenderGround: "close", attackers: [{ ...base.attackers[0]!, status: 10 }] }, [2, 1]).outcome.retireKm).toBe(1);
  });

  it("limited success: 2 km open, 1 km close, no retire dice, counter-attack allowed", () => {
    const r = run({ ...base, attackers: [{ ...base.attackers[0]!, status: 8 }] }, [1]);
    expect(r.outcome).toMatchObject({ result: "limitedSuccess", retireKm: 2, defenderMayCounterAttack: true });
    expect(run({ ...base, defenderGround: "close", attackers: [{ ...base.attackers[0]!, status: 8 }] }, [1]).outcome.retireKm).toBe(1);
  });

  it("confused: both lose 1 per unit, nobody moves", () => {
    const r = run(base, [1]);
    expect(r.effects.filter((e) => e.type === "playsheetStatus")).toEqual([
      { type: "playsheetStatus", actor: "a1", delta: -1 },
      { type: "playsheetStatus", actor: "d1", delta: -1 },
    ]);
    expect(r.effects.some((e) => e.type === "playsheetRetire")).toBe(false);
  });

  it("beaten: attackers -1 and back to the start line, defender untouched, counter-attack allowed", () => {
    const r = run({ ...base, defenders: [{ ...base.defenders[0]!, status: 9 }] }, [1]);
    expect(r.outcome).toMatchObject({ result: "beaten", attackersThrownBack: true, defenderMayCounterAttack: true });
    expect(r.effects).toEqual([
      { type: "playsheetSupply", actor: "a1", delta: -1, kind: "ammo" },
      { type: "playsheetStatus", actor: "a1", delta: -1 },
      { type: "playsheetFallBack", actor: "a1" },
    ]);
  });
});

describe("overrun specials (seed 003 Results Table, Special Results)", () => {
  const armour: PlaysheetCombatInput = {
    ...base,
    attackers: [
      { ref: "a1", name: "1 Pz", status: 5, arm: "armour" },
      { ref: "a2", name: "2 Pz", status: 5, arm: "armour" },
      { ref: "a3", name: "PzGr", status: 2, arm: "mechanised", movedOverHalf: true },
    ],
    defenders: [{ ref: "d1", name: "Inf", status: 6, arm: "infantry" }],
    breakthroughOrder: true,
  };

  it("total success with mostly armour, twice the status and a breakthrough order: overrun, may fight again, no extra loss", () => {
    const r = run(armour, [6, 1, 1]);
    expect(r.outcome).toMatchObject({ result: "totalSuccess", overrun: true, mayFightAgain: true });
    expect(r.effects).toContainEqual({ type: "playsheetStatus", actor: "a1", delta: -1 });
  });

  it("success overrun: one extra loss on each attacker, may fight again (decision: extra loss per unit)", () => {
    const r = run({ ...armour, defenders: [{ ref: "d1", name: "Inf", status: 5, arm: "infantry" }] }, [1, 4]);
    expect(r.outcome).toMatchObject({ result: "success", overrun: true, mayFightAgain: true });
    expect(r.effects).toContainEqual({ type: "playsheetStatus", actor: "a3", delta: -2 });
  });

  it("limited success overrun: extra loss, may not fight again", () => {
    const r = run({ ...armour, defenders: [{ ref: "d1", name: "Inf", status: 6, arm: "infantry" }] }, [1]);
    expect(r.outcome.score).toBe(7);
    expect(r.outcome).toMatchObject({ result: "limitedSuccess", overrun: true, mayFightAgain: false });
  });

  it("no overrun on confused, nor without the order, nor when armour is not most, nor under twice the status", () => {
    expect(
      run(
        { ...armour, defenders: [{ ref: "d1", name: "Inf", status: 6, arm: "infantry" }], prepared: false, tacticalAdvantage: "defender" },
        [1],
      ).outcome.overrun,
    ).toBe(false);
    const noOrder = { ...armour, breakthroughOrder: false, attackers: armour.attackers.map((u) => ({ ...u, movedOverHalf: false })) };
    expect(run(noOrder, [6, 1, 1]).outcome.overrun).toBe(false);
    const halfArmour = { ...armour, attackers: [armour.attackers[0]!, { ...armour.attackers[2]!, status: 8 }] };
    expect(run(halfArmour, [6, 1, 1]).outcome.overrun).toBe(false);
    const weak = {
      ...armour,
      defenders: [{ ref: "d1", name: "Inf", status: 7, arm: "infantry" as const }],
      attackerAirSupport: [{ kind: "german" as const, units: 10 }],
    };
    expect(run(weak, [6, 1, 1]).outcome.overrun).toBe(false);
  });
});

describe("combat refusals", () => {
  it("refuses every problem at once", () => {
    const r = resolvePlaysheetCombat(
      {
        attackers: [
          { ref: "x", name: "Inf", status: -1, arm: "infantry", outOfFuel: true, movedOverHalf: true },
          { ref: "x", name: "Tank", status: 2, arm: "armour", unsupportedVsTanksInOpen: true },
        ],
        defenders: [],
        attackerArtillery: [
          { ref: "g", name: "Rockets", kind: "rocket", status: 2, rangeKm: 7 },
          { ref: "h", name: "Field", kind: "field", status: 2, rangeKm: -3 },
        ],
        attackerAirSupport: [{ kind: "german", units: 1.5 }],
        prepared: true,
        defenderGround: "open",
      },
      scriptedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.refusals.map((x) => x.code)).toEqual([
        "noDefenders",
        "badNumber",
        "factorNotApplicable",
        "factorNotApplicable",
        "outOfRange",
        "badDistance",
        "badNumber",
        "duplicateUnit",
        "movedTooFar",
      ]);
      for (const x of r.refusals) expect(EN.has(x.text.key)).toBe(true);
    }
  });

  it("refuses an empty attack", () => {
    const r = resolvePlaysheetCombat({ ...base, attackers: [] }, scriptedDice([]));
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["noAttackers"]);
  });

  it("fails loudly on broken dice", () => {
    const broken = { d6: () => 7, roll: (n: number) => Array<number>(n).fill(7) };
    expect(() => resolvePlaysheetCombat(base, broken)).toThrow(RangeError);
    const short = { d6: () => 6, roll: () => [6] };
    expect(() => resolvePlaysheetCombat({ ...base, attackers: [{ ...base.attackers[0]!, status: 12 }] }, short)).toThrow(RangeError);
  });
});

describe("combat properties", () => {
  it("the score always equals the breakdown total and the die is in the rolls", () => {
    fc.assert(
      fc.property(fc.nat(12), fc.nat(12), fc.boolean(), fc.integer(), (a, d, close, seed) => {
        const input: PlaysheetCombatInput = {
          ...base,
          attackers: [{ ...base.attackers[0]!, status: a }],
          defenders: [{ ...base.defenders[0]!, status: d }],
          defenderGround: close ? "close" : "open",
        };
        const frozen = JSON.stringify(input);
        const r = unwrap(resolvePlaysheetCombat(input, seededDice(seed)));
        expect(r.outcome.score).toBe(total(r.breakdown));
        expect(r.outcome.score - a + d).toBe(r.rolls[0]);
        expect(JSON.stringify(input)).toBe(frozen);
        expect(r.outcome.retireKm).toBeLessThanOrEqual(12);
      }),
    );
  });
});
