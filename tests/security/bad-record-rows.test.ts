/**
 * Issue #16 review: a GM record with the right outline but bad rows. `readGmRecord` checked only that
 * each plan held four lists, so `forward.actorUpdates: [null]` was read as a record, and Undo threw a
 * TypeError in `driftedDocuments` (src/effects/apply.ts) instead of answering. Now the rows pass the
 * write-plan schema (src/schemas/write-plan.ts): such a card is not read, and Undo is refused.
 *
 * Before the fix: `readGmRecord` returned the record, and the GM's Undo rejected with a TypeError.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { readGmRecord } from "../../src/chat/card-record";
import { registerChat } from "../../src/queries/card-controls";
import { performCardAction, type RequestingUser } from "../../src/queries/card-actions";

let unit: FakeActorT;
const empty = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };

async function gmCard(system: Record<string, unknown>): Promise<string> {
  chatFake.setUsers("gm");
  const Message = ChatMessage as unknown as { create(d: object): Promise<{ id: string }> };
  return (await Message.create({ type: "resolution", system })).id;
}

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { side: "nato", strength: { value: 4, max: 4 }, mode: "combat" } });
});

const row = () => ({ uuid: unit.uuid, id: unit.id, parentUuid: null, changes: { "system.mode": "march" } });
const badRows: [string, Record<string, unknown>][] = [
  ["a null row", { ...empty, actorUpdates: [null] }],
  ["a row without changes", { ...empty, actorUpdates: [{ uuid: "Actor.x", id: "x", parentUuid: null }] }],
  ["changes that are a list", { ...empty, itemUpdates: [{ uuid: "Actor.x.Item.y", id: "y", parentUuid: "Actor.x", changes: [1] }] }],
  ["a deletion with a number for uuid", { ...empty, itemDeletions: [{ uuid: 5, id: "y", parentUuid: null }] }],
  ["a creation without data", { ...empty, itemCreations: [{ parentUuid: null }] }],
  ["an overlong uuid", { ...empty, actorUpdates: [{ uuid: "A".repeat(300), id: "x", parentUuid: null, changes: {} }] }],
];

describe("a GM record whose plan rows are out of shape", () => {
  it.each(badRows)("is not read: %s", (_name, plan) => {
    expect(readGmRecord({ seq: 1, forward: plan, inverse: empty, touched: [], paths: [] })).toBeUndefined();
    expect(readGmRecord({ seq: 1, forward: empty, inverse: plan, touched: [], paths: [] })).toBeUndefined();
  });

  it("a record in shape is read as it is", () => {
    const record = { seq: 1, forward: { ...empty, actorUpdates: [row()] }, inverse: empty, touched: [unit.uuid], paths: [] };
    expect(readGmRecord(record)).toEqual(record);
  });

  it.each(badRows)("Undo is refused, never thrown, and writes nothing: %s", async (_name, plan) => {
    const record = { seq: 1, forward: plan, inverse: { ...empty, actorUpdates: [row()] }, touched: [unit.uuid], paths: [] };
    const id = await gmCard({ effects: [{ type: "mode", actor: unit.uuid, mode: "march" }], state: "applied", record });
    const gm = game.users!.get("gm") as unknown as RequestingUser;
    await expect(performCardAction("undo", id, gm)).resolves.toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.malformed" });
    expect(unit.system["mode"]).toBe("combat");
    expect(chatFake.messages.get(id)!.system["state"]).toBe("applied");
  });
});
