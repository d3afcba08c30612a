import { describe, expect, it } from "vitest";
import { airbaseRepairArgs, overrunArgs, parseArgs, repairArgs, sideArgs } from "../../../../src/apps/air/missions/args";
import { phrase, type Phrase } from "../../../../src/rules/resolution";
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
      text: phrase("NOBC.Validation.Args.Refused", {
        macro: "repairSide",
        problems: phrase("NOBC.Validation.Args.More", {
          first: phrase("NOBC.Validation.Problem", {
            field: "side",
            problem: phrase("NOBC.Validation.Args.Side", { input: '"nata"', choices: "nato, wp", expected: '"nato", "wp"' }),
          }),
          next: phrase("NOBC.Validation.Problem", {
            field: "automatic",
            problem: phrase("NOBC.Validation.Args.Squadrons", { input: '"Actor.a"' }),
          }),
        }),
      }),
    });
    const refused = (r: { ok: boolean; text?: Phrase }) => (r.ok ? null : r.text);
    const missing = parseArgs(repairArgs, {}, "repairSide");
    expect(refused(missing)).toEqual(
      phrase("NOBC.Validation.Args.Refused", {
        macro: "repairSide",
        problems: phrase("NOBC.Validation.Problem", {
          field: "side",
          problem: phrase("NOBC.Validation.Args.Side", { input: "undefined", choices: "nato, wp", expected: '"nato", "wp"' }),
        }),
      }),
    );
    const extra = parseArgs(sideArgs, { side: "wp", sid: "nato" }, "openDeepStrike");
    expect(refused(extra)).toEqual(
      phrase("NOBC.Validation.Args.Refused", {
        macro: "openDeepStrike",
        problems: phrase("NOBC.Validation.Args.NotAnArgument", { keys: "sid", macro: "openDeepStrike" }),
      }),
    );
    const hits = parseArgs(overrunArgs, { airbase: " ", hits: 0.5 }, "overrunAirfield");
    expect(refused(hits)).toEqual(
      phrase("NOBC.Validation.Args.Refused", {
        macro: "overrunAirfield",
        problems: phrase("NOBC.Validation.Args.More", {
          first: phrase("NOBC.Validation.Problem", {
            field: "airbase",
            problem: phrase("NOBC.Validation.Pack.NotEmpty", { input: '""', minimum: 1 }),
          }),
          next: phrase("NOBC.Validation.Problem", { field: "hits", problem: phrase("NOBC.Validation.Args.Whole", { input: "0.5" }) }),
        }),
      }),
    );
    const notObject = parseArgs(sideArgs, "nato", "openRepair");
    expect(refused(notObject)).toEqual(
      phrase("NOBC.Validation.Args.Refused", {
        macro: "openRepair",
        problems: phrase("NOBC.Validation.Args.WholeProblem", { problem: phrase("NOBC.Validation.Args.SideObject", { input: '"nato"' }) }),
      }),
    );
    const boxes = parseArgs(airbaseRepairArgs, { side: "wp", boxes: { "Actor.b": -1 } }, "repairAirbases");
    expect(refused(boxes)).toEqual(
      phrase("NOBC.Validation.Args.Refused", {
        macro: "repairAirbases",
        problems: phrase("NOBC.Validation.Problem", {
          field: "boxes.Actor.b",
          problem: phrase("NOBC.Validation.Args.AtLeast", { input: "-1", minimum: 0 }),
        }),
      }),
    );
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
