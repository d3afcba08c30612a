/**
 * Every action in its stage (issue #29, "What was seen" 1, 2, 3, 7 and 8), played through the
 * harness as a player of NATO (p1, owning I Corps and its units) and the GM:
 * 1. a Resupply asked for in Air War step 1 is refused (nothing posted, no SP); one posted in its
 *    phase is not applied by the player in another; the GM's own goes on, named on the card;
 * 2. an Orders card applied in Orders is not undone by the player in a later phase; the GM may,
 *    and the card names it;
 * 3. Combat Mode chosen twice in one turn (the sheet's mode change, then the HQ's Orders) costs 1 SP once;
 * 7. a rear-area strike asked for again with its cards held is refused before any die is rolled;
 * 8. without a turn tracker an HQ still recovers once: the second recovery is refused.
 */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { loadActors } from "../harness/actors";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { requestResolution } from "../../src/apps/base/request";
import { requestCardAction } from "../../src/queries/register";
import { LAND_DIALOGS } from "../../src/apps/land/register";
import { MODE } from "../../src/apps/land/dialogs";
import { landPhaseMacros } from "../../src/apps/land/macros";
import { registerSettings } from "../../src/base/settings";
import { turn } from "../../src/rules/index";
import { STAGE_ACTIONS, TURN_ACTIONS, stagesFor } from "../../src/rules/nobc/stage-actions";
import { smallMap } from "../map/fixture";
import { at, specs } from "../apps/land/fixture";

type Raw = Record<string, unknown>;
interface Message {
  id: string;
  system: Raw;
}
let actors: Map<string, FakeActorT>;
const A = (id: string) => `Actor.${id}`;
const system = (id: string) => actors.get(id)!.system;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const cards = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution");

/** The turn tracker at `stage` of turn `n`. */
function atStage(stage: turn.StageId, n = 1): void {
  harness.game["combats"] = [{ type: "nobcTurn", system: { turn: n, stage: turn.stageIndex(stage) } }];
}

beforeEach(() => {
  harness.reset();
  registerSettings();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests([...LAND_DIALOGS, MODE]);
  actors = loadActors(specs(), at);
  harness.setSceneFlag("terrain", smallMap());
  for (const id of ["h1", "u1", "u2", "u3", "s1"]) chatFake.own(actors.get(id)!, "p1");
  for (const id of ["w0", "w1", "w2", "w3"]) chatFake.own(actors.get(id)!, "p2");
  chatFake.setUsers("p1");
});
afterEach(() => {
  clearDialogRegistry();
  delete harness.game["combats"];
  delete (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"];
});

async function resupplyCard(): Promise<Message | null> {
  const dialog = (await landPhaseMacros.openResupply({ hq: A("h1") }))!;
  await dialog.change({ [`give:${A("u3")}`]: "2" });
  return (await dialog.resolve()) as Message | null;
}

describe("the stage table", () => {
  it("names every Land War dialog's action, and a dialog's turn-panel button sits in a stage where it may be asked for", () => {
    for (const entry of LAND_DIALOGS) {
      expect(TURN_ACTIONS).toContain(entry.id);
      if (entry.stage !== undefined) expect(stagesFor("request", entry.id as (typeof TURN_ACTIONS)[number])).toContain(entry.stage.stage);
    }
    expect(Object.keys(STAGE_ACTIONS)).toEqual(turn.STAGES.map((s) => s.id));
  });
});

describe("seen 1: actions outside their stage", () => {
  it("a player's Resupply in Air War step 1 is refused by the GM: no card, no SP", async () => {
    atStage("airAllocation");
    expect(await resupplyCard()).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Stage.Refused.request");
    expect(warnings().at(-1)).toContain("NOBC.Turn.Stage.resupply");
    expect(cards()).toHaveLength(0);
    expect(system("u3")["supply"]).toBe(0);
  });

  it("a Resupply card posted in its phase is not applied by the player in another; the GM may, and the card names it", async () => {
    atStage("resupply");
    const card = (await resupplyCard())!;
    expect(card.system["action"]).toBe("land.resupply");
    atStage("airAllocation");
    expect(await requestCardAction("apply", card.id)).toEqual({ ok: false, reason: "NOBC.Stage.Refused.apply" });
    expect(system("u3")["supply"]).toBe(0);
    chatFake.setUsers("gm");
    expect(await requestCardAction("apply", card.id)).toEqual({ ok: true });
    expect(system("u3")["supply"]).toBe(2);
    expect(chatFake.messages.get(card.id)!.system).toMatchObject({ overrides: [{ step: "apply", stage: "airAllocation", by: "gm" }] });
  });

  it("the GM's own request outside the stage goes on: the card names the override from the start", async () => {
    atStage("movement");
    chatFake.setUsers("gm");
    const card = (await resupplyCard())!;
    expect(card.system["overrides"]).toEqual([{ step: "request", stage: "movement", by: "gm" }]);
  });
});

describe("seen 2: Undo with no turn or stage limit", () => {
  it("an Orders card is undone by its player in the Orders phase it was applied in", async () => {
    atStage("orders");
    const dialog = (await landPhaseMacros.openOrders({ hq: A("h1") }))!;
    await dialog.change({ [`mode:${A("u3")}`]: "march" });
    const card = (await dialog.resolve()) as Message;
    expect(await requestCardAction("apply", card.id)).toEqual({ ok: true });
    expect(system("u3")["mode"]).toBe("march");
    // Undo in the phase it was applied in is the player's.
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect(system("u3")["mode"]).toBe("combat");
  });

  it("later, only the GM undoes it", async () => {
    atStage("orders");
    const dialog = (await landPhaseMacros.openOrders({ hq: A("h1") }))!;
    await dialog.change({ [`mode:${A("u3")}`]: "march" });
    const card = (await dialog.resolve()) as Message;
    expect(await requestCardAction("apply", card.id)).toEqual({ ok: true });
    atStage("movement");
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: false, reason: "NOBC.Stage.Refused.undoLater" });
    expect(system("u3")["mode"]).toBe("march");
    atStage("orders", 3);
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: false, reason: "NOBC.Stage.Refused.undoLater" });
    chatFake.setUsers("gm");
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect(system("u3")["mode"]).toBe("combat");
    expect(chatFake.messages.get(card.id)!.system).toMatchObject({ overrides: [{ step: "undo", stage: "orders", by: "gm" }] });
  });
});

