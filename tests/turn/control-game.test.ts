/**
 * Issue #31, "Done when": the game played with two umpires (Air and Land) and the GM (Map Control)
 * over the multi-client harness, the whole system on every client (tests/security/system-clients.ts).
 * The GM `gm` is the active GM; `gm2` is the Land umpire (the Land War), `gm3` the Air umpire (the
 * Air War); `p1` plays NATO, `p2` the Warsaw Pact. Every request of a sector is ruled by that
 * sector's umpire while online and by the active GM once they are not; an umpire's ruling is a
 * request to the active GM's client, which writes it and names the umpire on the card. The tracker
 * is moved on by the GM's Next (Control's confirm first, as the tracker's button asks it).
 *
 * Control's queue holds each item when it arises and empties as it is settled, in this order:
 * turn 1, Rear Area: a nuclear release request (released), an ADM request (refused), a card marked
 * for an umpire (ruled), two cards out of their stage (overridden); Ground Combat: a retreat nobody
 * has answered (answered by its owner); Movement: the timetable's arrival (applied, undone exactly
 * on every copy), a stacking breach at the end of Movement (the move undone by the Land umpire);
 * turn 2, step 9: a damaged squadron nobody asked to repair (asked for); a stage left with a team
 * not ready names it; the repair card its player left unapplied in step 9 (overridden by the active
 * GM); Orders: the timetable's withdrawal (applied, undone exactly); the Land umpire
 * gone, a marked card ruled by the active GM.
 */
import "../harness/install";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Network, removeAccessors, type Client } from "../harness/clients";
import { noticesOn, quiet } from "../security/system-clients";
import { turn } from "../../src/rules/index";
import { stagesFor } from "../../src/rules/nobc/stage-actions";
import type * as Request from "../../src/apps/base/request";
import type * as Wmd from "../../src/apps/land/wmd/request";
import type * as QueueRead from "../../src/apps/control/queue-read";
import type * as Ruling from "../../src/queries/ruling";
import type * as WmdCard from "../../src/apps/land/wmd/request-card";
import type * as FoundryBase from "../../src/base/foundry";
import type * as Register from "../../src/queries/register";
import type * as Marks from "../../src/queries/control-marks";
import type * as CardIndex from "../../src/queries/card-index";
import type * as Ready from "../../src/combat/readiness-request";
import type * as Confirm from "../../src/combat/readiness-confirm";
import type * as Resolution from "../../src/chat/resolution-card";
import type * as Advance from "../../src/combat/advance";
import type * as WorldRead from "../../src/world/read";
import type * as Registry from "../../src/apps/base/registry";
import type * as Grid from "../../src/map/hex-grid";
import type { TimetableInput } from "../../src/schemas/timetable";
import type * as Actors from "../harness/actors";
import type * as WmdFixture from "../apps/land/wmd-fixture";
import type * as LandFixture from "../apps/land/fixture";
import type * as MapFixture from "../map/fixture";
import type * as GroundFixture from "../apps/ground-combat/fixture";
import type { QueueItem } from "../../src/apps/control/queue";
import type { CardFlags } from "../../src/chat/card-data";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

type Raw = Record<string, unknown>;
const NUC = "Actor.h1.Item.nuc1";
const RELEASE = { card: NUC, target: "nuclear", hex: "0302", otherHex: "", identification: ["Actor.h1.Item.int1", "Actor.h1.Item.rec1"] };
const WMD_STAGE = turn.stageIndex(stagesFor("request", "land.wmd")[0]!);

/** The scenario's timetable: PzBrig 9 arrives at the west edge in turn 1's Movement; TD 2 withdraws in turn 2's Orders. */
const TIMETABLE: TimetableInput = {
  format: "nobc-timetable/1",
  areas: { "west-edge": ["0101", "0102", "0103"] },
  entries: [
    { turn: 1, stage: "movement", kind: "arrive", actor: "Actor.u9", area: "west-edge", mode: "march" },
    { turn: 2, stage: "orders", kind: "withdraw", actor: "Actor.w2" },
  ],
};

let net: Network;
let gm: Client;
let land: Client;
let air: Client;
let p1: Client;
let p2: Client;

