/**
 * The GM's record on the card (`system.record`) and the GM's actions on it: releasing a stuck
 * once-only key (`game.nobc.releaseCardKey`), pruning the write plans of old turns' cards
 * (`game.nobc.pruneCardRecords`), the turn a card keeps, and the asker's name shown on the card.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { postResolution, setCardTurnReader } from "../../src/chat/resolution-card";
import { decorateCard, registerChat } from "../../src/queries/card-controls";
import { requestCardAction } from "../../src/queries/register";
import { onceKeyHolder } from "../../src/queries/card-actions";
import { registerSettings } from "../../src/base/settings";
import { pruneCardRecords, releaseCardKey } from "../../src/queries/macros";
import { pathsMeet, planPaths } from "../../src/chat/card-record";
import type { Effect } from "../../src/rules/effects";

type Raw = Record<string, unknown>;

let hq: FakeActorT;

const level = (): unknown => (hq.system["level"] as Raw)["value"];
const card = (id: string): Raw => chatFake.cardOf(chatFake.messages.get(id));

async function post(effects: Effect[], extra: { once?: string; turn?: number; requestedBy?: string } = {}): Promise<string> {
  const message = (await postResolution({
    title: "Orders",
    resolution: { breakdown: [], rolls: [], outcome: "x", effects },
    ...extra,
  })) as {
    id: string;
  };
  return message.id;
}

const down = (): Effect[] => [{ type: "hqLevel", actor: hq.uuid, delta: -1 }];

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  setCardTurnReader(() => null);
  hq = new harness.Actor({ name: "V Corps", type: "hq", system: { side: "nato", level: { value: 3, max: 3 } } });
  chatFake.own(hq, "p1");
});

describe("releasing a stuck once-only key", () => {
  it("marks the record's key released, posts the reason on a GM card, and lets another card with the key be applied", async () => {
    const key = `orders:${hq.uuid}:1`;
    const a = await post(down(), { once: key });
    expect(await requestCardAction("apply", a)).toEqual({ ok: true });
    const b = await post(down(), { once: key });
    expect(await requestCardAction("apply", b)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.onceOnly" });
    expect(await releaseCardKey(a, "Orders re-given after the <b>umpire</b> ruling")).toEqual({ ok: true });
    expect((card(a)["record"] as Raw)["keyReleased"]).toEqual({ by: "gm", reason: "Orders re-given after the <b>umpire</b> ruling" });
    expect(card(a)["state"]).toBe("applied");
    const notice = [...chatFake.messages.values()].at(-1)!;
    expect(notice.type).toBe("base");
    expect(notice.author?.id).toBe("gm");
    expect(notice.content).toContain("NOBC.CardAuth.KeyReleased.title");
    expect(notice.content).toContain("&#60;b&#62;umpire");
    expect(onceKeyHolder(key)).toBeUndefined();
    expect(await requestCardAction("apply", b)).toEqual({ ok: true });
    expect(level()).toBe(1);
    expect(await releaseCardKey(a, "again")).toEqual({ ok: false, reason: "NOBC.CardAuth.Refused.keyReleased" });
  });

  it("under double-blind the release note is whispered to the GMs: its key names a piece by UUID", async () => {
    registerSettings();
    await (game.settings as unknown as { set(ns: string, k: string, v: unknown): Promise<unknown> }).set(
      "nobc",
      "hiddenInformation",
      "doubleBlind",
    );
    const key = `orders:${hq.uuid}:1`;
    const a = await post(down(), { once: key });
    expect(await requestCardAction("apply", a)).toEqual({ ok: true });
    expect(await releaseCardKey(a, "stuck")).toEqual({ ok: true });
    const notice = [...chatFake.messages.values()].at(-1)!;
    expect(notice.content).toContain(hq.uuid);
    expect(notice.whisper).toEqual(["gm", "gm2"]);
  });

  it("checks its arguments with zod, naming the field, and refuses a card holding no applied key", async () => {
    const plain = await post(down());
    const bad = await releaseCardKey(plain, "");
    expect(bad).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.badRequest" });
    expect(JSON.stringify(bad)).toContain("reason");
    expect(await releaseCardKey(plain, "x".repeat(501))).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.badRequest" });
    expect(await releaseCardKey(plain, "stuck")).toEqual({ ok: false, reason: "NOBC.CardAuth.Refused.noKey" });
    chatFake.setUsers("p1");
    expect(await releaseCardKey(plain, "stuck")).toEqual({ ok: false, reason: "NOBC.Request.Refused.postGmOnly" });
  });
});

describe("pruning old turns' records", () => {
  it("drops the write plans of earlier turns' cards (no Undo) and keeps the current turn's, the keys and the states", async () => {
    const key = `orders:${hq.uuid}:1`;
    const old = await post(down(), { turn: 1, once: key });
    setCardTurnReader(() => 2);
    const current = await post(down());
    expect(card(current)["turn"]).toBe(2);
    expect(await requestCardAction("apply", old)).toEqual({ ok: true });
    expect(await requestCardAction("apply", current)).toEqual({ ok: true });
    expect(await pruneCardRecords(2)).toEqual({ ok: true, pruned: 1 });
    const record = card(old)["record"] as Raw;
    expect(record["pruned"]).toBe(true);
    expect(record["forward"]).toEqual({ actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] });
    expect(record["paths"]).toEqual([`${hq.uuid}#system.level.value`]);
    expect(card(old)["state"]).toBe("applied");
    expect(onceKeyHolder(key)).toBe(old);
    expect((card(current)["record"] as Raw)["pruned"]).toBeUndefined();
    // The current turn's card keeps its Undo; the old one has none.
    expect(await requestCardAction("undo", current)).toEqual({ ok: true });
    expect(await requestCardAction("undo", old)).toEqual({ ok: false, reason: "NOBC.CardAuth.Refused.pruned" });
    expect(level()).toBe(2);
    expect(await pruneCardRecords(-1)).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.badRequest" });
  });
});

describe("the card shows who asked", () => {
  it("names the asker in the viewer's words, from the user's id on the card", async () => {
    const id = await post(down(), { requestedBy: "p1" });
    const lines: { textContent: string; className: string }[] = [];
    const state = { textContent: "", before: (n: { textContent: string; className: string }) => void lines.push(n) };
    const node = () => ({ textContent: "", className: "", append: () => undefined });
    const root = {
      classList: { toggle: () => undefined, add: () => undefined },
      ownerDocument: { createElement: node },
      querySelector: (sel: string) =>
        sel === ".card-state"
          ? state
          : sel === ".card-changes"
            ? { replaceChildren: () => undefined, ownerDocument: { createElement: node } }
            : null,
      querySelectorAll: () => [],
    };
    decorateCard(chatFake.messages.get(id)!, { querySelector: () => root } as unknown as HTMLElement);
    expect(lines.map((l) => [l.className, l.textContent])).toEqual([["card-requested-by", 'NOBC.CardAuth.RequestedBy {"name":"p1"}']]);
  });
});

describe("paths", () => {
  it("an item created or deleted meets every path of that item", () => {
    const plan = {
      actorUpdates: [{ uuid: "Actor.a", id: "a", parentUuid: null, changes: { "system.level.value": 1 } }],
      itemUpdates: [],
      itemDeletions: [{ uuid: "Actor.a.Item.c", id: "c", parentUuid: "Actor.a" }],
      itemCreations: [{ parentUuid: "Actor.b", data: { _id: "d" } }],
    };
    expect(planPaths(plan)).toEqual(["Actor.a#system.level.value", "Actor.a.Item.c#*", "Actor.b.Item.d#*"]);
    expect(pathsMeet(["Actor.a.Item.c#system.assignedTo"], planPaths(plan))).toBe(true);
    expect(pathsMeet(["Actor.b.Item.d#system.assignedTo"], planPaths(plan))).toBe(true);
    expect(pathsMeet(["Actor.a#system.supply"], planPaths(plan))).toBe(false);
  });
});
