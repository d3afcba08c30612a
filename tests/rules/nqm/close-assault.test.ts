import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scriptedDice, seededDice } from "../../../src/rules/dice";
import { phrase, unwrap } from "../../../src/rules/resolution";
import {
  assaultDice,
  closeAssaultDice,
  matchDice,
  resolveCloseAssault,
  resolveCloseAssaultRound,
  type CloseAssaultInput,
  type CloseAssaultRoundInput,
} from "../../../src/rules/nqm/index";

const die = fc.integer({ min: 1, max: 6 });

describe("closeAssaultDice (seed 004 Close Assault)", () => {
  it("matches highest to highest, ignores the unmatched, equal pairs stand off", () => {
    // 6 5 2 against 5 5: 6>5 defender casualty, 5=5 stand-off, the 2 is unmatched.
    expect(closeAssaultDice([2, 6, 5], [5, 5])).toEqual({ attackerCasualties: 0, defenderCasualties: 1 });
    expect(closeAssaultDice([3], [4, 1])).toEqual({ attackerCasualties: 1, defenderCasualties: 0 });
    expect(closeAssaultDice([], [6])).toEqual({ attackerCasualties: 0, defenderCasualties: 0 });
    expect(matchDice([1, 4], [2, 6, 3])).toEqual([
      [4, 6],
      [1, 3],
    ]);
  });
  it("rejects dice outside 1..6", () => {
    expect(() => closeAssaultDice([7], [1])).toThrow(RangeError);
    expect(() => closeAssaultDice([1], [0])).toThrow(RangeError);
  });
  it("property: casualties never exceed the dice matched", () => {
    fc.assert(
      fc.property(fc.array(die, { maxLength: 6 }), fc.array(die, { maxLength: 6 }), (a, d) => {
        const r = closeAssaultDice(a, d);
        expect(r.attackerCasualties + r.defenderCasualties).toBeLessThanOrEqual(Math.min(a.length, d.length));
        expect(r.attackerCasualties).toBeGreaterThanOrEqual(0);
        expect(r.defenderCasualties).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it("property: the order the dice are given in does not matter", () => {
    fc.assert(
      fc.property(fc.array(die, { maxLength: 6 }), fc.array(die, { maxLength: 6 }), fc.nat(), fc.nat(), (a, d, s1, s2) => {
        const shuffle = (xs: number[], seed: number) =>
          xs
            .map((x, i) => [((i + 1) * 7919 + seed) % 10007, x] as const)
            .sort((p, q) => p[0] - q[0])
            .map((p) => p[1]);
        expect(closeAssaultDice(shuffle(a, s1), shuffle(d, s2))).toEqual(closeAssaultDice(a, d));
        expect(closeAssaultDice([...a].reverse(), [...d].reverse())).toEqual(closeAssaultDice(a, d));
      }),
    );
  });
});

describe("dice caps by grade (seed 004 Table 9)", () => {
  it("caps the attacker's bases and the defender's figures", () => {
    expect(assaultDice("elite", "attack", 9)).toBe(5);
    expect(assaultDice("militia", "defence", 4)).toBe(1);
    expect(assaultDice("regular", "attack", 2)).toBe(2);
    expect(assaultDice("conscript", "defence", 6)).toBe(2);
  });
});

function roundInput(overrides: Partial<CloseAssaultRoundInput> = {}): CloseAssaultRoundInput {
  return {
    attacker: { actor: "att", name: "1 Bn", grade: "regular", unwounded: 5, stands: 2, commandBase: true },
    defender: { actor: "def", name: "Village", grade: "conscript", unwounded: 4, disorganised: false, canRetreat: false },
    round: 1,
    firefightWon: true,
    armoured: false,
    ...overrides,
  };
}

describe("resolveCloseAssaultRound (seed 004 Close Assault, Table 9)", () => {
  it("Regular rolls 3 against Conscript 2; pairs won break in or push back", () => {
    const r = unwrap(resolveCloseAssaultRound(roundInput(), scriptedDice([6, 2, 1, 3, 2])));
    expect(r.outcome).toMatchObject({
      attackDice: [6, 2, 1],
      defenceDice: [3, 2],
      breakIns: 1,
      pushBacks: 0,
      standOffs: 1,
      roundsLeft: 2,
      overrun: false,
    });
    expect(r.effects).toEqual([{ type: "pins", actor: "def", red: 1, black: 0 }]);
  });
  it("attacker casualties are red pins, or black for armour that did not win the firefight", () => {
    const red = unwrap(resolveCloseAssaultRound(roundInput(), scriptedDice([1, 1, 1, 6, 6])));
    expect(red.effects).toEqual([{ type: "pins", actor: "att", red: 2, black: 0 }]);
    const black = unwrap(resolveCloseAssaultRound(roundInput({ firefightWon: false, armoured: true }), scriptedDice([1, 1, 1, 6, 6])));
    expect(black.effects).toEqual([{ type: "pins", actor: "att", red: 0, black: 2 }]);
  });
  it("a defender with no unwounded figures is overrun and, unable to retreat, surrenders", () => {
    const r = unwrap(resolveCloseAssaultRound(roundInput({ defender: { ...roundInput().defender, unwounded: 0 } }), scriptedDice([])));
    expect(r.outcome.overrun).toBe(true);
    expect(r.rolls).toEqual([]);
    expect(r.effects).toEqual([{ type: "surrendered", actor: "def" }]);
  });
  it("a disorganised defender with a way out withdraws; surrounded Veterans break out instead of surrendering (seed 004)", () => {
    const d = roundInput().defender;
    expect(
      unwrap(resolveCloseAssaultRound(roundInput({ defender: { ...d, disorganised: true, canRetreat: true } }), scriptedDice([]))).effects,
    ).toEqual([{ type: "withdrawn", actor: "def" }]);
    const surrounded = unwrap(
      resolveCloseAssaultRound(
        roundInput({ defender: { ...d, grade: "veteran", disorganised: true, canRetreat: false } }),
        scriptedDice([]),
      ),
    );
    expect(surrounded.effects).toEqual([]);
    expect(surrounded.breakdown[0]!.text).toEqual(phrase("NOBC.Rules.Nqm.CloseAssault.OverrunBreakOut", { defender: d.name }));
  });
  it("Elite attackers have no round limit", () => {
    const r = unwrap(
      resolveCloseAssaultRound(
        roundInput({ attacker: { ...roundInput().attacker, grade: "elite" }, round: 9 }),
        scriptedDice([1, 1, 1, 1, 1, 1, 1]),
      ),
    );
    expect(r.outcome.roundsLeft).toBeNull();
    expect(r.outcome.standOffs).toBe(2);
  });
  it("refuses a round past the grade's limit, several stands without command, and an unwon firefight", () => {
    const r = resolveCloseAssaultRound(
      roundInput({ round: 4, firefightWon: false, attacker: { ...roundInput().attacker, commandBase: false } }),
      scriptedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code).sort()).toEqual(["firefightNotWon", "noCommand", "tooManyRounds"]);
  });
  it("refuses Green on a Regular and bad counts", () => {
    const r = resolveCloseAssaultRound(
      roundInput({ attacker: { ...roundInput().attacker, green: true, unwounded: 0 }, round: 0 }),
      scriptedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code).sort()).toEqual(["badNumber", "badNumber", "greenGrade"]);
  });
});

function assault(overrides: Partial<CloseAssaultInput> = {}): CloseAssaultInput {
  const base = roundInput();
  return {
    attacker: { ...base.attacker, strength: 6, casualties: 0 },
    defender: { ...base.defender, strength: 6, casualties: 0 },
    firefightWon: true,
    armoured: false,
    ...overrides,
  };
}

describe("resolveCloseAssault: repeated rounds (seed 004 Close Assault)", () => {
  it("repeats until the defender has no one left: position taken", () => {
    // Round 1: 6 6 6 vs 1 1 -> 2 defender casualties; defender at 2/6 = one third: Conscript tests (5+), passes on 5.
    // Round 2: defender has 2 unwounded: 6 6 6 vs 1 1 -> 2 more; 4/6 crosses nothing new.
    const r = unwrap(resolveCloseAssault(assault(), scriptedDice([6, 6, 6, 1, 1, 5, 6, 6, 6, 1, 1])));
    expect(r.outcome.result).toBe("taken");
    expect(r.outcome.rounds).toHaveLength(2);
    expect(r.outcome.defenderCasualties).toBe(4);
    expect(r.outcome.defenderMorale[0]!.tests).toEqual([{ kind: "disorganise", die: 5, passed: true }]);
  });
  it("a defender failing its test breaks", () => {
    const r = unwrap(resolveCloseAssault(assault(), scriptedDice([6, 6, 6, 1, 1, 4])));
    expect(r.outcome.result).toBe("defenderBroke");
    expect(r.effects).toContainEqual({ type: "disorganised", actor: "def", value: true });
  });
  it("an attacker failing its test breaks off", () => {
    // Regular attacker strength 4: two casualties is half; test on 4+, fails on 3.
    const r = unwrap(resolveCloseAssault(assault({ attacker: { ...assault().attacker, strength: 4 } }), scriptedDice([1, 1, 1, 6, 6, 3])));
    expect(r.outcome.result).toBe("attackerBroke");
    expect(r.outcome.attackerMorale[0]).toMatchObject({ breaksOff: true, disorganised: true });
  });
  it("an attacker with no one unwounded left is repulsed", () => {
    const r = unwrap(
      resolveCloseAssault(assault({ attacker: { ...assault().attacker, unwounded: 2, strength: 12 } }), scriptedDice([1, 1, 6, 6])),
    );
    expect(r.outcome.result).toBe("repulsed");
  });
  it("stand-offs up to the limit leave the assault unresolved, to carry on next hour", () => {
    const r = unwrap(resolveCloseAssault(assault({ maxRounds: 2 }), scriptedDice([3, 3, 3, 3, 3, 3, 3, 3, 3, 3])));
    expect(r.outcome.result).toBe("unresolved");
    expect(r.outcome.rounds).toHaveLength(2);
  });
  it("an overrun ends it at once", () => {
    const r = unwrap(resolveCloseAssault(assault({ defender: { ...assault().defender, disorganised: true } }), scriptedDice([])));
    expect(r.outcome.result).toBe("overrun");
  });
  it("Elite attackers keep going until a result", () => {
    const r = unwrap(
      resolveCloseAssault(
        assault({ attacker: { ...assault().attacker, grade: "elite" } }),
        scriptedDice([3, 3, 3, 3, 3, 3, 3, 6, 6, 6, 6, 6, 1, 1, 5, 6, 6, 6, 6, 6, 1, 1]),
      ),
    );
    expect(r.outcome.result).toBe("taken");
    expect(r.outcome.rounds).toHaveLength(3);
  });
  it("refuses more rounds than the grade allows and bad strengths", () => {
    const r = resolveCloseAssault(
      assault({ maxRounds: 4, attacker: { ...assault().attacker, strength: 0, casualties: -1 } }),
      scriptedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code).sort()).toEqual(["badNumber", "badNumber", "tooManyRounds"]);
  });
  it("property: casualties never exceed the dice matched in any round, and rounds never exceed the limit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.constantFrom("veteran", "regular", "conscript", "militia") as fc.Arbitrary<"veteran">,
        (seed, grade) => {
          const input = assault({ attacker: { ...assault().attacker, grade } });
          const r = unwrap(resolveCloseAssault(input, seededDice(seed)));
          for (const round of r.outcome.rounds) {
            expect(round.attackerCasualties + round.defenderCasualties).toBeLessThanOrEqual(
              Math.min(round.attackDice.length, round.defenceDice.length),
            );
          }
          expect(r.outcome.rounds.length).toBeLessThanOrEqual({ veteran: 3, regular: 3, conscript: 2, militia: 1 }[grade]);
        },
      ),
    );
  });
});