beforeAll(async () => {
  net = await Network.open({ users: ["gm", "gm2", "gm3", "p1", "p2"], delay: 30, system: true });
  [gm, land, air, p1, p2] = ["gm", "gm2", "gm3", "p1", "p2"].map((u) => net.client(u)) as [Client, Client, Client, Client, Client];
  await net.world(async (c) => {
    const { chatFake, harness } = c.entry;
    chatFake.otherGmIds = ["gm2", "gm3"];
    chatFake.setUsers(c.name === "server" ? "gm" : c.userId);
    const actors = await c.load<typeof Actors>("tests/harness/actors");
    const wmd = await c.load<typeof WmdFixture>("tests/apps/land/wmd-fixture");
    const fixture = await c.load<typeof LandFixture>("tests/apps/land/fixture");
    const map = await c.load<typeof MapFixture>("tests/map/fixture");
    const gc = await c.load<typeof GroundFixture>("tests/apps/ground-combat/fixture");
    // The reinforcement the timetable brings in turn 1's Movement: in the world, on no map yet.
    const reinforcement = { id: "u9", name: "PzBrig 9", type: "unit", system: gc.unitSystem("nato", { hq: "Actor.h1", supply: 1 }) };
    // MRD 3 at full strength (12), three times PzBrig 1's across the brook.
    const specs = wmd.wmdSpecs().map((a) => (a.id === "w3" ? { ...a, system: { ...a.system, strength: { value: 12, max: 12 } } } : a));
    const made = actors.loadActors([...specs, reinforcement], fixture.at);
    harness.setSceneFlag("terrain", map.smallMap());
    for (const id of ["h1", "u1", "u2", "u3", "u9", "s1"]) chatFake.own(made.get(id)!, "p1");
    for (const id of ["w0", "w1", "w2", "w3"]) chatFake.own(made.get(id)!, "p2");
    Object.assign(harness.game, { combats: [] });
  });
  await quiet(net);
  await gm.run(() =>
    (Combat as unknown as { create(d: object): Promise<unknown> }).create({
      type: "nobcTurn",
      system: { turn: 1, stage: WMD_STAGE, planningEndsAt: null, reached: WMD_STAGE },
    }),
  );
  // The tracker's rows are the HQs, as Foundry's Combat keeps them (the harness's Combat keeps no combatants of its own).
  gm.run(() => {
    const combat = (game as unknown as { combats: { type: string }[] }).combats.find((c) => c.type === "nobcTurn")!;
    const hqs = [...(game.actors as unknown as Iterable<{ id: string; type: string }>)].filter((a) => a.type === "hq");
    Object.assign(combat, { combatants: hqs.map((a, i) => ({ id: `cb${String(i)}`, actorId: a.id, actor: a })) });
  });
  // Map Control names the umpires: the Land War's and the Air War's.
  await gm.run(() =>
    game.settings!.set("nobc", "umpires", {
      umpires: { gm2: { wars: ["land"], hqs: [], areas: [] }, gm3: { wars: ["air"], hqs: [], areas: [] } },
    }),
  );
  // Map Control attaches the scenario's timetable to the map (checked against the world, one Scene write).
  const attached = await gm.run(() =>
    (game as unknown as { nobc: { attachTimetable(scene: unknown, data: unknown): Promise<{ ok: boolean }> } }).nobc.attachTimetable(
      (globalThis as unknown as { canvas: { scene: unknown } }).canvas.scene,
      TIMETABLE,
    ),
  );
  expect(attached).toMatchObject({ ok: true });
  await quiet(net);
});
afterAll(async () => {
  // The GM's record of the umpire's values is written a moment after the last change (src/documents/rules-record.ts): let it land first.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await quiet(net);
  net.close();
  removeAccessors();
});

/** Control's queue as the active GM's client derives it. */
async function queue(): Promise<QueueItem[]> {
  const read = await gm.load<typeof QueueRead>("src/apps/control/queue-read");
  return gm.run(() => read.readQueue());
}

/** Who rules on the item, as the active GM's client reads it. */
async function ruler(item: QueueItem): Promise<string | null> {
  const ruling = await gm.load<typeof Ruling>("src/queries/ruling");
  return gm.run(() => ruling.rulerOf(item.sector).user);
}

/** The card of message `id` as `copy` holds it. */
async function cardOn(copy: Client, id: string): Promise<CardFlags> {
  const index = await copy.load<typeof CardIndex>("src/queries/card-index");
  return copy.run(() => {
    index.buildCardIndex();
    return index.indexedMessage(id)!.read!.card;
  });
}

/** The "release requested" flag of message `id` on `copy`. */
const releaseFlag = (copy: Client, id: string): Raw =>
  copy.run(() => ((game.messages!.get(id) as unknown as { flags: Raw }).flags["nobc"] as Raw)["wmdRequest"] as Raw);

async function releaseAs(copy: Client, id: string): Promise<unknown> {
  const wmd = await copy.load<typeof Wmd>("src/apps/land/wmd/request");
  const done = copy.run(() => wmd.releaseWmdRequest(id));
  await quiet(net);
  return done;
}

async function markAs(copy: Client, id: string): Promise<{ ok: boolean; reason?: string }> {
  const marks = await copy.load<typeof Marks>("src/queries/control-marks");
  const done = copy.run(() => marks.requestMark(id));
  await quiet(net);
  return done;
}

async function applyAs(copy: Client, id: string): Promise<{ ok: boolean; reason?: string }> {
  const register = await copy.load<typeof Register>("src/queries/register");
  const done = copy.run(() => register.requestCardAction("apply", id));
  await quiet(net);
  return done;
}

