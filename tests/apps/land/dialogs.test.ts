/** The Foundry shells of the Land War phase dialogs, through the harness. */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { registerRequests } from "../../harness/requests";
import { loadActors } from "../../harness/actors";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../../harness/foundry";
import { clearDialogRegistry } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { clearStageRegistry, stageActions, stageEntries } from "../../../src/combat/registry";
import { LAND_DIALOGS, openLandPhase, registerLandPhases, wireInformationCard } from "../../../src/apps/land/register";
import { landPhaseMacros } from "../../../src/apps/land/macros";
import { currentTurn, readLandWorld } from "../../../src/apps/land/world";
import type { NobcDialog } from "../../../src/apps/base/dialog";
import { HqSheet } from "../../../src/sheets/sheets";
import { smallMap } from "../../map/fixture";
import { at, specs } from "./fixture";
import { phrase, type Phrase } from "../../../src/rules/resolution";
import { say } from "../../../src/base/foundry";
import { RefusedError } from "../../../src/base/errors";
import { registerSettings } from "../../../src/base/settings";

type Raw = Record<string, unknown>;
let actors: Map<string, FakeActorT>;

function build(): void {
  harness.reset();
  registerSettings();
  sheetsFake.reset();
  chatFake.reset();
  // A player's Submit is a request the GM answers by the dialog's registered id
  // (by id only: registerLandPhases, tested below, adds the turn panel's buttons).
  registerRequests(LAND_DIALOGS);
  actors = loadActors(specs(), at);
  harness.setSceneFlag("terrain", smallMap());
  for (const id of ["h1", "u1", "u2", "u3", "s1"]) chatFake.own(actors.get(id)!, "p1");
  for (const id of ["w0", "w1", "w2", "w3"]) chatFake.own(actors.get(id)!, "p2");
}

const A = (id: string) => `Actor.${id}`;
/** The one refusal warning, with its reason as the harness words it. */
const refusedWith = (reason: string) => `NOBC.Notify.Refused ${JSON.stringify({ reason })}`;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const system = (id: string) => actors.get(id)!.system;

beforeEach(build);
afterEach(() => {
  clearStageRegistry();
  clearDialogRegistry();
  delete harness.game["combats"];
});

