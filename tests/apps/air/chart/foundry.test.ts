/**
 * The Air War chart window through the harness (issue #32): an allocation made on the chart (its
 * drops and its keyboard buttons, the actions the page's drag and drop asks) posts the allocation
 * dialog's own request, and the card applied gives the same documents as the dialog's; a range
 * refusal moves nothing and posts nothing; a player's chart is their own side's and its card is
 * theirs to apply and undo; outside step 1 the boxes take nothing.
 */
import "../../../harness/install";
import { sheetsFake } from "../../../harness/sheets-fake";
import { chatFake } from "../../../harness/chat-fake";
import { registerRequests } from "../../../harness/requests";
import { beforeEach, afterEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../../../harness/foundry";
import { squadronSystem, type SquadronSystemOver } from "../battle/fixtures";
import { requestCardAction } from "../../../../src/queries/register";
import { registerSettings, SETTING_KEYS } from "../../../../src/base/settings";
import { SYSTEM_ID } from "../../../../src/base/constants";
import { openDialog } from "../../../../src/apps/base/registry";
import { ALLOCATION } from "../../../../src/apps/air/battle/dialogs";
import { CAPACITY } from "../../../../src/apps/air/missions/dialogs";
import { turn } from "../../../../src/rules/index";
import { openAirAllocation } from "../../../../src/apps/air/battle/macros";
import { AIR_CHART } from "../../../../src/apps/air/chart/dialogs";
import { registerAirChart } from "../../../../src/apps/air/chart/register";
import { clearStageRegistry, stageActions } from "../../../../src/combat/registry";
import type { NobcDialog } from "../../../../src/apps/base/dialog";
import type { ChartState } from "../../../../src/apps/air/chart/state";
import type { ChartView } from "../../../../src/apps/air/chart/context";

type Raw = Record<string, unknown>;
const g = globalThis as unknown as { game: Raw };

Object.defineProperty(harness.game["messages"] as object, "contents", { get: () => [...chatFake.messages.values()], configurable: true });

const actors: Record<string, FakeActorT> = {};
const KEYS = ["f15", "f16", "a10", "rf4", "mig29"] as const;

function squadronActor(key: string, over: SquadronSystemOver): void {
  const actor = new harness.Actor({ name: key, type: "airSquadron", system: squadronSystem({ aircraft: key, deepStrike: 0, ...over }) });
  sheetsFake.actors.push(actor);
  actors[key] = actor;
}

/** Stage 0 is Air War step 1 (src/rules/nobc/turn.ts). */
function setStage(stage: number | null): void {
  if (stage === null) delete g.game["combat"];
  else g.game["combat"] = { type: "nobcTurn", system: { turn: 1, stage } };
}

async function world(): Promise<void> {
  harness.reset();
  registerSettings();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests([ALLOCATION, CAPACITY]);
  for (const key of Object.keys(actors)) Reflect.deleteProperty(actors, key);
  squadronActor("f15", { airToAir: 5, cas: 0, weapons: [{ kind: "aam", name: "AIM-120" }] });
  squadronActor("f16", { airToAir: 4, cas: 3 });
  squadronActor("a10", { airToAir: 1, cas: 5 });
  squadronActor("rf4", { airToAir: 1, cas: 0, recce: true, range: 2 });
  squadronActor("mig29", { side: "wp", airToAir: 5, cas: 0 });
  for (const key of ["f15", "f16", "a10", "rf4"]) chatFake.own(actors[key]!, "p1");
  chatFake.own(actors["mig29"]!, "p2");
  await (game.settings as unknown as { set(ns: string, key: string, value: unknown): Promise<unknown> }).set(
    SYSTEM_ID,
    SETTING_KEYS.airZoneDistances,
    { North: { South: 1, Baltic: 3 } },
  );
  setStage(0);
}

const messages = () => [...chatFake.messages.values()];
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const uuid = (key: string) => actors[key]!.uuid;
/** A drop as the page's drag and drop hands it to the `place` action: the box, and the squadrons dragged. */
const drop = (box: string, ...keys: string[]) => ({ dataset: { box, squadrons: keys.map(uuid).join(",") } }) as unknown as HTMLElement;
/** A box's "Put the selected here" button, and a counter's own button (the keyboard's way). */
const button = (data: Record<string, string>) => ({ dataset: data }) as unknown as HTMLElement;
const chartOf = (dialog: NobcDialog) => dialog.dialogState as ChartState;
const contextOf = async (dialog: NobcDialog) =>
  (await (dialog as unknown as { _prepareContext(o: object): Promise<Raw> })._prepareContext({})) as unknown as ChartView;

/** The squadrons' documents by key: what an allocation writes. */
function documents() {
  return Object.fromEntries(
    KEYS.map((key) => {
      const s = actors[key]!.system;
      return [key, { box: s["box"], airZone: s["airZone"], airbase: s["airbase"], weapons: s["weapons"] }];
    }),
  );
}

/** The last card's record and effects with UUIDs told as keys, to compare two worlds. */
function lastCard() {
  const system = messages().at(-1)!.system;
  const byUuid = new Map(KEYS.map((k) => [uuid(k), k]));
  return JSON.parse(JSON.stringify({ records: system["records"], effects: system["effects"], state: system["state"] }), (_k, v: unknown) =>
    typeof v === "string" && byUuid.has(v) ? byUuid.get(v) : v,
  ) as Raw;
}

beforeEach(world);
afterEach(() => setStage(null));

describe("the chart's allocation is the dialog's", () => {
  it("drops and the keyboard's buttons post the same card and write the same documents as the allocation dialog", async () => {
    // Through the dialog: the F-15 to air superiority, the A-10 to CAS in the South, the RF-4 to recce.
    const dialog = (await openAirAllocation({ side: "nato", zone: "North" }))!;
    await dialog.change({
      "box-0": "airSuperiority",
      "box-2": "cas",
      "target-2": "South",
      "weaponKind-2": "cas",
      "weaponName-2": "Maverick",
      "box-3": "recce",
    });
    expect(await dialog.resolve()).not.toBeNull();
    const dialogCard = lastCard();
    await requestCardAction("apply", messages().at(-1)!.id);
    const byDialog = documents();
    expect(byDialog["a10"]).toMatchObject({ box: "cas", airZone: "North" });
    expect(byDialog["f15"]).toMatchObject({ box: "airSuperiority" });

    // The same through the chart, in a new world.
    await world();
    const chart = (await openDialog(AIR_CHART, { side: "nato", zone: "North" }))!;
    expect(chartOf(chart).side).toBe("nato");
    await chart.act("place", drop("airSuperiority", "f15"));
    await chart.change({ targetZone: "South" });
    await chart.act("place", drop("cas", "a10"));
    // A weapon card dragged onto the A-10's counter, named first.
    await chart.change({ weaponName: "Maverick" });
    await chart.act("arm", button({ weapon: "cas", squadrons: uuid("a10") }));
    // A second card on the F-15, which carries its AIM-120: the rules refuse it, nothing changes.
    await chart.act("arm", button({ weapon: "aam", squadrons: uuid("f15") }));
    expect(warnings()).toHaveLength(1);
    expect(chartOf(chart).allocation.rows[0]!.weaponKind).toBe("");
    harness.notices.length = 0;
    await chart.change({ targetZone: "North" });
    // The keyboard: select the RF-4's counter, then the Recce box's button.
    await chart.act("select", button({ squadron: uuid("rf4") }));
    expect(chartOf(chart).selected).toEqual([uuid("rf4")]);
    await chart.act("place", button({ box: "recce" }));
    const view = await contextOf(chart);
    expect(view.canPost).toBe(true);
    expect(view.operations[1]!.counters.map((c) => [c.name, c.drafted, c.targetZone, c.weapon])).toEqual([
      ["a10", true, "South", "NOBC.WeaponKind.cas: Maverick"],
    ]);
    expect(messages()).toHaveLength(0); // the draft posts nothing

    await chart.act("postAllocation", button({}));
    expect(messages()).toHaveLength(1);
    expect(lastCard()).toEqual(dialogCard);
    await requestCardAction("apply", messages().at(-1)!.id);
    expect(documents()).toEqual(byDialog);
    // The window stays open on a fresh draft: the applied squadrons are drawn in their boxes.
    const after = await contextOf(chart);
    expect(after.others.find((b) => b.id === "unbased")!.counters.map((c) => c.name)).toEqual(["f16"]);
    expect(after.operations[0]!.counters.map((c) => [c.name, c.drafted])).toEqual([["f15", false]]);
    expect(warnings()).toEqual([]);
  });

  it("a drop out of range is refused with the rules' words: nothing moves, nothing is posted", async () => {
    const chart = (await openDialog(AIR_CHART, { side: "nato", zone: "North" }))!;
    await chart.change({ targetZone: "Baltic" });
    await chart.act("place", drop("cas", "a10", "rf4"));
    expect(chartOf(chart).allocation.rows.every((r) => r.box === "")).toBe(true);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain("Baltic");
    // The A-10's range and the RF-4's, and the RF-4's CAS factor of 0.
    expect(chartOf(chart).refusals).toHaveLength(3);
    const view = await contextOf(chart);
    expect(view.canPost).toBe(false);
    expect(view.refusals).toEqual(chartOf(chart).refusals);
    // The counter is drawn where it was: on the ready squadrons' box.
    expect(view.others.find((b) => b.id === "unbased")!.counters.map((c) => c.name)).toContain("a10");
    await chart.act("postAllocation", button({}));
    expect(messages()).toHaveLength(0);
  });

  it("a player's chart: their side only; the GM posts their card, which they apply and undo", async () => {
    chatFake.setUsers("p1");
    expect(await openDialog(AIR_CHART, { side: "wp" })).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.AirChart.Refused.notYourSide");
    const chart = (await openDialog(AIR_CHART))!;
    expect(chartOf(chart).side).toBe("nato");
    const view = await contextOf(chart);
    expect(view.sides.map((s) => s.value)).toEqual(["nato"]);
    await chart.act("place", drop("deepStrike", "f16"));
    expect(warnings().at(-1)).toContain("f16"); // no deep-strike factor
    await chart.act("place", drop("cas", "f16"));
    await chart.act("postAllocation", button({}));
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.resolve"]);
    const card = messages().at(-1)!;
    expect(card.author?.id).toBe("gm");
    expect(card.system["requestedBy"]).toBe("p1");
    expect(await requestCardAction("apply", card.id)).toEqual({ ok: true });
    expect(actors["f16"]!.system["box"]).toBe("cas");
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect(actors["f16"]!.system["box"]).toBe("ready");
  });

  it("outside step 1 the boxes take nothing, and the chart says what the step asks", async () => {
    setStage(8); // step 9, aircraft repair
    const chart = (await openDialog(AIR_CHART, { side: "nato", zone: "North" }))!;
    await chart.act("place", drop("cas", "a10"));
    expect(chartOf(chart).allocation.rows.every((r) => r.box === "")).toBe(true);
    expect(warnings().at(-1)).toContain("NOBC.AirChart.Refused.notNow");
    const view = await contextOf(chart);
    expect(view.step).toContain("NOBC.AirChart.Step.airRepair");
    expect(view.others.find((b) => b.id === "damaged")!.highlighted).toBe(true);
  });
});

describe("on the tracker, and drawn again as the documents change", () => {
  it("has a button in each of the eleven Air War steps, for players too, and none in the Land War", () => {
    clearStageRegistry();
    registerAirChart();
    for (const stage of turn.STAGES)
      expect(stageActions(stage.id, false).map((a) => a.id)).toEqual(stage.war === "air" ? [`air.chart.${stage.id}`] : []);
  });

  it("an open chart is drawn once for a burst of squadron changes, and not for other actors'", async () => {
    clearStageRegistry();
    registerAirChart();
    const chart = (await openDialog(AIR_CHART, { side: "nato", zone: "North" }))!;
    const renders = () => (chart as unknown as { renders: number }).renders;
    const before = renders();
    // One write call for two squadrons, as an Apply makes it.
    const Actors = harness.Actor as unknown as { updateDocuments(rows: Raw[]): Promise<unknown> };
    await Actors.updateDocuments([
      { _id: actors["f16"]!.id, system: { box: "holding" } },
      { _id: actors["a10"]!.id, system: { box: "holding" } },
    ]);
    await Promise.resolve();
    expect(renders()).toBe(before + 1);
    expect((await contextOf(chart)).others.find((b) => b.id === "holding")!.counters.map((c) => c.name)).toEqual(["f16", "a10"]);
    // A land unit changed: no chart to draw again.
    const unit = new harness.Actor({ name: "3 Pz Div", type: "hq", system: {} });
    await unit.update({ name: "3. Panzerdivision" });
    await Promise.resolve();
    expect(renders()).toBe(before + 1);
  });
});

describe("the chart's basing (step 10) is the basing dialog's", () => {
  const bases: Record<string, FakeActorT> = {};

  async function basingWorld(): Promise<void> {
    await world();
    for (const [key, name] of [
      ["ramstein", "Ramstein"],
      ["hahn", "Hahn"],
    ] as const) {
      bases[key] = new harness.Actor({
        name,
        type: "airbase",
        system: {
          side: "nato",
          airZone: "North",
          baseCapacity: 2,
          hits: { repairable: 0, permanent: 0 },
          airDefence: { value: 2, max: 4 },
        },
      });
      sheetsFake.actors.push(bases[key]);
    }
    // Ramstein full with the F-15 and F-16; the A-10 waits in Holding without a base (the rules place in the
    // squadrons' order, so a squadron chosen after the ones there finds the base full).
    for (const key of ["f15", "f16"]) actors[key]!.system["airbase"] = bases["ramstein"]!.uuid;
    actors["a10"]!.system["box"] = "holding";
    setStage(turn.stageIndex("airCapacity"));
  }

  beforeEach(basingWorld);

  it("a drop onto an airbase posts the basing dialog's card and, applied, writes the same documents", async () => {
    const dialog = (await openDialog(CAPACITY))!;
    await dialog.change({ [`base:${uuid("a10")}`]: bases["hahn"]!.uuid });
    expect(await dialog.resolve()).not.toBeNull();
    const dialogCard = lastCard();
    await requestCardAction("apply", messages().at(-1)!.id);
    const byDialog = documents();
    expect(byDialog["a10"]).toMatchObject({ box: "ready" });

    await basingWorld();
    const chart = (await openDialog(AIR_CHART, { side: "nato", zone: "North" }))!;
    const view = await contextOf(chart);
    expect(view.basingStep).toBe(true);
    expect(view.airbases.map((b) => [b.label, b.open, b.highlighted])).toEqual([
      ["Ramstein", true, true],
      ["Hahn", true, true],
    ]);
    await chart.act("place", drop(`airbase:${bases["hahn"]!.uuid}`, "a10"));
    expect((await contextOf(chart)).airbases[1]!.counters.map((c) => [c.name, c.drafted])).toEqual([["a10", true]]);
    await chart.act("postBasing", button({}));
    expect(messages()).toHaveLength(1);
    // The same card but for the airbases' UUIDs, which differ from world to world.
    const strip = (card: Raw) => JSON.parse(JSON.stringify(card).replace(/Actor\.id\d+/g, "base")) as Raw;
    expect(strip(lastCard())).toEqual(strip(dialogCard));
    await requestCardAction("apply", messages().at(-1)!.id);
    expect(JSON.stringify(documents()).replace(/Actor\.id\d+/g, "base")).toEqual(JSON.stringify(byDialog).replace(/Actor\.id\d+/g, "base"));
    expect(actors["a10"]!.system["airbase"]).toBe(bases["hahn"]!.uuid);
    expect(warnings()).toEqual([]);
  });

  it("a full airbase is refused with the rules' words; a player may not base squadrons", async () => {
    const chart = (await openDialog(AIR_CHART, { side: "nato", zone: "North" }))!;
    await chart.act("place", drop(`airbase:${bases["ramstein"]!.uuid}`, "a10"));
    expect(chartOf(chart).basing).toEqual({});
    expect(warnings().at(-1)).toContain("NOBC.Rules.Air.Capacity.Refusal.airbaseFull");
    expect(messages()).toHaveLength(0);
    expect((await contextOf(chart)).others.find((b) => b.id === "holding")!.counters.map((c) => [c.name, c.drafted])).toEqual([
      ["a10", false],
    ]);

    chatFake.setUsers("p1");
    const mine = (await openDialog(AIR_CHART))!;
    await mine.act("place", drop(`airbase:${bases["hahn"]!.uuid}`, "a10"));
    expect(warnings().at(-1)).toContain("NOBC.AirChart.Refused.basingGmOnly");
    expect(chartOf(mine).basing).toEqual({});
  });
});
