/**
 * The air battle's Foundry shells through the harness: the turn panel's buttons, the dialogs'
 * posts, the GM's steps, and one scripted air battle (steps 1-6) from ready squadrons to the return,
 * every card applied through the card's own Apply.
 */
import "../../../harness/install";
import { sheetsFake } from "../../../harness/sheets-fake";
import { chatFake } from "../../../harness/chat-fake";
import { registerRequests } from "../../../harness/requests";
import { squadronSystem, type SquadronSystemOver } from "./fixtures";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../../../harness/foundry";
import { requestCardAction } from "../../../../src/queries/register";
import { clearStageRegistry, stageActionById, stageActions } from "../../../../src/combat/registry";
import {
  openAirAllocation,
  openAirLineUp,
  openAirSorties,
  resolveAirCombatStep,
  resolveAirReturnStep,
  resolveAirSuperiorityStep,
} from "../../../../src/apps/air/battle/macros";
import { registerAirBattleActions } from "../../../../src/apps/air/battle/register";
import { ALLOCATION, LINE_UP, SORTIES } from "../../../../src/apps/air/battle/dialogs";
import { scriptedDice } from "../../../../src/rules/dice";
import { phrase } from "../../../../src/rules/resolution";
import { say } from "../../../../src/base/foundry";
import { NobcDialog } from "../../../../src/apps/base/dialog";
import type { AllocationState } from "../../../../src/apps/air/battle/allocation/state";
import type { LineUpState } from "../../../../src/apps/air/battle/lineup/state";
import type { SortieState } from "../../../../src/apps/air/battle/sorties/state";

type Raw = Record<string, unknown>;

Object.defineProperty(harness.game["messages"] as object, "contents", { get: () => [...chatFake.messages.values()], configurable: true });

const actors: Record<string, FakeActorT> = {};

function squadronActor(key: string, over: SquadronSystemOver): FakeActorT {
  const actor = new harness.Actor({ name: key, type: "airSquadron", system: squadronSystem({ aircraft: key, deepStrike: 0, ...over }) });
  sheetsFake.actors.push(actor);
  actors[key] = actor;
  return actor;
}

const box = (key: string): unknown => actors[key]!.system["box"];

function messages() {
  return [...chatFake.messages.values()];
}

function lastRecord(): Raw {
  return (messages().at(-1)!.system["records"] as Raw)["airBattle"] as Raw;
}

const allocationOf = (dialog: NobcDialog) => dialog.dialogState as AllocationState;
const lineUpOf = (dialog: NobcDialog) => dialog.dialogState as LineUpState;
const sortiesOf = (dialog: NobcDialog) => dialog.dialogState as SortieState;
/** The button of a line-up row (`data-action`, `data-index`). */
const row = (action: string, index: number) => ({ dataset: { action, index: String(index) } }) as unknown as HTMLElement;

function warnings(): string[] {
  return harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
}

async function applyLast(): Promise<void> {
  await requestCardAction("apply", messages().at(-1)!.id);
}

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  clearStageRegistry();
  registerRequests([ALLOCATION, LINE_UP, SORTIES]);
  for (const key of Object.keys(actors)) Reflect.deleteProperty(actors, key);
  squadronActor("f15", { airToAir: 5, cas: 0, weapons: [{ kind: "aam", name: "AIM-120" }] });
  squadronActor("f16", { airToAir: 4 });
  squadronActor("a10", { airToAir: 1, cas: 5 });
  squadronActor("mig29", { side: "wp", airToAir: 5, cas: 0 });
  squadronActor("mig23", { side: "wp", airToAir: 3, cas: 2 });
  squadronActor("su25", { side: "wp", airToAir: 1, cas: 5 });
  for (const key of ["f15", "f16", "a10"]) chatFake.own(actors[key]!, "p1");
  for (const key of ["mig29", "mig23", "su25"]) chatFake.own(actors[key]!, "p2");
});

