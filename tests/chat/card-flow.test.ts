import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { postResolution, postResolutions, rollsFromFaces } from "../../src/chat/resolution-card";
import { decorateCard, registerChat } from "../../src/queries/card-controls";
import { CARD_FOLD_AT } from "../../src/chat/context";
import { requestCardAction } from "../../src/queries/register";
import { sha256Hex } from "../../src/base/sha256";
import type { Effect } from "../../src/rules/effects";

type Raw = Record<string, unknown>;

let unit: FakeActorT;
let enemy: FakeActorT;
let hq: FakeActorT;
let fired: string[];

function world(): void {
  harness.reset();
  chatFake.reset();
  registerChat();
  fired = [];
  harness.hooks.push(
    { name: "nobc.resolutionApplied", fn: () => void fired.push("applied"), once: false },
    { name: "nobc.resolutionReverted", fn: () => void fired.push("reverted"), once: false },
  );
  unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { strength: { value: 4, max: 4 }, supply: 1, mode: "march" } });
  enemy = new harness.Actor({ name: "11 ACR", type: "unit", system: { strength: { value: 3, max: 4 }, supply: 0, mode: "combat" } });
  hq = new harness.Actor({ name: "V Corps", type: "hq", system: { level: { value: 2, max: 3 } } });
  hq.addItem({ name: "Engineers", type: "supportCard", system: { category: "engineer" } });
  chatFake.own(unit, "p1");
  chatFake.own(hq, "p1");
  chatFake.own(enemy, "p2");
}

function ownEffects(): Effect[] {
  return [
    { type: "hits", actor: unit.uuid, amount: 1 },
    { type: "hqLevel", actor: hq.uuid, delta: -1 },
    { type: "cardDiscarded", card: hq.items[0]!.uuid },
    { type: "minefield", hex: "0405", present: true, side: "nato" },
  ];
}

async function post(effects: Effect[], rolls = [3, 5]): Promise<string> {
  const message = (await postResolution({ title: "Combat", resolution: { breakdown: [], rolls, outcome: "ok", effects } })) as {
    id: string;
  };
  return message.id;
}

function flags(id: string): Raw {
  return chatFake.messages.get(id)!.system;
}

/**
 * The documents as the rules see them. A card Undo creates again carries the server's own stamps of its
 * creation (`_stats`, as Foundry writes them on every create), which no write can put back: they are left out.
 */
const state = (): unknown => [
  structuredClone(unit.system),
  structuredClone(hq.system),
  hq.items.map((i) => {
    const { _stats: _, ...rest } = i.toObject();
    return rest;
  }),
];

beforeEach(world);
afterEach(() => vi.restoreAllMocks());

