/**
 * Artillery and harassing fire (NQM seed 004, Tables 7, 8 and 12) as the umpire's dialog: refusals
 * naming the field, the chances before the roll, a scripted die read on the seed's tables, and the
 * hits, markers and ammunition written and undone exactly.
 */
import "../../harness/install";

import { describe, expect, it } from "vitest";
import { openDialog } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { ARTILLERY } from "../../../src/apps/nqm/dialogs";
import { scriptedDice } from "../../../src/rules/dice";
import { artilleryFromForm, artilleryResolution, initialArtillery } from "../../../src/apps/nqm/artillery/state";
import { artilleryContext } from "../../../src/apps/nqm/artillery/context";
import { langFileWording } from "../../../src/words/phrase";
import en from "../../../lang/en.json";
import { plainWorld, nqmInFoundry } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;

describe("the artillery dialog's state (pure)", () => {
  it("opens on the last selected token as the target and the others as batteries", () => {
    const state = initialArtillery(plainWorld(["w2", "a1"]));
    expect(state).toMatchObject({ target: A("a1"), protection: "L", fire: { [A("w2")]: { dice: 1, weight: "M", calibre: 105 } } });
  });

  it("refuses a calibre that is no number of millimetres, and no battery, naming the field", () => {
    const world = plainWorld(["w2", "a1"]);
    const bad = artilleryFromForm(world, initialArtillery(world), { [`calibre:${A("w2")}`]: "0" });
    const checked = artilleryResolution(world, bad, scriptedDice([]));
    expect(checked.ok ? [] : checked.refusals.map((r) => r.field)).toEqual(["fire[0].calibreMm"]);
    const none = artilleryFromForm(world, initialArtillery(world), { [`use:${A("w2")}`]: false });
    const empty = artilleryResolution(world, none, scriptedDice([]));
    expect(empty.ok ? [] : empty.refusals.map((r) => r.field)).toEqual(["fire"]);
    expect(artilleryContext(world, none, i18n).canRoll).toBe(false);
  });

  it("shows the chance of no hit and of disorganising: M fire on L misses only on 1-2 (Table 12); 105 mm is heavy enough (Table 7)", () => {
    const world = plainWorld(["w2", "a1"]);
    expect(artilleryContext(world, initialArtillery(world), i18n).chances.map((c) => c.chance)).toEqual(["33.3 %", "66.7 %"]);
    const dug = artilleryFromForm(world, initialArtillery(world), { protection: "H", [`calibre:${A("w2")}`]: "105" });
    // Against H a 105 mm battery cannot disorganise (Table 7 asks 120 mm).
    expect(artilleryContext(world, dug, i18n).chances.map((c) => c.chance)[1]).toBe("0.0 %");
  });
});

describe("the artillery dialog in Foundry", () => {
  const nqm = nqmInFoundry();

  it("an effective shoot rolling a 6 (M on L: 3 hits) pins every base and disorganises for an hour; Undo restores all", async () => {
    const before = [structuredClone(nqm.actors.get("a1")!.system), structuredClone(nqm.actors.get("w2")!.system)];
    const dialog = (await openDialog(ARTILLERY, { target: A("a1"), batteries: [A("w2")] }))!;
    nqm.dice([6]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([
      { type: "ammo", actor: A("w2"), delta: -1 },
      { type: "pins", actor: A("a1"), red: 3, black: 0 },
      { type: "disorganised", actor: A("a1"), value: true, hours: 1 },
    ]);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a1")!.system).toMatchObject({ pins: { red: 3, black: 0 }, disorganised: true, disorganisedHours: 1 });
    expect(nqm.actors.get("w2")!.system).toMatchObject({ ammo: 5 });
    expect(await requestCardAction("undo", message.id)).toEqual({ ok: true });
    expect([nqm.actors.get("a1")!.system, nqm.actors.get("w2")!.system]).toEqual(before);
  });

  it("a harassing shoot places no hits, spends a third of a fire unit and hampers the target two hours", async () => {
    const dialog = (await openDialog(ARTILLERY, { target: A("a1"), batteries: [A("w2")] }))!;
    await dialog.change({ mode: "harassing" });
    nqm.dice([1]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([
      { type: "ammo", actor: A("w2"), delta: -1 / 3 },
      { type: "harassed", actor: A("a1"), hours: 2 },
    ]);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("a1")!.system).toMatchObject({ harassedHours: 2, pins: { red: 0, black: 0 } });
    expect(nqm.actors.get("w2")!.system["ammo"]).toBeCloseTo(17 / 3, 9);
  });
});
