import { describe, expect, it } from "vitest";
import {
  MISSION_IDS,
  MISSIONS,
  battlePlan,
  mission,
  randomMission,
  resolveBattlePlans,
  resolveFirstTurn,
  rollOff,
  type BattlePlan,
  type MissionId,
} from "../../../src/rules/missions";
import { scriptedDice } from "../../../src/rules/dice";

describe("random mission table (seed 002 Random Mission Table)", () => {
  it.each([
    [1, "annihilation"],
    [2, "freeForAll"],
    [3, "dustUp"],
    [4, "encounter"],
    [5, "counterattack"],
    [6, "contact"],
  ] as const)("die %i: %s", (die, id) => {
    expect(randomMission(die)).toBe(id);
  });

  it("rejects bad dice", () => {
    expect(() => randomMission(0)).toThrow(RangeError);
    expect(() => randomMission(2.5)).toThrow(RangeError);
  });
});

// seed 002, Battle Plans table: NATO plan, WP plan, who attacks, missions for die 1..6
const MEETING: MissionId[] = ["breakthrough", "counterattack", "dustUp", "encounter", "freeForAll", "freeForAll"];
const M_VS_A: MissionId[] = ["breakthrough", "contact", "counterattack", "counterattack", "dustUp", "encounter"];
const A_VS_D: MissionId[] = ["bridgehead", "bridgehead", "noRetreat", "noRetreat", "rearguard", "rearguard"];
const M_VS_D: MissionId[] = ["breakthrough", "bridgehead", "contact", "noRetreat", "noRetreat", "rearguard"];
const CELLS: [BattlePlan, BattlePlan, string, MissionId[]][] = [
  ["attack", "attack", "roll", MEETING],
  ["attack", "manoeuvre", "nato", M_VS_A],
  ["attack", "defend", "nato", A_VS_D],
  ["manoeuvre", "attack", "wp", M_VS_A],
  ["manoeuvre", "manoeuvre", "roll", MEETING],
  ["manoeuvre", "defend", "nato", M_VS_D],
  ["defend", "attack", "wp", A_VS_D],
  ["defend", "manoeuvre", "wp", M_VS_D],
  ["defend", "defend", "roll", MEETING],
];
const ROWS = CELLS.flatMap(([n, w, att, ms]) => ms.map((m, i) => [n, w, i + 1, m, att] as const));

describe("battle plans (seed 002 Battle Plans table)", () => {
  it.each(ROWS)("NATO %s, WP %s, die %i: %s, attacker %s", (nato, wp, die, m, att) => {
    expect(battlePlan(nato, wp, die)).toEqual({ mission: m, attacker: att });
  });

  it("rejects unknown plans and dice", () => {
    expect(() => battlePlan("retreat" as BattlePlan, "attack", 1)).toThrow(RangeError);
    expect(() => battlePlan("attack", "attack", 9)).toThrow(RangeError);
  });

  it("resolves a plan with a fixed attacker", () => {
    const r = resolveBattlePlans({ nato: "attack", wp: "defend" }, scriptedDice([3]));
    expect(r.outcome).toEqual({ mission: "noRetreat", attacker: "nato", rolledForAttacker: false });
    expect(r.effects).toEqual([{ type: "missionSelected", mission: "noRetreat", attacker: "nato" }]);
    expect(r.rolls).toEqual([3]);
  });

  it("rolls off for the attacker, re-rolling ties (decision: roll-off ties)", () => {
    const r = resolveBattlePlans({ nato: "defend", wp: "defend" }, scriptedDice([5, 4, 4, 2, 6]));
    expect(r.outcome).toEqual({ mission: "freeForAll", attacker: "wp", rolledForAttacker: true });
    expect(r.rolls).toEqual([5, 4, 4, 2, 6]);
    expect(r.breakdown).toHaveLength(5);
    expect(r.breakdown[2]!.source).toContain("roll-off ties");
    const nato = resolveBattlePlans({ nato: "attack", wp: "attack" }, scriptedDice([1, 6, 1]));
    expect(nato.outcome.attacker).toBe("nato");
  });
});

describe("roll-off and first turn (seed 002 Who Attacks, Who Has the First Turn)", () => {
  it("the higher die wins", () => {
    expect(rollOff(scriptedDice([2, 5]))).toEqual({ winner: "second", rolls: [2, 5] });
    expect(rollOff(scriptedDice([3, 3, 6, 1]))).toEqual({ winner: "first", rolls: [3, 3, 6, 1] });
  });

  it("the attacker goes first except in meeting engagements", () => {
    expect(resolveFirstTurn({ mission: "noRetreat" }, scriptedDice([])).outcome.first).toBe("attacker");
    expect(resolveFirstTurn({ mission: "encounter" }, scriptedDice([1, 4])).outcome.first).toBe("defender");
    const r = resolveFirstTurn({ mission: "annihilation" }, scriptedDice([6, 6, 5, 2]));
    expect(r.outcome.first).toBe("attacker");
    expect(r.breakdown).toHaveLength(4);
  });
});

