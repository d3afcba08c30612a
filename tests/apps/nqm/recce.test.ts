/**
 * The recce sequence (NQM seed 004, Tables 3 and 4) as the umpire's dialog: refusals naming the field,
 * the exact chance of each result, a scripted red, white and blue read as the seed reads them, and the
 * defender's fire written to the recce and undone.
 */
import "../../harness/install";

import { describe, expect, it } from "vitest";
import { openDialog } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { RECCE } from "../../../src/apps/nqm/dialogs";
import { scriptedDice } from "../../../src/rules/dice";
import { initialRecce, recceFromForm, recceResolution } from "../../../src/apps/nqm/recce/state";
import { recceContext } from "../../../src/apps/nqm/recce/context";
import { langFileWording } from "../../../src/words/phrase";
import en from "../../../lang/en.json";
import { plainWorld, nqmInFoundry } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;

describe("the recce dialog's state (pure)", () => {
  it("refuses shoot and scoot for troops that are not recce, and a missing defender, naming the field", () => {
    const world = plainWorld(["a1", "w1"]);
    const scoot = recceFromForm(world, initialRecce(world), { shootAndScoot: true });
    const checked = recceResolution(world, scoot, scriptedDice([]));
    expect(checked.ok ? [] : checked.refusals.map((r) => r.field)).toEqual(["shootAndScoot"]);
    const none = recceResolution(world, { ...initialRecce(world), defender: "" }, scriptedDice([]));
    expect(none.ok ? [] : none.refusals.map((r) => r.field)).toEqual(["defender"]);
  });

  it("gives the exact chance of each result: a Regular sights a Conscript on 4-6; the Conscript chooses only on a 6 (Table 3)", () => {
    const world = plainWorld(["a1", "w1"]);
    expect(recceContext(world, initialRecce(world), i18n).chances).toEqual([
      { label: "The recce sights the defender", chance: "50.0 %" },
      { label: "The defender ambushes the recce", chance: "8.3 %" },
      { label: "The defender opens fire", chance: "41.7 %" },
    ]);
  });
});

describe("the recce dialog in Foundry", () => {
  const nqm = nqmInFoundry();

  it("red 1 and white 2: not sighted, the Conscript opens fire; blue 6 is contact range (Table 4), a shift up; Undo restores", async () => {
    const before = structuredClone(nqm.actors.get("a1")!.system);
    const dialog = (await openDialog(RECCE, { recce: A("a1"), defender: A("w1") }))!;
    // The defender's L die at L with one shift reads row +1: a 5 scores 2.
    nqm.dice([1, 2, 6, 5]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([
      { type: "ammo", actor: A("w1"), delta: -1 },
      { type: "pins", actor: A("a1"), red: 2, black: 0 },
    ]);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a1")!.system).toMatchObject({ pins: { red: 2, black: 0 } });
    expect(await requestCardAction("undo", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a1")!.system).toEqual(before);
  });
});
