/**
 * Issue #16, "World documents only": a document checked by its UUID in a compendium must never be
 * written by id to the world document that shares the id (an Adventure import keeps ids). The
 * stand-in holds compendium copies with the ids of world documents (`harness.packCopy`), and
 * `fromUuidSync` finds either by its own UUID. A card, a macro's effects, a stored write plan or a
 * drop that names a compendium UUID, a UUID that leads to another document than it names, or an id
 * that exists only in a pack is refused, naming the UUID, and nothing in the world changes.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT, type FakeItemT } from "../harness/foundry";
import { postResolution } from "../../src/chat/resolution-card";
import { registerChat } from "../../src/queries/card-controls";
import { requestCardAction } from "../../src/queries/register";
import { PlanWriteError, applyEffects, applyPlan, documentAt } from "../../src/effects/apply";
import { assignCard, onDropCanvasData } from "../../src/queries/card-assignment";
import type { Effect } from "../../src/rules/effects";

const PACK = "nobc.adventure-units";

let unit: FakeActorT;
let foe: FakeActorT;
let hq: FakeActorT;
let card: FakeItemT;
/** The compendium copies, with the same ids as the world's unit and HQ. */
let packUnit: FakeActorT;
let packHq: FakeActorT;

/** The world's documents as they stand (a write to any of them changes this). */
const world = (): unknown => [unit, foe, hq].map((a) => [structuredClone(a.system), a.items.map((i) => i.toObject())]);

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  unit = new harness.Actor({
    name: "3 Pz Bde",
    type: "unit",
    system: { side: "nato", strength: { value: 4, max: 4 }, supply: 1, hq: null },
  });
  foe = new harness.Actor({ name: "20 Gds MRD", type: "unit", system: { side: "wp", strength: { value: 4, max: 4 }, hq: null } });
  hq = new harness.Actor({ name: "V Corps", type: "hq", system: { side: "nato", level: { value: 2, max: 3 }, radius: 3 } });
  card = hq.addItem({ name: "Engineers", type: "supportCard", system: { side: "nato", category: "combatModifier", assignedTo: null } });
  packUnit = harness.packCopy(unit, PACK);
  packHq = harness.packCopy(hq, PACK, false);
  chatFake.own(unit, "p2");
  chatFake.own(foe, "p2");
  chatFake.own(hq, "p2");
});
afterEach(() => vi.restoreAllMocks());

async function post(effects: Effect[]): Promise<string> {
  const message = (await postResolution({ title: "Combat", resolution: { breakdown: [], rolls: [3, 4], outcome: "ok", effects } })) as {
    id: string;
  };
  return message.id;
}

/** The harness models the attack: two documents, one id, each found by its own UUID. */
it("the stand-in holds a compendium copy with the world document's id, each found by its own UUID", () => {
  expect(packUnit.id).toBe(unit.id);
  expect(packUnit.uuid).toBe(`Compendium.${PACK}.Actor.${unit.id}`);
  const fromUuidSync = (uuid: string): unknown => foundry.utils.fromUuidSync(uuid as `Actor.${string}`);
  expect(fromUuidSync(unit.uuid)).toBe(unit);
  expect(fromUuidSync(packUnit.uuid)).toBe(packUnit);
  expect(fromUuidSync(packHq.items[0]!.uuid)).toBe(packHq.items[0]);
  expect(documentAt(unit.uuid)).toBe(unit);
  expect(documentAt(packUnit.uuid)).toBeUndefined();
});

