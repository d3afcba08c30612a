/**
 * The "Air zone distances" window: the pure state (symmetric cells, blank as no distance, problems
 * naming the two zones) and, through the harness, the menu in Configure Settings and the tracker's
 * button: load, edit, one settings write, refused values, a player refused, and the allocation from
 * the tracker then using the saved table without a macro argument.
 */
import "../../../harness/install";
import { sheetsFake } from "../../../harness/sheets-fake";
import { chatFake } from "../../../harness/chat-fake";
import { registerRequests } from "../../../harness/requests";
import { squadronSystem, i18n, type SquadronSystemOver } from "./fixtures";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../../../harness/foundry";
import { registerSettings } from "../../../../src/base/settings";
import { clearStageRegistry, stageActionById, stageActions } from "../../../../src/combat/registry";
import { clearDialogRegistry, openDialogById } from "../../../../src/apps/base/registry";
import { registerAirBattleActions } from "../../../../src/apps/air/battle/register";
import { ALLOCATION, LINE_UP, SORTIES, ZONE_DISTANCES } from "../../../../src/apps/air/battle/dialogs";
import { ZONE_DISTANCES_MENU } from "../../../../src/apps/air/battle/menu";
import { readZoneDistances } from "../../../../src/apps/air/battle/world";
import { zoneDistancesContext } from "../../../../src/apps/air/battle/distances/context";
import {
  cellKey,
  checkZoneDistances,
  zoneDistancesFromForm,
  zoneDistancesState,
  type ZoneDistancesState,
} from "../../../../src/apps/air/battle/distances/state";
import type { NobcDialog } from "../../../../src/apps/base/dialog";
import type { AllocationState } from "../../../../src/apps/air/battle/allocation/state";
import { phrase } from "../../../../src/rules/resolution";
import { say } from "../../../../src/base/foundry";

type Raw = Record<string, unknown>;

const stateOf = (dialog: NobcDialog) => dialog.dialogState as ZoneDistancesState;
const stored = () => harness.settingsStore.get("nobc.airZoneDistances");
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const MENU = `nobc.${ZONE_DISTANCES_MENU}`;

describe("the window's state (pure)", () => {
  const table = { North: { South: 1 }, Hof: { North: 2 } };

  it("opens on every named zone of the world and the table, sorted, each pair read either way round", () => {
    const state = zoneDistancesState(["South", "North", "", "Baltic"], table);
    expect(state.zones).toEqual(["Baltic", "Hof", "North", "South"]);
    expect(state.cells).toEqual({ [cellKey(1, 2)]: "2", [cellKey(2, 3)]: "1" });
    expect(cellKey(3, 2)).toBe(cellKey(2, 3));
  });

  it("shows each pair once as an input, mirrored below the diagonal, 0 on it", () => {
    const state = zoneDistancesFromForm(zoneDistancesState(["North", "South"], {}), { [cellKey(0, 1)]: "3", other: "x" });
    const context = zoneDistancesContext(state, i18n);
    expect(context.rows.map((r) => r.cells.map((c) => [c.name, c.value, c.editable]))).toEqual([
      [
        ["", "0", false],
        ["cell-0-1", "3", true],
      ],
      [
        ["", "3", false],
        ["", "0", false],
      ],
    ]);
    expect(context.canSave).toBe(true);
    expect(checkZoneDistances(state)).toEqual({ ok: true, table: { North: { South: 3 } } });
  });

  it("saves a blank cell as no distance, and refuses a bad one naming its two zones", () => {
    const state = zoneDistancesFromForm(zoneDistancesState(["A", "B", "C"], { A: { B: 1 } }), {
      [cellKey(0, 1)]: " ",
      [cellKey(0, 2)]: "-1",
      [cellKey(1, 2)]: "100",
    });
    const checked = checkZoneDistances(state);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toEqual([
      {
        key: cellKey(0, 2),
        text: phrase("NOBC.AirZones.Problem.Cell", {
          from: "A",
          to: "C",
          problem: phrase("NOBC.AirZones.Problem.NotWhole", { input: '"-1"' }),
        }),
      },
      {
        key: cellKey(1, 2),
        text: phrase("NOBC.AirZones.Problem.Cell", {
          from: "B",
          to: "C",
          problem: phrase("NOBC.AirZones.Problem.TooFar", { input: "100", maximum: 99 }),
        }),
      },
    ]);
    const context = zoneDistancesContext(state, i18n);
    expect(context.canSave).toBe(false);
    expect(context.rows[0]!.cells.map((c) => c.invalid)).toEqual([false, false, true]);
    expect(checkZoneDistances(zoneDistancesFromForm(state, { [cellKey(0, 2)]: "", [cellKey(1, 2)]: "0" }))).toEqual({
      ok: true,
      table: { B: { C: 0 } },
    });
  });
});

const actors: Record<string, FakeActorT> = {};

function squadronActor(key: string, over: SquadronSystemOver): FakeActorT {
  const actor = new harness.Actor({ name: key, type: "airSquadron", system: squadronSystem({ aircraft: key, deepStrike: 0, ...over }) });
  sheetsFake.actors.push(actor);
  actors[key] = actor;
  return actor;
}

beforeEach(() => {
  vi.restoreAllMocks();
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  clearStageRegistry();
  clearDialogRegistry();
  registerSettings();
  registerAirBattleActions();
  registerRequests([ALLOCATION, LINE_UP, SORTIES, ZONE_DISTANCES]);
  squadronActor("f15", { airToAir: 5, cas: 0, range: 2, airZone: "North" });
  squadronActor("mig29", { side: "wp", airToAir: 5, cas: 0, airZone: "Hof" });
  const base = new harness.Actor({ name: "Bitburg", type: "airbase", system: { airZone: "South" } });
  sheetsFake.actors.push(base);
  chatFake.own(actors["f15"]!, "p1");
});