describe("the turn panel's buttons", () => {
  it("registers one action per step 1-6; players see only their sides' choices", () => {
    registerAirBattleActions();
    const stages = ["airAllocation", "airLineup", "airCombat", "airSuperiority", "airSorties", "airReturn"] as const;
    expect(stages.map((s) => stageActions(s, true).map((a) => a.id))).toEqual([
      ["air.allocation", "air.zoneDistances"],
      ["air.lineUp"],
      ["air.combat"],
      ["air.superiority"],
      ["air.sorties"],
      ["air.return"],
    ]);
    expect(stages.flatMap((s) => stageActions(s, false).map((a) => a.id))).toEqual(["air.allocation", "air.lineUp", "air.sorties"]);
    expect(() => registerAirBattleActions()).toThrow(/already registered/);
  });

  it("the superiority button posts one card with the level's breakdown", async () => {
    registerAirBattleActions();
    for (const key of ["f15", "f16", "mig29"]) actors[key]!.system["box"] = "airSuperiority";
    await stageActionById("air.superiority")!.run();
    expect(messages()).toHaveLength(1);
    const view = sheetsFake.rendered.at(-1)!.data as { title: string; kicker: string; rows: { label: string; valueText: string }[] };
    expect(view.kicker).toContain("NOBC.AirBattle.Superiority.CardTitle");
    expect(view.rows.map((r) => r.label)).toEqual([
      say(phrase("NOBC.Rules.Air.Superiority.NatoLeft")),
      say(phrase("NOBC.Rules.Air.Superiority.WpLeft")),
    ]);
    expect(view.rows.map((r) => r.valueText)).toEqual([expect.stringContaining("2"), expect.stringContaining("1")]);
    expect(view.title).toContain("NOBC.AirBattle.StatusWinner"); // the headline: who holds the air
    expect(messages()[0]!.system).toMatchObject({ state: "pending", effects: [] });
  });

  it("a player cannot run the GM's steps: refused, nothing posted", async () => {
    chatFake.setUsers("p1");
    actors["f15"]!.system["box"] = "airSuperiority";
    expect(await resolveAirSuperiorityStep()).toBeNull();
    expect(await resolveAirCombatStep()).toBeNull();
    expect(await resolveAirReturnStep()).toBeNull();
    expect(messages()).toHaveLength(0);
    expect(warnings()).toHaveLength(3);
    expect(warnings()[0]).toContain("NOBC.AirBattle.Refused.gmOnly");
  });

  it("bad macro arguments are refused naming the field; nothing opens", async () => {
    expect(await openAirSorties({ side: "red" })).toBeNull();
    expect(await openAirAllocation({ zoneDistances: { North: { South: -2 } } })).toBeNull();
    expect(await resolveAirSuperiorityStep({ zone: 3 })).toBeNull();
    expect(sheetsFake.appRenders).toHaveLength(0);
    expect(warnings()).toHaveLength(3);
    expect(warnings()[0]).toMatch(/openAirSorties.*field\W+side/);
    expect(warnings()[1]).toMatch(/field\W+zoneDistances\.North\.South/);
  });
});