describe("posting a resolution card", () => {
  it("creates one message with pending flags, the rendered card and one 2d6 roll from the faces", async () => {
    const id = await post(ownEffects());
    expect(chatFake.messages.size).toBe(1);
    const message = chatFake.messages.get(id)!;
    expect(message.type).toBe("resolution");
    expect(message.author?.id).toBe("gm");
    expect(flags(id)).toEqual({
      effects: ownEffects(),
      state: "pending",
      once: null,
      holds: [],
      display: null,
      groundCombat: null,
      identifies: null,
      records: {},
      requestedBy: null,
      scene: null,
      outcomeUnknown: false,
      revision: 0,
      turn: null,
      record: null,
      action: null,
      appliedAt: null,
      overrides: [],
      charges: [],
      // No sector reader on this client (Control's module sets one on init): the card names no sector.
      sector: null,
      marked: null,
      rulings: [],
      claims: {},
    });
    expect(message.content).toBe("<rendered systems/nobc/templates/chat/resolution-card.hbs>");
    // The minefield is a write now: the changes list says so in words, and no note asks for it by hand.
    const view = chatFake.rendered[0]!.data as { notes: string[]; other: string[] };
    expect(view.notes).toEqual([]);
    expect(view.other).toEqual([expect.stringContaining("NOBC.MapWrite.Effect.minefieldLaid")]);
    expect(message.speaker).toEqual({ alias: "Umpire" });
    const data = message.rolls[0]!.toJSON();
    expect(data["formula"]).toBe("2d6");
    expect(data["total"]).toBe(8);
    expect((data["terms"] as { results: unknown[] }[])[0]!.results).toEqual([
      { result: 3, active: true },
      { result: 5, active: true },
    ]);
  });

  it("heads a card whose outcome is no text with its changes, keeps a given speaker, and names the documents in the changes", async () => {
    await postResolution({
      title: "Mode",
      speaker: { alias: "3 Pz Bde" },
      resolution: { breakdown: [], rolls: [], outcome: { box: "ready" }, effects: [{ type: "mode", actor: unit.uuid, mode: "combat" }] },
    });
    const message = [...chatFake.messages.values()][0]!;
    expect(message.speaker).toEqual({ alias: "3 Pz Bde" });
    expect(message.rolls).toEqual([]);
    const view = chatFake.rendered[0]!.data as { title: string; kicker: string; documents: { name: string }[] };
    // No field names of the rules' outcome: the headline is the change, named.
    expect([view.kicker, view.title]).toEqual(["Mode", 'NOBC.Effect.mode {"name":"3 Pz Bde","mode":"NOBC.Mode.combat"}']);
    expect(view.documents.map((d) => d.name)).toEqual(["3 Pz Bde"]);
  });

  it("keeps a caller's records with the card, in the one create, apart from the card's own data", async () => {
    await postResolution({
      title: "Line-up",
      resolution: { breakdown: [], rolls: [], outcome: "x", effects: [] },
      records: { airBattle: { step: "lineUp", zone: "north" }, state: "applied" },
    });
    const message = [...chatFake.messages.values()][0]!;
    expect(message.system["records"]).toEqual({ airBattle: { step: "lineUp", zone: "north" }, state: "applied" });
    expect(message.system["state"]).toBe("pending");
  });

  it("posts several cards in one createDocuments batch, in order, each with its hooks", async () => {
    const posted: unknown[] = [];
    harness.hooks.push({ name: "nobc.airSuperiority", fn: (m: unknown) => void posted.push(m), once: false });
    const card = (title: string) => ({
      title,
      hook: "nobc.airSuperiority",
      resolution: { breakdown: [], rolls: [], outcome: title, effects: [] },
    });
    const messages = (await postResolutions([card("north"), card("south")])) as { id: string }[];
    expect(chatFake.batches).toEqual([2]);
    expect(messages.map((m) => m.id)).toEqual([...chatFake.messages.keys()]);
    expect(posted).toEqual(messages);
    expect(await postResolutions([])).toEqual([]);
    expect(chatFake.batches).toEqual([2]);
  });

  it("attaches no roll without dice or with a face outside 1..6", () => {
    expect(rollsFromFaces([])).toEqual([]);
    expect(rollsFromFaces([7])).toEqual([]);
  });
});

