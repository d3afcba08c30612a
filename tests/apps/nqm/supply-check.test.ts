/**
 * The hourly supply check (NQM seed 004, Logistics, Resupply: the house rule) as the umpire's dialog:
 * only when the world setting puts it in play, refusals naming the field, the chance before the roll,
 * one die per unit (a 1 puts it out of supply and disorganises it), the changes written and undone
 * exactly, and a player's request answered by the GM's client.
 */
import "../../harness/install";
import "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry";
import { openDialog, openDialogById, registerDialog, toolkitEntries } from "../../../src/apps/base/registry";
import { usableEntries } from "../../../src/apps/toolkit/state";
import { requestResolution } from "../../../src/apps/base/request";
import { requestCardAction } from "../../../src/queries/register";
import { SUPPLY_CHECK } from "../../../src/apps/nqm/dialogs";
import { scriptedDice } from "../../../src/rules/dice";
import {
  initialSupplyCheck,
  supplyCheckCard,
  supplyCheckFromForm,
  supplyCheckResolution,
  type SupplyCheckArgs,
  type SupplyCheckState,
} from "../../../src/apps/nqm/supply-check/state";
import { supplyCheckContext } from "../../../src/apps/nqm/supply-check/context";
import { supplyCheckController } from "../../../src/apps/nqm/supply-check/controller";
import { initialReorganisation, reorganisationResolution } from "../../../src/apps/nqm/reorganisation/state";
import type { NqmWorld } from "../../../src/apps/nqm/world";
import { langFileWording, speak } from "../../../src/words/phrase";
import type { Phrase } from "../../../src/rules/resolution";
import en from "../../../lang/en.json";
import { nqmInFoundry, plainWorld } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const inPlay = (selected: readonly string[] = [], changes: Parameters<typeof plainWorld>[1] = {}): NqmWorld => ({
  ...plainWorld(selected, changes),
  hourlySupplyCheck: true,
});
const fields = (world: NqmWorld, state: SupplyCheckState) => {
  const checked = supplyCheckResolution(world, state, scriptedDice([1, 1, 1, 1]));
  return checked.ok ? [] : checked.refusals.map((r) => r.field);
};