describe("seen 3: Combat Mode paid twice in one turn", () => {
  it("the sheet's mode change, then the HQ's Orders with the unit in Combat Mode: 1 SP once (3 → 2)", async () => {
    await actors.get("u1")!.update({ "system.supply": 3, "system.mode": "march" });
    atStage("orders");
    const mode = await requestResolution("land.mode", { units: [A("u1")], mode: "combat" });
    const modeCard = mode.result as Message;
    expect(await requestCardAction("apply", modeCard.id)).toEqual({ ok: true });
    expect([system("u1")["mode"], system("u1")["supply"]]).toEqual(["combat", 2]);
    const dialog = (await landPhaseMacros.openOrders({ hq: A("h1") }))!;
    await dialog.change({ [`mode:${A("u1")}`]: "combat", [`mode:${A("u3")}`]: "march" });
    const orders = (await dialog.resolve()) as Message;
    expect(await requestCardAction("apply", orders.id)).toEqual({ ok: true });
    expect(system("u1")["supply"]).toBe(2);
  });

  it("two cards posted before either is applied: the second to be applied is refused, and asked again charges nothing", async () => {
    await actors.get("u1")!.update({ "system.supply": 3, "system.mode": "march" });
    atStage("orders");
    const first = (await requestResolution("land.mode", { units: [A("u1")], mode: "combat" })).result as Message;
    const second = (await requestResolution("land.mode", { units: [A("u1")], mode: "combat" })).result as Message;
    expect(await requestCardAction("apply", first.id)).toEqual({ ok: true });
    expect(await requestCardAction("apply", second.id)).toMatchObject({ ok: false, reason: "NOBC.Stage.Refused.paid" });
    expect(system("u1")["supply"]).toBe(2);
  });
});

describe("seen 7: a request refused for a held card rolls no die", () => {
  it("the same rear-area strike asked for again is refused before the GM's die is rolled", async () => {
    let rolled = 0;
    (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"] = {
      randomUniform: () => {
        rolled += 1;
        return 0.5;
      },
    };
    atStage("rearArea");
    const strike = async () => {
      const dialog = (await landPhaseMacros.openRearAreaAttack({ target: A("w2") }))!;
      await dialog.change({ target: A("w2"), ident0: "Actor.h1.Item.int1", ident1: "Actor.h1.Item.rec1", [`strike:${A("s1")}`]: true });
      return dialog.resolve();
    };
    expect(await strike()).not.toBeNull();
    const first = rolled;
    expect(first).toBeGreaterThan(0);
    expect(await strike()).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Request.Refused.held");
    expect(rolled).toBe(first);
    expect(cards()).toHaveLength(1);
  });
});

describe("seen 8: once a turn without a turn tracker", () => {
  it("an HQ recovers once: the second recovery is refused and the level rises by one only", async () => {
    await actors.get("h1")!.update({ "system.level.value": 1 });
    const recover = async () => (await (await landPhaseMacros.openHqRecovery({ hq: A("h1") }))!.resolve()) as Message | null;
    const first = (await recover())!;
    expect(first.system["once"]).toBe(`recovery:${A("h1")}`);
    expect(await requestCardAction("apply", first.id)).toEqual({ ok: true });
    expect((system("h1")["level"] as { value: number }).value).toBe(2);
    expect(await recover()).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Chat.Refused.onceOnly");
    expect((system("h1")["level"] as { value: number }).value).toBe(2);
  });
});
