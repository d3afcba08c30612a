/**
 * Issue #29, item 2, for the work a request runs rather than a card it posts (a move, a retreat's
 * answer): the card that work posts carries its turn action, and a GM's request outside the action's
 * stage is named on it, as every other card of the request path is.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { stageBoardWorld } from "../turn/board-world";
import { requestResolution } from "../../src/apps/base/request";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { MOVE } from "../../src/apps/land/dialogs";
import { TURN_COMBAT_TYPE } from "../../src/combat/turn-type";
import { MOVEMENT_LAST_SLOT } from "../../src/world/movement-slots";
import { turn } from "../../src/rules/index";

type Raw = Record<string, unknown>;
const cards = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution") as unknown as { system: Raw }[];
const stage = (id: "movement" | "groundCombat") =>
  (harness.game["combat"] = { type: TURN_COMBAT_TYPE, system: { turn: 1, stage: turn.stageIndex(id), movementSlot: MOVEMENT_LAST_SLOT } });

beforeEach(() => {
  stageBoardWorld();
  registerRequests([MOVE]);
});
afterEach(() => clearDialogRegistry());

describe("a card posted by a request's work", () => {
  it("a move in its stage carries its action and no override", async () => {
    stage("movement");
    chatFake.setUsers("p1");
    expect((await requestResolution(MOVE.id, { unit: "Actor.n36", path: ["0102"], ignoreMines: [] })).ok).toBe(true);
    expect(cards()[0]!.system).toMatchObject({ action: "land.move", overrides: [] });
  });

  it("a GM's move outside Movement is carried out and its card names the override", async () => {
    stage("groundCombat");
    chatFake.setUsers("gm");
    expect((await requestResolution(MOVE.id, { unit: "Actor.n36", path: ["0102"], ignoreMines: [] })).ok).toBe(true);
    const card = cards()[0]!.system;
    expect(card["action"]).toBe("land.move");
    expect((card["overrides"] as unknown[]).length).toBeGreaterThan(0);
  });
});