describe("the hourly supply check's state (pure)", () => {
  it("opens on the selected units still in supply", () => {
    const world = inPlay(["a1", "w1", "w2"], { w1: { inSupply: false } });
    expect(initialSupplyCheck(world)).toEqual({ units: [A("a1"), A("w2")] });
    expect(initialSupplyCheck(inPlay())).toEqual({ units: [] });
    expect(initialSupplyCheck(world, { units: [A("a2")] })).toEqual({ units: [A("a2")] });
  });

  it("ticks and unticks units from the form, in the world's order", () => {
    const world = inPlay(["w2"]);
    const state = supplyCheckFromForm(world, initialSupplyCheck(world), { [`unit:${A("a1")}`]: true });
    expect(state.units).toEqual([A("a1"), A("w2")]);
    expect(supplyCheckFromForm(world, state, { [`unit:${A("w2")}`]: false }).units).toEqual([A("a1")]);
  });

  it("the seed's rule, one die each: a 1 puts the first unit out of supply and disorganises it, a 4 leaves the second as it is", () => {
    const world = inPlay();
    const checked = supplyCheckResolution(world, { units: [A("a1"), A("w2")] }, scriptedDice([1, 4]));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.rolls).toEqual([1, 4]);
    expect(checked.value.outcome).toEqual({ outOfSupply: [A("a1")] });
    expect(checked.value.effects).toEqual([
      { type: "inSupply", actor: A("a1"), value: false },
      { type: "disorganised", actor: A("a1"), value: true },
    ]);
  });

  it("shows the chance of each outcome before the roll: 1 in 6 for each unit, and of at least one going out", () => {
    const world = inPlay(["a1", "w2"]);
    const view = supplyCheckContext(world, initialSupplyCheck(world), i18n);
    expect(view.canRoll).toBe(true);
    expect(view.chances).toEqual([
      { label: "A 1: out of supply and disorganised", chance: "16.7 %" },
      { label: "2 to 6: stays in supply", chance: "83.3 %" },
      { label: "At least one of the 2 units goes out of supply", chance: "30.6 %" },
    ]);
    expect(view.units.map((u) => [u.name, u.checkable, u.chosen])).toEqual([
      ["A Coy", true, true],
      ["B Coy", true, false],
      ["1 MR Coy", true, false],
      ["2 Bty", true, true],
    ]);
  });

  it("refuses no unit, an unknown one, one listed twice, one surrendered and one already out of supply, naming each field", () => {
    const world = inPlay([], { w1: { inSupply: false }, a2: { surrendered: true } });
    expect(fields(world, { units: [] })).toEqual(["units"]);
    expect(fields(world, { units: [A("a1"), A("ghost"), A("a1"), A("w1"), A("a2")] })).toEqual([
      "units[1]",
      "units[2]",
      "units[3]",
      "units[4]",
    ]);
    const surrendered = supplyCheckContext(world, { units: [A("a2")] }, i18n);
    expect(surrendered.refusals).toEqual(["B Coy has surrendered: it has no supply to check."]);
    const view = supplyCheckContext(world, { units: [A("w1")] }, i18n);
    expect(view.canRoll).toBe(false);
    expect(view.chances).toEqual([]);
    expect(view.refusals).toEqual([
      "1 MR Coy is already out of supply: it comes back into supply when it reorganises, so there is nothing to check.",
    ]);
    expect(view.units.find((u) => u.name === "1 MR Coy")).toMatchObject({ checkable: false, supply: "Out of supply until it reorganises" });
  });

  it("its card states who went out of supply and each unit's die", () => {
    const world = inPlay();
    const checked = supplyCheckCard(world, { units: [A("a1"), A("a2"), A("w2")] }, scriptedDice([1, 4, 6]), i18n);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.title).toBe("Hourly supply check");
    expect(checked.value.outcome).toBe(
      "A Coy goes out of supply and is disorganised until it reorganises. The other 2 units stay in supply.",
    );
    expect(checked.value.inputs).toEqual([
      { label: "A Coy", value: "rolled 1: out of supply, disorganised" },
      { label: "B Coy", value: "rolled 4: stays in supply" },
      { label: "2 Bty", value: "rolled 6: stays in supply" },
    ]);
    const calm = supplyCheckCard(world, { units: [A("a1"), A("w2")] }, scriptedDice([2, 3]), i18n);
    expect(calm.ok && calm.value.outcome).toBe("All 2 units stay in supply.");
  });

  it("does not open while the world does not play the house rule; a bad macro argument is refused, naming the field", () => {
    expect(supplyCheckController.open(plainWorld(), {})).toEqual({ ok: false, reason: "NOBC.Nqm.SupplyCheck.Off" });
    expect(supplyCheckController.access({ units: [] }, plainWorld())).toEqual({ ok: false, reason: "NOBC.Nqm.SupplyCheck.Off" });
    for (const [args, field] of [
      [{ units: A("a1") }, "units"],
      [{ units: [7] }, "units"],
      [{ unit: A("a1") }, "unit"],
    ] as const) {
      const opened = supplyCheckController.open(inPlay(), args as unknown as SupplyCheckArgs);
      expect(opened.ok).toBe(false);
      if (opened.ok) continue;
      const text = i18n.format(opened.reason, {
        dialog: speak(opened.data!["dialog"] as Phrase, i18n),
        problem: speak(opened.data!["problem"] as Phrase, i18n),
      });
      expect(text).toContain("Hourly supply check");
      expect(text).toContain(field);
    }
  });
});

describe("back into supply when the unit reorganises (seed 004, Resupply)", () => {
  it("under the house rule the reorganisation puts a unit out of supply back in; without it supply is not touched", () => {
    const effects = (world: NqmWorld) => {
      const checked = reorganisationResolution(world, initialReorganisation(world, { unit: A("a1") }), scriptedDice([]));
      return checked.ok ? checked.value.effects : [];
    };
    const out = { a1: { inSupply: false, disorganised: true } };
    expect(effects(inPlay([], out))).toEqual([
      { type: "disorganised", actor: A("a1"), value: false },
      { type: "inSupply", actor: A("a1"), value: true },
    ]);
    expect(effects(plainWorld([], out))).toEqual([{ type: "disorganised", actor: A("a1"), value: false }]);
    expect(effects(inPlay())).toEqual([{ type: "disorganised", actor: A("a1"), value: false }]);
  });
});

