import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { advanceTurn, mayMoveTurn, planTurnMove, stepBackTurn, type TurnCombat } from "../../src/combat/advance";
import { registerTurnTracking } from "../../src/combat/register";
import { TurnData } from "../../src/combat/turn-model";
import { requestCardAction } from "../../src/queries/register";
import { clearStageRegistry, registerStageEntry } from "../../src/combat/registry";
import { resetStageWorld } from "./stage-world";
import { turn } from "../../src/rules/index";

type Raw = Record<string, unknown>;

class FakeCombat implements TurnCombat {
  updates: Raw[] = [];
  constructor(
    readonly type: string,
    public system: Raw,
  ) {}
  async update(data: Raw): Promise<this> {
    this.updates.push(structuredClone(data));
    this.system = { ...this.system, ...(data["system"] as Raw) };
    return this;
  }
}

const g = globalThis as unknown as { game: Raw };
let unit: FakeActorT;
let squadron: FakeActorT;
let hq: FakeActorT;
let stageHooks: unknown[][];
const MOVEMENT = turn.stageIndex("movement");
const PLANNING = turn.stageIndex("planning");

beforeEach(() => {
  resetStageWorld();
  unit = new harness.Actor({
    name: "3 Pz Bde",
    type: "unit",
    // A unit as its data model keeps it (the Movement phase reads the battlefield: src/combat/movement-step.ts).
    system: {
      side: "nato",
      nationality: "frg",
      strength: { value: 4, max: 6 },
      supply: 0,
      size: "brigade",
      arm: "armour",
      mode: "combat",
      movementPoints: 0,
    },
  });
  squadron = new harness.Actor({ name: "JaBoG 31", type: "airSquadron", system: { box: "cas" } });
  hq = new harness.Actor({
    name: "I (BR) Corps",
    type: "hq",
    system: {
      side: "nato",
      nationality: "uk",
      echelon: "corps",
      level: { value: 2, max: 4 },
      radius: 3,
      mayRecover: true,
      initiative: false,
    },
  });
  g.game["actors"] = [unit, squadron, hq];
  stageHooks = [];
  Hooks.on("nobc.stageChanged" as never, ((...args: unknown[]) => void stageHooks.push(args)) as never);
});
afterEach(() => clearStageRegistry());

describe("mayMoveTurn and planTurnMove (pure)", () => {
  it("lets only the active GM move a turn tracker", () => {
    expect(mayMoveTurn({ isGM: true, isActiveGM: true }, "nobcTurn")).toBeNull();
    expect(mayMoveTurn({ isGM: false, isActiveGM: false }, "nobcTurn")).toBe("NOBC.Turn.Refused.notGM");
    expect(mayMoveTurn({ isGM: true, isActiveGM: false }, "nobcTurn")).toBe("NOBC.Turn.Refused.notActiveGM");
    expect(mayMoveTurn({ isGM: true, isActiveGM: true }, "base")).toBe("NOBC.Turn.Refused.notTurn");
  });

  it("plans one step either way, with the countdown set only at Planning", () => {
    expect(planTurnMove({ turn: 1, stage: PLANNING - 1, planningEndsAt: null }, "next", 1_000, 10)).toMatchObject({
      ok: true,
      position: { turn: 1, stage: PLANNING },
      fresh: true,
      update: { system: { turn: 1, stage: PLANNING, planningEndsAt: 601_000, reached: 18 + PLANNING } },
    });
    expect(planTurnMove({ turn: 1, stage: PLANNING, planningEndsAt: 5 }, "next", 0, 10)).toMatchObject({
      fresh: true,
      update: { system: { turn: 2, stage: 0, planningEndsAt: null, reached: 36 } },
    });
    expect(planTurnMove({ turn: 2, stage: 0, planningEndsAt: null, reached: 36 }, "previous", 0, 10)).toMatchObject({
      fresh: false,
      update: { system: { turn: 1, stage: PLANNING, planningEndsAt: 600_000, reached: 36 } },
    });
    // On again after a step back: not fresh until past the furthest stage entered.
    expect(planTurnMove({ turn: 1, stage: PLANNING, planningEndsAt: 5, reached: 36 }, "next", 0, 10)).toMatchObject({
      fresh: false,
      update: { system: { reached: 36 } },
    });
    expect(planTurnMove({ turn: 2, stage: 0, planningEndsAt: null, reached: 36 }, "next", 0, 10)).toMatchObject({
      fresh: true,
      update: { system: { reached: 37 } },
    });
    expect(planTurnMove({ turn: 0, stage: 0, planningEndsAt: null }, "previous", 0, 10)).toEqual({
      ok: false,
      reason: "NOBC.Turn.Refused.gameStart",
    });
    expect(planTurnMove({ turn: 0, stage: 99, planningEndsAt: null }, "next", 0, 10)).toEqual({
      ok: false,
      reason: "NOBC.Turn.Refused.badState",
    });
    expect(planTurnMove({ turn: -1, stage: 0, planningEndsAt: null }, "previous", 0, 10)).toEqual({
      ok: false,
      reason: "NOBC.Turn.Refused.badState",
    });
  });
});

