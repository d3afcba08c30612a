/**
 * Logistics (NQM seed 004, Logistics: Resupply) as the umpire's dialog: refusals naming the field,
 * what Resupply will do shown before it (no dice), the seed's resupply (one DIV LOG spent, each stand
 * filled to its strength), the DIV LOG and ammunition written and undone exactly, and a player's
 * request answered by the GM's client.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { registerRequests } from "../../harness/requests";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../../harness/foundry";
import { clearDialogRegistry, openDialog, openDialogById, toolkitEntries, registerDialog } from "../../../src/apps/base/registry";
import { requestResolution } from "../../../src/apps/base/request";
import { requestCardAction } from "../../../src/queries/register";
import { LOGISTICS, NQM_DIALOGS } from "../../../src/apps/nqm/dialogs";
import {
  initialLogistics,
  logisticsCard,
  logisticsFromForm,
  logisticsResolution,
  type LogisticsArgs,
  type LogisticsState,
} from "../../../src/apps/nqm/logistics/state";
import { logisticsContext } from "../../../src/apps/nqm/logistics/context";
import { logisticsController } from "../../../src/apps/nqm/logistics/controller";
import { langFileWording, speak } from "../../../src/words/phrase";
import type { Phrase } from "../../../src/rules/resolution";
import en from "../../../lang/en.json";
import { loadNqmActors, plainWorld } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const fields = (world: ReturnType<typeof plainWorld>, state: LogisticsState) => {
  const checked = logisticsResolution(world, state);
  return checked.ok ? [] : checked.refusals.map((r) => r.field);
};

/** A Warsaw Pact dump (the battery holds two DIV LOG) and the conscript company down to one die of three. */
const dumpWorld = (selected: readonly string[] = [], more: Record<string, Record<string, unknown>> = {}) =>
  plainWorld(selected, {
    w2: { supplyUnits: { log: 2, pol: 0 }, ammo: 2 },
    w1: { ammo: 1 },
    ...more,
  });