describe("the dialogs", () => {
  it("a player's allocation shows only their squadrons, and the card they post they may apply", async () => {
    chatFake.setUsers("p1");
    const dialog = (await openAirAllocation())!;
    expect(sheetsFake.appRenders).toHaveLength(1);
    expect(allocationOf(dialog).side).toBe("nato");
    expect(allocationOf(dialog).rows.map((r) => r.squadron)).toEqual([actors["f15"]!.uuid, actors["f16"]!.uuid, actors["a10"]!.uuid]);
    const context = (await (dialog as unknown as { _prepareContext(o: object): Promise<Raw> })._prepareContext({})) as {
      canPost: boolean;
      problems: string[];
    };
    expect(context.canPost).toBe(false);
    await dialog.change({ "box-0": "airSuperiority", "box-2": "cas" });
    expect(await dialog.resolve()).not.toBeNull();
    expect((dialog as unknown as { closes: number }).closes).toBe(1);
    expect(lastRecord()).toMatchObject({ kind: "allocation", side: "nato", missions: [{ box: "airSuperiority" }, { box: "cas" }] });
    // Asked of the GM, who posted it: the card names the asker.
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.resolve"]);
    expect(messages().at(-1)!.author?.id).toBe("gm");
    expect(messages().at(-1)!.system["requestedBy"]).toBe("p1");
    await applyLast();
    expect([box("f15"), box("f16"), box("a10")]).toEqual(["airSuperiority", "ready", "cas"]);
  });

  it("a refused allocation warns with every reason and posts nothing", async () => {
    const dialog = (await openAirAllocation({ side: "nato", zone: "North" }))!;
    await dialog.change({ "box-0": "cas", "box-1": "recce" });
    expect(await dialog.resolve()).toBeNull();
    expect(messages()).toHaveLength(0);
    const reasons = [
      phrase("NOBC.Rules.Air.Allocation.Refusal.unfitCas", { squadron: "f15" }),
      phrase("NOBC.Rules.Air.Allocation.Refusal.wrongWeapon", {
        squadron: "f15",
        weapon: "AIM-120",
        kind: phrase("NOBC.Rules.Air.WeaponKind.aam"),
        box: phrase("NOBC.Rules.Air.Box.cas"),
      }),
      phrase("NOBC.Rules.Air.Allocation.Refusal.unfitRecce", { squadron: "f16" }),
    ];
    expect(warnings()).toEqual([say(phrase("NOBC.Notify.Refused", { reason: reasons.map(say).join(" ") }))]);
  });

  it("the line-up goes side by side through the cards", async () => {
    for (const key of ["f15", "f16", "mig29", "mig23"]) actors[key]!.system["box"] = "airSuperiority";
    chatFake.setUsers("p1");
    const early = (await openAirLineUp())!;
    expect(await early.resolve()).toBeNull();
    expect(warnings()[0]).toContain("notYourPart");

    chatFake.setUsers("p2");
    expect(await (await openAirLineUp({ zone: "North" }))!.resolve()).not.toBeNull();
    expect(lastRecord()).toEqual({ kind: "lineUp", zone: "North", wpLine: [actors["mig29"]!.uuid, actors["mig23"]!.uuid] });

    chatFake.setUsers("p1");
    const nato = (await openAirLineUp())!;
    await nato.act("down", row("down", 0)); // not NATO's to move
    expect(lineUpOf(nato).wpLine[0]).toBe(actors["mig29"]!.uuid);
    await nato.change({ "opposite-0": actors["mig23"]!.uuid, "opposite-1": actors["mig29"]!.uuid });
    expect(await nato.resolve()).not.toBeNull();

    chatFake.setUsers("p2");
    const wp = (await openAirLineUp())!;
    await wp.act("restart", row("restart", 0)); // only a GM may start over
    expect(lineUpOf(wp).recorded).toEqual(["wpLine", "natoOpposite"]);
    expect(await wp.resolve()).not.toBeNull();
    expect(lastRecord()["bouts"]).toEqual([
      { wp: actors["mig29"]!.uuid, nato: actors["f16"]!.uuid },
      { wp: actors["mig23"]!.uuid, nato: actors["f15"]!.uuid },
    ]);
    expect(messages()).toHaveLength(3);
  });

  it("the GM may start the line-up over and move WP's squadrons", async () => {
    for (const key of ["f15", "mig29", "mig23"]) actors[key]!.system["box"] = "airSuperiority";
    actors["mig23"]!.system["airToAir"] = 5;
    const dialog = (await openAirLineUp())!;
    // Equal values stand in name order; the GM may swap them.
    expect(lineUpOf(dialog).wpLine[0]).toBe(actors["mig23"]!.uuid);
    await dialog.act("up", row("up", 1));
    expect(lineUpOf(dialog).wpLine[0]).toBe(actors["mig29"]!.uuid);
    expect(await dialog.resolve()).not.toBeNull();
    const again = (await openAirLineUp())!;
    expect(lineUpOf(again).bouts).not.toBeNull();
    await again.act("restart", row("restart", 0));
    expect(lineUpOf(again).bouts).toBeNull();
    await again.change({ zone: "North" }); // the same zone: the fresh start is kept
    expect(lineUpOf(again).recorded).toEqual([]);
    expect(await again.resolve()).not.toBeNull();
    expect(messages()).toHaveLength(2);
  });

  it("a refused sortie selection warns and posts nothing", async () => {
    actors["a10"]!.system["box"] = "cas";
    chatFake.setUsers("p2");
    const dialog = (await openAirSorties({ side: "nato", zone: "North" }))!;
    expect(await dialog.resolve()).toBeNull();
    expect(warnings()[0]).toContain("notOwned");
    expect(messages()).toHaveLength(0);
  });
});