describe("Apply and Undo", () => {
  it("the GM applies with one batch per document class, stores the inverse, and undo restores the exact prior state", async () => {
    const before = state();
    const id = await post(ownEffects());
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(harness.Actor.calls.map((c) => c.method)).toEqual(["updateDocuments"]);
    expect(harness.Item.calls.map((c) => c.method)).toEqual(["deleteDocuments"]);
    expect((unit.system["strength"] as Raw)["value"]).toBe(3);
    expect(hq.items).toHaveLength(0);
    expect(flags(id)["state"]).toBe("applied");
    // The GM's record, on the card itself: marked "applying" with it before the documents, then "applied".
    const record = flags(id)["record"] as { inverse: { itemCreations: unknown[] }; paths: string[]; seq: number };
    expect(record.inverse.itemCreations).toHaveLength(1);
    expect(record.paths).toEqual(expect.arrayContaining([`${unit.uuid}#system.strength.value`, `${hq.uuid}#system.level.value`]));
    expect(record.paths.some((p) => p.endsWith("#*"))).toBe(true);
    expect(record.seq).toBe(1);
    expect(flags(id)["revision"]).toBe(2);
    expect(chatFake.messages.get(id)!.updates.map((u) => u["system.state"])).toEqual(["applying", "applied"]);
    expect(fired).toEqual(["applied"]);

    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(state()).toEqual(before);
    expect(flags(id)["state"]).toBe("reverted");
    expect(fired).toEqual(["applied", "reverted"]);
  });

  it("applying twice is refused and writes nothing more", async () => {
    const id = await post(ownEffects());
    await requestCardAction("apply", id);
    const calls = harness.Actor.calls.length + harness.Item.calls.length;
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notPending" });
    expect(harness.Actor.calls.length + harness.Item.calls.length).toBe(calls);
    expect(harness.notices.map((n) => n.message)).toEqual(["NOBC.Chat.Refused.notPending"]);
    await requestCardAction("undo", id);
    expect(await requestCardAction("undo", id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notApplied" });
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notPending" });
  });

  it("a write Foundry refuses part-way is put back: the card stays pending and no document changed", async () => {
    const before = state();
    const id = await post(ownEffects());
    const locked = vi.spyOn(harness.Item, "deleteDocuments").mockRejectedValueOnce(new Error("the card is locked"));
    expect(await requestCardAction("apply", id)).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.writeFailed",
      details: ["the card is locked"],
    });
    // The unit and HQ were written, then written back with their old values.
    expect(harness.Actor.calls.map((c) => c.method)).toEqual(["updateDocuments", "updateDocuments"]);
    expect(state()).toEqual(before);
    expect(flags(id)["state"]).toBe("pending");
    expect(fired).toEqual([]);
    expect(locked).toHaveBeenCalledTimes(1);
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(hq.items).toHaveLength(0);
  });

  it("an undo refused part-way is put back too: the card stays applied and can be undone later", async () => {
    const id = await post(ownEffects());
    await requestCardAction("apply", id);
    const applied = state();
    vi.spyOn(harness.Actor, "updateDocuments").mockRejectedValueOnce(new Error("offline"));
    expect(await requestCardAction("undo", id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.writeFailed", details: ["offline"] });
    // The card undo re-created was deleted again; the actors were never written.
    expect(harness.Item.calls.map((c) => c.method)).toEqual(["deleteDocuments", "createDocuments", "deleteDocuments"]);
    expect(state()).toEqual(applied);
    expect(flags(id)["state"]).toBe("applied");
    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(flags(id)["state"]).toBe("reverted");
  });

  it("when even the putting back fails, the user is told to check by hand", async () => {
    const id = await post(ownEffects());
    vi.spyOn(harness.Item, "deleteDocuments").mockRejectedValueOnce(new Error("the card is locked"));
    const update = harness.Actor.updateDocuments.bind(harness.Actor);
    // The first write goes through; the one putting it back does not.
    vi.spyOn(harness.Actor, "updateDocuments").mockImplementationOnce(update).mockRejectedValueOnce(new Error("connection lost"));
    expect(await requestCardAction("apply", id)).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.writeStuck",
      details: ["the card is locked", "connection lost"],
    });
    // The card stays marked with its plan: the active GM's client settles it against the documents (recoverCards).
    expect(flags(id)["state"]).toBe("applying");
  });

  it("a second request while the first is still writing is refused, not queued", async () => {
    const id = await post(ownEffects());
    const [first, second] = await Promise.all([requestCardAction("apply", id), requestCardAction("apply", id)]);
    expect([first, second]).toEqual([{ ok: true }, { ok: false, reason: "NOBC.Chat.Refused.busy" }]);
    expect(harness.Actor.calls).toHaveLength(1);
  });

  it("a player who owns every touched unit asks the GM, who applies", async () => {
    const id = await post(ownEffects());
    chatFake.setUsers("p1");
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    const [asked] = chatFake.users.get("gm")!.queries;
    expect(asked).toEqual({ name: "nobc.applyCard", data: { messageId: id, userId: "p1", token: expect.any(String) } });
    // The player proved who asks: its own User flag holds the hash of the secret it sent (not the secret).
    const secret = (asked!.data as Raw)["token"] as string;
    expect(chatFake.users.get("p1")!.flags["nobc"]).toEqual({ request: sha256Hex(secret) });
    expect(flags(id)["state"]).toBe("applied");
    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(flags(id)["state"]).toBe("reverted");
    // One flag write a session: the second request sends the same secret and writes nothing.
    expect(chatFake.users.get("p1")!.flagWrites).toBe(1);
    expect((chatFake.users.get("gm")!.queries[1]!.data as Raw)["token"]).toBe(secret);
  });

  it("what every client can read (the hash on the User flag) does not prove who asks: replaying it is refused", async () => {
    const own = await post(ownEffects());
    const attack = await post([{ type: "hits", actor: unit.uuid, amount: 3 }]);
    chatFake.setUsers("p1");
    expect(await requestCardAction("apply", own)).toEqual({ ok: true });
    const stolen = (chatFake.users.get("p1")!.flags["nobc"] as Raw)["request"];
    const writes = harness.Actor.calls.length;
    // Another client sends p1's id with what it read off p1's User document.
    const forged = await chatFake.users.get("gm")!.query("nobc.applyCard", { messageId: attack, userId: "p1", token: stolen });
    expect(forged).toEqual({ ok: false, reason: "NOBC.Chat.Refused.unverified" });
    expect(harness.Actor.calls).toHaveLength(writes);
    expect(flags(attack)["state"]).toBe("pending");
  });

  it("a player acting on the other side's unit is refused by the GM and nothing changes", async () => {
    const id = await post([{ type: "hits", actor: enemy.uuid, amount: 2 }]);
    chatFake.setUsers("p1");
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
    expect(harness.Actor.calls).toHaveLength(0);
    expect(flags(id)["state"]).toBe("pending");
    expect(harness.notices.map((n) => n.level)).toEqual(["warn"]);
  });

  it("the GM acts only for the user whose own flag holds the token sent; a claimed id alone is refused", async () => {
    const id = await post([{ type: "hits", actor: enemy.uuid, amount: 2 }]);
    const handler = (CONFIG as unknown as { queries: Record<string, (d: unknown, o?: unknown) => Promise<unknown>> }).queries[
      "nobc.applyCard"
    ]!;
    const unverified = { ok: false, reason: "NOBC.Chat.Refused.unverified" };
    // Secrets of the right shape (64 hex digits): a guess, and p2's own.
    const guess = "0".repeat(64);
    const p2Secret = "2".repeat(64);
    expect(await handler({ messageId: id, userId: "gm", token: guess })).toEqual(unverified);
    expect(await handler({ messageId: id, userId: "p2", token: guess })).toEqual(unverified);
    expect(harness.Actor.calls).toHaveLength(0);
    await chatFake.users.get("p2")!.setFlag("nobc", "request", sha256Hex(p2Secret));
    expect(await handler({ messageId: "nope", userId: "p2", token: p2Secret })).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.notFound",
    });
    expect(await handler({ messageId: id, userId: "p2", token: p2Secret })).toEqual({ ok: true });
    expect((enemy.system["strength"] as Raw)["value"]).toBe(1);
  });

  it("a GM who is not the active GM asks the active GM instead of writing itself", async () => {
    const id = await post(ownEffects());
    chatFake.setUsers("p1");
    const me = chatFake.users.get("p1")!;
    me.isGM = true;
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.applyCard"]);
    expect(me.flagWrites).toBe(1);
  });

  it("a query the GM does not answer is told as an unknown outcome (the card shows it), not as 'nothing changed'", async () => {
    const id = await post(ownEffects());
    chatFake.setUsers("p1");
    chatFake.users.get("gm")!.query = async () => {
      throw new Error("timed out");
    };
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.noAnswer", details: ["timed out"] });
    expect(harness.notices.map((n) => n.level)).toEqual(["warn"]);
    expect(harness.Actor.calls).toHaveLength(0);
  });

  it("a request token that cannot be written sends nothing: told as failed, nothing changes", async () => {
    const id = await post(ownEffects());
    chatFake.setUsers("p1");
    const gm = chatFake.users.get("gm")!;
    chatFake.users.get("p1")!.setFlag = async () => {
      throw new Error("no permission");
    };
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.failed", details: ["no permission"] });
    expect(gm.queries).toEqual([]);
    expect(harness.Actor.calls).toHaveLength(0);
  });

  it("undo is refused while a later standing card wrote the same path; undoing the later one first restores everything", async () => {
    const before = state();
    const first = await post([{ type: "hits", actor: unit.uuid, amount: 1 }]);
    const second = await post([{ type: "hits", actor: unit.uuid, amount: 1 }]);
    await requestCardAction("apply", first);
    await requestCardAction("apply", second);
    expect((unit.system["strength"] as Raw)["value"]).toBe(2);
    const calls = harness.Actor.calls.length;
    expect(await requestCardAction("undo", first)).toEqual({
      ok: false,
      reason: "NOBC.CardAuth.Refused.laterCard",
      details: ['NOBC.CardAuth.Refused.laterCards.one {"count":"1"}'],
    });
    expect(harness.Actor.calls).toHaveLength(calls);
    expect(flags(first)["state"]).toBe("applied");
    expect(await requestCardAction("undo", second)).toEqual({ ok: true });
    expect(await requestCardAction("undo", first)).toEqual({ ok: true });
    expect(state()).toEqual(before);
  });

  it("a player cannot post a card, nor edit the GM's card: its state and record are the GM's word", async () => {
    const id = await post([{ type: "hits", actor: unit.uuid, amount: 1 }]);
    chatFake.setUsers("p1");
    await expect(post([{ type: "eliminated", actor: enemy.uuid }])).rejects.toThrow("NOBC.Request.Refused.postGmOnly");
    const message = chatFake.messages.get(id)!;
    await expect(message.update({ "system.state": "applied", "system.effects": [] })).rejects.toThrow(/lacks permission/);
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    await expect(message.update({ "system.state": "pending" })).rejects.toThrow(/lacks permission/);
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notPending" });
    expect((unit.system["strength"] as Raw)["value"]).toBe(3);
  });

  it("a query reaching a client that is not the active GM does nothing", async () => {
    const id = await post(ownEffects());
    chatFake.setUsers("p2");
    const handler = (CONFIG as unknown as { queries: Record<string, (d: unknown, o?: unknown) => Promise<unknown>> }).queries[
      "nobc.undoCard"
    ]!;
    expect(await handler({ messageId: id, userId: "p1" })).toEqual({ ok: false, reason: "NOBC.Chat.NoGM" });
  });

  it("with no GM online the player is told plainly and nothing changes", async () => {
    const id = await post(ownEffects());
    chatFake.setUsers("p1", false);
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.Chat.NoGM" });
    expect(harness.notices.map((n) => [n.level, n.message])).toEqual([["warn", "NOBC.Chat.NoGM"]]);
    expect(harness.Actor.calls).toHaveLength(0);
    expect(harness.Item.calls).toHaveLength(0);
    expect(flags(id)["state"]).toBe("pending");
  });
});

