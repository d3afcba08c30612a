/**
 * Issue #31, "Done when": the game played with two umpires (Air and Land) and the GM (Map Control)
 * over the multi-client harness, the whole system on every client (tests/security/system-clients.ts).
 * The GM `gm` is the active GM; `gm2` is the Land umpire (the Land War), `gm3` the Air umpire (the
 * Air War); `p1` plays NATO, `p2` the Warsaw Pact. Every request of a sector is ruled by that
 * sector's umpire while online and by the active GM once they are not; an umpire's ruling is a
 * request to the active GM's client, which writes it and names the umpire on the card; the queue
 * holds each item while it waits and empties as they are settled; a stage left with a team not
 * ready names it.
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
import type * as Actors from "../harness/actors";
import type * as WmdFixture from "../apps/land/wmd-fixture";
import type * as LandFixture from "../apps/land/fixture";
import type * as MapFixture from "../map/fixture";
import type { QueueItem } from "../../src/apps/control/queue";
import type { CardFlags } from "../../src/chat/card-data";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

type Raw = Record<string, unknown>;
const NUC = "Actor.h1.Item.nuc1";
const RELEASE = { card: NUC, target: "nuclear", hex: "0302", otherHex: "", identification: ["Actor.h1.Item.int1", "Actor.h1.Item.rec1"] };
const WMD_STAGE = turn.stageIndex(stagesFor("request", "land.wmd")[0]!);

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
    const made = actors.loadActors(wmd.wmdSpecs(), fixture.at);
    harness.setSceneFlag("terrain", map.smallMap());
    for (const id of ["h1", "u1", "u2", "u3", "s1"]) chatFake.own(made.get(id)!, "p1");
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
  // Map Control names the umpires: the Land War's and the Air War's.
  await gm.run(() =>
    game.settings!.set("nobc", "umpires", {
      umpires: { gm2: { wars: ["land"], hqs: [], areas: [] }, gm3: { wars: ["air"], hqs: [], areas: [] } },
    }),
  );
  await quiet(net);
});
afterAll(() => {
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

async function ruleAs(copy: Client, id: string): Promise<{ ok: boolean; reason?: string }> {
  const marks = await copy.load<typeof Marks>("src/queries/control-marks");
  const done = copy.run(() => marks.requestRule(id));
  await quiet(net);
  return done;
}

describe("two umpires and the GM", () => {
  let releaseMessage: string;
  let nuclearCard: string;

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

  it("in the Air War's step 9 a damaged squadron nobody asked to repair waits (the active GM's, the Air umpire gone) until its player asks", async () => {
    const stage = turn.stageIndex("airRepair");
    await gm.run(async () => {
      const combat = (game as unknown as { combats: { type: string; update(d: object): Promise<unknown> }[] }).combats.find(
        (c) => c.type === "nobcTurn",
      )!;
      await combat.update({ "system.stage": stage, "system.reached": stage });
      const squadrons = [...(game.actors as unknown as Iterable<{ id: string; update(d: object): Promise<unknown> }>)];
      await squadrons.find((a) => a.id === "s1")!.update({ "system.box": "damaged" });
    });
    await quiet(net);
    const [item, ...rest] = await queue();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ kind: "repair", id: "repair:Actor.s1:1", sector: { war: "air" } });
    expect(await ruler(item!)).toBe("gm");
    // p1 asks for the repair in its stage: the card holds the squadron's repair, and the item leaves.
    const request = await p1.load<typeof Request>("src/apps/base/request");
    expect(await p1.run(() => request.requestResolution("airMissions.repair", { side: "nato", automatic: [] }))).toMatchObject({
      ok: true,
    });
    await quiet(net);
    expect(await queue()).toEqual([]);
  });

  it("a stage left with a team not ready names it", async () => {
    const ready = await p1.load<typeof Ready>("src/combat/readiness-request");
    expect(await p1.run(() => ready.requestReady("nato", true))).toBe(true);
    await quiet(net);
    const confirm = await gm.load<typeof Confirm>("src/combat/readiness-confirm");
    const context = gm.run(() => {
      const combat = (game as unknown as { combats: { type: string }[] }).combats.find((c) => c.type === "nobcTurn")!;
      // The tracker's rows are the HQs (the harness's Combat keeps no combatants of its own).
      const hqs = [...(game.actors as unknown as Iterable<{ id: string; type: string }>)].filter((a) => a.type === "hq");
      Object.assign(combat, { combatants: hqs.map((a, i) => ({ id: `cb${String(i)}`, actorId: a.id, actor: a })) });
      return confirm.confirmContext(combat as never);
    });
    // NATO marked ready; Control's confirm on Next names the Warsaw Pact, its HQ and its player.
    expect(context).toEqual({
      stage: "NOBC.Turn.Stage.airRepair",
      who: [{ labelKey: "NOBC.Turn.Side.wp", hqs: [{ name: "1 GTA", players: "p2", needKey: null }] }],
    });
  });
});
