/**
 * Mode changes outside the Orders phase (#16). Before the fix the Orders-phase rule was checked
 * only in the player's own client (the sheet button), the pack macro "Toggle Combat or March
 * Mode" called applyEffects itself, and a mode set from the console (`actor.update`) simply stood.
 * Now the pack macro and the sheet send a request the GM checks, and a mode a player sets outside
 * Orders is put back by the active GM's client, which tells the umpire.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { harness, type FakeActorT } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { registerRequests } from "../harness/requests";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { clearStageRegistry } from "../../src/combat/registry";
import { registerLandPhases } from "../../src/apps/land/register";
import { landPhaseMacros } from "../../src/apps/land/macros";
import { applyEffects } from "../../src/effects/apply";
import * as rules from "../../src/rules/index";
import { say } from "../../src/base/foundry";
import { turn } from "../../src/rules/index";
import { specs } from "../apps/land/fixture";

type Raw = Record<string, unknown>;
let actors: Map<string, FakeActorT>;
const board = (globalThis as unknown as { canvas: { tokens: Raw } }).canvas;
const g = harness.game;

function atStage(stage: string): void {
  g["combats"] = [{ type: "nobcTurn", system: { turn: 1, stage: turn.stageIndex(stage as turn.StageId) } }];
}

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests();
  registerLandPhases();
  actors = new Map();
  for (const s of specs()) {
    const actor = new harness.Actor({ id: s.id, name: s.name, type: s.type, system: s.system });
    actors.set(s.id, actor);
    sheetsFake.actors.push(actor);
  }
  for (const id of ["h1", "u1", "u2", "u3"]) chatFake.own(actors.get(id)!, "p1");
  board.tokens["controlled"] = [];
});
afterEach(() => {
  clearStageRegistry();
  clearDialogRegistry();
  delete g["combats"];
});

const unit = (id: string) => actors.get(id)!;
const mode = (id: string) => unit(id).system["mode"];

// A mode set from the console is put back like every rules value: tests/security/console-rules-values.test.ts.

describe("the pack macro Toggle Combat or March Mode", () => {
  const command = (
    JSON.parse(readFileSync(resolve(__dirname, "../../packs/_source/macros/toggle-combat-or-march-mode.json"), "utf8")) as {
      command: string;
    }
  ).command;
  const AsyncFunction = (async () => undefined).constructor as new (...args: string[]) => () => Promise<unknown>;
  /** Runs the macro as Foundry does, with the real API a player's client has. */
  const run = async () => {
    g["nobc"] = { rules, say, applyEffects, land: landPhaseMacros };
    try {
      await new AsyncFunction(command)();
    } finally {
      delete g["nobc"];
    }
  };

  it("outside Orders a player's toggle is refused by the GM and nothing is written", async () => {
    atStage("movement");
    chatFake.setUsers("p1");
    board.tokens["controlled"] = [{ actor: unit("u1") }];
    await run();
    expect(mode("u1")).toBe("combat");
    expect(harness.Actor.calls).toEqual([]);
    expect(chatFake.messages.size).toBe(0);
    // The stage table refuses it on the request path, naming the stage it belongs to.
    expect(harness.notices.at(-1)!.message).toContain("NOBC.Stage.Refused.request");
    expect(harness.notices.at(-1)!.message).toContain("NOBC.Turn.Stage.orders");
  });

  it("in Orders the GM posts the card (its author, naming the player); nothing is written until it is applied", async () => {
    atStage("orders");
    chatFake.setUsers("p1");
    board.tokens["controlled"] = [{ actor: unit("u1") }, { actor: unit("w1") }];
    await run();
    // 1 MRD is not p1's: the GM refuses the whole request, naming it.
    expect(harness.notices.at(-1)!.message).toContain("NOBC.Land.Mode.NotYourUnit");
    expect(chatFake.messages.size).toBe(0);
    board.tokens["controlled"] = [{ actor: unit("u1") }];
    await run();
    const [card] = [...chatFake.messages.values()];
    expect(card!.author?.id).toBe("gm");
    expect(card!.system).toMatchObject({ requestedBy: "p1", effects: [{ type: "mode", actor: "Actor.u1", mode: "march" }] });
    expect(harness.Actor.calls).toEqual([]);
  });

  it("with nothing selected, says so (a lang key) and asks nothing", async () => {
    chatFake.setUsers("p1");
    await run();
    expect(harness.notices.map((n) => n.message)).toEqual(["NOBC.Land.Mode.SelectUnits"]);
    expect(chatFake.users.get("gm")!.queries).toEqual([]);
  });
});
