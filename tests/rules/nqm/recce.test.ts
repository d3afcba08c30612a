import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";
import { meetsScore, resolveMeetingEngagement, resolveRecce, type RecceInput } from "../../../src/rules/nqm/index";

const recceStands = [{ actor: "r1", strength: 2, red: 0, black: 0, protection: "L" as const }];

function input(overrides: Partial<RecceInput> = {}): RecceInput {
  return {
    recce: { actor: "recce", name: "Recce Sqn", grade: "regular", recceTroops: true, stands: recceStands },
    defender: { actor: "def", name: "Outpost", grade: "regular", fire: [{ firer: "def", weight: "M", dice: 2, against: "L" }] },
    reconnoitred: true,
    defenderChoice: "ambush",
    shootAndScoot: false,
    ...overrides,
  };
}

describe("meetsScore (seed 004 Table 3)", () => {
  it("always, never and equal-or-beat", () => {
    expect(meetsScore("always", 1)).toBe(true);
    expect(meetsScore("never", 6)).toBe(false);
    expect(meetsScore(4, 4)).toBe(true);
    expect(meetsScore(4, 3)).toBe(false);
    expect(() => meetsScore(4, 7)).toThrow(RangeError);
  });
});

describe("resolveRecce: red, white and blue dice (seed 004 Recce Sequence, Tables 3 and 4)", () => {
  it("red meets the score: the recce sights the enemy first", () => {
    const r = unwrap(resolveRecce(input(), scriptedDice([5, 1, 1])));
    expect(r.outcome.result).toBe("sighted");
    expect(r.rolls).toEqual([5, 1, 1]);
    expect(r.effects).toEqual([]);
    expect(r.breakdown[0]).toMatchObject({ value: 5 });
  });
  it("white meets the defender's score and it lets the recce pass", () => {
    const r = unwrap(resolveRecce(input({ defenderChoice: "letPass" }), scriptedDice([4, 5, 1])));
    expect(r.outcome).toMatchObject({ result: "passed", hitsTaken: 0 });
  });
  it("white meets the score and the defender ambushes at contact range: two shifts", () => {
    // Blue 5 for a Regular defender: contact. M on L with two shifts is the +2 row: 6 -> 4, 3 -> 1.
    const r = unwrap(resolveRecce(input(), scriptedDice([4, 5, 5, 6, 3])));
    expect(r.outcome).toMatchObject({
      result: "ambushed",
      range: "contact",
      shift: "ambushContact",
      hitsScored: 5,
      hitsTaken: 5,
      scooted: false,
    });
    expect(r.rolls).toEqual([4, 5, 5, 6, 3]);
    expect(r.effects).toContainEqual({ type: "standsLost", actor: "r1", count: 2 });
  });
  it("an ambush at effective range shifts once", () => {
    const r = unwrap(resolveRecce(input(), scriptedDice([4, 5, 2, 3, 1])));
    expect(r.outcome).toMatchObject({ result: "ambushed", range: "effective", shift: "ambushEffective", hitsScored: 1 });
  });
  it("an ambush at harassing range has no shift and, as all harassing-range fire, no casualties", () => {
    const r = unwrap(resolveRecce(input(), scriptedDice([4, 5, 1])));
    expect(r.outcome).toMatchObject({ result: "ambushed", range: "harassing", hitsScored: 0 });
    expect(r.outcome.shift).toBeUndefined();
    expect(r.breakdown.at(-1)!.source).toContain("docs/rules-decisions.md");
  });
  it("white fails: the defender opens fire at the blue range, a contact firefight shifting once", () => {
    const r = unwrap(resolveRecce(input(), scriptedDice([4, 4, 6, 3, 3])));
    expect(r.outcome).toMatchObject({ result: "engaged", range: "contact", shift: "contactRange", hitsScored: 2 });
  });
  it("shoot and scoot halves the hits, rounded down, and the recce withdraws", () => {
    // Engaged at effective range, M on L (+1): 6 -> 3, 5 -> 2: five hits, two taken.
    const r = unwrap(resolveRecce(input({ shootAndScoot: true }), scriptedDice([4, 4, 3, 6, 5])));
    expect(r.outcome).toMatchObject({ result: "engaged", hitsScored: 5, hitsTaken: 2, scooted: true });
    expect(r.effects).toContainEqual({ type: "withdrawn", actor: "recce" });
    expect(r.effects).toContainEqual({ type: "pins", actor: "r1", red: 2, black: 0 });
  });
  it("a recce that blunders into unreconnoitred ground is ambushed and cannot shoot and scoot", () => {
    const r = unwrap(resolveRecce(input({ reconnoitred: false, shootAndScoot: true }), scriptedDice([6, 6, 3, 1, 1])));
    expect(r.outcome).toMatchObject({ result: "ambushed", scooted: false, range: "effective" });
    expect(r.breakdown.some((l) => l.text.key === "NOBC.Rules.Nqm.Recce.ScootBarred")).toBe(true);
    expect(r.effects).not.toContainEqual({ type: "withdrawn", actor: "recce" });
  });
  it("without defender fire the result gives only the range", () => {
    const r = unwrap(resolveRecce(input({ defender: { actor: "def", name: "Outpost", grade: "veteran" } }), scriptedDice([1, 1, 1])));
    expect(r.outcome).toMatchObject({ result: "engaged", range: "effective", hitsScored: 0 });
    expect(r.rolls).toEqual([1, 1, 1]);
  });
  it("Elite recce always sights Militia; Militia recce never sights Elite, who always hold", () => {
    expect(
      unwrap(
        resolveRecce(
          input({ recce: { ...input().recce, grade: "elite" }, defender: { actor: "d", name: "M", grade: "militia" } }),
          scriptedDice([1, 1, 1]),
        ),
      ).outcome.result,
    ).toBe("sighted");
    const r = unwrap(
      resolveRecce(
        input({
          recce: { ...input().recce, grade: "militia" },
          defender: { actor: "d", name: "E", grade: "elite" },
          defenderChoice: "letPass",
        }),
        scriptedDice([6, 1, 1]),
      ),
    );
    expect(r.outcome.result).toBe("passed");
    expect(r.breakdown[0]!.value).toBe(7);
    expect(r.breakdown[2]!.value).toBe(1);
  });
  it("refuses shoot and scoot by troops that are not recce, and fire with nothing to hit", () => {
    const r = resolveRecce(
      input({ shootAndScoot: true, recce: { actor: "x", name: "Rifles", grade: "regular", recceTroops: false } }),
      scriptedDice([]),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code).sort()).toEqual(["noTarget", "notRecce"]);
  });
});

