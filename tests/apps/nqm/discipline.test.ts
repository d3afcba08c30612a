/**
 * Restoring Discipline (NQM seed 004 house rule) as the umpire's dialog: only when the world setting
 * puts it in play, the chance of each number of hits before the roll, a scripted die read on Table 12,
 * and the black pins and marker written and undone exactly.
 */
import "../../harness/install";
import { harness } from "../../harness/foundry";

import { describe, expect, it } from "vitest";
import { openDialog } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { DISCIPLINE } from "../../../src/apps/nqm/dialogs";

import { scriptedDice } from "../../../src/rules/dice";
import { disciplineResolution, initialDiscipline } from "../../../src/apps/nqm/discipline/state";
import { disciplineContext } from "../../../src/apps/nqm/discipline/context";
import { langFileWording } from "../../../src/words/phrase";
import en from "../../../lang/en.json";
import { plainWorld, nqmInFoundry } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;

describe("Restoring Discipline (pure)", () => {
  it("shows the chance of each number of hits: one L CU on L reads 0, 0, 0, 1, 1, 2 (Table 12)", () => {
    const world = plainWorld(["a1"]);
    expect(disciplineContext(world, initialDiscipline(world), i18n).chances).toEqual([
      { label: "0 hits", chance: "50.0 %" },
      { label: "1 hit", chance: "33.3 %" },
      { label: "2 hits", chance: "16.7 %" },
    ]);
  });

  it("refuses an unknown firer, naming the field", () => {
    const world = plainWorld(["a1"]);
    const checked = disciplineResolution(world, { ...initialDiscipline(world), firer: "Actor.zz" }, scriptedDice([]), i18n);
    expect(checked.ok ? [] : checked.refusals.map((r) => r.field)).toEqual(["firer"]);
  });
});

describe("the Restoring Discipline dialog in Foundry", () => {
  const nqm = nqmInFoundry();

  it("does not open while the world does not play the house rule", async () => {
    expect(await openDialog(DISCIPLINE, { unit: A("a1") })).toBeNull();
    expect(harness.notices.map((n) => n.message).join()).toContain("NOBC.Nqm.Discipline.Off");
  });

  it("with the rule in play, a 6 gives two black pins and the unit passes; Undo restores it exactly", async () => {
    harness.settingsStore.set("nobc.nqmRestoringDiscipline", true);
    const before = structuredClone(nqm.actors.get("a1")!.system);
    await nqm.actors.get("a1")!.update({ "system.disorganised": true });
    const disorganised = structuredClone(nqm.actors.get("a1")!.system);
    const dialog = (await openDialog(DISCIPLINE, { unit: A("a1") }))!;
    nqm.dice([6]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([
      { type: "pins", actor: A("a1"), red: 0, black: 2 },
      { type: "disorganised", actor: A("a1"), value: false },
    ]);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a1")!.system).toEqual({ ...before, pins: { red: 0, black: 2 } });
    expect(await requestCardAction("undo", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a1")!.system).toEqual(disorganised);
  });
});
