/**
 * Issue #29, seen 6: a move of a unit eliminated on the way (an ignored minefield, or leaving contact,
 * at strength 1) went on to the end of its path: the rules answered `eliminated` with the end hex
 * further on, and the card recorded the whole path. The move now ends in the hex whose hits eliminate
 * the unit: the card records the path up to there and says why, and nothing is written further on.
 */
import "../harness/install";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { stageBoardWorld } from "../turn/board-world";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { MOVE } from "../../src/apps/land/dialogs";
import { registerMoveHooks } from "../../src/apps/land/move/hooks";
import { TURN_COMBAT_TYPE } from "../../src/combat/turn-type";
import { MOVEMENT_LAST_SLOT } from "../../src/world/movement-slots";
import { turn } from "../../src/rules/index";

type Raw = Record<string, unknown>;
let actors: Map<string, FakeActorT>;

function tokenAt(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}
const token = (id: string) => harness.scene!.tokens.find((t) => t.actorId === id);
const cards = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution") as unknown as { system: Raw }[];

beforeEach(async () => {
  actors = stageBoardWorld();
  registerRequests([MOVE]);
  registerMoveHooks();
  harness.game["combat"] = {
    type: TURN_COMBAT_TYPE,
    system: { turn: 1, stage: turn.stageIndex("movement"), movementSlot: MOVEMENT_LAST_SLOT },
  };
  // 34 PzBrig (0201, next to 1 MRR in 0301) down to its last strength point, as the GM's own write.
  await actors.get("n34")!.update({ "system.strength.value": 1 });
});
afterEach(() => clearDialogRegistry());

describe("a unit eliminated on the way", () => {
  it("leaving contact at strength 1: the move ends in the first hex, where it is eliminated; nothing further on is recorded", async () => {
    chatFake.setUsers("p1");
    await token("n34")!.move([tokenAt("0101"), tokenAt("0102")], { method: "dragging" });
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0]!.system;
    expect(card["records"]).toMatchObject({ move: { path: ["0101"] } });
    expect(JSON.stringify(card["effects"])).not.toContain("0102");
    await vi.waitFor(() => expect(token("n34")).toBeUndefined());
    expect((actors.get("n34")!.system["strength"] as Raw)["value"]).toBe(0);
  });
});
