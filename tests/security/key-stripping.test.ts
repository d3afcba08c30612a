/**
 * Issue #16, "A poster can also strip the key from their own card and apply it twice." The model:
 * the poster is the GM's client (a player asks for a card, see src/apps/base/request.ts); a player
 * cannot update a GM's message, and the GM reads a card's key only from the `system` of messages a
 * GM authored, never from a place a player may write. Before the fix the posting player removed
 * `once` from their card's flags and the GM applied it a second time.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { postResolution } from "../../src/chat/resolution-card";
import { registerChat } from "../../src/queries/card-controls";
import { requestCardAction } from "../../src/queries/register";
import { onceKeyHolder } from "../../src/queries/card-actions";

type Raw = Record<string, unknown>;

let hq: FakeActorT;

const key = (): string => `orders:${hq.uuid}:1`;
const level = (): unknown => (hq.system["level"] as Raw)["value"];

async function card(): Promise<string> {
  chatFake.setUsers("gm");
  const message = (await postResolution({
    title: "Orders",
    once: key(),
    requestedBy: "p1",
    resolution: { breakdown: [], rolls: [], outcome: "x", effects: [{ type: "hqLevel", actor: hq.uuid, delta: -1 }] },
  })) as { id: string };
  return message.id;
}

interface Writable {
  update(d: Raw): Promise<unknown>;
  system: Raw;
  flags: Raw;
}

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  hq = new harness.Actor({ name: "V Corps", type: "hq", system: { side: "nato", level: { value: 3, max: 3 } } });
  chatFake.own(hq, "p1");
});

describe("stripping the once-only key from a card", () => {
  it("the player who asked for the card cannot change it: the harness refuses the update of the GM's message", async () => {
    const id = await card();
    const message = chatFake.messages.get(id) as unknown as Writable;
    chatFake.setUsers("p1");
    for (const change of [
      { "system.once": null },
      { system: { once: "other" } },
      { "flags.nobc.once": null },
      { "system.state": "pending" },
    ]) {
      await expect(message.update(change)).rejects.toThrow(/lacks permission to update ChatMessage/);
    }
    expect(message.system["once"]).toBe(key());
  });

  it("applied once, the key holds: a second card for the same thing is refused, and the first cannot be reset", async () => {
    const first = await card();
    chatFake.setUsers("p1");
    expect(await requestCardAction("apply", first)).toEqual({ ok: true });
    await expect((chatFake.messages.get(first) as unknown as Writable).update({ "system.state": "pending" })).rejects.toThrow(
      /lacks permission/,
    );
    const second = await card();
    chatFake.setUsers("p1");
    expect(await requestCardAction("apply", second)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.onceOnly" });
    expect(await requestCardAction("apply", first)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notPending" });
    expect(level()).toBe(2);
  });

  it("the GM's key lookup reads the card's system, not its flags: a key written to flags counts for nothing", async () => {
    const id = await card();
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    // Even a change to the GM's message's flags (only a GM may make one) neither frees nor moves the key.
    await (chatFake.messages.get(id) as unknown as Writable).update({ "flags.nobc": { once: "elsewhere", state: "reverted" } });
    expect(onceKeyHolder(key())).toBe(id);
    expect(onceKeyHolder("elsewhere")).toBeUndefined();
  });
});
