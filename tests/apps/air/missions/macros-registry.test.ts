import { describe, expect, it } from "vitest";
import { airbaseRepairArgs, overrunArgs, parseArgs, repairArgs, sideArgs } from "../../../../src/apps/air/missions/args";
import { clearStageRegistry, stageActions } from "../../../../src/combat/registry";
import { registerAirMissionActions } from "../../../../src/apps/air/missions/register";

describe("macro arguments are checked, naming the field", () => {
  it("accepts good arguments", () => {
    expect(parseArgs(sideArgs, undefined, "openRepair")).toEqual({ ok: true, value: {} });
    expect(parseArgs(repairArgs, { side: "nato", automatic: ["Actor.a"] }, "repairSide")).toEqual({
      ok: true,
      value: { side: "nato", automatic: ["Actor.a"] },
    });
    expect(parseArgs(airbaseRepairArgs, { side: "wp", boxes: { "Actor.b": 2 } }, "repairAirbases").ok).toBe(true);
    expect(parseArgs(overrunArgs, { airbase: "Actor.b", hits: 2 }, "overrunAirfield").ok).toBe(true);
  });

  it("refuses each bad field with a sentence naming it", () => {
    const bad = parseArgs(repairArgs, { side: "nata", automatic: "Actor.a" }, "repairSide");
    expect(bad).toEqual({
      ok: false,
      message: 'repairSide refused: side: must be "nato" or "wp"; automatic: must be a list of squadron UUIDs.',
    });
    const missing = parseArgs(repairArgs, {}, "repairSide");
    expect(missing.ok ? "" : missing.message).toContain("side:");
    const extra = parseArgs(sideArgs, { side: "wp", sid: "nato" }, "openDeepStrike");
    expect(extra.ok ? "" : extra.message).toBe("openDeepStrike refused: sid: not an argument of openDeepStrike.");
    const hits = parseArgs(overrunArgs, { airbase: " ", hits: 0.5 }, "overrunAirfield");
    expect(hits.ok ? "" : hits.message).toBe("overrunAirfield refused: airbase: must not be empty; hits: must be a whole number.");
    const notObject = parseArgs(sideArgs, "nato", "openRepair");
    expect(notObject.ok ? "" : notObject.message).toContain("arguments must be an object");
    const boxes = parseArgs(airbaseRepairArgs, { side: "wp", boxes: { "Actor.b": -1 } }, "repairAirbases");
    expect(boxes.ok ? "" : boxes.message).toContain("boxes.Actor.b: must be 0 or more");
  });
});

describe("the turn panel's buttons for steps 7–11", () => {
  it("registers one action per step, GM-only where the umpire decides", () => {
    clearStageRegistry();
    registerAirMissionActions();
    const ids = (stage: Parameters<typeof stageActions>[0], gm: boolean) => stageActions(stage, gm).map((a) => a.id);
    expect(ids("airHandOver", true)).toEqual(["airMissions.handOver", "airMissions.paradrop"]);
    expect(ids("airHandOver", false)).toEqual([]);
    expect(ids("airDeepStrike", false)).toEqual(["airMissions.deepStrike"]);
    expect(ids("airRepair", false)).toEqual(["airMissions.repair"]);
    expect(ids("airCapacity", false)).toEqual([]);
    expect(ids("airCapacity", true)).toEqual(["airMissions.capacity"]);
    expect(ids("airbaseRepair", true)).toEqual(["airMissions.airbaseRepair", "airMissions.overrun"]);
    expect(ids("airbaseRepair", false)).toEqual(["airMissions.airbaseRepair"]);
    expect(() => registerAirMissionActions()).toThrow(/already registered/);
    clearStageRegistry();
  });
});