async function undoAs(copy: Client, id: string): Promise<{ ok: boolean; reason?: string }> {
  const register = await copy.load<typeof Register>("src/queries/register");
  const done = copy.run(() => register.requestCardAction("undo", id));
  await quiet(net);
  return done;
}

async function ruleAs(copy: Client, id: string): Promise<{ ok: boolean; reason?: string }> {
  const marks = await copy.load<typeof Marks>("src/queries/control-marks");
  const done = copy.run(() => marks.requestRule(id));
  await quiet(net);
  return done;
}

/** The tracker's turn Combat on `copy`. */
const turnOn = (copy: Client) =>
  copy.run(() => (game as unknown as { combats: { type: string; system: Raw }[] }).combats.find((c) => c.type === "nobcTurn")!);

/** Where the tracker stands, on the server's copy. */
function position(): { turn: number; stage: string; slot: unknown } {
  const system = turnOn(net.serverCopy).system;
  return { turn: system["turn"] as number, stage: turn.STAGES[system["stage"] as number]!.id, slot: system["movementSlot"] };
}

/**
 * The GM's Next stage, as the tracker's button does it: Control's confirm first when someone is not
 * ready (answered `goOn`), then the move. Returns the move's result.
 */
async function next(goOn = true): Promise<Advance.AdvanceResult> {
  const advance = await gm.load<typeof Advance>("src/combat/advance");
  const confirm = await gm.load<typeof Confirm>("src/combat/readiness-confirm");
  gm.sheets!.answer = goOn;
  const combat = turnOn(gm);
  const done = gm.run(() =>
    advance.advanceTurn(combat as unknown as Advance.TurnCombat, { confirmLeave: () => confirm.confirmLeave(combat as never) }),
  );
  await quiet(net);
  return done;
}

/** The GM's Next until the tracker enters `stage` of turn `turnNumber`. */
async function advanceTo(stage: turn.StageId, turnNumber: number): Promise<void> {
  const target = turnNumber * turn.STAGES.length + turn.stageIndex(stage);
  for (let i = 0; i < 40; i++) {
    const at = position();
    if (at.turn * turn.STAGES.length + turn.stageIndex(at.stage as turn.StageId) >= target) break;
    expect(await next()).toMatchObject({ ok: true });
  }
  expect(position()).toMatchObject({ turn: turnNumber, stage });
}

/** Everything Undo must put back, as `copy` holds it: every actor's system and items, every token but its `_stats`. */
function worldOn(copy: Client): Raw {
  return copy.run(() => {
    const actors = [...(game.actors as unknown as Iterable<{ id: string; system: unknown; items: { id: string; toObject(): Raw }[] }>)];
    return {
      actors: Object.fromEntries(
        actors.map((a) => [
          a.id,
          { system: structuredClone(a.system), items: Object.fromEntries(a.items.map((i) => [i.id, structuredClone(i.toObject())])) },
        ]),
      ),
      tokens: Object.fromEntries(
        copy.entry.harness.scene!.tokens.map((t) => [t.id, { ...structuredClone(t.toObject()), _stats: undefined }]),
      ),
    };
  });
}

/** The world on the server's copy and on every client still online: each the same. */
function worlds(): Raw {
  const server = worldOn(net.serverCopy);
  for (const copy of net.clients.filter((c) => c.online)) expect(worldOn(copy), copy.name).toEqual(server);
  return server;
}

/** The hex `actor` (a UUID) stands in as `copy` reads the board ("" off the map). */
async function hexOn(copy: Client, actor: string): Promise<string> {
  const read = await copy.load<typeof WorldRead>("src/world/read");
  return copy.run(() => read.readBattlefield().units.find((u) => u.id === actor)?.hex ?? "");
}

/** Foundry's random source on `copy` (the GM's client rolls) gives these faces, in order; a die not scripted throws. */
function rollOn(copy: Client, faces: number[]): void {
  copy.run(() => {
    const config = CONFIG as unknown as { Dice: Raw };
    config.Dice = {
      ...config.Dice,
      randomUniform: () => {
        const face = faces.shift();
        if (face === undefined) throw new Error("a die was rolled that the test did not script");
        return (face - 0.5) / 6;
      },
    };
  });
}

/** Whether a card's system is the timetable's card of a stage (its once-only key). */
const isTimetableCard = (system: Raw): boolean => typeof system["once"] === "string" && system["once"].startsWith("timetable:");

/** How many messages the chat holds, on the server's copy. */
const chatSize = () => net.serverCopy.run(() => net.serverCopy.entry.chatFake.messages.size);

/**
 * `copy`'s user drags `actor`'s token along `path` (Foundry's `token.move`, method "dragging"): the
 * drag is checked on their client and sent as a request the active GM's client answers with a card.
 * Returns the move's card.
 */