describe("the GM handles one card action at a time", () => {
  const slow =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      await new Promise((r) => setTimeout(r, 5));
      return fn(...a);
    };
  const strength = (a: FakeActorT) => (a.system["strength"] as Raw)["value"];
  const postOnce = async (effects: Effect[], once: string) =>
    ((await postResolution({ title: "Orders", resolution: { breakdown: [], rolls: [], outcome: "ok", effects }, once })) as { id: string })
      .id;

  it("two cards hitting one unit at once both count, and each undoes exactly its own hits", async () => {
    const write = harness.Actor.updateDocuments.bind(harness.Actor);
    vi.spyOn(harness.Actor, "updateDocuments").mockImplementation(slow(write));
    const a = await post([{ type: "hits", actor: unit.uuid, amount: 1 }]);
    const b = await post([{ type: "hits", actor: unit.uuid, amount: 2 }]);
    expect(await Promise.all([requestCardAction("apply", a), requestCardAction("apply", b)])).toEqual([{ ok: true }, { ok: true }]);
    expect(strength(unit)).toBe(1);
    expect(await requestCardAction("undo", b)).toEqual({ ok: true });
    expect(strength(unit)).toBe(3);
    expect(await requestCardAction("undo", a)).toEqual({ ok: true });
    expect(strength(unit)).toBe(4);
  });

  it("two cards applied at once, with a slow ledger write, both keep their entry: neither can be applied again", async () => {
    const settings = harness.game["settings"] as { set(n: string, k: string, v: unknown): Promise<unknown> };
    const set = settings.set.bind(settings);
    vi.spyOn(settings, "set").mockImplementation(slow(set));
    const a = await post([{ type: "hits", actor: unit.uuid, amount: 1 }]);
    const b = await post([{ type: "hits", actor: enemy.uuid, amount: 1 }]);
    await Promise.all([requestCardAction("apply", a), requestCardAction("apply", b)]);
    const again = await Promise.all([requestCardAction("apply", a), requestCardAction("apply", b)]);
    expect(again).toEqual([
      { ok: false, reason: "NOBC.Chat.Refused.notPending" },
      { ok: false, reason: "NOBC.Chat.Refused.notPending" },
    ]);
    expect([strength(unit), strength(enemy)]).toEqual([3, 2]);
  });

  it("two cards with one once-only key applied at once: the first stands, the second is refused and writes nothing", async () => {
    const a = await postOnce([{ type: "hits", actor: unit.uuid, amount: 1 }], "orders:Actor.h:1");
    const b = await postOnce([{ type: "hits", actor: enemy.uuid, amount: 1 }], "orders:Actor.h:1");
    expect(await Promise.all([requestCardAction("apply", a), requestCardAction("apply", b)])).toEqual([
      { ok: true },
      { ok: false, reason: "NOBC.Chat.Refused.onceOnly" },
    ]);
    expect([strength(unit), strength(enemy)]).toEqual([3, 3]);
  });

  it("deleting an applied once-only card releases its key (its effects stand)", async () => {
    const a = await postOnce([{ type: "hits", actor: unit.uuid, amount: 1 }], "orders:Actor.h:1");
    expect(await requestCardAction("apply", a)).toEqual({ ok: true });
    const b = await postOnce([{ type: "hits", actor: unit.uuid, amount: 1 }], "orders:Actor.h:1");
    expect(await requestCardAction("apply", b)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.onceOnly" });
    await chatFake.messages.get(a)!.delete();
    expect(await requestCardAction("apply", b)).toEqual({ ok: true });
    expect(strength(unit)).toBe(2);
  });

  const failLedgerWrites = () => {
    for (const m of chatFake.messages.values()) vi.spyOn(m, "update").mockRejectedValue(new Error("card write refused"));
  };

  it("a card write that fails after Undo wrote the documents writes them forward again: the card stays applied", async () => {
    const id = await post(ownEffects());
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    const applied = state();
    failLedgerWrites();
    expect(await requestCardAction("undo", id)).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.writeFailed",
      details: ["card write refused"],
    });
    expect(state()).toEqual(applied);
    expect(flags(id)["state"]).toBe("applied");
    vi.restoreAllMocks();
    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
  });

  it("a card write that fails after the documents were written puts the documents back and leaves the card pending", async () => {
    const before = state();
    const id = await post(ownEffects());
    failLedgerWrites();
    expect(await requestCardAction("apply", id)).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.writeFailed",
      details: ["card write refused"],
    });
    expect(state()).toEqual(before);
    expect(flags(id)["state"]).toBe("pending");
    vi.restoreAllMocks();
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
  });
});

