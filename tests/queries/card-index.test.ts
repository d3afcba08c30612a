/**
 * Issue #35, design change 1: the index of the GM's cards (src/queries/card-index.ts) answers what a
 * fresh read of the whole chat answers, after any run of creations, updates and deletions (cards of
 * the GM and of a player, old cards in flags, cards out of shape); it reads each message once when it
 * arrives or changes, not once a question; it reads the chat again when its hooks are gone; and the
 * prune at a turn change is one `ChatMessage.updateDocuments` call.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { harness } from "../harness/foundry";
import { beforeEach, describe, expect, it } from "vitest";
import { cardOfMessage } from "../../src/chat/card-data";
import { nextSeq, onceHolder, pathsMeet, type RecordedCard } from "../../src/chat/card-record";
import {
  cardsBeingWritten,
  cardsCharging,
  cardsMeeting,
  indexedCards,
  indexedKeyHolder,
  nextApplyOrder,
} from "../../src/queries/card-index";
import { gmCards, heldSubject } from "../../src/queries/card-state";
import { performPruneRecords, type RequestingUser } from "../../src/queries/card-actions";
import { seededUniform } from "../../src/rules/dice";

type Raw = Record<string, unknown>;

interface Message {
  id: string;
  system: Raw;
  updates: Raw[];
  update(d: Raw): Promise<unknown>;
  delete(): Promise<unknown>;
}

const EMPTY = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };
const KEYS = ["orders:hq1:1", "orders:hq2:1", "recovery:hq1:1"];
const SUBJECTS = ["a", "b", "c", "d"];
const CHARGES = ["combatMode:u1:1", "combatMode:u2:1", "combatMode:u3:1"];
/** Paths over a few documents, whole items among them, so that conflicts happen often. */
const PATHS = [
  "Actor.u1#system.strength.value",
  "Actor.u1#system.mode",
  "Actor.u2#system.mode",
  "Actor.hq1.Item.c1#*",
  "Actor.hq1.Item.c1#system.assignedTo",
  "Actor.hq1.Item.c2#system.assignedTo",
  "Scene.s#flags.nobc.mapState.mines.0101",
  "Scene.s.Token.t1#*",
];
const STATES = ["pending", "applying", "applied", "undoing", "reverted"] as const;

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const some = <T>(random: () => number, list: readonly T[]): T[] => list.filter(() => random() < 0.3);

/** A card's system drawn at random: a state, maybe a key, holds, charges and a record over some of `PATHS`. */
function drawn(random: () => number): Raw {
  const state = pick(random, STATES);
  const record =
    state === "pending" && random() < 0.8
      ? undefined
      : {
          seq: 1 + Math.floor(random() * 12),
          forward: EMPTY,
          inverse: EMPTY,
          touched: [],
          paths: some(random, PATHS),
          ...(random() < 0.2 ? { keyReleased: { by: "gm", reason: "stuck" } } : {}),
        };
  const holds = some(random, SUBJECTS);
  const charges = some(random, CHARGES);
  return {
    effects: [],
    state,
    ...(random() < 0.6 ? { once: pick(random, KEYS) } : {}),
    ...(holds.length > 0 ? { holds } : {}),
    ...(charges.length > 0 ? { charges } : {}),
    ...(record === undefined ? {} : { record }),
  };
}

/** The GM's cards as a fresh read of the chat finds them (what `gmCards` read before the index). */
function freshCards(): RecordedCard[] {
  const out: RecordedCard[] = [];
  for (const m of game.messages!.contents as unknown as Message[]) {
    const read = cardOfMessage(m, "nobc");
    if (read === undefined || read.legacy || !read.gmAuthored) continue;
    const { state, once, holds, record } = read.card;
    out.push({
      id: m.id,
      state,
      ...(once === undefined ? {} : { once }),
      ...(holds === undefined ? {} : { holds }),
      ...(record === undefined ? {} : { record }),
    });
  }
  return out;
}

const messages = (): Message[] => [...chatFake.messages.values()];

async function post(as: string, data: Raw): Promise<Message> {
  chatFake.setUsers(as);
  const made = (await (ChatMessage as unknown as { create(d: Raw): Promise<{ id: string }> }).create(data)).id;
  chatFake.setUsers("gm");
  return chatFake.messages.get(made) as unknown as Message;
}

/** Every question of the card actions, asked of the index and of a fresh read, must agree. */
function expectAgrees(random: () => number): void {
  const fresh = freshCards();
  expect(gmCards().map((c) => c.id)).toEqual(fresh.map((c) => c.id));
  expect(indexedCards().map(({ id, state, once, holds, record }) => ({ id, state, once, holds, record }))).toEqual(
    fresh.map(({ id, state, once, holds, record }) => ({ id, state, once, holds, record })),
  );
  for (const key of KEYS) {
    expect(indexedKeyHolder(key)).toBe(onceHolder(fresh, key));
    const except = fresh.length === 0 ? undefined : pick(random, fresh).id;
    expect(indexedKeyHolder(key, except)).toBe(onceHolder(fresh, key, except));
  }
  const asked = some(random, SUBJECTS);
  const askedSet = new Set(asked);
  const holder = fresh.find((c) => c.holds?.some((h) => askedSet.has(h)));
  expect(heldSubject(asked)).toEqual(
    asked.length === 0 || holder === undefined ? undefined : { subject: holder.holds!.find((h) => askedSet.has(h)), by: holder.id },
  );
  const paths = some(random, PATHS);
  expect(cardsMeeting(paths).map((c) => c.id)).toEqual(
    fresh.filter((c) => c.record !== undefined && pathsMeet(c.record.paths, paths)).map((c) => c.id),
  );
  expect(nextApplyOrder()).toBe(nextSeq(fresh));
  expect(cardsBeingWritten().map((c) => c.id)).toEqual(
    fresh.filter((c) => c.state === "applying" || c.state === "undoing").map((c) => c.id),
  );
  const charges = some(random, CHARGES);
  const charging = fresh.filter((c) => {
    const card = cardOfMessage(chatFake.messages.get(c.id) as never, "nobc")!.card;
    return card.charges?.some((x) => charges.includes(x)) === true;
  });
  expect(cardsCharging(charges).map((c) => c.id)).toEqual(charging.map((c) => c.id));
}