describe("Orders dialog", () => {
  it("a player posts one card for their HQ; its Apply (through the GM) charges the SP in one Actor.updateDocuments call", async () => {
    chatFake.setUsers("p1");
    const dialog = (await landPhaseMacros.openOrders({ hq: A("h1") }))!;
    expect((dialog as unknown as { renders: number }).renders).toBe(1);
    await dialog.change({ [`mode:${A("u3")}`]: "march" });
    const message = (await dialog.resolve()) as { id: string; system: Raw; author: { id: string } };
    expect(chatFake.messages.size).toBe(1);
    expect((dialog as unknown as { closes: number }).closes).toBe(1);
    // The GM resolved the request and authored the card, naming who asked.
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.resolve"]);
    expect(message.author.id).toBe("gm");
    expect(message.system["requestedBy"]).toBe("p1");
    expect((message.system as { effects: unknown[] }).effects).toEqual([
      { type: "supply", actor: A("u1"), delta: -1 },
      { type: "mode", actor: A("u3"), mode: "march" },
    ]);
    const card = sheetsFake.rendered.find((r) => r.path.endsWith("chat/resolution-card.hbs"))!.data as { title: string; kicker: string };
    expect(card.kicker).toContain("NOBC.Land.Orders.CardTitle");
    expect(card.title).toContain("NOBC.Land.Orders.Outcome"); // the headline: what the orders cost

    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.resolve", "nobc.applyCard"]);
    expect(harness.Actor.calls.filter((c) => c.method === "updateDocuments")).toHaveLength(1);
    expect(system("u1")["supply"]).toBe(0);
    expect(system("u3")["mode"]).toBe("march");
  });

  it("an HQ gives orders once a turn: a second card is refused while the first stands applied, free again once undone", async () => {
    harness.game["combats"] = [{ type: "nobcTurn", system: { turn: 2 } }];
    const order = async (more: Raw = {}) => {
      const dialog = (await landPhaseMacros.openOrders({ hq: A("h1") }))!;
      await dialog.change({ [`mode:${A("u3")}`]: "march", ...more });
      return dialog;
    };
    const first = (await (await order()).resolve()) as { id: string; system: Raw };
    expect(first.system["once"]).toBe("orders:Actor.h1:2");
    // Two cards posted before either is applied: the GM applies only one.
    const second = (await (await order()).resolve()) as { id: string };
    expect(await requestCardAction("apply", first.id)).toEqual({ ok: true });
    const writes = harness.Actor.calls.length;
    expect(await requestCardAction("apply", second.id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.onceOnly" });
    expect(harness.Actor.calls.length).toBe(writes);
    // A third (u1 out of supply now, so to March) is refused at once, before any card is posted.
    expect(await (await order({ [`mode:${A("u1")}`]: "march" })).resolve()).toBeNull();
    expect(warnings().at(-1)).toBe(refusedWith("NOBC.Chat.Refused.onceOnly"));
    expect(chatFake.messages.size).toBe(2);
    // Undo the first: the second may now be applied; the next turn has its own key.
    expect(await requestCardAction("undo", first.id)).toEqual({ ok: true });
    expect(await requestCardAction("apply", second.id)).toEqual({ ok: true });
    harness.game["combats"] = [{ type: "nobcTurn", system: { turn: 3 } }];
    const next = (await (await order({ [`mode:${A("u1")}`]: "march" })).resolve()) as { system: Raw };
    expect(next.system["once"]).toBe("orders:Actor.h1:3");
  });

  it("a player of the other side cannot open another side's orders: refused, nothing posted", async () => {
    chatFake.setUsers("p2");
    expect(await landPhaseMacros.openOrders({ hq: A("h1") })).toBeNull();
    expect(warnings()).toEqual([refusedWith('NOBC.Land.Refused.notYourHq {"hq":"I Corps"}')]);
    expect(sheetsFake.appRenders).toHaveLength(0);
    expect(chatFake.messages.size).toBe(0);
  });

  it("a refused order warns with the rules' reasons and posts nothing", async () => {
    const dialog = (await openLandPhase("orders", A("h1")))!;
    expect(await dialog.resolve()).toBeNull();
    expect(warnings()[0]).toContain("NOBC.Rules.Land.Orders.Refusal.noSupply");
    expect(warnings()[0]).toContain("PzGrenBrig 3");
    expect(chatFake.messages.size).toBe(0);
    const context = (await (dialog as unknown as { _prepareContext(o: object): Promise<Raw> })._prepareContext({})) as {
      units: unknown[];
      canPost: boolean;
    };
    expect([context.units.length, context.canPost]).toEqual([3, false]);
  });
});

describe("Resupply and HQ recovery dialogs", () => {
  it("a refused resupply (over the level) posts nothing and warns with the rules' reasons", async () => {
    const dialog = (await landPhaseMacros.openResupply({ hq: A("h1") }))!;
    await dialog.change({ [`give:${A("u1")}`]: "1", [`give:${A("u3")}`]: "2" });
    expect(await dialog.resolve()).toBeNull();
    expect(warnings()[0]).toContain("NOBC.Rules.Land.Resupply.Refusal.overAllocation");
    expect(chatFake.messages.size).toBe(0);
  });

  it("an accepted resupply, then the HQ's recovery with a Signals card, each post one card", async () => {
    const resupply = (await landPhaseMacros.openResupply({ hq: A("h1") }))!;
    await resupply.change({ [`give:${A("u3")}`]: "2" });
    await resupply.resolve();
    const recovery = (await landPhaseMacros.openHqRecovery({ hq: A("h1") }))!;
    await recovery.change({ "play:Actor.h1.Item.sig1": true });
    await recovery.resolve();
    const cards = [...chatFake.messages.values()].map((m) => (m.system as { effects: unknown[] }).effects);
    expect(cards).toEqual([
      [{ type: "supply", actor: A("u3"), delta: 2 }],
      [
        { type: "hqLevel", actor: A("h1"), delta: 2 },
        { type: "cardDiscarded", card: "Actor.h1.Item.sig1" },
      ],
    ]);
  });
});

describe("HQ recovery with more cards than can add a level (issue #17, item 8)", () => {
  // I Corps at level 3 of 4: the free level reaches 4, so its Signals card adds nothing.
  const oneBelowMax = () => actors.get("h1")!.update({ "system.level.value": 3 });
  const playSignals = { "play:Actor.h1.Item.sig1": true };

  it("by default is accepted, capped at the maximum, with a warning naming the card kept in hand (not discarded)", async () => {
    await oneBelowMax();
    const recovery = (await landPhaseMacros.openHqRecovery({ hq: A("h1") }))!;
    await recovery.change(playSignals);
    const context = await (recovery as unknown as { _prepareContext(): Promise<Raw> })._prepareContext();
    const warning = say(phrase("NOBC.Land.Recovery.KeptWarning", { hq: "I Corps", count: 1, cards: "Fernmelder" }));
    expect(context["warning"]).toBe(warning);
    expect(context["canPost"]).toBe(true);
    const message = (await recovery.resolve()) as { system: { effects: unknown[] } };
    // The free level only; the Signals card stays in the HQ's hand (no cardDiscarded).
    expect(message.system.effects).toEqual([{ type: "hqLevel", actor: A("h1"), delta: 1 }]);
    // The card shows the warning among its inputs.
    const card = sheetsFake.rendered.find((r) => r.path.includes("chat"))!.data as { inputs: { label: string; value: string }[] };
    expect(card.inputs.at(-1)).toEqual({ label: say(phrase("NOBC.Land.Recovery.Warning")), value: warning });
  });

  it("with the strict world setting is refused whole, posting nothing", async () => {
    await oneBelowMax();
    await game.settings!.set("nobc", "recoveryRefusesWastedCards", true);
    const recovery = (await landPhaseMacros.openHqRecovery({ hq: A("h1") }))!;
    await recovery.change(playSignals);
    expect(await recovery.resolve()).toBeNull();
    expect(warnings()[0]).toContain("NOBC.Rules.Land.Resupply.Refusal.cardsWasted");
    expect(chatFake.messages.size).toBe(0);
  });

  it("the setting is a world setting, off by default, shown in the settings window", () => {
    expect(game.settings!.get("nobc", "recoveryRefusesWastedCards")).toBe(false);
  });
});

describe("the HQ sheet's Recover button", () => {
  const clickRecover = async () => {
    const sheet = new HqSheet({ document: actors.get("h1")! });
    const recover = HqSheet.DEFAULT_OPTIONS.actions.recoverHq as (this: unknown, e: Event, t: HTMLElement) => Promise<void>;
    await recover.call(sheet, new Event("click"), { dataset: {} } as unknown as HTMLElement);
    return sheetsFake.appRenders.map((r) => r.app as NobcDialog);
  };

  it("opens the Recovery dialog for that HQ and writes nothing itself; its card carries the once-a-turn key", async () => {
    chatFake.setUsers("p1");
    harness.game["combats"] = [{ type: "nobcTurn", system: { turn: 4, stage: 16 } }]; // Resupply & HQ Recovery
    const opened = await clickRecover();
    expect(opened).toHaveLength(1);
    expect(harness.Actor.calls).toEqual([]);
    expect(chatFake.messages.size).toBe(0);
    const message = (await opened[0]!.resolve()) as { system: Raw; author: { id: string } };
    expect(message.author.id).toBe("gm");
    expect(message.system).toMatchObject({
      once: "recovery:Actor.h1:4",
      requestedBy: "p1",
      effects: [{ type: "hqLevel", actor: A("h1"), delta: 1 }],
    });
  });

  it("for a player of the other side, refuses and opens nothing", async () => {
    chatFake.setUsers("p2");
    expect(await clickRecover()).toEqual([]);
    expect(warnings()).toHaveLength(1);
  });
});

describe("Rear-area attack and demolition dialogs", () => {
  it("rolls with Foundry's random source and attaches the die to the card", async () => {
    (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"] = { randomUniform: () => 0.99 };
    try {
      const dialog = (await landPhaseMacros.openRearAreaAttack({ target: A("w2") }))!;
      await dialog.change({ target: A("w2"), ident0: "Actor.h1.Item.int1", ident1: "Actor.h1.Item.rec1", [`strike:${A("s1")}`]: true });
      const message = (await dialog.resolve()) as { rolls: { total: number }[] };
      expect(message.rolls[0]!.total).toBe(6);
      // CAS 3 + 6 = 9, halved (city) to 4, doubled (March Mode) to 8: 4 hits on TD 2.
      expect((chatFake.messages.values().next().value!.system as { effects: unknown[] }).effects).toContainEqual({
        type: "hits",
        actor: A("w2"),
        amount: 4,
      });
    } finally {
      delete (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"];
    }
  });

  it("a player may not attack for the other side", async () => {
    chatFake.setUsers("p1");
    expect(await landPhaseMacros.openRearAreaAttack({ target: A("u1") })).toBeNull();
    expect(warnings()).toEqual([refusedWith('NOBC.Land.Refused.notYourSide {"side":"NOBC.Side.wp"}')]);
  });

  it("reads the turn from the nobcTurn Combat: turn 0 forbids what the table forbids", async () => {
    harness.game["combats"] = [
      { type: "base", system: {} },
      { type: "nobcTurn", system: { turn: 0 } },
    ];
    expect(currentTurn()).toBe(0);
    expect(readLandWorld().turn).toBe(0);
    const dialog = (await landPhaseMacros.openDemolition({ hq: A("h1") }))!;
    await dialog.change({ "by:0101|0201": "Actor.h1.Item.e1" });
    const context = (await (dialog as unknown as { _prepareContext(o: object): Promise<Raw> })._prepareContext({})) as {
      turnZero: boolean;
      chances: { chance: string }[];
    };
    expect(context.turnZero).toBe(true);
    expect(context.chances[0]!.chance).toContain("NOBC.Land.Demolition.AtLeast");
    delete harness.game["combats"];
    expect(currentTurn()).toBeNull();
  });
});

describe("demolition card", () => {
  it("NATO engineers on turn 1 blow a minor bridge without a roll; the card lists the attempt", async () => {
    harness.game["combats"] = [{ type: "nobcTurn", system: { turn: 1 } }];
    const dialog = (await landPhaseMacros.openDemolition({}))!;
    await dialog.change({ hq: A("h1") });
    await dialog.change({ "by:0101|0201": "Actor.h1.Item.e1" });
    const message = (await dialog.resolve()) as { system: Raw; rolls: unknown[] };
    expect((message.system as { effects: unknown[] }).effects).toEqual([{ type: "bridgeDestroyed", hexside: "0101|0201" }]);
    expect(message.rolls).toEqual([]);
  });

  it("a WP player may not send NATO engineers", async () => {
    chatFake.setUsers("p2");
    expect(await landPhaseMacros.openDemolition({ hq: A("h1") })).toBeNull();
    expect(warnings()).toEqual([refusedWith('NOBC.Land.Refused.notYourSide {"side":"NOBC.Side.nato"}')]);
  });
});

describe("macros and registration", () => {
  it("refuses bad macro arguments, naming the field, and opens nothing", async () => {
    expect(await landPhaseMacros.openOrders({})).toBeNull();
    expect(await landPhaseMacros.openRearAreaAttack({ side: "red" })).toBeNull();
    expect(await landPhaseMacros.openDemolition({ hq: 3 })).toBeNull();
    const wrongType = (received: Phrase) =>
      phrase("NOBC.Validation.InvalidType", { expected: phrase("NOBC.Validation.Type.string"), received });
    const refusedArg = (macro: string, field: string, problem: Phrase) =>
      say(phrase("NOBC.Notify.Refused", { reason: phrase("NOBC.Validation.Args.MacroProblem", { macro, field, problem }) }));
    expect(warnings()).toEqual([
      refusedArg("openOrders", "hq", wrongType(phrase("NOBC.Validation.Type.undefined"))),
      refusedArg("openRearAreaAttack", "side", phrase("NOBC.Validation.InvalidOption", { values: '"nato", "wp"' })),
      refusedArg("openDemolition", "hq", wrongType(phrase("NOBC.Validation.Type.number"))),
    ]);
    expect(sheetsFake.appRenders).toHaveLength(0);
  });

  it("registers the stage actions for everyone and the entries of Orders and Resupply", async () => {
    registerLandPhases();
    expect(stageActions("orders", false).map((a) => a.id)).toEqual(["land.orders"]);
    expect(stageActions("rearArea", false).map((a) => a.id)).toEqual(["land.rearArea", "land.demolition"]);
    expect(stageActions("resupply", false).map((a) => a.id)).toEqual(["land.resupply", "land.recovery"]);
    expect(harness.hooks.some((h) => h.name === "renderChatMessageHTML")).toBe(true);

    const position = { turn: 1, stage: 0, current: { id: "orders" }, turnZero: false } as never;
    await stageEntries("orders")[0]!(position);
    await stageEntries("resupply")[0]!(position);
    const [orders, resupply] = [...chatFake.messages.values()];
    expect(orders!.author?.id).toBe("gm");
    expect(orders!.flags["nobc"]).toEqual({ landInfo: "orders" });
    expect(resupply!.flags["nobc"]).toEqual({ landInfo: "resupply" });
    const views = sheetsFake.rendered.filter((r) => r.path.includes("apps/land/")).map((r) => r.data as { hqs: { name: string }[] });
    expect(views.map((v) => v.hqs.map((h) => h.name))).toEqual([
      ["I Corps", "1 GTA"],
      ["I Corps", "1 GTA"],
    ]);

    // The stage action opens the dialog for the user's first HQ.
    await stageActions("orders", true)[0]!.run();
    expect(sheetsFake.appRenders).toHaveLength(1);
  });

  it("the information card's buttons open their HQ's dialog; other messages are left alone", async () => {
    const clicks: (() => void)[] = [];
    const button = { dataset: { nobcLandOpen: "resupply", hq: A("h1") }, addEventListener: (_: string, fn: () => void) => clicks.push(fn) };
    const html = { querySelectorAll: () => [button] } as unknown as HTMLElement;
    wireInformationCard({ flags: {}, author: "gm" }, html);
    expect(clicks).toHaveLength(0);
    // A player's message carrying the flag is not an information card.
    wireInformationCard({ flags: { nobc: { landInfo: "resupply" } }, author: "p1" }, html);
    expect(clicks).toHaveLength(0);
    wireInformationCard({ flags: { nobc: { landInfo: "resupply" } }, author: "gm" }, html);
    clicks[0]!();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(sheetsFake.appRenders).toHaveLength(1);
    expect(await openLandPhase("nothing")).toBeNull();
  });

  it("a player's client posts no stage entry: the entries refuse, nothing is posted", async () => {
    registerLandPhases();
    chatFake.setUsers("p1");
    const position = { turn: 1, stage: 0, current: { id: "orders" }, turnZero: false } as never;
    await expect(stageEntries("orders")[0]!(position)).rejects.toBeInstanceOf(RefusedError);
    await expect(stageEntries("resupply")[0]!(position)).rejects.toBeInstanceOf(RefusedError);
    expect(chatFake.messages.size).toBe(0);
  });

  it("a user with no HQ is told so when a stage action opens a dialog", async () => {
    chatFake.setUsers("p1");
    chatFake.disownAll();
    expect(await openLandPhase("resupply")).toBeNull();
    expect(await openLandPhase("demolition")).toBeNull();
    expect(await openLandPhase("rearArea")).toBeNull();
    expect(warnings()).toEqual([
      refusedWith("NOBC.Land.Refused.noHq"),
      refusedWith("NOBC.Land.Refused.noHq"),
      refusedWith("NOBC.Land.Refused.noHq"),
    ]);
  });
});