describe("resolveMeetingEngagement (seed 004 Recce Sequence, meeting engagements)", () => {
  const attacker = { actor: "a", name: "Recon", grade: "regular" as const };
  const defender = { actor: "d", name: "Scouts", grade: "militia" as const };
  it("neither side sights: no contact", () => {
    // Regular against Militia needs 3; Militia against Regular never.
    const r = resolveMeetingEngagement({ attacker, defender }, scriptedDice([2, 6, 6]));
    expect(r.outcome).toEqual({ winner: "neither" });
  });
  it("only the attacker sights: range on the attacker's grade", () => {
    const r = resolveMeetingEngagement({ attacker, defender }, scriptedDice([3, 6, 1]));
    expect(r.outcome).toEqual({ winner: "attacker", range: "harassing" });
  });
  it("only the defender sights: range on the defender's grade", () => {
    const r = resolveMeetingEngagement(
      { attacker: { ...attacker, grade: "militia" }, defender: { ...defender, grade: "elite" } },
      scriptedDice([6, 6, 1]),
    );
    expect(r.outcome).toEqual({ winner: "defender", range: "contact" });
  });
  it("both sight: the longer of the two readings", () => {
    // Veteran against Regular needs 5; Regular against Veteran needs 6.
    const r = resolveMeetingEngagement(
      { attacker: { ...attacker, grade: "veteran" }, defender: { ...defender, grade: "regular" } },
      scriptedDice([5, 6, 2]),
    );
    // Blue 2: both read effective. Blue 1: Veteran effective, Regular harassing, so harassing.
    expect(r.outcome).toEqual({ winner: "both", range: "effective" });
    const split = resolveMeetingEngagement(
      { attacker: { ...attacker, grade: "veteran" }, defender: { ...defender, grade: "regular" } },
      scriptedDice([5, 6, 1]),
    );
    expect(split.outcome).toEqual({ winner: "both", range: "harassing" });
    expect(split.breakdown.at(-1)!.source).toContain("both sides sight");
  });
});