describe("a card naming a compendium UUID", () => {
  it("is refused when the GM applies it, naming the UUID; the world unit with the same id is not written", async () => {
    const id = await post([{ type: "hits", actor: packUnit.uuid, amount: 3 }]);
    const before = world();
    const result = await requestCardAction("apply", id);
    expect(result).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.notWorld" });
    expect(JSON.stringify(result)).toContain(packUnit.uuid);
    expect(world()).toEqual(before);
    expect(harness.Actor.calls.filter((c) => c.method === "updateDocuments")).toEqual([]);
    expect(harness.notices.at(-1)?.message).toContain(packUnit.uuid);
  });

  it("is refused for a player who owns only the compendium copy, and the other side's world unit keeps its strength", async () => {
    // Pack ownership lets p1 own its copy; the world unit of that id belongs to p2.
    chatFake.own(packUnit, "p1");
    const id = await post([{ type: "eliminated", actor: packUnit.uuid }]);
    chatFake.setUsers("p1");
    const result = await requestCardAction("apply", id);
    expect(result.ok).toBe(false);
    expect(unit.system["strength"]).toEqual({ value: 4, max: 4 });
  });

  it("refuses a card discarded by its compendium UUID: neither the world's card nor the pack's is deleted", async () => {
    chatFake.setUsers("gm");
    const packCard = packHq.items[0]!;
    expect(packCard.id).toBe(card.id);
    const id = await post([{ type: "cardDiscarded", card: packCard.uuid }]);
    expect(await requestCardAction("apply", id)).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.notWorld" });
    expect(hq.items.map((i) => i.id)).toEqual([card.id]);
    expect(packHq.items.map((i) => i.id)).toEqual([card.id]);
  });

  it("refuses an id that exists only in a pack, naming it", async () => {
    chatFake.setUsers("gm");
    const only = new harness.Actor({ name: "Pack only", type: "unit", system: { strength: { value: 2, max: 2 } }, pack: PACK });
    const id = await post([{ type: "hits", actor: only.uuid, amount: 1 }]);
    const result = await requestCardAction("apply", id);
    expect(result).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.notWorld" });
    expect(JSON.stringify(result)).toContain(only.uuid);
    expect(only.system["strength"]).toEqual({ value: 2, max: 2 });
  });
});

describe("a UUID that resolves to another document than it names", () => {
  it("an embedded UUID under another actor is refused; the card of the actor it leads to stays", async () => {
    chatFake.setUsers("gm");
    // `Actor.<foe>.Item.<card>` answered with the HQ's card: the write would go to the HQ.
    const alias = `${foe.uuid}.Item.${card.id}`;
    harness.registerUuid(alias, card);
    const id = await post([{ type: "cardDiscarded", card: alias }]);
    const result = await requestCardAction("apply", id);
    expect(result).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.notWorld" });
    expect(JSON.stringify(result)).toContain(alias);
    expect(hq.items.map((i) => i.id)).toEqual([card.id]);
  });

  it("a card dropped on a token by such a UUID is refused, not assigned", () => {
    const alias = `Item.${card.id}`;
    harness.registerUuid(alias, card);
    harness.placeToken(hq, 0);
    harness.placeToken(unit, 2);
    const at = harness.grid.getCenterPoint(harness.offsetOfHex(2, 0));
    expect(onDropCanvasData({}, { type: "Item", uuid: alias, ...at })).toBe(false);
    expect(card.updates).toEqual([]);
    expect(harness.notices.at(-1)?.message).toContain(alias);
  });
});

describe("the write path itself", () => {
  it("applyEffects (macros, sheet buttons) refuses a compendium UUID and writes nothing", async () => {
    const before = world();
    const error = await applyEffects([
      { type: "hits", actor: foe.uuid, amount: 1 },
      { type: "hits", actor: packUnit.uuid, amount: 3 },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanWriteError);
    expect((error as PlanWriteError).failures.join(" ")).toContain(packUnit.uuid);
    expect((error as PlanWriteError).restored).toBe(true);
    expect(world()).toEqual(before);
  });

  it("applyPlan refuses a row whose UUID is in a compendium though its id is a world document's", async () => {
    const before = world();
    const error = await applyPlan({
      actorUpdates: [{ uuid: packUnit.uuid, id: unit.id, parentUuid: null, changes: { "system.strength.value": 0 } }],
      itemUpdates: [],
      itemDeletions: [{ uuid: packHq.items[0]!.uuid, id: card.id, parentUuid: packHq.uuid }],
      itemCreations: [],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanWriteError);
    expect((error as PlanWriteError).failures.join(" ")).toContain(packUnit.uuid);
    expect(world()).toEqual(before);
    expect(packHq.items).toHaveLength(1);
  });

  it("applyPlan refuses a row whose id is not the document its UUID names", async () => {
    const before = world();
    const error = await applyPlan({
      actorUpdates: [{ uuid: foe.uuid, id: unit.id, parentUuid: null, changes: { "system.strength.value": 0 } }],
      itemUpdates: [],
      itemDeletions: [],
      itemCreations: [],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanWriteError);
    expect((error as PlanWriteError).failures.join(" ")).toContain(foe.uuid);
    expect(world()).toEqual(before);
  });

  it("a sheet drop of a document that is not the world's own is refused", async () => {
    const packCard = harness.packCopy(card, "nobc.cards", false);
    expect(await assignCard(packCard as never, unit as never)).toBe(false);
    expect(packCard.updates).toEqual([]);
    expect(card.updates).toEqual([]);
  });
});
