import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { advanceTurn, PLANNING_MINUTES, type TurnCombat } from "../../src/combat/advance";
import { registerTurnTracking } from "../../src/combat/register";
import { TurnData } from "../../src/combat/turn-model";
import { registerChat } from "../../src/chat/resolution-card";
import { requestCardAction } from "../../src/queries/register";
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
const MOVEMENT = turn.stageIndex("movement");

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { size: "brigade", arm: "armour", mode: "combat", movementPoints: 0 } });
  squadron = new harness.Actor({ name: "JaBoG 31", type: "airSquadron", system: { box: "cas" } });
  const hq = new harness.Actor({ name: "I (BR) Corps", type: "hq", system: { side: "nato", initiative: false } });
  g.game["actors"] = [unit, squadron, hq];
});

describe("advanceTurn", () => {
  it("moves one stage on with exactly one update and no card when entering changes nothing", async () => {
    const combat = new FakeCombat("nobcTurn", { turn: 0, stage: 0, planningEndsAt: null });
    const result = await advanceTurn(combat);
    expect(result).toMatchObject({ ok: true, card: null, position: { turn: 0, stage: 1 } });
    expect(combat.updates).toEqual([{ system: { turn: 0, stage: 1, planningEndsAt: null } }]);
    expect(chatFake.messages.size).toBe(0);
  });

  it("posts the Movement entry preview as a pending card, which Apply then writes", async () => {
    const combat = new FakeCombat("nobcTurn", { turn: 2, stage: MOVEMENT - 1, planningEndsAt: null });
    const result = await advanceTurn(combat);
    expect(result.ok).toBe(true);
    expect(combat.updates).toHaveLength(1);
    expect(chatFake.messages.size).toBe(1);
    const [message] = [...chatFake.messages.values()];
    expect(message!.flags["nobc"]).toMatchObject({
      state: "pending",
      effects: [
        { type: "movementPoints", actor: unit.uuid, value: 4 },
        { type: "squadronBox", squadron: squadron.uuid, box: "damaged" },
      ],
    });
    expect((unit.system as Raw)["movementPoints"]).toBe(0); // nothing changes before Apply
    await requestCardAction("apply", message!.id);
    expect((unit.system as Raw)["movementPoints"]).toBe(4);
    expect((squadron.system as Raw)["box"]).toBe("damaged");
  });

  it("starts the Planning countdown on entering Planning and clears it on leaving", async () => {
    const combat = new FakeCombat("nobcTurn", { turn: 3, stage: turn.STAGES.length - 2, planningEndsAt: null });
    await advanceTurn(combat, { now: 1_000 });
    expect(combat.updates[0]).toEqual({ system: { turn: 3, stage: turn.STAGES.length - 1, planningEndsAt: 1_000 + PLANNING_MINUTES * 60_000 } });
    const short = new FakeCombat("nobcTurn", { turn: 3, stage: turn.STAGES.length - 2, planningEndsAt: null });
    await advanceTurn(short, { now: 0, planningMinutes: 5 });
    expect((short.system as Raw)["planningEndsAt"]).toBe(300_000);
    await advanceTurn(combat, { now: 5_000 });
    expect(combat.updates[1]).toEqual({ system: { turn: 4, stage: 0, planningEndsAt: null } });
  });

  it("refuses a player clearly and writes nothing", async () => {
    chatFake.setUsers("p1");
    const combat = new FakeCombat("nobcTurn", { turn: 2, stage: MOVEMENT - 1, planningEndsAt: null });
    expect(await advanceTurn(combat)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.notGM" });
    expect(combat.updates).toEqual([]);
    expect(chatFake.messages.size).toBe(0);
    expect(harness.notices).toEqual([expect.objectContaining({ message: "NOBC.Turn.Refused.notGM" })]);
  });

  it("refuses a combat that is not a turn tracker, and a stored state out of range", async () => {
    const other = new FakeCombat("base", { turn: 0, stage: 0, planningEndsAt: null });
    expect(await advanceTurn(other)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.notTurn" });
    const broken = new FakeCombat("nobcTurn", { turn: 0, stage: 99, planningEndsAt: null });
    expect(await advanceTurn(broken)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.badState" });
    expect(other.updates.length + broken.updates.length).toBe(0);
  });
});

describe("registerTurnTracking and the data model", () => {
  it("registers the nobcTurn model and the tracker hook", () => {
    registerTurnTracking();
    const cfg = CONFIG as unknown as { Combat: { dataModels: Raw } };
    expect(cfg.Combat.dataModels["nobcTurn"]).toBe(TurnData);
    expect(harness.hooks.map((h) => h.name)).toContain("renderCombatTracker");
  });

  it("defaults to turn 0, stage 0, no countdown, and rejects a stage past Planning", () => {
    expect(new TurnData({})).toMatchObject({ turn: 0, stage: 0, planningEndsAt: null });
    expect(() => new TurnData({ stage: turn.STAGES.length })).toThrow();
  });
});