beforeEach(() => {
  harness.reset();
  chatFake.reset();
});

describe("the index of the GM's cards", () => {
  it("answers as a fresh read of the chat over 400 random creations, updates and deletions", async () => {
    const random = seededUniform(35);
    for (let step = 0; step < 400; step++) {
      const r = random();
      const all = messages();
      if (r < 0.35 || all.length < 3) await post("gm", { type: "resolution", system: drawn(random) });
      else if (r < 0.42) await post("p1", { type: "resolution", system: drawn(random) });
      // An old card kept in flags: shown, never counted.
      else if (r < 0.47) await post("gm", { flags: { nobc: drawn(random) } });
      // A GM's card whose record is out of shape: no card, and checked once.
      else if (r < 0.52)
        await post("gm", { type: "resolution", system: { effects: [], state: "applied", record: { seq: 1, forward: {}, inverse: {} } } });
      else if (r < 0.85) {
        const m = pick(random, all);
        const next = drawn(random);
        await m.update({ "system.state": next["state"], "system.record": next["record"] ?? null, "system.holds": next["holds"] ?? [] });
      } else await pick(random, all).delete();
      expectAgrees(random);
    }
  });

  it("reads each message once when it arrives or changes, not once a question, a card out of shape too", async () => {
    const cards: Message[] = [];
    for (const i of [0, 1, 2])
      cards.push(await post("gm", { type: "resolution", system: { effects: [], state: "pending", once: `k${String(i)}` } }));
    const broken = await post("gm", { type: "resolution", system: { effects: [], state: "applied", record: { seq: 1 } } });
    let reads = 0;
    for (const m of [...cards, broken]) {
      let system = m.system;
      Object.defineProperty(m, "system", {
        get: () => {
          reads++;
          return system;
        },
        set: (value: Raw) => (system = value),
        configurable: true,
      });
    }
    // The index was built on the first question or before; asked again and again, it reads nothing.
    gmCards();
    reads = 0;
    for (let i = 0; i < 10; i++) {
      gmCards();
      indexedKeyHolder("k1");
      heldSubject(["x"]);
    }
    expect(reads).toBe(0);
    await cards[1]!.update({
      "system.state": "applied",
      "system.record": { seq: 1, forward: EMPTY, inverse: EMPTY, touched: [], paths: [] },
    });
    reads = 0;
    for (let i = 0; i < 10; i++) expect(indexedKeyHolder("k1")).toBe(cards[1]!.id);
    // The changed card is read once more; the others, the broken one among them, not at all.
    expect(reads).toBe(1);
  });

  it("reads the chat again when its hooks are gone (a reset of the hooks), missing no change", async () => {
    const m = await post("gm", { type: "resolution", system: { effects: [], state: "pending", once: "k" } });
    expect(indexedKeyHolder("k")).toBeUndefined();
    // The harness forgets every hook: the update below is heard by no one.
    harness.reset();
    await m.update({ "system.state": "applied", "system.record": { seq: 4, forward: EMPTY, inverse: EMPTY, touched: [], paths: [] } });
    expect(indexedKeyHolder("k")).toBe(m.id);
    expect(nextApplyOrder()).toBe(5);
    // A chat emptied without its hooks (the chat fake's reset) is read again too.
    chatFake.reset();
    expect(indexedKeyHolder("k")).toBeUndefined();
    expect(nextApplyOrder()).toBe(1);
  });
});

describe("pruning at the turn change", () => {
  it("drops the old turns' plans in one ChatMessage.updateDocuments call, writing no message on its own", async () => {
    const record = (seq: number): Raw => ({
      seq,
      forward: EMPTY,
      inverse: EMPTY,
      touched: [],
      paths: [`Actor.u${String(seq)}#system.mode`],
    });
    const old: Message[] = [];
    for (const seq of [1, 2, 3, 4, 5])
      old.push(await post("gm", { type: "resolution", system: { effects: [], state: "applied", turn: 1, record: record(seq) } }));
    const current = await post("gm", { type: "resolution", system: { effects: [], state: "applied", turn: 2, record: record(6) } });
    const gm = game.users!.get("gm") as unknown as RequestingUser;
    expect(await performPruneRecords(2, gm)).toEqual({ ok: true, pruned: 5 });
    expect(chatFake.updateBatches).toEqual([5]);
    // The plans go; the key, the state, the order and the paths stay (for the conflicts of Undo).
    old.forEach((m, i) => {
      expect(m.system["record"]).toMatchObject({ pruned: true, seq: i + 1, paths: record(i + 1)["paths"] });
      expect(m.system["revision"]).toBe(1);
    });
    expect((current.system["record"] as Raw)["pruned"]).toBeUndefined();
    // Asked again, nothing is left to prune, and no call is made.
    expect(await performPruneRecords(2, gm)).toEqual({ ok: true, pruned: 0 });
    expect(chatFake.updateBatches).toEqual([5]);
  });
});
