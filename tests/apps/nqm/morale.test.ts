/**
 * Morale and break tests (NQM seed 004, Table 9 score column and Unit Grading) as the umpire's dialog:
 * the fields refused by name, the chance of passing before the roll, a scripted die read as the seed
 * reads it, and the disorganised marker written and undone.
 */
import "../../harness/install";

import { describe, expect, it } from "vitest";
import { openDialog } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { MORALE } from "../../../src/apps/nqm/dialogs";
import { scriptedDice } from "../../../src/rules/dice";
import { initialMorale, moraleFromForm, moraleResolution } from "../../../src/apps/nqm/morale/state";
import { moraleContext } from "../../../src/apps/nqm/morale/context";
import { langFileWording } from "../../../src/words/phrase";
import en from "../../../lang/en.json";
import { plainWorld, nqmInFoundry } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;

describe("the morale dialog's state (pure)", () => {
  it("opens on the selected unit with its casualties so far (bases lost and pinned)", () => {
    const state = initialMorale(plainWorld(["a2"]));
    expect(state).toMatchObject({ unit: A("a2"), test: "break", casualtiesBefore: 1, casualtiesAfter: 1 });
  });

  it("refuses an unknown unit and falling casualties, naming the field", () => {
    const world = plainWorld(["a1"]);
    const ghost = moraleResolution(world, { ...initialMorale(world), unit: "Actor.zz" }, scriptedDice([]));
    expect(ghost.ok ? [] : ghost.refusals.map((r) => r.field)).toEqual(["unit"]);
    const fell = moraleFromForm(world, initialMorale(world), { casualtiesBefore: "2", casualtiesAfter: "1" });
    const checked = moraleResolution(world, fell, scriptedDice([]));
    expect(checked.ok ? [] : checked.refusals.map((r) => r.field)).toEqual(["casualtiesAfter"]);
    expect(moraleContext(world, fell, i18n).canRoll).toBe(false);
  });

  it("shows the chance of passing each due test: a Regular passes on 4-6 (Table 9)", () => {
    const world = plainWorld(["a1"]);
    const state = moraleFromForm(world, initialMorale(world), { casualtiesBefore: "0", casualtiesAfter: "2" });
    // Regular: one test at half casualties (2 of 3 bases reaches it).
    expect(moraleContext(world, state, i18n).chances.map((c) => c.chance)).toEqual(["50.0 %"]);
    const tanks = moraleFromForm(world, state, { test: "tankTerror" });
    expect(moraleContext(world, tanks, i18n).chances.map((c) => c.chance)).toEqual(["50.0 %"]);
  });
});

describe("the morale dialog in Foundry", () => {
  const nqm = nqmInFoundry();

  it("a failed break test (a 3 for a Regular) disorganises the unit; Undo takes the marker off", async () => {
    const dialog = (await openDialog(MORALE, { unit: A("a1") }))!;
    await dialog.change({ casualtiesBefore: "0", casualtiesAfter: "2" });
    nqm.dice([3]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([{ type: "disorganised", actor: A("a1"), value: true }]);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a1")!.system).toMatchObject({ disorganised: true, disorganisedHours: 0 });
    expect(await requestCardAction("undo", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a1")!.system).toMatchObject({ disorganised: false });
  });

  it("a passed test (a 4) changes nothing", async () => {
    const dialog = (await openDialog(MORALE, { unit: A("a1") }))!;
    await dialog.change({ casualtiesBefore: "0", casualtiesAfter: "2" });
    nqm.dice([4]);
    const message = (await dialog.resolve()) as { system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([]);
  });
});