/** The menu's button in Configure Settings, as a GM presses it: the dialog it opened. */
async function openFromMenu(): Promise<NobcDialog> {
  await harness.openMenu(MENU);
  const render = sheetsFake.appRenders.at(-1);
  expect(render).toBeDefined();
  return render!.app as NobcDialog;
}

describe("the Air zone distances window", () => {
  it("is a GM's menu in Configure Settings and a GM's button on the Air allocation stage", () => {
    expect(harness.settingsMenus.get(MENU)).toMatchObject({ name: "NOBC.AirZones.Menu.name", restricted: true });
    expect(stageActions("airAllocation", true).map((a) => a.id)).toEqual(["air.allocation", "air.zoneDistances"]);
    expect(stageActions("airAllocation", false).map((a) => a.id)).toEqual(["air.allocation"]);
  });

  it("loads the stored table for the zones of the squadrons and airbases", async () => {
    await game.settings!.set("nobc", "airZoneDistances", { North: { Hof: 2 } });
    const dialog = await openFromMenu();
    expect(stateOf(dialog).zones).toEqual(["Hof", "North", "South"]);
    expect(stateOf(dialog).cells).toEqual({ [cellKey(0, 1)]: "2" });
  });

  it("saves an edit with one settings write, and the table reads the same both ways", async () => {
    const dialog = (await openDialogById("air.zoneDistances"))!;
    const set = vi.spyOn(game.settings!, "set");
    await dialog.change({ [cellKey(0, 1)]: "1", [cellKey(1, 2)]: "2", [cellKey(0, 2)]: "" });
    expect(await dialog.resolve()).toEqual({ Hof: { North: 1 }, North: { South: 2 } });
    expect(set).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual({ Hof: { North: 1 }, North: { South: 2 } });
    expect(readZoneDistances()).toEqual({ Hof: { North: 1 }, North: { South: 2 } });
    expect((dialog as unknown as { closes: number }).closes).toBe(1);
    expect(harness.notices.map((n) => [n.level, n.message])).toEqual([["info", "NOBC.AirZones.Saved"]]);
    // The mirror: the window opened again shows the same cells.
    const again = (await openDialogById("air.zoneDistances"))!;
    expect(stateOf(again).cells).toEqual({ [cellKey(0, 1)]: "1", [cellKey(1, 2)]: "2" });
  });

  it("refuses bad values naming each pair of zones, and writes nothing", async () => {
    await game.settings!.set("nobc", "airZoneDistances", { North: { Hof: 2 } });
    const dialog = await openFromMenu();
    const set = vi.spyOn(game.settings!, "set");
    await dialog.change({ [cellKey(0, 1)]: "two", [cellKey(1, 2)]: "120" });
    expect(await dialog.resolve()).toBeNull();
    expect(set).not.toHaveBeenCalled();
    expect(stored()).toEqual({ North: { Hof: 2 } });
    const reasons = [
      phrase("NOBC.AirZones.Problem.Cell", {
        from: "Hof",
        to: "North",
        problem: phrase("NOBC.AirZones.Problem.NotWhole", { input: '"two"' }),
      }),
      phrase("NOBC.AirZones.Problem.Cell", {
        from: "North",
        to: "South",
        problem: phrase("NOBC.AirZones.Problem.TooFar", { input: "120", maximum: 99 }),
      }),
    ];
    expect(warnings()).toEqual([say(phrase("NOBC.Notify.Refused", { reason: reasons.map(say).join(" ") }))]);
    expect((dialog as unknown as { closes: number }).closes).toBe(0);
  });

  it("refuses a player: the menu is not theirs, the window does not open, nothing is written", async () => {
    chatFake.setUsers("p1");
    await expect(harness.openMenu(MENU)).rejects.toThrow(/restricted/);
    expect(await openDialogById("air.zoneDistances")).toBeNull();
    expect(warnings()).toEqual([say(phrase("NOBC.Notify.Refused", { reason: phrase("NOBC.AirRequest.distancesGmOnly") }))]);
    expect(sheetsFake.appRenders).toHaveLength(0);
    expect(stored()).toEqual({});
  });

  it("a player's window left open when they lose GM rights is refused at Save", async () => {
    const dialog = (await openDialogById("air.zoneDistances"))!;
    await dialog.change({ [cellKey(0, 1)]: "1" });
    chatFake.setUsers("p1");
    expect(await dialog.resolve()).toBeNull();
    expect(stored()).toEqual({});
  });

  it("the allocation from the tracker then flies across zones on the saved table, no macro argument", async () => {
    chatFake.setUsers("p1");
    const before = (await stageActionById("air.allocation")!.run()) as NobcDialog;
    await before.change({ "box-0": "airSuperiority", "target-0": "Hof" });
    expect(await before.resolve()).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Rules.Air.Allocation.Refusal.unknownDistance");

    chatFake.setUsers("gm");
    const editor = (await stageActionById("air.zoneDistances")!.run()) as NobcDialog;
    await editor.change({ [cellKey(0, 1)]: "2" });
    await editor.resolve();

    chatFake.setUsers("p1");
    const dialog = (await stageActionById("air.allocation")!.run()) as NobcDialog;
    await dialog.change({ "box-0": "airSuperiority", "target-0": "Hof" });
    expect((dialog.dialogState as AllocationState).rows[0]!.targetZone).toBe("Hof");
    expect(await dialog.resolve()).not.toBeNull();
    const message = [...chatFake.messages.values()].at(-1)!;
    expect(((message.system["records"] as Raw)["airBattle"] as Raw)["missions"]).toEqual([
      { squadron: actors["f15"]!.uuid, box: "airSuperiority", targetZone: "Hof" },
    ]);
  });
});
