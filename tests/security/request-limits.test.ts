/**
 * Issue #29, "What was seen" 14 (third part): 200 card-assignment requests from one player made 200
 * GM writes; nothing limited how much one player asked of the GM. Now every query the GM answers
 * (card actions, splits, resolutions, card assignments) takes a place among the asker's requests:
 * at most `MAX_IN_FLIGHT` being answered at once and `MAX_PER_MINUTE` in any minute, refused with a
 * clear message and nothing done. GMs are not limited; a forged request spends no one's allowance.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT, type FakeItemT } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { registerRequests } from "../harness/requests";
import { ASSIGN_CARD_QUERY, requestCardAssignment } from "../../src/queries/card-assignment";
import { RESOLVE_QUERY } from "../../src/apps/base/request";
import { MAX_IN_FLIGHT, MAX_PER_MINUTE, takeRequest } from "../../src/queries/request-limits";
import { REQUEST_FLAG } from "../../src/queries/register";
import { sha256Hex } from "../../src/base/sha256";
import type { CardResult } from "../../src/queries/card-actions";

/** The players' request secrets, their hashes on their User flags (as each client's first request writes). */
const SECRETS: Readonly<Record<string, string>> = { p1: "0123456789abcdef".repeat(4), p2: "fedcba9876543210".repeat(4) };

let card: FakeItemT;
let unit: FakeActorT;
let foeHq: FakeActorT;
let foeCard: FakeItemT;
let foeTarget: FakeActorT;
/** Every Item update as the clients hear it, with who wrote it. */
let writes: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("1985-09-01T08:00:00Z"));
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests();
  const hq = new harness.Actor({ name: "I GE Corps", type: "hq", system: { side: "nato", level: { value: 1, max: 4 }, radius: 3 } });
  card = hq.addItem({ name: "+2 Combat", type: "supportCard", system: { side: "nato", category: "combatModifier", assignedTo: null } });
  unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { side: "nato", hq: null } });
  foeHq = new harness.Actor({ name: "1 GTA", type: "hq", system: { side: "wp", level: { value: 2, max: 4 }, radius: 3 } });
  foeCard = foeHq.addItem({ name: "Artillery", type: "supportCard", system: { side: "wp", category: "combatModifier", assignedTo: null } });
  const foeUnit = new harness.Actor({ name: "7 Gds", type: "unit", system: { side: "wp", hq: null } });
  harness.placeToken(hq, 0);
  harness.placeToken(unit, 2);
  harness.placeToken(foeHq, 8);
  harness.placeToken(foeUnit, 9);
  chatFake.own(hq, "p1");
  chatFake.own(unit, "p1");
  chatFake.own(foeHq, "p2");
  chatFake.own(foeUnit, "p2");
  foeTarget = foeUnit;
  for (const [user, secret] of Object.entries(SECRETS)) chatFake.users.get(user)!.flags = { nobc: { [REQUEST_FLAG]: sha256Hex(secret) } };
  writes = [];
  (globalThis as unknown as { Hooks: { on(n: string, f: (...a: unknown[]) => void): void } }).Hooks.on(
    "updateItem",
    (_doc: unknown, _changes: unknown, _op: unknown, userId: unknown) => writes.push(String(userId)),
  );
});
afterEach(() => vi.useRealTimers());

const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const reasons = (results: readonly CardResult[]) => results.map((r) => (r.ok ? "ok" : r.reason));
const count = (list: readonly string[], item: string) => list.filter((x) => x === item).length;

/** `user`'s client drops `item` on `target` (or takes it back), as the sheet does: a request to the GM. */
async function drop(user: string, item: FakeItemT, target: FakeActorT | null): Promise<boolean> {
  chatFake.setUsers(user);
  return requestCardAssignment(item.uuid, target?.uuid ?? null);
}

/** The GM's answer to `user`'s request to assign their card to `target` (or take it back), over the socket. */
async function ask(user: string, item: FakeItemT, target: FakeActorT | null): Promise<CardResult> {
  const data = { card: item.uuid, unit: target?.uuid ?? null, userId: user, token: SECRETS[user] };
  return (await chatFake.users.get("gm")!.query(ASSIGN_CARD_QUERY, data)) as CardResult;
}

/** p1 asks to assign the card to the unit (even `i`) or take it back (odd `i`): every request one write. */
const toggle = (i: number) => ask("p1", card, i % 2 === 0 ? unit : null);

