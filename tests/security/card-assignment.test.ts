/**
 * Support-card assignment is a request the GM answers (src/queries/card-assignment.ts). Before,
 * a player's drop of a card on a unit, and Unassign, ran the rules' check on the player's client
 * and wrote the card from there. Now the player's client sends the card and the unit to the active
 * GM and writes nothing; the GM checks the shape, that the asker owns the HQ holding the card, and
 * the rules on the world as it reads it, then writes through the one write path. No chat card is
 * posted: assignments stay hidden from the other side.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT, type FakeItemT } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { registerRequests } from "../harness/requests";
import { ASSIGN_CARD_QUERY, assignCard, onDropCanvasData, requestCardAssignment } from "../../src/queries/card-assignment";
import { HqSheet } from "../../src/sheets/sheets";
import type { CardResult } from "../../src/queries/card-actions";

type Raw = Record<string, unknown>;

let hq: FakeActorT;
let foeHq: FakeActorT;
let card: FakeItemT;
let other: FakeItemT;
let foeCard: FakeItemT;
let unit: FakeActorT;
let far: FakeActorT;
/** Who wrote each Item update (the user whose client committed it), as every client's `updateItem` hook hears it. */
let writers: string[];

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests();
  hq = new harness.Actor({ name: "I GE Corps", type: "hq", system: { side: "nato", level: { value: 1, max: 4 }, radius: 3 } });
  card = hq.addItem({ name: "+2 Combat", type: "supportCard", system: { side: "nato", category: "combatModifier", assignedTo: null } });
  other = hq.addItem({ name: "Engineers", type: "supportCard", system: { side: "nato", category: "engineer", assignedTo: null } });
  foeHq = new harness.Actor({ name: "1 GTA", type: "hq", system: { side: "wp", level: { value: 2, max: 4 }, radius: 3 } });
  foeCard = foeHq.addItem({ name: "Artillery", type: "supportCard", system: { side: "wp", category: "combatModifier", assignedTo: null } });
  unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { side: "nato", hq: null } });
  far = new harness.Actor({ name: "1 Pz Bde", type: "unit", system: { side: "nato", hq: null } });
  harness.placeToken(hq, 0);
  harness.placeToken(foeHq, 8);
  harness.placeToken(unit, 2);
  harness.placeToken(far, 6);
  chatFake.own(hq, "p1");
  chatFake.own(unit, "p1");
  chatFake.own(far, "p1");
  chatFake.own(foeHq, "p2");
  writers = [];
  (globalThis as unknown as { Hooks: { on(n: string, f: (...a: unknown[]) => void): void } }).Hooks.on(
    "updateItem",
    (_doc: unknown, _changes: unknown, _op: unknown, userId: unknown) => writers.push(String(userId)),
  );
});

const assigned = (item: FakeItemT) => item.system["assignedTo"];
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const queries = () => chatFake.users.get("gm")!.queries;

/** The GM's handler, asked over the socket as `p1`'s client asks it, with `data` as sent. */
async function askRaw(data: Raw): Promise<CardResult> {
  return (await chatFake.users.get("gm")!.query(ASSIGN_CARD_QUERY, data)) as CardResult;
}

describe("a player's drop is a request: the GM's client writes", () => {
  it("a player's drop on a unit's sheet writes nothing from the player's client; the GM's client writes the card once", async () => {
    chatFake.setUsers("p1");
    expect(await assignCard(card as never, unit as never)).toBe(true);
    expect(queries().map((q) => q.name)).toEqual([ASSIGN_CARD_QUERY]);
    expect(queries()[0]!.data).toMatchObject({ card: card.uuid, unit: unit.uuid, userId: "p1" });
    expect(writers).toEqual(["gm"]);
    expect(card.updates).toEqual([{ _id: card.id, "system.assignedTo": unit.uuid }]);
    expect(harness.Item.calls).toEqual([
      { method: "updateDocuments", data: [{ _id: card.id, "system.assignedTo": unit.uuid }], operation: { parent: hq } },
    ]);
    // Hidden information: no chat card tells anyone of the assignment.
    expect(chatFake.messages.size).toBe(0);
    expect(warnings()).toEqual([]);
  });

  it("a player's drop on a unit's token goes the same way", async () => {
    chatFake.setUsers("p1");
    expect(onDropCanvasData({}, { type: "Item", uuid: card.uuid, ...harness.grid.getCenterPoint(harness.offsetOfHex(2, 0)) })).toBe(false);
    // The drop handler answers at once and sends the request on: wait until the GM's write has landed.
    await vi.waitFor(() => expect(writers).toEqual(["gm"]));
    expect(queries().map((q) => q.name)).toEqual([ASSIGN_CARD_QUERY]);
    expect(assigned(card)).toBe(unit.uuid);
  });

  it("a player's Unassign is a request too: the GM's client takes the card back", async () => {
    card.system["assignedTo"] = unit.uuid;
    chatFake.setUsers("p1");
    const sheet = new HqSheet({ document: hq as never });
    const action = HqSheet.DEFAULT_OPTIONS.actions.unassignCard as (this: unknown, e: Event, t: HTMLElement) => Promise<void>;
    const target = { dataset: { uuid: card.uuid } } as unknown as HTMLElement;
    await action.call(sheet, new Event("click"), target);
    expect(queries().map((q) => q.name)).toEqual([ASSIGN_CARD_QUERY]);
    expect(queries()[0]!.data).toMatchObject({ card: card.uuid, unit: null });
    expect(writers).toEqual(["gm"]);
    expect(assigned(card)).toBeNull();
  });

  it("taking back a card assigned to nothing writes nothing", async () => {
    chatFake.setUsers("p1");
    expect(await requestCardAssignment(card.uuid, null)).toBe(true);
    expect(writers).toEqual([]);
    expect(harness.Item.calls).toEqual([]);
  });

  it("a GM's own drop takes the same function without the socket", async () => {
    expect(await assignCard(card as never, unit as never)).toBe(true);
    expect(queries()).toEqual([]);
    expect(writers).toEqual(["gm"]);
    expect(assigned(card)).toBe(unit.uuid);
    expect(await requestCardAssignment(card.uuid, null)).toBe(true);
    expect(assigned(card)).toBeNull();
  });

  it("with no GM connected the player is told and nothing is written", async () => {
    chatFake.setUsers("p1", false);
    expect(await assignCard(card as never, unit as never)).toBe(false);
    expect(warnings()).toEqual(["NOBC.Chat.NoGM"]);
    expect(writers).toEqual([]);
    expect(assigned(card)).toBeNull();
  });
});

