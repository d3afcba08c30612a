/**
 * Issue #16, "Once-a-turn keys taken from the card": a player posted an empty card carrying another
 * HQ's key (`recovery:<their HQ>:3`) and had it applied; the real card was then refused, even for
 * the GM, and deleting the message kept the key. The model: the GM derives keys from requests and
 * finds a key only among the cards it authored; a player's message is never applied, so it holds no
 * key. Before the fix the squatter's card was applied and the real card refused with `onceOnly`.
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

const key = (): string => `recovery:${hq.uuid}:3`;
const level = (): unknown => (hq.system["level"] as Raw)["value"];

/** What the squatter writes: their own message of the card subtype, claiming the key as applied. */
async function squat(state: "pending" | "applied"): Promise<string> {
  chatFake.setUsers("p1");
  const Message = ChatMessage as unknown as { create(d: object): Promise<{ id: string }> };
  const message = await Message.create({
    type: "resolution",
    system: {
      effects: [],
      state,
      once: key(),
      record: { seq: 99, forward: {}, inverse: {}, touched: [], paths: [] },
    },
  });
  // The squatter also keeps the old shape in its flags.
  await (chatFake.messages.get(message.id) as unknown as { update(d: Raw): Promise<unknown> }).update({
    "flags.nobc": { effects: [], state: "applied", once: key() },
  });
  return message.id;
}

async function realCard(): Promise<string> {
  chatFake.setUsers("gm");
  const message = (await postResolution({
    title: "Recovery",
    once: key(),
    resolution: { breakdown: [], rolls: [], outcome: "x", effects: [{ type: "hqLevel", actor: hq.uuid, delta: 1 }] },
  })) as { id: string };
  return message.id;
}

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  hq = new harness.Actor({ name: "1 GTA", type: "hq", system: { side: "wp", level: { value: 1, max: 3 } } });
  chatFake.own(hq, "p2");
});

describe("a player's card carrying another HQ's once-only key", () => {
  it("cannot be applied, holds no key, and does not block the real card, for the GM or the HQ's owner", async () => {
    const squatter = await squat("pending");
    expect(await requestCardAction("apply", squatter)).toEqual({ ok: false, reason: "NOBC.CardAuth.Refused.notGmCard" });
    const applied = await squat("applied");
    expect(onceKeyHolder(key())).toBeUndefined();
    const real = await realCard();
    chatFake.setUsers("p2");
    expect(await requestCardAction("apply", real)).toEqual({ ok: true });
    expect(level()).toBe(2);
    expect(onceKeyHolder(key())).toBe(real);
    // Deleting the squatter's messages changes nothing: the real card keeps the key.
    chatFake.setUsers("p1");
    await chatFake.messages.get(squatter)!.delete();
    await chatFake.messages.get(applied)!.delete();
    expect(onceKeyHolder(key())).toBe(real);
    const second = await realCard();
    expect(await requestCardAction("apply", second)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.onceOnly" });
    expect(level()).toBe(2);
  });

  it("the GM's own Apply of the real card is not refused either", async () => {
    await squat("applied");
    const real = await realCard();
    expect(await requestCardAction("apply", real)).toEqual({ ok: true });
  });

  it("a player cannot delete the GM's card to free its key", async () => {
    const real = await realCard();
    expect(await requestCardAction("apply", real)).toEqual({ ok: true });
    chatFake.setUsers("p1");
    await expect(chatFake.messages.get(real)!.delete()).rejects.toThrow(/lacks permission/);
    expect(onceKeyHolder(key())).toBe(real);
  });
});
