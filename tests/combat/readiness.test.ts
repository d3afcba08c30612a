/**
 * Who has acted (issue #31, item 3) through the harness: a player's ready mark is a request the
 * active GM writes on the turn Combat (validated by its data model); a mark for the other team, an
 * HQ not one's own or a stage Control has left is refused and writes nothing; every stage move
 * clears the marks; the rules' view (an HQ without its Orders card posted this turn is still to
 * act, whatever its team marked); Control's confirm on Next names who is not ready, and the stage
 * entered records it; the clock Control sets for any stage.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { sheetsFake } from "../harness/sheets-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { registerRequests } from "../harness/requests";
import { registerTurnTracking } from "../../src/combat/register";
import { registerSettings } from "../../src/base/settings";
import { performMarkReady, READY_QUERY, requestReady } from "../../src/combat/readiness-request";
import { readReadiness } from "../../src/combat/readiness-world";
import { confirmContext, confirmLeave } from "../../src/combat/readiness-confirm";
import { advanceTurn, stepBackTurn, type TurnCombat } from "../../src/combat/advance";
import { setStageClock } from "../../src/combat/stage-clock-write";
import { turnPanelContext } from "../../src/combat/tracker";
import { postResolution } from "../../src/chat/resolution-card";
import { turn } from "../../src/rules/index";
import type { TurnSystem } from "../../src/combat/turn-type";
import type { RequestingUser } from "../../src/queries/card-actions";

type Raw = Record<string, unknown>;

const ORDERS = turn.stageIndex("orders");
const GROUND = turn.stageIndex("groundCombat");

let corps: FakeActorT;
let second: FakeActorT;
let army: FakeActorT;
let combat: TurnCombat & { system: Raw; id: string };
/** Who wrote each Combat update, as every client's `updateCombat` hook hears it. */
let writers: string[];

/** The turn Combat (a harness Combat, validated against the system's data model) at `stage` of turn 2, with the three HQs. */
function makeCombat(stage: number): void {
  const made = new harness.Combat({ type: "nobcTurn", system: { turn: 2, stage, reached: 2 * turn.STAGES.length + stage } });
  const combatants = [corps, second, army].map((a, i) => ({ id: `cb${String(i)}`, actorId: a.id, actor: a }));
  Object.assign(made, { combatants });
  harness.game["combats"] = [made];
  combat = made;
}

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerSettings();
  registerRequests();
  registerTurnTracking();
  corps = new harness.Actor({ name: "I (GE) Corps", type: "hq", system: { side: "nato", level: { value: 3, max: 4 }, radius: 3 } });
  second = new harness.Actor({ name: "V (US) Corps", type: "hq", system: { side: "nato", level: { value: 3, max: 4 }, radius: 3 } });
  army = new harness.Actor({ name: "8th Guards Army", type: "hq", system: { side: "wp", level: { value: 4, max: 5 }, radius: 4 } });
  harness.game["actors"] = [corps, second, army];
  chatFake.own(corps, "p1");
  chatFake.own(second, "p1");
  chatFake.own(army, "p2");
  makeCombat(GROUND);
  writers = [];
  (globalThis as unknown as { Hooks: { on(n: string, f: (...a: unknown[]) => void): void } }).Hooks.on(
    "updateCombat",
    (_doc: unknown, _changes: unknown, _op: unknown, userId: unknown) => writers.push(String(userId)),
  );
});

const marks = () => (combat.system as unknown as TurnSystem).ready;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