describe("a scripted air battle, steps 1-6", () => {
  it("runs from the allocation to the return with every document state asserted", async () => {
    // Step 1: each side allocates its own squadrons and applies its own card.
    chatFake.setUsers("p1");
    const natoAlloc = (await openAirAllocation())!;
    await natoAlloc.change({ "box-0": "airSuperiority", "box-1": "airSuperiority", "box-2": "cas" });
    await natoAlloc.resolve();
    await applyLast();
    chatFake.setUsers("p2");
    const wpAlloc = (await openAirAllocation())!;
    await wpAlloc.change({ "box-0": "airSuperiority", "box-1": "airSuperiority", "box-2": "cas" });
    await wpAlloc.resolve();
    await applyLast();
    expect(["f15", "f16", "a10", "mig29", "mig23", "su25"].map(box)).toEqual([
      "airSuperiority",
      "airSuperiority",
      "cas",
      "airSuperiority",
      "airSuperiority",
      "cas",
    ]);

    // Step 2: the GM lines up in one go (defaults: best against best).
    chatFake.setUsers("gm");
    expect(await (await openAirLineUp())!.resolve()).not.toBeNull();

    // Step 3: F-15 (AAM) fires first and hits the MiG-29 (2); MiG-23 misses (6), F-16 hits (1).
    sheetsFake.answer = true;
    const fought = await resolveAirCombatStep({}, scriptedDice([2, 6, 1]));
    expect(fought).toHaveLength(1);
    expect(sheetsFake.dialogs).toHaveLength(1);
    expect(messages().at(-1)!.rolls).toHaveLength(1);
    expect(lastRecord()).toMatchObject({ kind: "airCombat", zone: "North" });
    expect(await resolveAirCombatStep({}, scriptedDice([1, 1, 1]))).toBeNull(); // one combat per line-up
    await applyLast();
    expect(["mig29", "mig23", "f15", "f16"].map(box)).toEqual(["damaged", "damaged", "airSuperiority", "airSuperiority"]);

    // Step 4: 2 against 0 is supremacy for NATO.
    await resolveAirSuperiorityStep();
    expect((sheetsFake.rendered.at(-1)!.data as { title: string }).title).toContain('"level":"NOBC.AirBattle.Level.supremacy"');

    // Step 6 first is refused: no sorties yet.
    expect(await resolveAirReturnStep()).toBeNull();
    expect(warnings().at(-1)).toContain("noSorties");

    // Step 5: NATO (12 CAS) flies its A-10; WP (2 CAS) flies nothing.
    chatFake.setUsers("p1");
    expect(await (await openAirSorties())!.resolve()).not.toBeNull();
    expect(lastRecord()).toMatchObject({
      kind: "sorties",
      side: "nato",
      status: { level: "supremacy", winner: "nato" },
      flying: [actors["a10"]!.uuid],
    });
    chatFake.setUsers("p2");
    const wpSorties = (await openAirSorties())!;
    await wpSorties.change({ "fly-0": false });
    expect(await wpSorties.resolve()).not.toBeNull();

    // Step 6: fighters home to holding (AAM discarded), the Su-25 intercepted.
    chatFake.setUsers("gm");
    expect(await resolveAirReturnStep({ zone: "North" })).toHaveLength(1);
    await applyLast();
    expect(["f15", "f16", "a10", "mig29", "mig23", "su25"].map(box)).toEqual([
      "holding",
      "holding",
      "cas",
      "damaged",
      "damaged",
      "damaged",
    ]);
    expect(actors["f15"]!.system["weapons"]).toEqual([]);
    expect(messages().every((m) => m.system["state"] !== undefined)).toBe(true);
  });

  it("the GM may decline the bouts: nothing is rolled or posted", async () => {
    for (const key of ["f15", "mig29"]) actors[key]!.system["box"] = "airSuperiority";
    await (await openAirLineUp())!.resolve();
    sheetsFake.answer = false;
    expect(await resolveAirCombatStep({}, scriptedDice([]))).toBeNull();
    expect(messages()).toHaveLength(1);
  });
});