describe("the hourly supply check in Foundry", () => {
  const nqm = nqmInFoundry();

  it("with the setting off it is not listed in the toolkit window and does not open", async () => {
    registerDialog(SUPPLY_CHECK);
    // Registered among the toolkit's procedures, but the window lists only those this world lets the umpire open.
    expect(toolkitEntries().map((e) => e.id)).toContain("nqm.supplyCheck");
    const listed = await usableEntries(toolkitEntries());
    expect(listed).toContain("nqm.logistics");
    expect(listed).not.toContain("nqm.supplyCheck");
    expect(await openDialog(SUPPLY_CHECK, { units: [A("a1")] })).toBeNull();
    expect(harness.notices.map((n) => n.message).join()).toContain("NOBC.Nqm.SupplyCheck.Off");
    expect(chatFake.messages.size).toBe(0);
    harness.settingsStore.set("nobc.nqmHourlySupplyCheck", true);
    expect(await usableEntries(toolkitEntries())).toContain("nqm.supplyCheck");
  });

  it("scripted dice 1 and 4: the first unit goes out of supply and is disorganised, the second is unchanged; Undo restores exactly", async () => {
    harness.settingsStore.set("nobc.nqmHourlySupplyCheck", true);
    const before = [...nqm.actors.values()].map((a) => structuredClone(a.system));
    const dialog = (await openDialog(SUPPLY_CHECK, { units: [A("a1"), A("w2")] }))!;
    expect(dialog.dialogState).toEqual({ units: [A("a1"), A("w2")] });
    nqm.dice([1, 4]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([
      { type: "inSupply", actor: A("a1"), value: false },
      { type: "disorganised", actor: A("a1"), value: true },
    ]);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a1")!.system).toEqual({ ...before[0]!, inSupply: false, disorganised: true, disorganisedHours: 0 });
    expect([...nqm.actors.values()].slice(1).map((a) => a.system)).toEqual(before.slice(1));
    expect(await requestCardAction("undo", message.id)).toEqual({ ok: true });
    expect([...nqm.actors.values()].map((a) => a.system)).toEqual(before);
  });

  it("refuses a unit already out of supply: warns, posts nothing, changes nothing", async () => {
    harness.settingsStore.set("nobc.nqmHourlySupplyCheck", true);
    await nqm.actors.get("w1")!.update({ "system.inSupply": false });
    const before = [...nqm.actors.values()].map((a) => structuredClone(a.system));
    const dialog = (await openDialogById("nqm.supplyCheck", { units: [A("w1")] }))!;
    expect(await dialog.resolve()).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Notify.Refused");
    expect(chatFake.messages.size).toBe(0);
    expect([...nqm.actors.values()].map((a) => a.system)).toEqual(before);
  });

  it("a player may not open it; a player's request goes to the GM's client, which refuses it and writes nothing", async () => {
    harness.settingsStore.set("nobc.nqmHourlySupplyCheck", true);
    const before = [...nqm.actors.values()].map((a) => structuredClone(a.system));
    chatFake.setUsers("p1");
    expect(await openDialog(SUPPLY_CHECK, {})).toBeNull();
    const state: SupplyCheckState = { units: [A("a1")] };
    expect((await requestResolution("nqm.supplyCheck", state)).ok).toBe(false);
    expect(warnings().at(-1)).toContain("NOBC.Dialog.GmOnly");
    const bad = await requestResolution("nqm.supplyCheck", { units: "all" });
    expect(bad.ok).toBe(false);
    expect(warnings().at(-1)).toContain('{"field":"units"');
    expect(chatFake.messages.size).toBe(0);
    expect([...nqm.actors.values()].map((a) => a.system)).toEqual(before);
  });
});
