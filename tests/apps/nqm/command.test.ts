/**
 * Command reaction and task timings (NQM seed 004, Table 5 and the Task Timings Table): refusals naming
 * the field, the chance of each number of hours, scripted dice read as the seed reads them, a card that
 * writes nothing.
 */
import "../../harness/install";

import { describe, expect, it } from "vitest";
import { openDialog } from "../../../src/apps/base/registry";
import { COMMAND } from "../../../src/apps/nqm/dialogs";
import { scriptedDice } from "../../../src/rules/dice";
import { commandFromForm, commandResolution, initialCommand } from "../../../src/apps/nqm/command/state";
import { commandContext } from "../../../src/apps/nqm/command/context";
import { langFileWording } from "../../../src/words/phrase";
import en from "../../../lang/en.json";
import { nqmInFoundry } from "./fixture";

const i18n = langFileWording(en, "en");

describe("command and task timings (pure)", () => {
  it("orders from army for a division take 6 hours (1 + 2 up, as long down: Table 5); veteran mobile units half", () => {
    const state = commandFromForm(initialCommand(), { to: "army" });
    const r = commandResolution(state, scriptedDice([]));
    expect(r.ok && r.value.outcome.hours).toBe(6);
    const fast = commandResolution(commandFromForm(state, { veteranMobile: true }), scriptedDice([]));
    expect(fast.ok && fast.value.outcome.hours).toBe(3);
  });

  it("refuses orders sought from a lower level, and no team, naming the field", () => {
    const down = commandResolution(commandFromForm(initialCommand(), { from: "army", to: "corps" }), scriptedDice([]));
    expect(down.ok ? [] : down.refusals.map((r) => r.field)).toEqual(["to"]);
    const none = commandResolution(commandFromForm(initialCommand({ mode: "task" }), { teams: "0" }), scriptedDice([]));
    expect(none.ok ? [] : none.refusals.map((r) => r.field)).toEqual(["teams"]);
  });

  it("rolls a range: a vehicle bridge takes two dice added (2-12 hours); an infantry bridgehead 1-3 hours, a third each", () => {
    const bridge = commandResolution(commandFromForm(initialCommand({ mode: "task" }), { task: "vehicleBridge" }), scriptedDice([3, 4]));
    expect(bridge.ok && bridge.value.outcome.hours).toBe(7);
    const head = commandContext(commandFromForm(initialCommand({ mode: "task" }), { task: "infantryBridgehead" }), i18n);
    expect(head.chances).toEqual([
      { label: "1 hour", chance: "33.3 %" },
      { label: "2 hours", chance: "33.3 %" },
      { label: "3 hours", chance: "33.3 %" },
    ]);
  });
});

describe("the timings dialog in Foundry", () => {
  const nqm = nqmInFoundry();

  it("posts a card of the rolled time with no change to any document", async () => {
    const dialog = (await openDialog(COMMAND, { mode: "task" }))!;
    await dialog.change({ task: "vehicleBridge" });
    nqm.dice([6, 6]);
    const message = (await dialog.resolve()) as { system: { effects: unknown[] }; rolls: { total: number }[] };
    expect(message.system.effects).toEqual([]);
    expect(message.rolls[0]!.total).toBe(12);
  });
});
