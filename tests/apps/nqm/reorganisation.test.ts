/**
 * Reorganisation (NQM seed 004, Post Combat Reorganisation) as the umpire's dialog: refusals naming
 * the field, the chance of each count of pins coming off, a scripted die read as the seed reads it,
 * and the pins and marker written and undone exactly.
 */
import "../../harness/install";

import { describe, expect, it } from "vitest";
import { openDialog } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { REORGANISATION } from "../../../src/apps/nqm/dialogs";
import { scriptedDice } from "../../../src/rules/dice";
import { initialReorganisation, reorganisationFromForm, reorganisationResolution } from "../../../src/apps/nqm/reorganisation/state";
import { reorganisationContext } from "../../../src/apps/nqm/reorganisation/context";
import { langFileWording } from "../../../src/words/phrase";
import en from "../../../lang/en.json";
import { plainWorld, nqmInFoundry } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;

describe("the reorganisation dialog's state (pure)", () => {
  it("refuses a unit with no unwounded command base, or still under fire, naming the field", () => {
    const world = plainWorld(["a2"], { a2: { commandBase: false } });
    const state = reorganisationFromForm(initialReorganisation(world), { underFire: true });
    const checked = reorganisationResolution(world, state, scriptedDice([]));
    expect(checked.ok ? [] : checked.refusals.map((r) => r.field)).toEqual(["commandPresent", "underFire"]);
    expect(reorganisationContext(world, state, i18n).canRoll).toBe(false);
  });

  it("shows the chance of each count of pins coming off (an odd pin on 4-6)", () => {
    const world = plainWorld(["a2"], { a2: { pins: { red: 3, black: 0 } } });
    expect(reorganisationContext(world, initialReorganisation(world), i18n).chances).toEqual([
      { label: "1 pin comes off", chance: "50.0 %" },
      { label: "2 pins come off", chance: "50.0 %" },
    ]);
  });

  it("at the end of the operation halves the black pins", () => {
    const world = plainWorld(["a2"], { a2: { pins: { red: 0, black: 2 } } });
    const state = reorganisationFromForm(initialReorganisation(world), { when: "operation" });
    const checked = reorganisationResolution(world, state, scriptedDice([]));
    expect(checked.ok && checked.value.effects).toEqual([{ type: "pins", actor: A("a2"), red: 0, black: -1 }]);
  });
});

describe("the reorganisation dialog in Foundry", () => {
  const nqm = nqmInFoundry();

  it("an odd red pin that stays on a 3 turns black; Undo puts the red pin back", async () => {
    const before = structuredClone(nqm.actors.get("a2")!.system);
    const dialog = (await openDialog(REORGANISATION, { unit: A("a2") }))!;
    nqm.dice([3]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([
      { type: "pins", actor: A("a2"), red: -1, black: 1 },
      { type: "disorganised", actor: A("a2"), value: false },
    ]);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a2")!.system).toMatchObject({ pins: { red: 0, black: 1 } });
    expect(await requestCardAction("undo", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a2")!.system).toEqual(before);
  });
});