describe("the logistics dialog's state (pure)", () => {
  it("opens on the dump holding DIV LOG and every combat stand of its side that is short of dice", () => {
    const world = dumpWorld();
    expect(initialLogistics(world)).toEqual({
      dump: A("w2"),
      stands: [A("w1")],
      tracked: [],
      overnight: true,
      vehicleSentBack: false,
    });
    // The selected tokens narrow the stands; a selected enemy stand is left out.
    expect(initialLogistics(dumpWorld(["a1", "w1"], { w1: { ammo: 3 } })).stands).toEqual([A("w1")]);
  });

  it("the seed's resupply: one DIV LOG from the dump, the stand filled back to its strength, nothing rolled", () => {
    const world = dumpWorld();
    const checked = logisticsResolution(world, initialLogistics(world));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.rolls).toEqual([]);
    expect(checked.value.outcome).toEqual({ diceIssued: 2 });
    expect(checked.value.effects).toEqual([
      { type: "supplyUnits", actor: A("w2"), kind: "log", delta: -1 },
      { type: "ammo", actor: A("w1"), delta: 2 },
    ]);
  });

  it("a stand that lost bases and holds more dice than it can carry is given none, and the rest are resupplied", () => {
    // The company is down to two bases but still holds three dice.
    const world = dumpWorld([], { w1: { ammo: 3, strength: { value: 2, max: 3 } } });
    const checked = logisticsResolution(world, { ...initialLogistics(world), stands: [A("w1")] });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.outcome).toEqual({ diceIssued: 0 });
    expect(checked.value.effects).toEqual([{ type: "supplyUnits", actor: A("w2"), kind: "log", delta: -1 }]);
  });

  it("shows what Resupply will do before it, and what each stand may do afterwards", () => {
    const world = dumpWorld();
    const view = logisticsContext(world, initialLogistics(world), i18n);
    expect(view.canRoll).toBe(true);
    expect(view.divLogLine).toBe("The dump holds 2 DIV LOG units.");
    expect(view.preview).toEqual([
      "2 Bty gives up one DIV LOG unit (2, then 1).",
      "2 ammunition dice are handed out.",
      "Overnight.",
      "No dice are rolled: resupply is certain.",
    ]);
    expect(view.stands).toEqual([
      expect.objectContaining({ id: A("w1"), chosen: true, ammoLine: "1 of 3, then 3", limits: "can move and attack" }),
    ]);
  });

  it("reads supply limits: a tracked stand out of supply can neither move nor attack; one left empty cannot attack", () => {
    const world = dumpWorld([], { w1: { ammo: 0, inSupply: false } });
    const tracked = logisticsFromForm(world, initialLogistics(world), { [`tracked:${A("w1")}`]: true });
    expect(logisticsContext(world, tracked, i18n).stands[0]?.limits).toBe("can neither move nor attack (out of supply)");
    const inSupply = dumpWorld([], { w1: { ammo: 0 } });
    const left = logisticsFromForm(inSupply, initialLogistics(inSupply), { [`stand:${A("w1")}`]: false });
    expect(left.stands).toEqual([]);
    expect(logisticsContext(inSupply, left, i18n).stands[0]?.limits).toBe("can move but not attack (out of supply or ammunition)");
  });

  it("refuses a dump with no DIV LOG and resupply by day without a vehicle sent back, naming the fields", () => {
    const world = dumpWorld([], { w2: { supplyUnits: { log: 0, pol: 0 } } });
    const state = logisticsFromForm(world, initialLogistics(world, { dump: A("w2") }), { overnight: false });
    expect(fields(world, state)).toEqual(["dump.divLog", "overnight"]);
    const view = logisticsContext(world, state, i18n);
    expect(view.canRoll).toBe(false);
    expect(view.preview).toEqual([]);
    expect(view.refusals).toEqual([
      "2 Bty holds no DIV LOG unit, so it cannot resupply.",
      "Resupply happens overnight unless a battalion vehicle goes back to the dump for it.",
    ]);
    // By day with a vehicle sent back it goes ahead.
    const byDay = logisticsFromForm(dumpWorld(), { ...state, vehicleSentBack: true }, {});
    expect(fields(dumpWorld(), byDay)).toEqual([]);
  });

  it("refuses no stand, an enemy stand, a support stand and an unknown unit, naming each field", () => {
    const world = dumpWorld([], { a2: { supplyUnits: { log: 1, pol: 0 } } });
    const base = initialLogistics(world, { dump: A("a2") });
    expect(fields(world, { ...base, stands: [] })).toEqual(["stands"]);
    expect(fields(world, { ...base, stands: [A("a1"), A("w1"), A("nope")] })).toEqual(["stands[1]", "stands[2]"]);
    const wp = initialLogistics(world);
    expect(fields(world, { ...wp, stands: [A("w1")], dump: A("w1") })).toEqual(["dump.divLog"]);
    const support = plainWorld([], { w1: { supplyUnits: { log: 1, pol: 0 } } });
    expect(fields(support, { ...initialLogistics(support), stands: [A("w2")] })).toEqual(["stands[0]"]);
    expect(fields(world, { ...base, dump: A("ghost") })).toEqual(["dump"]);
  });

  it("changing the dump opens on the stands of its side", () => {
    const world = dumpWorld([], { a2: { supplyUnits: { log: 1, pol: 0 } }, a1: { ammo: 2 } });
    const state = logisticsFromForm(world, initialLogistics(world), { dump: A("a2") });
    expect(state).toMatchObject({ dump: A("a2"), stands: [A("a1")] });
  });

  it("its card says nothing was rolled and lists each stand afterwards", () => {
    const world = dumpWorld();
    const checked = logisticsCard(world, initialLogistics(world), i18n);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.title).toBe("Resupply from 2 Bty");
    expect(checked.value.outcome).toBe("2 Bty spends one DIV LOG unit: 2 ammunition dice handed out, nothing rolled.");
    expect(checked.value.inputs).toEqual([
      { label: "Supply dump", value: "2 Bty" },
      { label: "DIV LOG units", value: "2, then 1" },
      { label: "When", value: "Overnight." },
      { label: "Dice", value: "No dice are rolled: resupply is certain." },
      { label: "1 MR Coy", value: "1, then 3 ammunition dice; can move and attack" },
    ]);
  });

  it("refuses a bad macro argument, naming the dialog and the field", () => {
    for (const [args, field] of [
      [{ stands: "all" }, "stands"],
      [{ overnight: "yes" }, "overnight"],
      [{ dump: 7 }, "dump"],
      [{ divLog: 3 }, "divLog"],
    ] as const) {
      // A macro hands over anything: the schema is the check.
      const opened = logisticsController.open(dumpWorld(), args as unknown as LogisticsArgs);
      expect(opened.ok).toBe(false);
      if (opened.ok) continue;
      const text = i18n.format(opened.reason, {
        dialog: speak(opened.data!["dialog"] as Phrase, i18n),
        problem: speak(opened.data!["problem"] as Phrase, i18n),
      });
      expect(text).toContain("Logistics: resupply");
      expect(text).toContain(field);
    }
  });
});

