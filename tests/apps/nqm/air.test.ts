/**
 * The air-to-ground fireplan (NQM seed 004) as the umpire's dialog: refusals naming the field, the
 * chances before the roll, a scripted sortie read on the seed's rules, and the pins written and undone.
 */
import "../../harness/install";

import { describe, expect, it } from "vitest";
import { openDialog } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { AIR } from "../../../src/apps/nqm/dialogs";
import { scriptedDice } from "../../../src/rules/dice";
import { airFromForm, airResolution, initialAir } from "../../../src/apps/nqm/air/state";
import { airContext } from "../../../src/apps/nqm/air/context";
import { langFileWording } from "../../../src/words/phrase";
import en from "../../../lang/en.json";
import { plainWorld, nqmInFoundry } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;
const sortie = { aircraft: [A("a2")], aa: [A("w1")], target: A("w2") };

describe("the air fireplan dialog's state (pure)", () => {
  it("refuses no air stand and zero engines, naming the field", () => {
    const world = plainWorld();
    const none = airResolution(world, initialAir(world, { target: A("w2") }), scriptedDice([]));
    expect(none.ok ? [] : none.refusals.map((r) => r.field)).toEqual(["aircraft"]);
    const zero = airFromForm(world, initialAir(world, sortie), { [`engines:${A("a2")}`]: "0" });
    const checked = airResolution(world, zero, scriptedDice([]));
    expect(checked.ok ? [] : checked.refusals.map((r) => r.field)).toEqual(["aircraft[0].engines"]);
    expect(airContext(world, zero, i18n).canRoll).toBe(false);
  });

  it("shows about how often the air gets through, from fixed dry runs (the same figures every time)", () => {
    const world = plainWorld();
    const chances = airContext(world, airFromForm(world, initialAir(world, sortie), { [`role:${A("a2")}`]: "groundAttack" }), i18n).chances;
    expect(chances.map((c) => c.label)).toEqual([
      "About how often no air stand is neutralised",
      "About how often the air reaches 2 Bty",
      "About how often 2 Bty is disorganised",
    ]);
    // One L AA die at M misses on 1-4 (Table 12, row −1): about two in three.
    expect(Number.parseFloat(chances[0]!.chance)).toBeGreaterThan(60);
    expect(Number.parseFloat(chances[0]!.chance)).toBeLessThan(73);
  });
});

describe("the air fireplan dialog in Foundry", () => {
  const nqm = nqmInFoundry();

  it("AA misses, the Stuka pins every AA base, then hits and disorganises the target; Undo restores all", async () => {
    const before = [structuredClone(nqm.actors.get("w1")!.system), structuredClone(nqm.actors.get("w2")!.system)];
    const dialog = (await openDialog(AIR, sortie))!;
    await dialog.change({ [`role:${A("a2")}`]: "groundAttack" });
    // AA: L on M, a 1 scores nothing. Air at AA: H on M, a 6 scores 3. Air at the battery: H on L, a 4 scores 2.
    nqm.dice([1, 6, 4]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([
      { type: "ammo", actor: A("w1"), delta: -1 },
      { type: "pins", actor: A("w1"), red: 3, black: 0 },
      { type: "pins", actor: A("w2"), red: 2, black: 0 },
      { type: "disorganised", actor: A("w2"), value: true, hours: 1 },
    ]);
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(nqm.actors.get("w2")!.system).toMatchObject({ pins: { red: 2, black: 0 }, disorganised: true });
    expect(await requestCardAction("undo", message.id)).toEqual({ ok: true });
    expect([nqm.actors.get("w1")!.system, nqm.actors.get("w2")!.system]).toEqual(before);
  });
});
