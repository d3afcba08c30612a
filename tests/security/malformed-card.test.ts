/**
 * Issue #16, "Done when" (arbitrary JSON as a card's data): a card whose effects are not in the
 * shape of the rules' effects (a known `type` with a field missing or of the wrong kind) threw while
 * it was rendered (`describeEffect` spoke an undefined label), and Apply wrote whatever it held. The
 * model: a card is read only when every effect passes the effect schema (src/schemas/effects.ts) and
 * its ground combat and record, when present, have their shape. Otherwise it is shown as not read,
 * with no controls, and the GM refuses Apply, Undo and a split, naming the field at fault.
 *
 * Before the fix: decorating a card holding `{ type: "hits", actor }` (no amount) threw a TypeError;
 * the GM took `{ type: "mode", mode: "banana" }` to the write path (only Foundry's validation stopped
 * it, as a failed write); cards with a malformed effect, ground combat or record were read as cards.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { readCard } from "../../src/chat/card-data";
import { decorateCard, registerChat } from "../../src/queries/card-controls";
import { requestCardAction, requestSetSplit } from "../../src/queries/register";
import type { CardResult } from "../../src/queries/card-actions";
import { GALLERY_REFS, resolveCombat } from "../chat/combat-fixture";
import { cardElement } from "./card-element";

type Raw = Record<string, unknown>;

let unit: FakeActorT;

/** A card the GM's client authored, with this system data. */
async function gmCard(system: Raw): Promise<string> {
  chatFake.setUsers("gm");
  const Message = ChatMessage as unknown as { create(d: object): Promise<{ id: string }> };
  return (await Message.create({ type: "resolution", system })).id;
}

const fields = (result: CardResult): unknown[] => (result.ok ? [] : (result.refusals ?? [])).map((p) => p.data?.["field"]);

const mode = (actor: FakeActorT): unknown => actor.system["mode"];

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { side: "nato", strength: { value: 4, max: 4 }, mode: "combat" } });
  chatFake.own(unit, "p1");
});

describe("a card whose effects are not in the rules' shape", () => {
  it("is not read as a card; one in shape is", () => {
    const good = { type: "mode", actor: "Actor.a", mode: "march" };
    expect(readCard({ effects: [good], state: "pending" })).toEqual({ effects: [good], state: "pending" });
    expect(readCard({ effects: [good, { type: "mode", actor: 3 }], state: "pending" })).toBeUndefined();
    expect(readCard({ effects: [{ type: "mode", actor: "Actor.a", mode: "banana" }], state: "pending" })).toBeUndefined();
    expect(readCard({ effects: [{ ...good, extra: 1 }], state: "pending" })).toBeUndefined();
    expect(readCard({ effects: [{ type: "teleport", actor: "Actor.a" }], state: "pending" })).toBeUndefined();
  });

  it("is rendered without throwing, says it is not read, drops its changes list and offers no control", async () => {
    const id = await gmCard({ effects: [{ type: "hits", actor: unit.uuid }], state: "pending" });
    for (const user of ["gm", "p1"]) {
      chatFake.setUsers(user);
      const view = cardElement();
      decorateCard(chatFake.messages.get(id)!, view.el);
      expect(view.stateLine.textContent, user).toBe("NOBC.Chat.State.malformed");
      expect(view.classes.has("card-malformed"), user).toBe(true);
      expect(view.changes.cleared, user).toBe(true);
      for (const control of view.controls) expect([control.hidden, control.disabled], user).toEqual([true, true]);
    }
  });

  it("the GM refuses Apply, naming the field, and writes nothing (for a player's request and the GM's own click)", async () => {
    const id = await gmCard({ effects: [{ type: "mode", actor: unit.uuid, mode: "banana" }], state: "pending" });
    chatFake.setUsers("p1");
    const asked = await requestCardAction("apply", id);
    expect(asked).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.malformed" });
    expect(fields(asked)).toEqual(["effects[0].mode"]);
    chatFake.setUsers("gm");
    expect(await requestCardAction("apply", id)).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.malformed" });
    expect(mode(unit)).toBe("combat");
    expect(chatFake.messages.get(id)!.system["state"]).toBe("pending");
  });

  it("the GM refuses Undo of an applied card whose effects or record are out of shape", async () => {
    const plan = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };
    const record = { seq: 1, forward: plan, inverse: plan, touched: [unit.uuid], paths: [] };
    const badEffect = await gmCard({ effects: [{ type: "hits", actor: unit.uuid, amount: "2" }], state: "applied", record });
    const badRecord = await gmCard({ effects: [{ type: "hits", actor: unit.uuid, amount: 2 }], state: "applied", record: { seq: 1 } });
    const fine = await gmCard({ effects: [{ type: "hits", actor: unit.uuid, amount: 2 }], state: "applied", record });
    expect(readCard(chatFake.messages.get(fine)!.system)?.record).toEqual(record);
    chatFake.setUsers("gm");
    const one = await requestCardAction("undo", badEffect);
    expect(one).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.malformed" });
    expect(fields(one)).toEqual(["effects[0].amount"]);
    const two = await requestCardAction("undo", badRecord);
    expect(two).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.malformed" });
    expect(fields(two)).toEqual(["record"]);
  });

  it("a ground combat out of shape is not read, and the GM refuses its split naming the field", async () => {
    const combat = resolveCombat(GALLERY_REFS, 3);
    const groundCombat = { plan: combat.plan, outcome: combat.outcome, splits: {} };
    const card = { effects: [], state: "pending", groundCombat };
    expect(readCard(card)?.groundCombat).toEqual(groundCombat);
    const broken = structuredClone(groundCombat) as unknown as { outcome: { attackerHits: { candidates: Raw[] } } };
    broken.outcome.attackerHits.candidates[0]!["strength"] = "8";
    expect(readCard({ ...card, groundCombat: broken })).toBeUndefined();
    expect(readCard({ ...card, groundCombat: { plan: {}, splits: {} } })).toBeUndefined();
    const display = { title: "Combat", inputs: [], breakdown: [], rolls: [3], tableRow: "", outcome: "x" };
    const id = await gmCard({ ...card, groundCombat: broken, display });
    const result = await requestSetSplit(id, "attackers", [{ actor: GALLERY_REFS.gds, hits: 1 }]);
    expect(result).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.malformed" });
    expect(fields(result)).toEqual(["groundCombat.outcome.attackerHits.candidates[0].strength"]);
  });

  it("a player's malformed card is refused as a player's card first", async () => {
    chatFake.setUsers("p1");
    const Message = ChatMessage as unknown as { create(d: object): Promise<{ id: string }> };
    const id = (await Message.create({ type: "resolution", system: { effects: [{ type: "mode", actor: 3 }], state: "pending" } })).id;
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.CardAuth.Refused.notGmCard" });
  });
});