describe("renderChatMessageHTML", () => {
  // No DOM here: a minimal element with the few members decorateCard touches.
  interface FakeButton {
    dataset: Record<string, string>;
    disabled: boolean;
    click(): void;
    addEventListener(t: string, f: () => void): void;
  }
  function button(action: string): FakeButton {
    const listeners: (() => void)[] = [];
    return {
      dataset: { nobcCard: action },
      disabled: false,
      click: () => listeners.forEach((f) => f()),
      addEventListener: (_t, f) => void listeners.push(f),
    };
  }
  // Just enough of an element for the changes list: created children, text, class, replaceChildren.
  class FakeNode {
    textContent = "";
    className = "";
    open = false;
    children: FakeNode[] = [];
    readonly listeners: Record<string, (() => void)[]> = {};
    readonly ownerDocument = { createElement: (tag: string) => new FakeNode(tag) };
    constructor(readonly tag: string) {}
    addEventListener(type: string, fn: () => void): void {
      (this.listeners[type] ??= []).push(fn);
    }
    /** A click on a `<details>`' summary: it opens or closes, then "toggle" is fired. */
    toggle(): void {
      this.open = !this.open;
      for (const fn of this.listeners["toggle"] ?? []) fn();
    }
    append(...nodes: FakeNode[]): void {
      this.children.push(...nodes);
    }
    replaceChildren(...nodes: FakeNode[]): void {
      this.children = [...nodes];
    }
    /** The text shown, one line per leaf. */
    lines(): string[] {
      return this.children.length === 0 ? [this.textContent] : this.children.flatMap((c) => c.lines());
    }
  }
  /** A card as rendered; `withSection: false` is one from before the changes had their own section. */
  function html(withSection = true, byHand = false) {
    const inserted: FakeNode[] = [];
    const state = { textContent: "", before: (node: FakeNode) => void inserted.push(node) };
    const changes = new FakeNode("section");
    changes.append(new FakeNode("p"));
    const stale = { removed: false, remove: () => void (stale.removed = true) };
    const buttons = [button("apply"), button("undo")];
    const root: {
      classes: Set<string>;
      classList: object;
      ownerDocument: object;
      querySelector(sel: string): unknown;
      querySelectorAll(sel: string): unknown;
    } = {
      classes: new Set(["state-pending"]),
      classList: {
        toggle: (c: string, on: boolean) => {
          if (on) root.classes.add(c);
          else root.classes.delete(c);
        },
      },
      ownerDocument: changes.ownerDocument,
      querySelector: (sel: string) =>
        sel === ".card-state" ? state : sel === ".card-changes" && withSection ? changes : sel === ".card-by-hand li" && byHand ? {} : null,
      querySelectorAll: (sel: string) =>
        sel === "button[data-nobc-card]" ? buttons : sel === ".card-documents, .card-other" ? [stale] : [],
    };
    const el = { querySelector: (sel: string) => (sel === ".nobc-resolution-card" ? root : null) };
    return { el: el as unknown as HTMLElement, root, state, changes, buttons, inserted, stale };
  }

  it("shows the state, enables only the button that fits, and a click applies", async () => {
    const id = await post(ownEffects());
    const view = html();
    harness.hooks.find((h) => h.name === "renderChatMessageHTML")!.fn(chatFake.messages.get(id), view.el);
    expect([...view.root.classes]).toEqual(["state-pending"]);
    expect(view.state.textContent).toBe("NOBC.Chat.State.pending");
    expect(view.buttons.map((b) => b.disabled)).toEqual([false, true]);
    view.buttons[0]!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(flags(id)["state"]).toBe("applied");
    const again = html();
    decorateCard(chatFake.messages.get(id)!, again.el);
    expect(again.buttons.map((b) => b.disabled)).toEqual([true, false]);
    expect([...again.root.classes]).toEqual(["state-applied"]);
  });

  it("lists the changes from the card's flags, so what is shown is what Apply writes", async () => {
    const id = await post([{ type: "hits", actor: enemy.uuid, amount: 1 }]);
    const view = html();
    decorateCard(chatFake.messages.get(id)!, view.el);
    expect(view.changes.lines()).toEqual(["NOBC.Dialog.Changes", "11 ACR", 'NOBC.Effect.hits.one {"name":"11 ACR","count":"1"}']);
    const none = await post([]);
    const empty = html();
    decorateCard(chatFake.messages.get(none)!, empty.el);
    expect(empty.changes.lines()).toEqual(["NOBC.Dialog.Changes", "NOBC.Dialog.NoChanges"]);
    // A card without the section gets one before its state line; the stored lists go.
    const old = html(false);
    decorateCard(chatFake.messages.get(id)!, old.el);
    expect(old.inserted.map((n) => [n.className, ...n.lines()])).toEqual([
      ["card-changes", "NOBC.Dialog.Changes", "11 ACR", 'NOBC.Effect.hits.one {"name":"11 ACR","count":"1"}'],
    ]);
    expect(old.stale.removed).toBe(true);
  });

  it("adds no changes list to a card of changes to make by hand (a toolkit keeping no counters): it writes nothing", async () => {
    const message = (await postResolution({
      title: "Combat",
      resolution: { breakdown: [], rolls: [4], outcome: "Total success", effects: [] },
      byHand: ["2 Bn Royal Norfolks loses 2 status."],
    })) as { id: string };
    // As the template draws it: the list by hand, no changes section.
    const rendered = html(false, true);
    decorateCard(chatFake.messages.get(message.id)!, rendered.el);
    expect(rendered.inserted).toEqual([]);
    expect(rendered.stale.removed).toBe(false);
    // A card with nothing by hand and nothing to write still says "Nothing changes".
    const none = (await postResolution({ title: "Combat", resolution: { breakdown: [], rolls: [], outcome: "ok", effects: [] } })) as {
      id: string;
    };
    const plain = html(false);
    decorateCard(chatFake.messages.get(none.id)!, plain.el);
    expect(plain.inserted.map((n) => n.lines())).toEqual([["NOBC.Dialog.Changes", "NOBC.Dialog.NoChanges"]]);
  });

  it("folds the changes of a card touching more than CARD_FOLD_AT documents under a summary, and lists them when opened", async () => {
    const many = Array.from({ length: CARD_FOLD_AT + 1 }, (_, i) => new harness.Actor({ name: `Bde ${i + 1}`, type: "unit", system: {} }));
    const id = await post(many.map((a) => ({ type: "movementPoints", actor: a.uuid, value: 4 })));
    const view = html();
    decorateCard(chatFake.messages.get(id)!, view.el);
    expect(view.changes.children.map((c) => c.tag)).toEqual(["h4", "details"]);
    const details = view.changes.children[1]!;
    expect(details.open).toBe(false);
    expect(details.lines()).toEqual(['NOBC.Chat.Folded.other {"count":"13"}']);
    details.toggle();
    expect(details.lines()).toHaveLength(1 + 2 * many.length);
    expect(details.lines().slice(1, 3)).toEqual(["Bde 1", 'NOBC.Effect.movementPoints {"name":"Bde 1","value":"4"}']);
    // Closed and opened again: the list is built once.
    details.toggle();
    details.toggle();
    expect(details.lines()).toHaveLength(1 + 2 * many.length);
    // One document fewer, and the card lists its changes at once, as before.
    const few = await post(many.slice(1).map((a) => ({ type: "movementPoints", actor: a.uuid, value: 4 })));
    const short = html();
    decorateCard(chatFake.messages.get(few)!, short.el);
    expect(short.changes.children.map((c) => c.tag)).toEqual(["h4", "ul"]);
  });

  it("a card whose flags changed after it was shown is refused at Apply; shown again, it applies as it now reads", async () => {
    const id = await post([{ type: "hits", actor: enemy.uuid, amount: 1 }]);
    const view = html();
    decorateCard(chatFake.messages.get(id)!, view.el);
    // The poster edits the flags after the GM read the card (hits 1 becomes 3).
    chatFake.messages.get(id)!.system["effects"] = [{ type: "hits", actor: enemy.uuid, amount: 3 }];
    view.buttons[0]!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(harness.notices.map((n) => n.message)).toEqual(["NOBC.Chat.Refused.changedCard"]);
    expect(harness.Actor.calls).toHaveLength(0);
    expect(flags(id)["state"]).toBe("pending");
    // Foundry renders the changed message again: the list now shows 3 hits, and Apply writes them.
    const again = html();
    decorateCard(chatFake.messages.get(id)!, again.el);
    expect(again.changes.lines()).toContain('NOBC.Effect.hits.other {"name":"11 ACR","count":"3"}');
    again.buttons[0]!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(flags(id)["state"]).toBe("applied");
    expect((enemy.system["strength"] as Raw)["value"]).toBe(0);
  });

  it("a refused click makes the button usable again", async () => {
    const id = await post([{ type: "hits", actor: enemy.uuid, amount: 1 }]);
    chatFake.setUsers("p1");
    chatFake.own(enemy, "p1");
    const view = html();
    decorateCard(chatFake.messages.get(id)!, view.el);
    chatFake.disown(enemy);
    view.buttons[0]!.click();
    expect(view.buttons[0]!.disabled).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(harness.notices.map((n) => n.message)).toEqual(["NOBC.Chat.Refused.notOwner"]);
    expect(view.buttons[0]!.disabled).toBe(false);
  });

  it("leaves other messages alone", () => {
    const view = html();
    decorateCard({ id: "x", flags: {} }, view.el);
    expect(view.state.textContent).toBe("");
  });
});
