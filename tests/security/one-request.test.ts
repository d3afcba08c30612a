/**
 * One outstanding request per user (#16): a player could fire many `nobc.resolve` requests at once,
 * flooding the GM's client or racing one request's checks against another's card. Now the GM
 * answers one request per user at a time; a second while the first runs is refused (`busy`) and
 * nothing of it is posted. Before the fix both requests below were answered and posted.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { frontWorld } from "./fixtures";
import { requestResolution } from "../../src/apps/base/request";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { PLANNER } from "../../src/apps/ground-combat/dialogs";
import { openGroundCombat } from "../../src/apps/ground-combat/macros";
import type { GroundCombatState } from "../../src/apps/ground-combat/state";

let actors: Map<string, FakeActorT>;

beforeEach(() => {
  // No turn on the tracker: nothing is held, so only the rule under test can refuse the second request.
  actors = frontWorld([PLANNER]);
});
afterEach(() => clearDialogRegistry());

const A = (id: string) => actors.get(id)!.uuid;
const cards = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution");
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

async function plan(user: string, attackers: string[], target: string): Promise<GroundCombatState> {
  chatFake.setUsers(user);
  const state = (await openGroundCombat({ attackers: attackers.map(A), target }))!.dialogState as GroundCombatState;
  harness.notices.length = 0;
  return state;
}

describe("one request per user at a time", () => {
  it("a second request of the same player while the first is answered is refused (busy); the first is posted", async () => {
    const state = await plan("p1", ["n36"], "0302");
    const [first, second] = await Promise.all([requestResolution(PLANNER.id, state), requestResolution(PLANNER.id, state)]);
    // Which of the two reaches the GM first is the socket's affair: one is answered, the other refused.
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect(cards()).toHaveLength(1);
    expect(warnings()).toEqual(["NOBC.Request.Refused.busy"]);
    // Once answered, the player may ask again.
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    expect(cards()).toHaveLength(2);
  });
});
