/**
 * Issue #29, seen 10: a whispered message of the defender's own carrying `flags.nobc.overrunOffer`
 * stopped the GM from being offered an airfield overrun: the check for an offer already in chat read
 * messages from any author. Now only an offer a GM posted counts.
 */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { registerAirMissionActions } from "../../src/apps/air/missions/register";
import { OVERRUN } from "../../src/apps/air/missions/dialogs";
import { watchAirfieldOverruns } from "../../src/apps/air/missions/overrun/hooks";
import { clearStageRegistry } from "../../src/combat/registry";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { unitSystem } from "../apps/ground-combat/fixture";

type Raw = Record<string, unknown>;

let tank: FakeActorT;
let templin: FakeActorT;

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};
const Message = () => (globalThis as unknown as { ChatMessage: { create(d: Raw): Promise<unknown> } }).ChatMessage;
const gmOffers = () =>
  [...chatFake.messages.values()].filter(
    (m) => m.author?.isGM === true && (m.flags["nobc"] as Raw | undefined)?.["overrunOffer"] !== undefined,
  );

beforeEach(() => {
  clearStageRegistry();
  clearDialogRegistry();
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests([OVERRUN]);
  registerAirMissionActions();
  watchAirfieldOverruns();
  tank = new harness.Actor({ name: "PzBrig 34", type: "unit", system: unitSystem("nato") });
  templin = new harness.Actor({
    name: "Templin",
    type: "airbase",
    system: { side: "wp", airZone: "2ATAF", baseCapacity: 2, hits: { repairable: 0, permanent: 0 }, airDefence: { value: 2, max: 4 } },
  });
  sheetsFake.actors.push(tank, templin);
  chatFake.own(tank, "p1");
  chatFake.own(templin, "p2");
});

describe("an overrun offer forged by the defender", () => {
  it("a player's own whisper carrying the flag does not stop the GM's offer", async () => {
    const base = harness.placeToken(templin, 3, 2);
    const token = harness.placeToken(tank, 1, 1);
    chatFake.setUsers("p2");
    await Message().create({ content: "", whisper: ["p2"], flags: { nobc: { overrunOffer: { unit: tank.uuid, airbase: templin.uuid } } } });
    chatFake.setUsers("gm");
    await token.update({ x: base.x, y: base.y });
    await settle();
    // The watch's module loads on the first move: wait for its post rather than for a few macrotasks.
    await vi.waitFor(() => expect(gmOffers()).toHaveLength(1), { timeout: 3000 });
  });
});