describe("one player's requests in flight", () => {
  it("200 assignments fired at once: a handful are answered and written, the rest refused, nothing written for them", async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => toggle(i)));
    expect(count(reasons(results), "ok")).toBe(MAX_IN_FLIGHT);
    expect(count(reasons(results), "NOBC.Request.Refused.tooManyAtOnce")).toBe(200 - MAX_IN_FLIGHT);
    // Before: 200 GM writes. Now one per answered request.
    expect(writes).toEqual(Array.from({ length: MAX_IN_FLIGHT }, () => "gm"));
    // Once they are answered, the player is answered again; the sheet's drop tells them of a refusal in words.
    expect(await drop("p1", card, unit)).toBe(true);
    expect(card.system["assignedTo"]).toBe(unit.uuid);
  });

  it("another player is answered meanwhile", async () => {
    const flood = Promise.all(Array.from({ length: 50 }, (_, i) => toggle(i)));
    expect(await drop("p2", foeCard, foeTarget)).toBe(true);
    expect(foeCard.system["assignedTo"]).toBe(foeTarget.uuid);
    expect(count(reasons(await flood), "NOBC.Request.Refused.tooManyAtOnce")).toBe(50 - MAX_IN_FLIGHT);
  });
});

describe("one player's requests per minute", () => {
  it("one after another, each awaited: the first MAX_PER_MINUTE are answered, then refused until the minute has passed", async () => {
    const results: CardResult[] = [];
    for (let i = 0; i < 200; i++) results.push(await toggle(i));
    expect(count(reasons(results), "ok")).toBe(MAX_PER_MINUTE);
    expect(
      reasons(results)
        .slice(MAX_PER_MINUTE)
        .every((r) => r === "NOBC.Request.Refused.tooManyPerMinute"),
    ).toBe(true);
    expect(writes).toHaveLength(MAX_PER_MINUTE);
    // The limit is shared by every query the GM answers: a resolution is refused too, before its dialog is looked up.
    const resolve = { dialog: "land.recovery", state: {}, userId: "p1", token: SECRETS["p1"] };
    expect(await chatFake.users.get("gm")!.query(RESOLVE_QUERY, resolve)).toEqual({
      ok: false,
      reason: "NOBC.Request.Refused.tooManyPerMinute",
    });
    vi.setSystemTime(Date.now() + 59_000);
    expect(reasons([await toggle(0)])).toEqual(["NOBC.Request.Refused.tooManyPerMinute"]);
    // The player's own client tells them why, in words (here, the key).
    expect(await drop("p1", card, unit)).toBe(false);
    expect(warnings()).toEqual(["NOBC.Request.Refused.tooManyPerMinute"]);
    // A minute after they were answered, those requests no longer count.
    vi.setSystemTime(Date.now() + 1_000);
    expect(await drop("p1", card, null)).toBe(true);
    expect(card.system["assignedTo"]).toBeNull();
  });
});

describe("who is limited", () => {
  it("GMs are not: a second GM's 200 requests at once are all answered", async () => {
    const gm2 = chatFake.users.get("gm2")!;
    gm2.active = true;
    gm2.flags = { nobc: { [REQUEST_FLAG]: sha256Hex(SECRETS["p1"]!) } };
    const data = (i: number) => ({ card: card.uuid, unit: i % 2 === 0 ? unit.uuid : null, userId: "gm2", token: SECRETS["p1"] });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => chatFake.users.get("gm")!.query(ASSIGN_CARD_QUERY, data(i))));
    expect(count(reasons(answers as CardResult[]), "ok")).toBe(200);
  });

  it("nor in the count itself", () => {
    const gm = { id: "gm2", isGM: true };
    const taken = Array.from({ length: MAX_PER_MINUTE * 2 }, () => takeRequest("gm", gm, Date.now()));
    expect(taken.every((t) => t.ok)).toBe(true);
  });

  it("a request forged in another player's name spends none of their allowance", async () => {
    // p2's name with a secret that is not theirs: refused as unverified, before anything is counted.
    const forged = { card: foeCard.uuid, unit: null, userId: "p2", token: "ab".repeat(32) };
    const answers = await Promise.all(Array.from({ length: 300 }, () => chatFake.users.get("gm")!.query(ASSIGN_CARD_QUERY, forged)));
    expect(new Set(reasons(answers as CardResult[]))).toEqual(new Set(["NOBC.Chat.Refused.unverified"]));
    expect(await ask("p2", foeCard, foeTarget)).toEqual({ ok: true });
  });
});