async function drag(copy: Client, actor: string, path: string[]): Promise<string> {
  const grid = await copy.load<typeof Grid>("src/map/hex-grid");
  const token = copy.run(() => copy.entry.harness.scene!.tokens.find((t) => t.actorId === actor)!);
  const waypoints = path.map((hex) => {
    const centre = copy.run(() => copy.entry.harness.canvasPoint(grid.hexCentre(grid.offsetOf(hex), 100)));
    return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
  });
  const cards = chatSize();
  const warned = copy.entry.harness.notices.length;
  await copy.run(() => (token as unknown as { move(w: object[], o: object): Promise<unknown> }).move(waypoints, { method: "dragging" }));
  // The drag's check sends its request from a module loaded on first use: wait, in real time, for its card or its refusal.
  for (let waited = 0; waited < 2000 && chatSize() === cards && copy.entry.harness.notices.length === warned; waited += 5) {
    await net.settle();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await quiet(net);
  expect(copy.entry.harness.notices.slice(warned).filter((n) => n.level !== "info")).toEqual([]);
  expect(chatSize()).toBe(cards + 1);
  return lastMessage().id;
}

/** The last message of the chat on the server's copy, as a card. */
const lastMessage = () => net.serverCopy.run(() => [...net.serverCopy.entry.chatFake.messages.values()].at(-1)!);

describe("two umpires and the GM", () => {
  let releaseMessage: string;
  let nuclearCard: string;
  /** MRD 3's attack on PzBrig 1 (turn 1, Ground Combat). */
  let combatCard: string;
  /** p1's repair card of turn 2's step 9. */
  let repairCard: string;

  it("a nuclear release request is the Land umpire's: the GM and the Air umpire are refused, the Land umpire's Release is written by the active GM and names them", async () => {
    const request = await p1.load<typeof Request>("src/apps/base/request");
    expect(await p1.run(() => request.requestResolution("land.wmd", RELEASE))).toMatchObject({ ok: true });
    await quiet(net);
    const [item, ...rest] = await queue();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ kind: "wmd", sector: { war: "land", hqs: ["Actor.h1"], hex: "0302" } });
    releaseMessage = item!.settle.action === "openMessage" ? item!.settle.message : "";
    expect(await ruler(item!)).toBe("gm2");

    // Map Control and the Air umpire may not rule on it while the Land umpire is online.
    expect(await releaseAs(gm, releaseMessage)).toBeNull();
    expect(await releaseAs(air, releaseMessage)).toBeNull();
    expect(noticesOn(gm, "NOBC.Control.Refused.notRuler")).toHaveLength(1);
    expect(noticesOn(air, "NOBC.Control.Refused.notRuler")).toHaveLength(1);
    // The refusal names who rules on it.
    expect(noticesOn(air, "NOBC.Control.RulerIs")[0]).toContain("gm2");
    expect(releaseFlag(net.serverCopy, releaseMessage)["status"]).toBe("pending");

    // The Land umpire's Release: a request to the active GM, whose client posts the card and closes the request.
    const from = net.log.length;
    const posted = (await releaseAs(land, releaseMessage)) as { id: string } | null;
    expect(posted).not.toBeNull();
    nuclearCard = posted!.id;
    const writers = new Set(
      net.log
        .slice(from)
        .filter((w) => w.call.kind !== "user")
        .map((w) => w.by),
    );
    expect([...writers]).toEqual(["gm"]);
    expect(releaseFlag(net.serverCopy, releaseMessage)).toMatchObject({ status: "released", by: "gm2", card: nuclearCard });
    for (const copy of [gm, land, p1]) {
      const card = await cardOn(copy, nuclearCard);
      expect(card.rulings).toEqual([{ kind: "released", by: "gm2" }]);
      // The card's sector, stamped when the active GM posted it: the Land War, the HQs of what it strikes and of the card.
      expect(card.sector?.war).toBe("land");
      expect(card.sector?.hqs).toContain("Actor.h1");
      expect(card.sector?.hqs).toContain("Actor.w0");
      expect(card.requestedBy).toBe("p1");
    }
    expect(await queue()).toEqual([]);
    // Applied in its stage: no ruling (the card touches the other side's units too, so a GM applies it).
    expect(await applyAs(p1, nuclearCard)).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
    expect(await applyAs(gm, nuclearCard)).toMatchObject({ ok: true });
    expect((await cardOn(p1, nuclearCard)).overrides).toBeUndefined();
  });

  it("an ADM request refused: the Land umpire's Refuse, with their reason and name; the GM's is refused while they are online", async () => {
    const request = await p1.load<typeof Request>("src/apps/base/request");
    const adm = { ...RELEASE, card: "Actor.h1.Item.adm1", target: "admAutobahn", hex: "0202" };
    expect(await p1.run(() => request.requestResolution("land.wmd", adm))).toMatchObject({ ok: true });
    await quiet(net);
    const [item] = await queue();
    expect(item?.kind).toBe("wmd");
    const id = item!.settle.action === "openMessage" ? item!.settle.message : "";
    const wmd = await land.load<typeof Wmd>("src/apps/land/wmd/request");
    const gmWmd = await gm.load<typeof Wmd>("src/apps/land/wmd/request");
    const refusing = gm.run(() => gmWmd.refuseWmdRequest(id, "Not yet"));
    await quiet(net);
    expect(await refusing).toBe(false);
    const refused = land.run(() => wmd.refuseWmdRequest(id, "Not before turn 3"));
    await quiet(net);
    expect(await refused).toBe(true);
    expect(releaseFlag(net.serverCopy, id)).toMatchObject({ status: "refused", reason: "Not before turn 3", by: "gm2" });
    // The request message says who refused it, on the asker's client too.
    const card = await p1.load<typeof WmdCard>("src/apps/land/wmd/request-card");
    const foundryBase = await p1.load<typeof FoundryBase>("src/base/foundry");
    const flag = releaseFlag(p1, id) as Parameters<typeof card.wmdRequestView>[0];
    const status = p1.run(() => card.wmdRequestView(flag, false, foundryBase.translator(), "gm2").status);
    expect(status.startsWith("NOBC.Land.Wmd.Status.by")).toBe(true);
    expect(status).toContain("Not before turn 3");
    expect(status).toContain('"name":"gm2"');
    expect(await queue()).toEqual([]);
  });

  it("a card the player marks for an umpire waits in the queue until the Land umpire rules; the Air umpire may not", async () => {
    expect(await markAs(p1, nuclearCard)).toEqual({ ok: true });
    // Marked once: a second mark is refused.
    expect(await markAs(p1, nuclearCard)).toMatchObject({ ok: false, reason: "NOBC.Control.Refused.alreadyMarked" });
    // The other side's player owns nothing on it and did not ask for it.
    expect(await markAs(p2, nuclearCard)).toMatchObject({ ok: false });
    const [item, ...rest] = await queue();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ kind: "marked", id: `marked:${nuclearCard}`, sector: { war: "land" } });
    expect(await ruler(item!)).toBe("gm2");
    expect(await ruleAs(air, nuclearCard)).toMatchObject({ ok: false, reason: "NOBC.Control.Refused.notRuler" });
    expect(await ruleAs(p1, nuclearCard)).toMatchObject({ ok: false, reason: "NOBC.Control.Refused.umpireOnly" });
    expect((await queue()).map((i) => i.id)).toEqual([`marked:${nuclearCard}`]);
    expect(await ruleAs(land, nuclearCard)).toEqual({ ok: true });
    const card = await cardOn(p1, nuclearCard);
    expect(card.marked).toBeUndefined();
    expect(card.rulings).toEqual([
      { kind: "released", by: "gm2" },
      { kind: "ruled", by: "gm2" },
    ]);
    expect(await queue()).toEqual([]);
  });

  it("a card of the Air War out of its stage is the Air umpire's override while online, the active GM's once they are gone", async () => {
    // Two cards of aircraft repair (the Air War's step 9) asked for by p1 about their squadron, posted by the
    // active GM in Rear Area Attacks: p1 may no longer apply them, so each waits for an umpire's override.
    const resolution = await gm.load<typeof Resolution>("src/chat/resolution-card");
    const post = () =>
      gm.run(
        async () =>
          (
            (await resolution.postResolution({
              title: "Repair",
              resolution: { breakdown: [], rolls: [], outcome: "", effects: [{ type: "squadronBox", squadron: "Actor.s1", box: "ready" }] },
              requestedBy: "p1",
              action: "airMissions.repair",
            })) as { id: string }
          ).id,
      );
    const first = await post();
    const second = await post();
    await quiet(net);
    expect((await cardOn(gm, first)).sector).toEqual({ war: "air", hqs: [], hex: null });
    const items = await queue();
    expect(items.map((i) => i.id)).toEqual([`override:${first}`, `override:${second}`]);
    expect(await ruler(items[0]!)).toBe("gm3");

    // Map Control and the Land umpire may not override it; the Air umpire's Apply is the active GM's write, naming them.
    expect(await applyAs(gm, first)).toMatchObject({ ok: false, reason: "NOBC.Control.Refused.notRuler" });
    expect(await applyAs(land, first)).toMatchObject({ ok: false, reason: "NOBC.Control.Refused.notRuler" });
    const from = net.log.length;
    expect(await applyAs(air, first)).toMatchObject({ ok: true });
    expect(
      new Set(
        net.log
          .slice(from)
          .filter((w) => w.call.kind !== "user")
          .map((w) => w.by),
      ),
    ).toEqual(new Set(["gm"]));
    expect((await cardOn(p1, first)).overrides).toEqual([{ step: "apply", stage: stagesFor("request", "land.wmd")[0], by: "gm3" }]);
    expect((await queue()).map((i) => i.id)).toEqual([`override:${second}`]);

    // p1 marks the second for an umpire: it waits twice (its override, its mark), both the Air umpire's.
    expect(await markAs(p1, second)).toEqual({ ok: true });
    expect((await queue()).map((i) => i.id)).toEqual([`override:${second}`, `marked:${second}`]);
    expect(await ruleAs(gm, second)).toMatchObject({ ok: false, reason: "NOBC.Control.Refused.notRuler" });
    expect(await ruleAs(air, second)).toEqual({ ok: true });
    expect((await queue()).map((i) => i.id)).toEqual([`override:${second}`]);

    // The Air umpire leaves: the active GM rules the Air War's items now; the Land umpire still may not.
    net.dropOut(air);
    await quiet(net);
    expect(await ruler((await queue())[0]!)).toBe("gm");
    expect(await applyAs(land, second)).toMatchObject({ ok: false, reason: "NOBC.Control.Refused.notRuler" });
    expect(await applyAs(gm, second)).toMatchObject({ ok: true });
    const card = await cardOn(p1, second);
    expect(card.rulings).toEqual([{ kind: "ruled", by: "gm3" }]);
    expect(card.overrides?.map((o) => o.by)).toEqual(["gm"]);
    expect(await queue()).toEqual([]);
  });

  it("Ground Combat: a retreat the applied card imposes waits, the Land umpire's, until its owner answers it", async () => {
    await advanceTo("groundCombat", 1);
    expect(await queue()).toEqual([]);
    // MRD 3 (0201) attacks PzBrig 1 (0101) across the bridged brook; the GM's client rolls.
    rollOn(gm, [5]);
    const asked = p2.run(() =>
      (game as unknown as { nobc: { resolveGroundCombatFor(a: object): Promise<{ ok: boolean }> } }).nobc.resolveGroundCombatFor({
        attackers: ["Actor.w3"],
        target: "0101",
      }),
    );
    await quiet(net);
    expect(await asked).toMatchObject({ ok: true });
    combatCard = lastMessage().id;
    // Seed 000 Land War QRS, Ground Combat: 12 against 4 is 3:1 (+4), the brook −1; die 5, score 8: Success,
    // 3 hits on the attacker, 2 on the defender, who retreats one hex.
    const effects = (await cardOn(net.serverCopy, combatCard)).effects;
    expect(effects).toContainEqual({ type: "retreat", actor: "Actor.u1", hexes: 1 });
    // Posted, the card imposes nothing yet: the queue waits for no retreat.
    expect(await queue()).toEqual([]);
    // It hits the other side's unit too, so a GM applies it (in its stage: no ruling). Now PzBrig 1's retreat is owed,
    // and nobody has answered.
    expect(await applyAs(p2, combatCard)).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
    expect(await applyAs(gm, combatCard)).toEqual({ ok: true });
    const [item, ...rest] = await queue();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      id: `retreat:${combatCard}:Actor.u1`,
      kind: "retreat",
      sector: { war: "land", hqs: ["Actor.h1"], hex: "0101" },
      subject: "PzBrig 1",
      settle: { action: "retreat", source: combatCard },
    });
    expect(await ruler(item!)).toBe("gm2");

    // PzBrig 1's player answers from the card's button (the retreat dialog on its proposed path); the active GM writes it.
    const registry = await p1.load<typeof Registry>("src/apps/base/registry");
    const dialog = (await p1.run(() => registry.openDialogById("land.retreat", { source: combatCard })))!;
    expect(dialog).not.toBeNull();
    // The map's edge behind it and I Corps' hex next to MRD 3: the proposal finds no hex to retreat to, so it stays.
    expect(dialog.dialogState).toEqual({ source: combatCard, units: [{ actor: "Actor.u1", path: [] }] });
    const answered = p1.run(() => dialog.resolve());
    await quiet(net);
    expect(await answered).not.toBeNull();
    // Applied at once: 2 hits for the hex it could not retreat, the last of its strength.
    const answer = lastMessage().id;
    expect(await cardOn(net.serverCopy, answer)).toMatchObject({
      state: "applied",
      requestedBy: "p1",
      effects: [
        { type: "hits", actor: "Actor.u1", amount: 2 },
        { type: "eliminated", actor: "Actor.u1" },
      ],
    });
    expect(await hexOn(net.serverCopy, "Actor.u1")).toBe("");
    expect(await queue()).toEqual([]);
  });

  it("Movement: the timetable's arrival at its turn, Control's card; Apply brings PzBrig 9 in, Undo puts every copy back exactly", async () => {
    const from = chatSize();
    await advanceTo("movement", 1);
    const fresh = net.serverCopy.run(() => [...net.serverCopy.entry.chatFake.messages.values()].slice(from));
    const timetable = fresh.filter((m) => isTimetableCard(m.system));
    expect(timetable).toHaveLength(1);
    const card = timetable[0]!.id;
    const token = ((await cardOn(net.serverCopy, card)).effects[0] as { token: string }).token;
    expect((await cardOn(net.serverCopy, card)).effects).toEqual([
      { type: "arrived", actor: "Actor.u9", hex: "0101", token },
      { type: "mode", actor: "Actor.u9", mode: "march" },
    ]);
    const before = worlds();
    expect(await hexOn(net.serverCopy, "Actor.u9")).toBe("");
    // Control's card: PzBrig 9's own player may not carry it out.
    expect(await applyAs(p1, card)).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
    expect(await applyAs(gm, card)).toEqual({ ok: true });
    const arrived = worlds();
    for (const copy of [net.serverCopy, gm, land, p1, p2]) expect(await hexOn(copy, "Actor.u9"), copy.name).toBe("0101");
    expect((arrived["actors"] as Raw)["u9"]).toMatchObject({ system: { mode: "march" } });
    // Undo: the token goes, the mode comes back, on every copy exactly as before.
    expect(await undoAs(gm, card)).toEqual({ ok: true });
    expect(worlds()).toEqual(before);
    expect(await hexOn(net.serverCopy, "Actor.u9")).toBe("");
  });

  it("the end of Movement: a stacking breach waits, the Land umpire's, until the move that made it is undone", async () => {
    // The Movement entry card (the turn's MP) applied; the Warsaw Pact's group moves first, then NATO's.
    const entry = net.serverCopy.run(() =>
      [...net.serverCopy.entry.chatFake.messages.values()].findLast((m) => m.type === "resolution" && m.system["state"] === "pending"),
    )!;
    expect(await applyAs(gm, entry.id)).toEqual({ ok: true });
    expect(await next()).toMatchObject({ ok: true });
    expect(position()).toMatchObject({ stage: "movement", slot: 5 });
    // PzGrenBrig 3 moves in with ArtBde 2 (0103): the move stands, stacking is checked at the end of Movement.
    const moved = await drag(p1, "u3", ["0103"]);
    expect(await hexOn(net.serverCopy, "Actor.u3")).toBe("0103");
    expect(await queue()).toEqual([]);
    // The GM's Next after the last group: the stacking card, the tracker held in Movement.
    expect(await next()).toMatchObject({ ok: true });
    expect(position()).toMatchObject({ stage: "movement" });
    const stacking = lastMessage();
    expect((stacking.flags["nobc"] as Raw)["stackingEnd"]).toMatchObject({
      turn: 1,
      violations: [{ hex: "0103", rule: "artilleryMixed" }],
    });
    const [item, ...rest] = await queue();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      id: `stacking:${stacking.id}:0103`,
      kind: "stacking",
      sector: { war: "land", hqs: ["Actor.h1"], hex: "0103" },
      subject: "0103",
    });
    expect(await ruler(item!)).toBe("gm2");
    // The Land umpire rules: PzGrenBrig 3's move is undone (a request to the active GM's client), and the breach is gone.
    expect(await undoAs(land, moved)).toEqual({ ok: true });
    expect(await hexOn(net.serverCopy, "Actor.u3")).toBe("0203");
    expect(await queue()).toEqual([]);
    // The next Next leaves Movement.
    expect(await next()).toMatchObject({ ok: true });
    expect(position()).toMatchObject({ turn: 1, stage: "resupply" });
  });

  it("in the Air War's step 9 a damaged squadron nobody asked to repair waits (the active GM's, the Air umpire gone) until its player asks", async () => {
    await advanceTo("airRepair", 2);
    expect(await queue()).toEqual([]);
    // Map Control moves JaBoG 31 to the damaged box by hand on its sheet (the umpire's correction: the GM's own write).
    await gm.run(async () => {
      const squadrons = [...(game.actors as unknown as Iterable<{ id: string; update(d: object): Promise<unknown> }>)];
      await squadrons.find((a) => a.id === "s1")!.update({ "system.box": "damaged" });
    });
    await quiet(net);
    const [item, ...rest] = await queue();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ kind: "repair", id: "repair:Actor.s1:2", sector: { war: "air" } });
    expect(await ruler(item!)).toBe("gm");
    // p1 asks for the repair in its stage: the card holds the squadron's repair, and the item leaves.
    const request = await p1.load<typeof Request>("src/apps/base/request");
    // The GM's client rolls the repair die.
    rollOn(gm, [6]);
    expect(await p1.run(() => request.requestResolution("airMissions.repair", { side: "nato", automatic: [] }))).toMatchObject({
      ok: true,
    });
    await quiet(net);
    expect(await queue()).toEqual([]);
    // The repair card stays pending: p1 may apply it in step 9 (nothing to rule on while it is).
    repairCard = lastMessage().id;
    expect(await cardOn(net.serverCopy, repairCard)).toMatchObject({ state: "pending", requestedBy: "p1", action: "airMissions.repair" });
  });

  it("a stage left with a team not ready names it", async () => {
    const ready = await p1.load<typeof Ready>("src/combat/readiness-request");
    expect(await p1.run(() => ready.requestReady("nato", true))).toBe(true);
    await quiet(net);
    // NATO marked ready; Control's confirm on Next names the Warsaw Pact, its HQ and its player. Control stays.
    const asked = gm.sheets!.dialogs.length;
    expect(await next(false)).toEqual({ ok: false, reason: "NOBC.Turn.Ready.Stayed" });
    expect(gm.sheets!.dialogs).toHaveLength(asked + 1);
    const named = () => gm.sheets!.rendered.findLast((r) => r.path.endsWith("combat/ready-confirm.hbs"))!.data;
    expect(named()).toEqual({
      stage: "NOBC.Turn.Stage.airRepair",
      who: [{ labelKey: "NOBC.Turn.Side.wp", hqs: [{ name: "1 GTA", players: "p2", needKey: null }] }],
    });
    expect(position()).toMatchObject({ turn: 2, stage: "airRepair" });
    // Control goes on: the stage entered records whom it went on without.
    expect(await next(true)).toMatchObject({ ok: true });
    expect(position()).toMatchObject({ turn: 2, stage: "airCapacity" });
    expect(turnOn(net.serverCopy).system).toMatchObject({ ready: [], overridden: ["wp", "Actor.w0"] });
  });

  it("step 9 left with p1's repair card not applied: it waits for an override, the active GM's with the Air umpire gone", async () => {
    const [item, ...rest] = await queue();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ id: `override:${repairCard}`, kind: "override", sector: { war: "air" }, subject: "JaBoG 31" });
    expect(await ruler(item!)).toBe("gm");
    expect(await applyAs(p1, repairCard)).toMatchObject({ ok: false });
    expect(await applyAs(land, repairCard)).toMatchObject({ ok: false, reason: "NOBC.Control.Refused.notRuler" });
    expect(await applyAs(gm, repairCard)).toEqual({ ok: true });
    expect((await cardOn(p1, repairCard)).overrides?.map((o) => o.by)).toEqual(["gm"]);
    expect(await queue()).toEqual([]);
  });

  it("turn 2, Orders: the timetable's withdrawal at its turn; Apply takes TD 2 off the map, Undo puts every copy back exactly", async () => {
    const from = chatSize();
    await advanceTo("orders", 2);
    const fresh = net.serverCopy.run(() => [...net.serverCopy.entry.chatFake.messages.values()].slice(from));
    const timetable = fresh.filter((m) => isTimetableCard(m.system));
    expect(timetable.map((m) => m.system["once"])).toEqual(["timetable:2:orders"]);
    const card = timetable[0]!.id;
    expect((await cardOn(net.serverCopy, card)).effects).toEqual([{ type: "leftMap", actor: "Actor.w2" }]);
    const before = worlds();
    expect(await hexOn(net.serverCopy, "Actor.w2")).toBe("0401");
    // TD 2's own player may not carry it out; Control does.
    expect(await applyAs(p2, card)).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
    expect(await applyAs(gm, card)).toEqual({ ok: true });
    const after = worlds();
    for (const copy of [net.serverCopy, gm, land, p1, p2]) expect(await hexOn(copy, "Actor.w2"), copy.name).toBe("");
    // Off the map, not eliminated: the actor stands as it was.
    expect(after["actors"]).toEqual(before["actors"]);
    expect(await undoAs(gm, card)).toEqual({ ok: true });
    expect(worlds()).toEqual(before);
    expect(await hexOn(net.serverCopy, "Actor.w2")).toBe("0401");
    expect(await queue()).toEqual([]);
  });

  it("the Land umpire leaves: the combat card its player marks for an umpire is the active GM's to rule on now", async () => {
    const card = combatCard;
    expect(await markAs(p2, card)).toEqual({ ok: true });
    const [item] = await queue();
    expect(item).toMatchObject({ kind: "marked", id: `marked:${card}`, sector: { war: "land" } });
    expect(await ruler(item!)).toBe("gm2");
    expect(await ruleAs(gm, card)).toMatchObject({ ok: false, reason: "NOBC.Control.Refused.notRuler" });
    net.dropOut(land);
    await quiet(net);
    expect(await ruler(item!)).toBe("gm");
    expect(await ruleAs(gm, card)).toEqual({ ok: true });
    expect((await cardOn(p2, card)).rulings).toEqual([{ kind: "ruled", by: "gm" }]);
    // Nothing waits for a ruling at the end of the game.
    expect(await queue()).toEqual([]);
  });
});