describe("advanceTurn", () => {
  it("moves one stage on with exactly one update and no card when entering changes nothing; fires nobc.stageChanged", async () => {
    const combat = new FakeCombat("nobcTurn", { turn: 0, stage: 0, planningEndsAt: null });
    const result = await advanceTurn(combat);
    expect(result).toMatchObject({ ok: true, card: null, position: { turn: 0, stage: 1 } });
    expect(combat.updates).toEqual([{ system: { turn: 0, stage: 1, planningEndsAt: null, reached: 1 } }]);
    expect(chatFake.messages.size).toBe(0);
    expect(stageHooks).toEqual([[combat, expect.objectContaining({ turn: 0, stage: 1 }), { direction: "next", fresh: true }]]);
  });

  it("posts the Movement entry preview as a pending card, which Apply then writes", async () => {
    const combat = new FakeCombat("nobcTurn", { turn: 2, stage: MOVEMENT - 1, planningEndsAt: null });
    const result = await advanceTurn(combat);
    expect(result.ok).toBe(true);
    expect(combat.updates).toHaveLength(1);
    expect(chatFake.messages.size).toBe(1);
    const [message] = [...chatFake.messages.values()];
    expect(message!.system).toMatchObject({
      state: "pending",
      effects: [
        { type: "movementPoints", actor: unit.uuid, value: 4 },
        { type: "squadronBox", squadron: squadron.uuid, box: "damaged" },
      ],
    });
    expect(unit.system["movementPoints"]).toBe(0); // nothing changes before Apply
    await requestCardAction("apply", message!.id);
    expect(unit.system["movementPoints"]).toBe(4);
    expect(squadron.system["box"]).toBe("damaged");
  });

  it("runs the entries registered for the entered stage together, after the update, with the position", async () => {
    const log: string[] = [];
    const combat = new FakeCombat("nobcTurn", { turn: 1, stage: turn.stageIndex("orders") - 1, planningEndsAt: null });
    const entry = (name: string) => async (position: turn.TurnPosition) => {
      log.push(`${name} start ${position.current.id} after ${combat.updates.length} update`);
      await Promise.resolve();
      log.push(`${name} end`);
    };
    registerStageEntry("orders", entry("A"));
    registerStageEntry("orders", entry("B"));
    registerStageEntry("movement", entry("not this one"));
    await advanceTurn(combat);
    // Both start before either ends: run together, not one after the other.
    expect(log).toEqual(["A start orders after 1 update", "B start orders after 1 update", "A end", "B end"]);
    expect(stageHooks).toHaveLength(1);
  });

  it("reports a failing entry without stopping the others or the hook", async () => {
    const ran: string[] = [];
    const errors = console.error;
    console.error = () => undefined;
    try {
      registerStageEntry("orders", async () => {
        throw new Error("boom");
      });
      registerStageEntry("orders", async () => void ran.push("second"));
      const combat = new FakeCombat("nobcTurn", { turn: 1, stage: turn.stageIndex("orders") - 1, planningEndsAt: null });
      expect((await advanceTurn(combat)).ok).toBe(true);
    } finally {
      console.error = errors;
    }
    expect(ran).toEqual(["second"]);
    expect(harness.notices).toEqual([
      expect.objectContaining({ level: "error", message: expect.stringContaining("NOBC.Turn.EntryFailed") }),
    ]);
    expect(stageHooks).toHaveLength(1);
  });

  it("starts the Planning countdown from the world setting on entering Planning and clears it on leaving", async () => {
    const combat = new FakeCombat("nobcTurn", { turn: 3, stage: PLANNING - 1, planningEndsAt: null });
    await advanceTurn(combat, { now: 1_000 });
    expect(combat.updates[0]).toEqual({
      system: { turn: 3, stage: PLANNING, planningEndsAt: 1_000 + 15 * 60_000, reached: 3 * 18 + PLANNING },
    });
    harness.settingsStore.set("nobc.planningMinutes", 5);
    const short = new FakeCombat("nobcTurn", { turn: 3, stage: PLANNING - 1, planningEndsAt: null });
    await advanceTurn(short, { now: 0 });
    expect(short.system["planningEndsAt"]).toBe(300_000);
    const given = new FakeCombat("nobcTurn", { turn: 3, stage: PLANNING - 1, planningEndsAt: null });
    await advanceTurn(given, { now: 0, planningMinutes: 2 });
    expect(given.system["planningEndsAt"]).toBe(120_000);
    await advanceTurn(combat, { now: 5_000 });
    expect(combat.updates[1]).toEqual({ system: { turn: 4, stage: 0, planningEndsAt: null, reached: 72 } });
  });

  it("refuses a player clearly and writes nothing, runs nothing, fires nothing", async () => {
    chatFake.setUsers("p1");
    let ran = false;
    registerStageEntry("movement", async () => void (ran = true));
    const combat = new FakeCombat("nobcTurn", { turn: 2, stage: MOVEMENT - 1, planningEndsAt: null });
    expect(await advanceTurn(combat)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.notGM" });
    expect(await stepBackTurn(combat)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.notGM" });
    expect(combat.updates).toEqual([]);
    expect(chatFake.messages.size).toBe(0);
    expect(ran).toBe(false);
    expect(stageHooks).toEqual([]);
    expect(harness.notices.map((n) => [n.level, n.message])).toEqual([
      ["warn", "NOBC.Turn.Refused.notGM"],
      ["warn", "NOBC.Turn.Refused.notGM"],
    ]);
  });

  it("refuses a GM who is not the active GM", async () => {
    chatFake.setUsers("gm");
    (g.game["user"] as Raw)["isSelf"] = false;
    g.game["user"] = { id: "gm2", isGM: true };
    const combat = new FakeCombat("nobcTurn", { turn: 2, stage: 3, planningEndsAt: null });
    expect(await advanceTurn(combat)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.notActiveGM" });
    expect(combat.updates).toEqual([]);
  });

  it("refuses a combat that is not a turn tracker, and a stored state out of range", async () => {
    const other = new FakeCombat("base", { turn: 0, stage: 0, planningEndsAt: null });
    expect(await advanceTurn(other)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.notTurn" });
    const broken = new FakeCombat("nobcTurn", { turn: 0, stage: 99, planningEndsAt: null });
    expect(await advanceTurn(broken)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.badState" });
    expect(other.updates.length + broken.updates.length).toBe(0);
  });
});

describe("stepBackTurn", () => {
  it("moves one stage back with one update; posts no card, runs no entry, fires the hook", async () => {
    let ran = false;
    registerStageEntry("groundCombat", async () => void (ran = true));
    const combat = new FakeCombat("nobcTurn", { turn: 2, stage: MOVEMENT, planningEndsAt: null });
    const result = await stepBackTurn(combat);
    expect(result).toMatchObject({ ok: true, card: null, position: { turn: 2, stage: MOVEMENT - 1 } });
    expect(combat.updates).toEqual([{ system: { turn: 2, stage: MOVEMENT - 1, planningEndsAt: null, reached: 2 * 18 + MOVEMENT } }]);
    expect(chatFake.messages.size).toBe(0);
    expect(ran).toBe(false);
    expect(stageHooks).toEqual([[combat, expect.objectContaining({ stage: MOVEMENT - 1 }), { direction: "previous", fresh: false }]]);
  });

  it("goes back across a turn to Planning (a fresh countdown), and refuses at the start of turn 0", async () => {
    const combat = new FakeCombat("nobcTurn", { turn: 1, stage: 0, planningEndsAt: null });
    await stepBackTurn(combat, { now: 0, planningMinutes: 3 });
    expect(combat.updates).toEqual([{ system: { turn: 0, stage: PLANNING, planningEndsAt: 180_000, reached: 18 } }]);
    const start = new FakeCombat("nobcTurn", { turn: 0, stage: 0, planningEndsAt: null });
    expect(await stepBackTurn(start)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.gameStart" });
    expect(start.updates).toEqual([]);
  });
});

describe("stepping back and on again", () => {
  it("does not enter a stage twice: no second Movement card, no stage entries, a notice instead", async () => {
    let ran = 0;
    registerStageEntry("movement", async () => void (ran += 1));
    const combat = new FakeCombat("nobcTurn", { turn: 2, stage: MOVEMENT - 1, planningEndsAt: null });
    await advanceTurn(combat);
    expect([chatFake.messages.size, ran]).toEqual([1, 1]);
    await stepBackTurn(combat);
    const again = await advanceTurn(combat);
    expect(again).toMatchObject({ ok: true, card: null, position: { turn: 2, stage: MOVEMENT } });
    expect([chatFake.messages.size, ran]).toEqual([1, 1]);
    expect(combat.updates.map((u) => (u["system"] as Raw)["reached"])).toEqual([2 * 18 + MOVEMENT, 2 * 18 + MOVEMENT, 2 * 18 + MOVEMENT]);
    expect(harness.notices.at(-1)).toEqual(expect.objectContaining({ level: "info", message: "NOBC.Turn.EnteredBefore" }));
    // Past the furthest stage reached, stages are entered again as usual.
    await advanceTurn(combat);
    expect(stageHooks.at(-1)![2]).toEqual({ direction: "next", fresh: true });
  });

  it("one move at a time: a second Next while the first is under way is refused and writes nothing", async () => {
    const combat = new FakeCombat("nobcTurn", { turn: 2, stage: MOVEMENT - 1, planningEndsAt: null });
    const [first, second] = await Promise.all([advanceTurn(combat), advanceTurn(combat)]);
    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, reason: "NOBC.Turn.Refused.moving" });
    expect(combat.updates).toHaveLength(1);
    expect(chatFake.messages.size).toBe(1);
  });

  it("a marker update Foundry refuses leaves no entry card (it is withdrawn) and runs nothing; the next click works", async () => {
    let ran = false;
    registerStageEntry("movement", async () => void (ran = true));
    const combat = new FakeCombat("nobcTurn", { turn: 2, stage: MOVEMENT - 1, planningEndsAt: null });
    const update = combat.update.bind(combat);
    combat.update = async () => {
      throw new Error("combat deleted");
    };
    expect(await advanceTurn(combat)).toEqual({ ok: false, reason: "NOBC.Turn.MoveFailed" });
    expect([chatFake.messages.size, ran, stageHooks.length]).toEqual([0, false, 0]);
    expect(harness.notices.at(-1)).toEqual(expect.objectContaining({ level: "error" }));
    combat.update = update;
    expect((await advanceTurn(combat)).ok).toBe(true);
    expect([chatFake.messages.size, ran]).toEqual([1, true]);
  });

  it("an entry card that cannot be posted leaves the marker where it was, so the GM can try again", async () => {
    const combat = new FakeCombat("nobcTurn", { turn: 2, stage: MOVEMENT - 1, planningEndsAt: null });
    const Message = (globalThis as unknown as { ChatMessage: { create: (d: unknown) => Promise<unknown> } }).ChatMessage;
    const create = Message.create;
    Message.create = async () => {
      throw new Error("chat refused");
    };
    try {
      expect(await advanceTurn(combat)).toEqual({ ok: false, reason: "NOBC.Turn.EntryCardFailed" });
    } finally {
      Message.create = create;
    }
    expect(combat.updates).toEqual([]);
    expect(stageHooks).toEqual([]);
    const retried = await advanceTurn(combat);
    expect(retried).toMatchObject({ ok: true, position: { stage: MOVEMENT } });
    expect(chatFake.messages.size).toBe(1);
  });
});

describe("a new turn ends the support card assignments (end to end)", () => {
  it("advancing from Planning posts a pending card; Apply clears every assignment; Undo restores them", async () => {
    const other = new harness.Actor({ name: "8th Guards Army", type: "hq", system: { side: "wp", initiative: false } });
    const c1 = hq.addItem({ name: "Artillery Group", type: "supportCard", system: { assignedTo: unit.uuid } });
    const c2 = hq.addItem({ name: "Corps Signals", type: "supportCard", system: { assignedTo: null } });
    const c3 = other.addItem({ name: "Chemical Weapons", type: "supportCard", system: { assignedTo: "Actor.wpunit" } });
    g.game["actors"] = [unit, squadron, hq, other];
    const combat = new FakeCombat("nobcTurn", { turn: 1, stage: PLANNING, planningEndsAt: 60_000 });

    const result = await advanceTurn(combat);
    expect(result).toMatchObject({ ok: true, position: { turn: 2, stage: 0 } });
    expect(combat.updates).toEqual([{ system: { turn: 2, stage: 0, planningEndsAt: null, reached: 36 } }]);
    const [message] = [...chatFake.messages.values()];
    expect(message!.system).toMatchObject({
      state: "pending",
      effects: [
        { type: "cardAssignment", card: c1.uuid, assignedTo: null },
        { type: "cardAssignment", card: c3.uuid, assignedTo: null },
      ],
    });
    expect(c1.system["assignedTo"]).toBe(unit.uuid); // nothing changed before Apply

    harness.Item.calls = [];
    await requestCardAction("apply", message!.id);
    expect([c1, c2, c3].map((c) => c.system["assignedTo"])).toEqual([null, null, null]);
    // One Item.updateDocuments call per holding HQ.
    expect(harness.Item.calls.map((c) => [c.method, (c.operation as { parent: FakeActorT }).parent.name])).toEqual([
      ["updateDocuments", "I (BR) Corps"],
      ["updateDocuments", "8th Guards Army"],
    ]);
    expect(message!.system).toMatchObject({ state: "applied" });

    await requestCardAction("undo", message!.id);
    expect([c1, c2, c3].map((c) => c.system["assignedTo"])).toEqual([unit.uuid, null, "Actor.wpunit"]);
    expect(message!.system).toMatchObject({ state: "reverted" });
  });
});

describe("registerTurnTracking and the data model", () => {
  it("registers the nobcTurn model, and no render hook (the tracker class replaces it)", () => {
    registerTurnTracking();
    const cfg = CONFIG as unknown as { Combat: { dataModels: Raw } };
    expect(cfg.Combat.dataModels["nobcTurn"]).toBe(TurnData);
    expect(harness.hooks.map((h) => h.name)).not.toContain("renderCombatTracker");
  });

  it("defaults to turn 0, stage 0, no countdown, and rejects a stage past Planning", () => {
    expect(new TurnData({})).toMatchObject({ turn: 0, stage: 0, planningEndsAt: null });
    expect(() => new TurnData({ stage: turn.STAGES.length })).toThrow();
  });
});