describe("the dialogs' wiring", () => {
  type Handler = (this: unknown, ...args: unknown[]) => unknown;
  const call = (fn: Handler, self: unknown, ...args: unknown[]) => fn.call(self, ...args) as Promise<void>;
  const handler = NobcDialog.DEFAULT_OPTIONS.form.handler as unknown as Handler;
  const actionsOf = (dialog: NobcDialog) => (dialog as unknown as { options: { actions: Record<string, Handler> } }).options.actions;

  it("the form handler and the buttons call the dialog's own steps", async () => {
    for (const key of ["f15", "mig29", "mig23"]) actors[key]!.system["box"] = "airSuperiority";
    actors["a10"]!.system["box"] = "cas";
    registerAirBattleActions();

    const allocation = (await stageActionById("air.allocation")!.run()) as NobcDialog;
    await call(handler, allocation, new Event("change"), null, { object: { "box-0": "cas" } });
    expect(allocationOf(allocation).rows[0]!.box).toBe("cas");
    await call(actionsOf(allocation)["post"]!, allocation);
    expect(messages()).toHaveLength(1);

    const lineUp = (await stageActionById("air.lineUp")!.run()) as NobcDialog;
    await call(actionsOf(lineUp)["down"]!, lineUp, new Event("click"), row("down", 0));
    expect(lineUpOf(lineUp).wpLine[0]).toBe(actors["mig23"]!.uuid);
    await call(actionsOf(lineUp)["up"]!, lineUp, new Event("click"), row("up", 1));
    expect(lineUpOf(lineUp).wpLine[0]).toBe(actors["mig29"]!.uuid);
    await call(handler, lineUp, new Event("change"), null, {
      object: { "switch-0-a": actors["mig29"]!.uuid, "switch-0-b": actors["mig23"]!.uuid },
    });
    await call(actionsOf(lineUp)["post"]!, lineUp);
    expect(lastRecord()["wpSwitches"]).toEqual([[actors["mig29"]!.uuid, actors["mig23"]!.uuid]]);
    await call(actionsOf(lineUp)["restart"]!, lineUp, new Event("click"), row("restart", 0));

    const sorties = (await stageActionById("air.sorties")!.run()) as NobcDialog;
    await call(handler, sorties, new Event("change"), null, { object: { "fly-0": false } });
    expect(sortiesOf(sorties).selected).toEqual([]);
    await call(actionsOf(sorties)["post"]!, sorties);
    expect(lastRecord()).toMatchObject({ kind: "sorties", flying: [] });

    sheetsFake.answer = true;
    await stageActionById("air.combat")!.run();
    await stageActionById("air.superiority")!.run();
    await stageActionById("air.return")!.run();
    expect(messages().map((m) => ((m.system["records"] as Raw)["airBattle"] as Raw | undefined)?.["kind"] ?? "card")).toEqual([
      "allocation",
      "lineUp",
      "sorties",
      "airCombat",
      "card",
      "card",
    ]);
  });
});