describe("the ten missions as data (seed 002 mission pages)", () => {
  it("has all ten, keyed by id, each with set-up, deployment and a way to win", () => {
    expect(Object.keys(MISSIONS).sort()).toEqual([...MISSION_IDS].sort());
    for (const id of MISSION_IDS) {
      const m = mission(id);
      expect(m.id).toBe(id);
      expect(m.setUp.length).toBeGreaterThan(0);
      expect(m.deployment.length).toBeGreaterThan(0);
      expect(m.victory.length).toBeGreaterThan(0);
    }
    expect(() => mission("siege" as MissionId)).toThrow(RangeError);
  });

  it.each([
    ["annihilation", true, "rollOff", 0, false, false, "rollOrDaylight"],
    ["freeForAll", true, "rollOff", 0, false, false, "rollOrDaylight"],
    ["dustUp", true, "rollOff", 0, false, false, "rollOrDaylight"],
    ["encounter", true, "rollOff", 0, false, false, "rollOrDaylight"],
    ["counterattack", false, "attacker", 1, false, false, "rollOrDaylight"],
    ["contact", false, "attacker", 1, false, false, "rollOrDaylight"],
    ["breakthrough", false, "attacker", 1, false, false, "rollOrDaylight"],
    ["noRetreat", false, "attacker", 1, false, true, "attackerChooses"],
    ["rearguard", false, "attacker", 1, true, true, "attackerChooses"],
    ["bridgehead", false, "attacker", 1, false, true, "attackerChooses"],
  ] as const)(
    "%s: meeting %s, first turn %s, ambush %i, withdrawal %s, minefields %s, time %s",
    (id, meeting, first, ambush, withdrawal, mines, time) => {
      const m = MISSIONS[id];
      expect(m.meetingEngagement).toBe(meeting);
      expect(m.attacker).toBe(meeting ? "rollOff" : "agreed");
      expect(m.firstTurn).toBe(first);
      expect(m.ambushUnits).toBe(ambush);
      expect(m.strategicWithdrawal).toBe(withdrawal);
      expect(m.minefields).toBe(mines);
      expect(m.timeOfDay.choice).toBe(time);
    },
  );

  it.each([
    ["annihilation", []],
    ["freeForAll", []],
    ["dustUp", ["both delayed"]],
    ["encounter", ["both delayed scattered"]],
    ["counterattack", ["defender immediate"]],
    ["contact", ["attacker immediate", "defender delayed scattered"]],
    ["breakthrough", ["defender immediate", "attacker delayed flanking"]],
    ["noRetreat", ["defender immediate deep"]],
    ["rearguard", []],
    ["bridgehead", ["defender immediate deep scattered"]],
  ] as const)("%s reserves: %j (seed 002 special rules)", (id, expected) => {
    const got = MISSIONS[id].reserves.map((r) =>
      [r.side, r.timing, r.deep ? "deep" : "", r.scattered ? "scattered" : "", r.flanking ? "flanking" : ""].filter(Boolean).join(" "),
    );
    expect(got).toEqual(expected);
    for (const r of MISSIONS[id].reserves) expect(Boolean(r.scatter)).toBe(r.scattered);
  });

  it.each([
    ["annihilation", ["annihilation"]],
    ["freeForAll", ["holdObjective:either:1:opponentSide"]],
    ["dustUp", ["holdObjective:either:1:opponentQuarter"]],
    ["encounter", ["holdObjective:either:1:opponentSide"]],
    ["contact", ["holdObjective:either:1:opponentSide"]],
    ["counterattack", ["holdObjective:attacker:6:any", "clearObjectives:defender:6"]],
    ["breakthrough", ["holdObjective:attacker:6:any", "clearObjectives:defender:6"]],
    ["noRetreat", ["holdObjective:attacker:1:any", "clearObjectives:defender:6"]],
    ["bridgehead", ["holdObjective:attacker:1:any", "clearObjectives:defender:6"]],
    ["rearguard", ["holdObjective:attacker:1:any", "outlast:defender:9"]],
  ] as const)("%s wins: %j (seed 002 Winning the Game)", (id, expected) => {
    const got = MISSIONS[id].victory.map((v) =>
      v.kind === "annihilation"
        ? v.kind
        : v.kind === "holdObjective"
          ? `${v.kind}:${v.side}:${v.fromTurn}:${v.objectives}`
          : v.kind === "clearObjectives"
            ? `${v.kind}:${v.side}:${v.fromTurn}`
            : `${v.kind}:${v.side}:${v.turn}`,
    );
    expect(got).toEqual(expected);
    for (const v of MISSIONS[id].victory) expect(v.text.key).toMatch(/^NOBC\.Rules\.Missions\.Catalogue\.Victory\./);
  });

  it('defenders clear objectives within 8"/20 cm', () => {
    const clear = MISSIONS.noRetreat.victory.find((v) => v.kind === "clearObjectives");
    expect(clear?.kind === "clearObjectives" ? clear.distance : null).toEqual({ inches: 8, cm: 20 });
  });
});