describe("the GM checks the asker, the shape and the rules", () => {
  it("a card of an HQ the asker does not own is refused, to assign or to take back; nothing changes", async () => {
    foeCard.system["assignedTo"] = "Actor.somewhere";
    chatFake.setUsers("p1");
    expect(await requestCardAssignment(foeCard.uuid, unit.uuid)).toBe(false);
    expect(await requestCardAssignment(foeCard.uuid, null)).toBe(false);
    expect(writers).toEqual([]);
    expect(assigned(foeCard)).toBe("Actor.somewhere");
    const notHolder = `NOBC.Assign.NotHolder {\\"uuid\\":\\"${foeCard.uuid}\\"}`;
    expect(warnings()).toEqual([`NOBC.Notify.Refused {"reason":"${notHolder}"}`, `NOBC.Notify.Refused {"reason":"${notHolder}"}`]);
    // The refusal names the card by its UUID only: the other side's card is not described.
    expect(warnings().join(" ")).not.toContain("Artillery");
  });

  it("the asker is read from the request's proof, not from what it claims: p2 cannot ask as p1", async () => {
    chatFake.setUsers("p1");
    // p1's client proves itself once (its secret's hash on its own User); p2 copies p1's id without the secret.
    await requestCardAssignment(card.uuid, null);
    const result = await askRaw({ card: card.uuid, unit: unit.uuid, userId: "p1", token: "0".repeat(64) });
    expect(result).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.unverified" });
    expect(assigned(card)).toBeNull();
  });

  it("a malformed request is refused naming the field; nothing changes", async () => {
    chatFake.setUsers("p1");
    const results = [
      await askRaw({ card: 7, unit: unit.uuid, userId: "p1", token: "a".repeat(64) }),
      await askRaw({ card: card.uuid, unit: "x".repeat(257), userId: "p1", token: "a".repeat(64) }),
      await askRaw({ card: card.uuid, userId: "p1", token: "a".repeat(64) }),
    ];
    for (const [i, field] of (["card", "unit", "unit"] as const).entries()) {
      expect(results[i]).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.badRequest" });
      expect((results[i] as { details: readonly string[] }).details.join(" ")).toContain(`"field":"${field}"`);
    }
    expect(writers).toEqual([]);
    expect(assigned(card)).toBeNull();
  });

  it("documents that are not a card and a unit of this world are refused, naming the UUID", async () => {
    chatFake.setUsers("p1");
    expect(await requestCardAssignment("Actor.hq.Item.nothing", unit.uuid)).toBe(false);
    expect(await requestCardAssignment(unit.uuid, unit.uuid)).toBe(false);
    expect(await requestCardAssignment(card.uuid, hq.uuid)).toBe(false);
    expect(await requestCardAssignment(card.uuid, "Compendium.nobc.units.Actor.abc")).toBe(false);
    const told = warnings();
    expect(told[0]).toContain("NOBC.Assign.Unknown");
    expect(told[1]).toContain("NOBC.Assign.NotCard");
    expect(told[2]).toContain("NOBC.Assign.NotUnit");
    expect(told[3]).toContain("NOBC.Assign.NotWorld");
    expect(told[3]).toContain("Compendium.nobc.units.Actor.abc");
    expect(writers).toEqual([]);
  });

  it("the rules' refusals come back to the player as a warning and nothing changes: too far from the HQ", async () => {
    chatFake.setUsers("p1");
    expect(await assignCard(card as never, far as never)).toBe(false);
    expect(writers).toEqual([]);
    expect(assigned(card)).toBeNull();
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/^NOBC\.Notify\.Refused .*Refusal\.hqOutOfRadius\.other .*I GE Corps.*count\W+6\W.*radius\W+3\W/);
  });

  it("the rules' refusals: more of the HQ's cards on one unit than its level allows", async () => {
    other.system["assignedTo"] = unit.uuid;
    chatFake.setUsers("p1");
    expect(await assignCard(card as never, unit as never)).toBe(false);
    expect(writers).toEqual([]);
    expect(assigned(card)).toBeNull();
    expect(warnings()[0]).toMatch(/^NOBC\.Notify\.Refused .*HqSupport\.Refusal\.hqOverLevel\.one .*I GE Corps/);
  });
});
