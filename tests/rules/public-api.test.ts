import { describe, expect, it } from "vitest";
import * as rules from "../../src/rules/index";

// The names macros and modules rely on (README, "The rules API"). Renaming one breaks users' macros.
const PINNED: Record<string, string[]> = {
  land: [
    "oddsModifier",
    "terrainModifier",
    "riverModifier",
    "combatResult",
    "rearAreaResult",
    "moveCost",
    "riverCrossingCost",
    "movementAllowance",
    "stackingLimit",
    "supplyCapacity",
  ],
  air: ["superiority", "sorties", "paradropResult", "repairScore", "airbaseRepairTarget", "airbaseCapacity"],
  nqm: ["firefightHits", "recceScore", "engagementRange", "closeAssaultDice", "reorganise"],
  playsheet: ["airToAir", "combatResult", "airSupportLevel", "airSupportModifier", "flak", "interdiction", "airResupply"],
  missions: [
    "randomMission",
    "battlePlan",
    "timeOfDay",
    "nightVisibility",
    "reserveDice",
    "reservesArriving",
    "strategicWithdrawal",
    "victoryPoints",
  ],
};

describe("public rules API", () => {
  it.each(Object.entries(PINNED))("namespace %s exports its pinned functions", (ns, names) => {
    const namespace = (rules as unknown as Record<string, Record<string, unknown>>)[ns];
    expect(namespace, ns).toBeDefined();
    for (const name of names) expect(typeof namespace![name], `${ns}.${name}`).toBe("function");
  });

  it("the README's worked example gives what the README says", () => {
    const { land } = rules;
    // 18 against 6 is 3:1 (+4); woods −1; a die of 4 → final score 7: Heavy Fighting, no mine.
    const score = land.oddsModifier(18, 6) + land.terrainModifier(["woods"]) + 4;
    expect(score).toBe(7);
    expect(land.combatResult(score, false)).toEqual({
      id: "heavyFighting",
      attackerHits: { amount: 3, each: true },
      defenderHits: { amount: 3, each: false },
      retreat: 0,
    });
  });
});
