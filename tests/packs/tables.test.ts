/**
 * The Team Yankee roll tables in the mission-tables pack must give, for every die, what the rules
 * core gives: seed 002 (Team Yankee missions), Random Mission Table and Random Time of Day tables.
 */
import { describe, expect, it } from "vitest";
import {
  MISSION_IDS,
  battlePlan,
  nightVisibility,
  randomMission,
  timeOfDay,
  type BattlePlan,
  type MissionId,
} from "../../src/rules/missions/index";
import { documentsOf } from "./load";

interface Result {
  range: [number, number];
  name: string;
  flags: { nobc?: { mission?: string; timeOfDay?: string } };
}
interface Table {
  name: string;
  formula: string;
  results: Result[];
  flags: { nobc?: { missions?: MissionId[] } };
}

const tables = documentsOf<Table>("mission-tables");
const DICE = [1, 2, 3, 4, 5, 6];

function resultFor(table: Table, die: number): Result {
  const hits = table.results.filter((r) => r.range[0] <= die && die <= r.range[1]);
  expect(hits, `${table.name}: results for a ${die}`).toHaveLength(1);
  return hits[0]!;
}

describe("Random Mission Table (seed 002)", () => {
  const table = tables.find((t) => t.name.startsWith("Random Mission"))!;

  it("rolls a d6", () => expect(table.formula).toBe("1d6"));

  it.each(DICE)("a %i gives the rules core's mission", (die) => {
    expect(resultFor(table, die).flags.nobc?.mission).toBe(randomMission(die));
  });
});

describe("Random Time of Day tables (seed 002; RULES-NOTES reading per mission)", () => {
  const timeTables = tables.filter((t) => t.flags.nobc?.missions);

  it("each mission has exactly one time-of-day table", () => {
    const covered = timeTables.flatMap((t) => t.flags.nobc!.missions!);
    expect([...covered].sort()).toEqual([...MISSION_IDS].sort());
  });

  for (const table of timeTables) {
    it(`${table.name} rolls a d6`, () => expect(table.formula).toBe("1d6"));
    for (const mission of table.flags.nobc!.missions!) {
      it.each(DICE)(`${mission}: a %i gives the rules core's time of day`, (die) => {
        expect(resultFor(table, die).flags.nobc?.timeOfDay).toBe(timeOfDay(mission, die));
      });
    }
  }

  it("Breakthrough: 1 Dawn, 2–4 Daylight, 5–6 Dusk", () => {
    const table = timeTables.find((t) => t.flags.nobc!.missions!.includes("breakthrough"))!;
    expect(table.results.map((r) => [r.range, r.name])).toEqual([
      [[1, 1], "Dawn"],
      [[2, 4], "Daylight"],
      [[5, 6], "Dusk"],
    ]);
  });

  it("Annihilation: 1–2 Dawn, 3–4 Daylight, 5–6 Dusk", () => {
    const table = timeTables.find((t) => t.flags.nobc!.missions!.includes("annihilation"))!;
    expect(table.results.map((r) => [r.range, r.name])).toEqual([
      [[1, 2], "Dawn"],
      [[3, 4], "Daylight"],
      [[5, 6], "Dusk"],
    ]);
  });
});

describe("Battle Plans tables (seed 002, Battle Plans table)", () => {
  const planTables = tables.filter((t) => (t.flags.nobc as { battlePlans?: unknown } | undefined)?.battlePlans !== undefined);
  const pairsOf = (t: Table) => (t.flags.nobc as unknown as { battlePlans: [BattlePlan, BattlePlan][] }).battlePlans;
  const PLANS: BattlePlan[] = ["attack", "manoeuvre", "defend"];

  it("every pair of NATO's and the Warsaw Pact's plans has exactly one table", () => {
    for (const nato of PLANS)
      for (const wp of PLANS)
        expect(
          planTables.filter((t) => pairsOf(t).some(([n, w]) => n === nato && w === wp)),
          `${nato}/${wp}`,
        ).toHaveLength(1);
  });

  for (const table of planTables) {
    for (const [nato, wp] of pairsOf(table)) {
      it.each(DICE)(`${table.name}, NATO ${nato} / Warsaw Pact ${wp}: a %i gives the rules core's mission`, (die) => {
        expect(table.formula).toBe("1d6");
        expect(resultFor(table, die).flags.nobc?.mission).toBe(battlePlan(nato, wp, die).mission);
      });
    }
  }
});

describe("Night Visibility table (seed 002)", () => {
  const table = tables.find((t) => t.name === "Night Visibility")!;

  it.each(DICE)("a %i gives the rules core's line of sight", (die) => {
    expect(table.formula).toBe("1d6");
    const flags = resultFor(table, die).flags.nobc as unknown as { inches: number; cm: number };
    expect(flags).toEqual(nightVisibility(die));
  });
});