describe("a player's ready mark is a request the active GM writes", () => {
  it("a player marks their team ready: sent to the GM, written by the GM's client on the turn Combat", async () => {
    chatFake.setUsers("p1");
    expect(await requestReady("nato", true)).toBe(true);
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual([READY_QUERY]);
    expect(chatFake.users.get("gm")!.queries[0]!.data).toMatchObject({ mark: "nato", ready: true, turn: 2, stage: GROUND, userId: "p1" });
    expect(writers).toEqual(["gm"]);
    expect(marks()).toEqual(["nato"]);
    const view = readReadiness(combat as never)!;
    expect(view.sides.map((s) => [s.side, s.done])).toEqual([
      ["nato", true],
      ["wp", false],
    ]);
    // Taken off again; asking twice writes once.
    expect(await requestReady("nato", false)).toBe(true);
    expect(await requestReady("nato", false)).toBe(true);
    expect(marks()).toEqual([]);
    expect(writers).toEqual(["gm", "gm"]);
  });

  it("a player marks one of their HQs: only that HQ is done, the team is not until every HQ is", async () => {
    chatFake.setUsers("p1");
    expect(await requestReady(corps.uuid as `Actor.${string}`, true)).toBe(true);
    const nato = readReadiness(combat as never)!.sides[0]!;
    expect(nato.hqs.map((h) => [h.name, h.done, h.players])).toEqual([
      ["I (GE) Corps", true, "p1"],
      ["V (US) Corps", false, "p1"],
    ]);
    expect(nato.done).toBe(false);
  });

  it("a forged ready for the other team, or for its HQ, is refused and writes nothing", async () => {
    chatFake.setUsers("p1");
    expect(await requestReady("wp", true)).toBe(false);
    expect(await requestReady(army.uuid as `Actor.${string}`, true)).toBe(false);
    expect(writers).toEqual([]);
    expect(marks()).toEqual([]);
    expect(warnings().join(" ")).toContain("NOBC.Turn.Ready.Refused.notYours");
    // Not of the shape (a mark that is neither a team nor an HQ's UUID): refused before anything is read.
    const gm = chatFake.users.get("gm")!;
    const sent = gm.queries[0]!.data as Raw;
    expect(await gm.query(READY_QUERY, { ...sent, mark: "both" })).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.badRequest" });
    // Another user's name with p1's secret: not who they claim to be.
    expect(await gm.query(READY_QUERY, { ...sent, mark: "wp", userId: "p2" })).toMatchObject({
      ok: false,
      reason: "NOBC.Chat.Refused.unverified",
    });
    expect(writers).toEqual([]);
  });

  it("a mark sent for a stage Control has left is refused, not carried into the next", async () => {
    const p1 = chatFake.users.get("p1") as unknown as RequestingUser;
    expect(await performMarkReady({ mark: "nato", ready: true, turn: 2, stage: GROUND - 1 }, p1)).toMatchObject({
      ok: false,
      refusals: [expect.objectContaining({ key: "NOBC.Turn.Ready.Refused.stale" })],
    });
    expect(marks()).toEqual([]);
  });

  it("the marks reset at the next stage (and on a step back)", async () => {
    chatFake.setUsers("p1");
    await requestReady("nato", true);
    chatFake.setUsers("p2");
    await requestReady("wp", true);
    expect(marks()).toEqual(["nato", "wp"]);
    chatFake.setUsers("gm");
    expect(await advanceTurn(combat, { now: 0 })).toMatchObject({ ok: true });
    expect(combat.system).toMatchObject({ stage: GROUND + 1, ready: [], overridden: [] });
    // The same marks in the new stage start from nobody.
    expect(readReadiness(combat as never)!.sides.every((s) => !s.done)).toBe(true);
    await requestReady("nato", true);
    expect(await stepBackTurn(combat, { now: 0 })).toMatchObject({ ok: true });
    expect(marks()).toEqual([]);
  });
});

describe("what the rules see", () => {
  it("at Orders, an HQ without its Orders card posted this turn is still to act, whatever its team marked", async () => {
    makeCombat(ORDERS);
    await combat.update({ system: { ready: ["nato", "wp"] } });
    const resolution = { breakdown: [], rolls: [], outcome: {}, effects: [] };
    await postResolution({ title: "Orders", resolution, once: `orders:${corps.uuid}:2` });
    // Last turn's Orders do not count for this turn.
    await postResolution({ title: "Orders", resolution, once: `orders:${second.uuid}:1` });
    const view = readReadiness(combat as never)!;
    expect(view.sides.map((s) => [s.side, s.done, s.hqs.map((h) => [h.name, h.done, h.needKey])])).toEqual([
      [
        "nato",
        false,
        [
          ["I (GE) Corps", true, null],
          ["V (US) Corps", false, "NOBC.Turn.Ready.Need.orders"],
        ],
      ],
      ["wp", false, [["8th Guards Army", false, "NOBC.Turn.Ready.Need.orders"]]],
    ]);
    expect(view.allDone).toBe(false);
  });

  it("a stage the tracker resolves alone (air-to-air combat) asks nobody", () => {
    makeCombat(turn.stageIndex("airCombat"));
    expect(readReadiness(combat as never)).toMatchObject({ sides: [], allDone: true });
  });
});