describe("the logistics dialog in Foundry", () => {
  let actors: Map<string, FakeActorT>;
  beforeEach(async () => {
    harness.reset();
    sheetsFake.reset();
    chatFake.reset();
    registerRequests(NQM_DIALOGS);
    actors = loadNqmActors();
    await actors.get("w2")!.update({ "system.supplyUnits.log": 2 });
    await actors.get("w1")!.update({ "system.ammo": 1 });
  });
  afterEach(() => clearDialogRegistry());

  it("is listed in the umpire's toolkit window with the NQM procedures", () => {
    registerDialog(LOGISTICS);
    expect(toolkitEntries().map((e) => e.id)).toContain("nqm.logistics");
  });

  it("writes the DIV LOG and the dice to the units; Undo puts back the exact values", async () => {
    const before = [...actors.values()].map((a) => structuredClone(a.system));
    const dialog = (await openDialog(LOGISTICS, { dump: A("w2") }))!;
    expect(dialog.dialogState).toMatchObject({ dump: A("w2"), stands: [A("w1")] });
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([
      { type: "supplyUnits", actor: A("w2"), kind: "log", delta: -1 },
      { type: "ammo", actor: A("w1"), delta: 2 },
    ]);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(actors.get("w2")!.system).toMatchObject({ supplyUnits: { log: 1, pol: 0 } });
    expect(actors.get("w1")!.system).toMatchObject({ ammo: 3 });
    expect(await requestCardAction("undo", message.id)).toEqual({ ok: true });
    expect([...actors.values()].map((a) => a.system)).toEqual(before);
  });

  it("refused by day with no vehicle sent back: warns, posts nothing, changes nothing", async () => {
    const before = [...actors.values()].map((a) => structuredClone(a.system));
    const dialog = (await openDialogById("nqm.logistics", { overnight: false }))!;
    expect(await dialog.resolve()).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Notify.Refused");
    expect(chatFake.messages.size).toBe(0);
    expect([...actors.values()].map((a) => a.system)).toEqual(before);
  });

  it("a player may not open it; a player's request goes to the GM's client, which refuses it and writes nothing", async () => {
    const before = [...actors.values()].map((a) => structuredClone(a.system));
    chatFake.setUsers("p1");
    expect(await openDialog(LOGISTICS, {})).toBeNull();
    const state: LogisticsState = { dump: A("w2"), stands: [A("w1")], tracked: [], overnight: true, vehicleSentBack: false };
    expect((await requestResolution("nqm.logistics", state)).ok).toBe(false);
    expect(warnings().at(-1)).toContain("NOBC.Dialog.GmOnly");
    const bad = await requestResolution("nqm.logistics", { ...state, stands: "all" });
    expect(bad.ok).toBe(false);
    expect(warnings().at(-1)).toContain('{"field":"stands"');
    expect(chatFake.messages.size).toBe(0);
    expect([...actors.values()].map((a) => a.system)).toEqual(before);
  });
});
