import "../harness/install";
import { afterEach, describe, expect, it } from "vitest";
import { recordingDice } from "../../src/apps/base/dice";
import {
  clearStageRegistry,
  registerStageAction,
  registerStageEntry,
  stageActionById,
  stageActions,
  stageEntries,
  type StageAction,
} from "../../src/combat/registry";

describe("recordingDice", () => {
  it("maps the uniform source onto 1..6 and records every face in order", () => {
    const values = [0, 0.1667, 0.34, 0.5, 0.8, 0.99999];
    const dice = recordingDice(() => values.shift()!);
    expect(dice.d6()).toBe(1);
    expect(dice.roll(5)).toEqual([2, 3, 4, 5, 6]);
    expect(dice.faces).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("uses Foundry's CONFIG.Dice.randomUniform when there is one", () => {
    const config = (globalThis as unknown as { CONFIG: Record<string, unknown> }).CONFIG;
    config["Dice"] = { randomUniform: () => 0.75 };
    try {
      expect(recordingDice().roll(2)).toEqual([5, 5]);
    } finally {
      delete config["Dice"];
    }
  });
});

describe("stage registry", () => {
  afterEach(clearStageRegistry);
  const action = (id: string, stage: StageAction["stage"], gmOnly: boolean): StageAction => ({
    id,
    stage,
    label: id,
    icon: "",
    gmOnly,
    run: async () => id,
  });

  it("lists a stage's actions in order, leaving GM-only ones out for players", () => {
    registerStageAction(action("a", "groundCombat", false));
    registerStageAction(action("b", "groundCombat", true));
    registerStageAction(action("c", "movement", false));
    expect(stageActions("groundCombat", true).map((a) => a.id)).toEqual(["a", "b"]);
    expect(stageActions("groundCombat", false).map((a) => a.id)).toEqual(["a"]);
    expect(stageActionById("c")?.stage).toBe("movement");
    expect(() => registerStageAction(action("a", "orders", false))).toThrow(/already registered/);
  });

  it("keeps the entries of each stage", () => {
    const first = async () => 1;
    const second = async () => 2;
    registerStageEntry("resupply", first);
    registerStageEntry("resupply", second);
    expect(stageEntries("resupply")).toEqual([first, second]);
    expect(stageEntries("orders")).toEqual([]);
  });
});
