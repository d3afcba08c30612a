/**
 * Close assault round by round (NQM seed 004, Table 9) as the umpire's dialog: refusals naming the
 * field, the exact chance of each break-in count, a scripted round matched as the seed matches it,
 * and the pins written and undone.
 */
import "../../harness/install";

import { describe, expect, it } from "vitest";
import { openDialog } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { ASSAULT } from "../../../src/apps/nqm/dialogs";
import { scriptedDice } from "../../../src/rules/dice";
import { assaultFromForm, assaultResolution, initialAssault } from "../../../src/apps/nqm/assault/state";
import { assaultContext } from "../../../src/apps/nqm/assault/context";
import { langFileWording } from "../../../src/words/phrase";
import en from "../../../lang/en.json";
import { plainWorld, nqmInFoundry } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;

describe("the close assault dialog's state (pure)", () => {
  it("refuses a round past the grade's limit and an assault without the firefight won, naming the field", () => {
    const world = plainWorld(["a1", "w1"]);
    const state = assaultFromForm(initialAssault(world), { round: "4", firefightWon: false });
    const checked = assaultResolution(world, state, scriptedDice([]));
    expect(checked.ok ? [] : checked.refusals.map((r) => r.field).sort()).toEqual(["firefightWon", "round"]);
    expect(assaultContext(world, state, i18n).canRoll).toBe(false);
  });

  it("gives the exact chance of each break-in count: one die against one wins 15 times in 36", () => {
    const world = plainWorld(["a1", "w1"], { a1: { pins: { red: 2, black: 0 } }, w1: { pins: { red: 2, black: 0 } } });
    expect(assaultContext(world, initialAssault(world), i18n).chances).toEqual([
      { label: "0 bases break in", chance: "58.3 %" },
      { label: "1 base breaks in", chance: "41.7 %" },
    ]);
  });

  it("overruns a disorganised defender without dice", () => {
    const world = plainWorld(["a1", "w1"], { w1: { disorganised: true } });
    expect(assaultContext(world, initialAssault(world), i18n).chances.map((c) => c.chance)).toEqual(["100.0 %"]);
  });
});

describe("the close assault dialog in Foundry", () => {
  const nqm = nqmInFoundry();

  it("three Regular dice against two Conscript dice: 6 stands off a 6, 5 beats 4; one base breaks in; Undo restores", async () => {
    const before = structuredClone(nqm.actors.get("w1")!.system);
    const dialog = (await openDialog(ASSAULT, { attacker: A("a1"), defender: A("w1") }))!;
    nqm.dice([6, 5, 1, 4, 6]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([{ type: "pins", actor: A("w1"), red: 1, black: 0 }]);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("w1")!.system).toMatchObject({ pins: { red: 1, black: 0 } });
    expect(await requestCardAction("undo", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("w1")!.system).toEqual(before);
  });
});
