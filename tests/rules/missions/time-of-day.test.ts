import { describe, expect, it } from "vitest";
import {
  MISSION_IDS,
  lightCheckDice,
  nightToHitPenalty,
  nightVisibility,
  resolveLightCheck,
  resolveNightVisibility,
  resolveTimeOfDay,
  timeOfDay,
  type MissionId,
} from "../../../src/rules/missions";
import { scriptedDice } from "../../../src/rules/dice";
import { phrase, unwrap } from "../../../src/rules/resolution";

// seed 002, Random Time of Day (per mission, RULES-NOTES)
const LATE: MissionId[] = ["breakthrough", "bridgehead", "contact", "counterattack"];
const ROWS = MISSION_IDS.flatMap((id) => {
  const table = LATE.includes(id)
    ? ["dawn", "daylight", "daylight", "daylight", "dusk", "dusk"]
    : ["dawn", "dawn", "daylight", "daylight", "dusk", "dusk"];
  return table.map((t, i) => [id, i + 1, t] as const);
});

describe("random time of day (seed 002 Random Time of Day)", () => {
  it.each(ROWS)("%s, die %i: %s", (id, die, t) => {
    expect(timeOfDay(id, die)).toBe(t);
  });

  it("rejects bad dice and missions", () => {
    expect(() => timeOfDay("annihilation", 7)).toThrow(RangeError);
    expect(() => timeOfDay("x" as MissionId, 1)).toThrow(RangeError);
  });

  it("resolves a roll and cites the per-mission decision where it applies", () => {
    const r = resolveTimeOfDay({ mission: "contact" }, scriptedDice([2]));
    expect(r.outcome.timeOfDay).toBe("daylight");
    expect(r.breakdown[0]!.source).toContain("time of day per mission");
    expect(resolveTimeOfDay({ mission: "dustUp" }, scriptedDice([2])).outcome.timeOfDay).toBe("dawn");
  });
});

describe("dawn and dusk checks (seed 002 Time of Day)", () => {
  it.each([
    ["attacker", 1, 0],
    ["defender", 2, 0],
    ["attacker", 3, 0],
    ["defender", 3, 1],
    ["attacker", 4, 2],
    ["defender", 4, 3],
    ["attacker", 5, 4],
    ["defender", 5, 5],
  ] as const)("attacker first: %s turn %i rolls %i dice", (player, turn, dice) => {
    expect(lightCheckDice(player, turn, "attacker")).toBe(dice);
  });

  it("defender first: the count still starts at the defender's turn 3 and climbs by play order (decision)", () => {
    expect(lightCheckDice("defender", 2, "defender")).toBe(0);
    expect(lightCheckDice("defender", 3, "defender")).toBe(1);
    expect(lightCheckDice("attacker", 3, "defender")).toBe(2);
    expect(lightCheckDice("defender", 4, "defender")).toBe(3);
    expect(() => lightCheckDice("defender", 0, "attacker")).toThrow(RangeError);
    const r = unwrap(resolveLightCheck({ start: "dusk", player: "attacker", turn: 3, firstPlayer: "defender" }, scriptedDice([1, 2])));
    expect(r.outcome.dice).toBe(2);
    expect(r.breakdown[0]!.source).toContain("dawn and dusk count");
  });

  it("dawn: any 5+ breaks morning", () => {
    const r = unwrap(resolveLightCheck({ start: "dawn", player: "defender", turn: 4, firstPlayer: "attacker" }, scriptedDice([1, 2, 5])));
    expect(r.outcome).toEqual({ dice: 3, changed: true, light: "daylight" });
    expect(r.effects).toEqual([{ type: "missionLight", light: "daylight" }]);
  });

  it("dusk: 4 or less on every die leaves it light; a 5 brings night", () => {
    const stay = unwrap(resolveLightCheck({ start: "dusk", player: "attacker", turn: 4, firstPlayer: "attacker" }, scriptedDice([4, 4])));
    expect(stay.outcome).toEqual({ dice: 2, changed: false, light: "daylight" });
    expect(stay.effects).toEqual([]);
    const fall = unwrap(resolveLightCheck({ start: "dusk", player: "defender", turn: 3, firstPlayer: "attacker" }, scriptedDice([5])));
    expect(fall.outcome.light).toBe("darkness");
    const stillDark = unwrap(resolveLightCheck({ start: "dawn", player: "defender", turn: 3, firstPlayer: "attacker" }, scriptedDice([4])));
    expect(stillDark.outcome.light).toBe("darkness");
  });

  it("refuses a check before the defender's third turn, and a bad turn", () => {
    const early = resolveLightCheck({ start: "dawn", player: "attacker", turn: 3, firstPlayer: "attacker" }, scriptedDice([]));
    expect(early.ok ? [] : early.refusals.map((x) => x.code)).toEqual(["noCheckYet"]);
    expect(early.ok ? null : early.refusals[0]!.text).toEqual(
      phrase("NOBC.Rules.Missions.TimeOfDay.Refusal.noDawnCheckYet", {
        first: 3,
        side: phrase("NOBC.Rules.Missions.MissionSide.attacker"),
        turn: 3,
      }),
    );
    const bad = resolveLightCheck({ start: "dawn", player: "attacker", turn: -1, firstPlayer: "attacker" }, scriptedDice([]));
    expect(bad.ok ? [] : bad.refusals.map((x) => x.code)).toEqual(["badNumber"]);
  });
});

describe("night visibility (seed 002 Night Visibility Table)", () => {
  it.each([
    [1, 4, 10],
    [2, 8, 20],
    [3, 12, 30],
    [4, 16, 40],
    [5, 20, 50],
    [6, 24, 60],
  ])('die %i: %i" / %i cm', (die, inches, cm) => {
    expect(nightVisibility(die)).toEqual({ inches, cm });
  });

  it("rejects bad dice; resolves a roll", () => {
    expect(() => nightVisibility(0)).toThrow(RangeError);
    const r = resolveNightVisibility({ unit: "Tank Coy" }, scriptedDice([3]));
    expect(r.outcome).toEqual({ inches: 12, cm: 30 });
    expect(r.rolls).toEqual([3]);
  });

  it("+1 to hit at night unless the shooter has thermal imaging (seed 002 Shooting at Night)", () => {
    expect(nightToHitPenalty(false)).toBe(1);
    expect(nightToHitPenalty(true)).toBe(0);
  });
});

describe("broken dice fail loudly", () => {
  it("a Dice that returns too few or impossible faces throws", () => {
    const short = { d6: () => 1, roll: () => [1] };
    expect(() => resolveLightCheck({ start: "dawn", player: "attacker", turn: 4, firstPlayer: "attacker" }, short)).toThrow(RangeError);
    const wild = { d6: () => 9, roll: (n: number) => Array<number>(n).fill(9) };
    expect(() => resolveNightVisibility({ unit: "U" }, wild)).toThrow(RangeError);
  });
});
