/**
 * Issue #29, seen 5: a retreat answer was posted and never applied. The owner sent each unit's path,
 * the GM posted the retreat card, and the combat card's "awaiting" line went (the chat held an answer),
 * but no token had moved: the card waited, pending, for a GM to press Apply. Now the GM's client
 * applies the answer as soon as it accepts it (src/apps/land/move/carry-out.ts, `postAndApply`): the
 * tokens are where the answer says when the player's request returns, and the card is applied.
 * The world is the board game's (tests/turn/board-world.ts).
 */
import "../harness/install";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { boardMap, buildBoardWorld } from "../turn/board-world";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { requestResolution } from "../../src/apps/base/request";
import { requestCardAction } from "../../src/queries/register";
import { postResolution } from "../../src/chat/resolution-card";
import { RETREAT } from "../../src/apps/land/dialogs";
import { awaitedRetreats } from "../../src/apps/land/retreat/card-note";
import { registerRetreatNotes } from "../../src/apps/land/retreat/hooks";
import { forgetTerrain } from "../../src/world/read";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";

const A = (id: string) => `Actor.${id}`;
const token = (id: string) => harness.scene!.tokens.find((t) => t.actorId === id)!;
/** Where a one-hex token centred on `hex` has its top-left corner (whole pixels). */
function tokenAt(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}
const cards = () => [...chatFake.messages.values()] as unknown as { id: string; system: { state?: string; requestedBy?: string } }[];
const awaiting = (id: string) => awaitedRetreats(chatFake.messages.get(id) as never).map((a) => a.text);

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRetreatNotes();
  forgetTerrain();
  harness.viewScene();
  registerRequests([RETREAT]);
  buildBoardWorld();
  harness.setSceneFlag("terrain", boardMap());
});
afterEach(() => clearDialogRegistry());

describe("a player's retreat answer", () => {
  it("is applied by the GM as soon as it is accepted: the awaiting line goes only once the unit has retreated", async () => {
    chatFake.setUsers("gm");
    const combat = (await postResolution({
      title: "Ground combat",
      resolution: { breakdown: [], rolls: [], outcome: {}, effects: [{ type: "retreat", actor: A("n36"), hexes: 2 }] },
    })) as { id: string };
    expect(await requestCardAction("apply", combat.id)).toEqual({ ok: true });
    expect(awaiting(combat.id).join()).toContain("NOBC.Retreat.Awaiting");
    const from = { x: token("n36").x, y: token("n36").y };

    // The owner answers; no GM presses anything.
    chatFake.setUsers("p1");
    expect((await requestResolution(RETREAT.id, { source: combat.id, units: [{ actor: A("n36"), path: ["0102", "0101"] }] })).ok).toBe(
      true,
    );
    const answer = cards().at(-1)!;
    expect(answer.id).not.toBe(combat.id);
    expect(answer.system.requestedBy).toBe("p1");
    // Seen 5: the card stood pending and the token where it was, while the awaiting line had gone.
    expect(answer.system.state).toBe("applied");
    expect({ x: token("n36").x, y: token("n36").y }).not.toEqual(from);
    expect({ x: token("n36").x, y: token("n36").y }).toEqual(tokenAt("0101"));
    expect(awaiting(combat.id)).toEqual([]);
    // Nothing is left for the GM to push through.
    expect(cards().filter((c) => c.system.state === "pending")).toEqual([]);
  });
});
