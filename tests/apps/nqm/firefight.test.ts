/**
 * Winning the Firefight (NQM seed 004, Table 12) as the umpire's dialog: pre-filled from the selected
 * NQM unit tokens, inputs refused naming the field, the chance of each outcome before the roll, a
 * scripted roll read on the seed's table, and the pins written to the units and undone exactly.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";

import { describe, expect, it } from "vitest";
import { clearDialogRegistry, openDialog, toolkitEntries } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { FIREFIGHT } from "../../../src/apps/nqm/dialogs";
import { registerNqm } from "../../../src/apps/nqm/register";
import { scriptedDice } from "../../../src/rules/dice";
import {
  firefightChances,
  firefightFromForm,
  firefightInput,
  firefightResolution,
  initialFirefight,
} from "../../../src/apps/nqm/firefight/state";
import { firefightContext } from "../../../src/apps/nqm/firefight/context";
import { langFileWording } from "../../../src/words/phrase";
import en from "../../../lang/en.json";
import { plainWorld, nqmInFoundry } from "./fixture";

type Raw = Record<string, unknown>;
const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;

describe("the firefight's state and input (pure)", () => {
  it("opens on the selected tokens: the first one's side attacks, the other side defends", () => {
    const state = initialFirefight(plainWorld(["w1", "a1", "a2"]));
    expect(state.attackerSide).toBe("wp");
    expect(Object.keys(state.attacker)).toEqual([A("w1")]);
    expect(Object.keys(state.defender)).toEqual([A("a1"), A("a2")]);
    // Pre-filled from each unit's sheet: its combat units, weight and the class it counts as (dug in: M).
    expect(state.attacker[A("w1")]).toEqual({ dice: 1, weight: "L", against: "", protection: "M" });
  });

  it("ticks and unticks units from the form, keeping the rest", () => {
    const world = plainWorld(["a1"]);
    const state = firefightFromForm(world, initialFirefight(world), { [`use:${A("w2")}`]: true, [`dice:${A("w2")}`]: "2" });
    expect(Object.keys(state.defender)).toEqual([A("w2")]);
    expect(state.defender[A("w2")]!.dice).toBe(2);
    const off = firefightFromForm(world, state, { [`use:${A("a1")}`]: false });
    expect(Object.keys(off.attacker)).toEqual([]);
  });

  it("refuses an empty side and a unit the world does not hold, naming the field", () => {
    const world = plainWorld(["a1"]);
    const empty = firefightInput(world, initialFirefight(world));
    expect(empty.ok ? [] : empty.refusals.map((r) => r.field)).toEqual(["defender"]);
    const ghost = firefightInput(world, {
      ...initialFirefight(world),
      defender: { "Actor.zz": { dice: 1, weight: "L", against: "", protection: "L" } },
    });
    expect(ghost.ok ? [] : ghost.refusals.map((r) => [r.code, r.field])).toEqual([["unknownUnit", "defender.Actor.zz"]]);
  });

  it("passes the rules' own refusals through, naming the die count", () => {
    const world = plainWorld(["a1", "w1"]);
    const state = firefightFromForm(world, initialFirefight(world), { [`dice:${A("a1")}`]: "1.5" });
    const checked = firefightResolution(world, state, scriptedDice([]));
    expect(checked.ok ? [] : checked.refusals.map((r) => r.field)).toEqual(["attacker.fire[0].dice"]);
    const view = firefightContext(world, state, i18n);
    expect(view.canRoll).toBe(false);
    expect(view.refusals).toHaveLength(1);
    expect(view.chances).toEqual([]);
  });

  it("shows the exact chance of each outcome before the roll (Table 12: one L die against L each way)", () => {
    const world = plainWorld(["a1", "w1"], { w1: { protection: "open" } });
    const input = firefightInput(world, initialFirefight(world));
    if (!input.ok) throw new Error("refused");
    // One die each of difference 0: 0, 0, 0, 1, 1, 2 hits. Win 11/36, draw 14/36, lose 11/36.
    const c = firefightChances(input.value);
    expect(c.win).toBeCloseTo(11 / 36, 12);
    expect(c.draw).toBeCloseTo(14 / 36, 12);
    expect(c.lose).toBeCloseTo(11 / 36, 12);
    expect(firefightContext(world, initialFirefight(world), i18n).chances.map((x) => x.chance)).toEqual(["30.6 %", "38.9 %", "30.6 %"]);
  });
});

describe("the firefight dialog in Foundry", () => {
  const nqm = nqmInFoundry();

  it("is listed in the umpire's toolkit window under NQM", () => {
    clearDialogRegistry();
    registerNqm();
    expect(toolkitEntries().map((e) => [e.id, e.toolkit?.toolkit])).toContainEqual(["nqm.firefight", "nqm"]);
  });

  it("rolls with Foundry's dice, posts the card, writes the pins and undoes them exactly", async () => {
    const before = structuredClone(nqm.actors.get("w1")!.system);
    const dialog = (await openDialog(FIREFIGHT, { attacker: [A("a1"), A("a2")], defender: [A("w1")] }))!;
    // A Coy and B Coy fire L at 1 MR Coy, dug in (M): difference −1, a 5 or 6 scores 1. The MR Coy fires L back at L: a 6 scores 2.
    nqm.dice([6, 5, 6]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: Raw[] }; rolls: { total: number }[] };
    expect(message.system.effects).toEqual([
      { type: "ammo", actor: A("a1"), delta: -1 },
      { type: "ammo", actor: A("a2"), delta: -1 },
      { type: "ammo", actor: A("w1"), delta: -1 },
      { type: "pins", actor: A("w1"), red: 2, black: 0 },
      // Hits spread evenly: each goes where there is most free room (the first stand on a tie).
      { type: "pins", actor: A("a1"), red: 2, black: 0 },
    ]);
    const card = sheetsFake.rendered.find((r) => r.path.endsWith("chat/resolution-card.hbs"))!.data as { title: string; kicker: string };
    // The title states the outcome; the procedure's name is the kicker above it.
    expect(card.kicker).toContain("NOBC.Nqm.Firefight.CardTitle");
    expect(card.title).toContain("NOBC.Nqm.Firefight.Even");
    expect(card.title).toContain('Firefight.Score.other {\\"count\\":\\"2\\",\\"taken\\":\\"2\\"}');

    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("w1")!.system).toMatchObject({ pins: { red: 2, black: 0 }, ammo: 2 });
    expect(nqm.actors.get("a1")!.system).toMatchObject({ pins: { red: 2, black: 0 }, ammo: 2 });
    expect(await requestCardAction("undo", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("w1")!.system).toEqual(before);
    expect(nqm.actors.get("a1")!.system).toMatchObject({ pins: { red: 0, black: 0 }, ammo: 3 });
  });

  it("refuses a player: the umpire's tool", async () => {
    chatFake.setUsers("p1");
    expect(await openDialog(FIREFIGHT, {})).toBeNull();
  });
});