describe("Control's confirm on Next", () => {
  it("names who is not ready, by team and HQ with its players; Control may stay", async () => {
    makeCombat(ORDERS);
    await combat.update({ system: { ready: ["wp"] } });
    expect(confirmContext(combat as never)).toEqual({
      stage: "NOBC.Turn.Stage.orders",
      who: [
        {
          labelKey: "NOBC.Turn.Side.nato",
          hqs: [
            { name: "I (GE) Corps", players: "p1", needKey: "NOBC.Turn.Ready.Need.orders" },
            { name: "V (US) Corps", players: "p1", needKey: "NOBC.Turn.Ready.Need.orders" },
          ],
        },
        {
          labelKey: "NOBC.Turn.Side.wp",
          hqs: [{ name: "8th Guards Army", players: "p2", needKey: "NOBC.Turn.Ready.Need.orders" }],
        },
      ],
    });
    sheetsFake.answer = false;
    const result = await advanceTurn(combat, { now: 0, confirmLeave: () => confirmLeave(combat as never) });
    expect(result).toEqual({ ok: false, reason: "NOBC.Turn.Ready.Stayed" });
    expect(sheetsFake.dialogs).toHaveLength(1);
    expect(sheetsFake.dialogs[0]).toMatchObject({ window: { title: "NOBC.Turn.Ready.Confirm.Title" } });
    expect(sheetsFake.rendered.at(-1)).toMatchObject({ path: "systems/nobc/templates/combat/ready-confirm.hbs" });
    expect(combat.system).toMatchObject({ stage: ORDERS, ready: ["wp"] });
  });

  it("Control goes on: the stage entered records who was not ready, and the tracker shows it", async () => {
    await combat.update({ system: { ready: ["wp"] } });
    sheetsFake.answer = true;
    expect(await advanceTurn(combat, { now: 0, confirmLeave: () => confirmLeave(combat as never) })).toMatchObject({ ok: true });
    expect(combat.system).toMatchObject({ stage: GROUND + 1, ready: [], overridden: ["nato", corps.uuid, second.uuid] });
    // With everyone ready nothing is asked, and the record of the stage left is cleared.
    await combat.update({ system: { ready: ["nato", "wp"] } });
    const asked = sheetsFake.dialogs.length;
    expect(await advanceTurn(combat, { now: 0, confirmLeave: () => confirmLeave(combat as never) })).toMatchObject({ ok: true });
    expect(sheetsFake.dialogs).toHaveLength(asked);
    expect(combat.system).toMatchObject({ stage: GROUND + 2, ready: [], overridden: [] });
  });
});

describe("the clock of a stage", () => {
  it("Control starts a clock for any stage; the tracker shows it named by its stage; Stop and the next stage clear it", async () => {
    makeCombat(ORDERS);
    expect(await setStageClock(combat, 5, 1_000)).toBe(true);
    expect(combat.system).toMatchObject({ clockEndsAt: 301_000, planningEndsAt: null });
    const panel = turnPanelContext(combat.system as unknown as TurnSystem, [], false, 61_000)!;
    expect(panel.countdown).toEqual({
      endsAt: 301_000,
      text: "04:00",
      over: false,
      leftKey: "NOBC.Turn.Clock.Left",
      upKey: "NOBC.Turn.Clock.Up",
      named: true,
    });
    expect(await setStageClock(combat, null, 2_000)).toBe(true);
    expect(combat.system["clockEndsAt"]).toBeNull();
    expect(await setStageClock(combat, 10, 0)).toBe(true);
    await combat.update({ system: { ready: ["nato", "wp"] } });
    await postResolution({
      title: "Orders",
      resolution: { breakdown: [], rolls: [], outcome: {}, effects: [] },
      once: `orders:${corps.uuid}:2`,
    });
    expect(await advanceTurn(combat, { now: 0 })).toMatchObject({ ok: true });
    expect(combat.system["clockEndsAt"]).toBeNull();
  });

  it("in Planning it starts Planning's own countdown again; bad minutes and a player are refused, nothing written", async () => {
    makeCombat(turn.stageIndex("planning"));
    expect(await setStageClock(combat, 20, 0)).toBe(true);
    expect(combat.system).toMatchObject({ planningEndsAt: 1_200_000, clockEndsAt: null });
    const updates = writers.length;
    for (const bad of [0, 2.5, 601, Number.NaN]) expect(await setStageClock(combat, bad, 0)).toBe(false);
    expect(warnings()).toEqual(Array<string>(4).fill('NOBC.Turn.Clock.Refused.minutes {"max":"600"}'));
    chatFake.setUsers("p1");
    expect(await setStageClock(combat, 5, 0)).toBe(false);
    expect(warnings().at(-1)).toBe("NOBC.Turn.Refused.notGM");
    expect(writers).toHaveLength(updates);
  });
});
