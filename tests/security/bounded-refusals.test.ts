/**
 * Issue #29, "What was seen" 14 (second part): a dialog state with 100,000 unknown keys cost the GM
 * some 200 ms and sent back a 2.4 MB refusal listing every key. Now a request's data is counted
 * before any schema reads it (at most `MAX_PAYLOAD_VALUES` values, the count stopping at the limit),
 * and a refusal lists at most `MAX_LISTED` problems (the shape's, the rules', access's), and of
 * unknown keys at most that many, with a count of the rest ("and 99,995 more"). The GM's work is counted, never timed: the schema is spied
 * on, and the values the size check reads are counted through a proxy.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActorT } from "../harness/foundry";
import { frontWorld } from "./fixtures";
import { RECOVERY } from "../../src/apps/land/dialogs";
import { recoveryStateSchema } from "../../src/apps/land/recovery/controller";
import { boundedRecord, uuid } from "../../src/apps/base/state-bounds";
import { RESOLVE_QUERY } from "../../src/apps/base/request";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { CARD_QUERIES, REQUEST_FLAG } from "../../src/queries/register";
import { MAX_PAYLOAD_VALUES, parsePayload, withinPayloadSize } from "../../src/queries/payloads";
import { cardDataProblems } from "../../src/chat/card-data";
import { MAX_LISTED } from "../../src/words/issues";
import { sha256Hex } from "../../src/base/sha256";
import type { CardResult } from "../../src/queries/card-actions";

const SECRET = "0123456789abcdef".repeat(4);

let actors: Map<string, FakeActorT>;

beforeEach(() => {
  actors = frontWorld([RECOVERY]);
  // p1's client has written the hash of its request secret, as its first request does.
  chatFake.setUsers("p1");
  chatFake.users.get("p1")!.flags = { nobc: { [REQUEST_FLAG]: sha256Hex(SECRET) } };
});
afterEach(() => {
  clearDialogRegistry();
  vi.restoreAllMocks();
});

/** `p1`'s client asks the GM's `query` with `data`, its own secret proving who asks. */
async function ask(query: string, data: Record<string, unknown>): Promise<{ answer: CardResult; bytes: number }> {
  const answer = (await chatFake.users.get("gm")!.query(query, { ...data, userId: "p1", token: SECRET })) as CardResult;
  return { answer, bytes: JSON.stringify(answer).length };
}

/** A recovery state of I Corps with `count` keys no state has. */
function stateWithUnknownKeys(count: number): Record<string, unknown> {
  const state: Record<string, unknown> = { hq: actors.get("icorps")!.uuid, cards: [] };
  for (let i = 0; i < count; i++) state[`k${i}`] = i;
  return state;
}

const details = (answer: CardResult): readonly string[] => (answer.ok ? [] : (answer.details ?? []));
const cards = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution");

describe("a request far larger than any the system sends is refused unread", () => {
  it("a state with 100,000 unknown keys: a short refusal, and the dialog's schema never runs", async () => {
    const parse = vi.spyOn(recoveryStateSchema, "safeParse");
    const { answer, bytes } = await ask(RESOLVE_QUERY, { dialog: RECOVERY.id, state: stateWithUnknownKeys(100_000) });
    expect(answer).toEqual({ ok: false, reason: "NOBC.Chat.Refused.requestTooLarge" });
    expect(bytes).toBeLessThan(200);
    expect(parse).not.toHaveBeenCalled();
    expect(cards()).toHaveLength(0);
  });

  it("so is a card action carrying 100,000 keys besides its own", async () => {
    const data: Record<string, unknown> = { messageId: "m1" };
    for (let i = 0; i < 100_000; i++) data[`k${i}`] = i;
    const { answer } = await ask(CARD_QUERIES.apply, data);
    expect(answer).toEqual({ ok: false, reason: "NOBC.Chat.Refused.requestTooLarge" });
  });

  it("the size check reads no entry of a record or a list that takes it past the limit", () => {
    let reads = 0;
    const entry = (key: string | symbol) => typeof key === "string" && key !== "length" && key !== "constructor";
    const counting = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(on, key, receiver) {
          if (entry(key)) reads += 1;
          return Reflect.get(on, key, receiver) as unknown;
        },
      });
    const keys: Record<string, number> = {};
    for (let i = 0; i < 20_000; i++) keys[`k${i}`] = i;
    expect(withinPayloadSize({ state: counting(keys) })).toBe(false);
    expect(withinPayloadSize({ state: { cards: counting(Array.from({ length: 100_000 }, () => 0)) } })).toBe(false);
    expect(reads).toBe(0);
    // Within the limit, every value is counted once.
    const small = { state: { hq: "Actor.x", cards: ["a", "b"] } };
    expect(withinPayloadSize(small, 6)).toBe(true);
    expect(withinPayloadSize(small, 5)).toBe(false);
  });

  it("every state a real request sends is within the limit, with room to spare", () => {
    // The largest: an air battle line-up of 200 squadrons, each opposite one and in one bout.
    const uuid = "Actor.0123456789abcdef";
    const lineUp = {
      zone: "A",
      wpLine: Array.from({ length: 200 }, () => uuid),
      opposite: Array.from({ length: 200 }, () => ({ nato: uuid, wp: uuid })),
      switches: [],
      recorded: ["wpLine", "natoOpposite", "wpSwitches"],
      bouts: Array.from({ length: 200 }, () => ({ wp: uuid, nato: uuid })),
    };
    const request = { dialog: "air.lineUp", state: lineUp, userId: "p1", token: SECRET };
    expect(withinPayloadSize(request)).toBe(true);
    expect(withinPayloadSize(request, MAX_PAYLOAD_VALUES / 3)).toBe(true);
  });
});

describe("a refusal lists a handful of problems and counts the rest", () => {
  it("4,000 unknown keys (within the size limit): five quoted, and how many more", async () => {
    const { answer, bytes } = await ask(RESOLVE_QUERY, { dialog: RECOVERY.id, state: stateWithUnknownKeys(4_000) });
    expect(answer).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.badRequest" });
    const [problem] = details(answer);
    expect(details(answer)).toHaveLength(1);
    expect(problem).toContain("NOBC.Validation.UnrecognizedKeys");
    expect(problem).toContain("NOBC.Validation.AndMore");
    expect(problem).toContain("3,995");
    for (const shown of ["k0", "k4"]) expect(problem).toContain(shown);
    expect(problem).not.toContain("k5");
    // Today's refusal quoted all 4,000 keys (some 50 kB).
    expect(bytes).toBeLessThan(1_000);
    expect(cards()).toHaveLength(0);
  });

  it("100 wrong entries in a list: the first five problems, then a count of the other 95", async () => {
    const state = { hq: actors.get("icorps")!.uuid, cards: Array.from({ length: 100 }, (_, i) => i) };
    const { answer } = await ask(RESOLVE_QUERY, { dialog: RECOVERY.id, state });
    const listed = details(answer);
    expect(listed).toHaveLength(MAX_LISTED + 1);
    expect(listed.slice(0, MAX_LISTED).every((p) => p.includes("cards["))).toBe(true);
    expect(listed[MAX_LISTED]).toContain("NOBC.Validation.MoreProblems");
    expect(listed[MAX_LISTED]).toContain('"count":"95"');
  });

  it("the rules' refusals too: 100 cards the HQ does not hold, five named and 95 counted", async () => {
    const state = { hq: actors.get("icorps")!.uuid, cards: Array.from({ length: 100 }, (_, i) => `Actor.${"x".repeat(200)}${i}`) };
    const { answer, bytes } = await ask(RESOLVE_QUERY, { dialog: RECOVERY.id, state });
    expect(answer).toMatchObject({ ok: false, reason: "NOBC.Request.Refused.rules" });
    const listed = details(answer);
    expect(listed).toHaveLength(MAX_LISTED + 1);
    expect(listed.slice(0, MAX_LISTED).every((p) => p.startsWith("NOBC.Land.Check.cardNotHeld"))).toBe(true);
    expect(listed[MAX_LISTED]).toContain("NOBC.Validation.MoreProblems");
    expect(listed[MAX_LISTED]).toContain('"count":"95"');
    // Before: every one of the 100, some 27 kB.
    expect(bytes).toBeLessThan(2_000);
  });

  it("a key of a megabyte is named by its first characters, not in full", () => {
    const big = "A".repeat(1024 * 1024);
    const state = { hq: actors.get("icorps")!.uuid, cards: [], [big]: 1 };
    const strict = parsePayload(recoveryStateSchema, state);
    const record = parsePayload(boundedRecord(uuid, uuid), { [big]: "Actor.x" });
    for (const parsed of [strict, record]) {
      const problems = parsed.ok ? [] : parsed.problems;
      expect(problems).toHaveLength(1);
      expect(JSON.stringify(problems).length).toBeLessThan(2_000);
    }
  });

  it("a handful or fewer are listed as they are, with no count", () => {
    const state = { hq: actors.get("icorps")!.uuid, cards: [1, 2, 3] };
    const parsed = parsePayload(recoveryStateSchema, state);
    expect(parsed.ok ? [] : parsed.problems.map((p) => p.key)).toEqual(Array.from({ length: 3 }, () => "NOBC.Validation.Problem"));
  });

  it("a malformed card's data problems: the first few, and how many more", () => {
    // A ground combat whose attackers are 40 numbers, and whose other parts are missing: some 45 problems.
    const groundCombat = { plan: { attackers: Array.from({ length: 40 }, (_, i) => i) } };
    const problems = cardDataProblems({ title: "Combat", effects: [], groundCombat });
    expect(problems).toHaveLength(MAX_LISTED + 1);
    expect(problems.slice(0, MAX_LISTED).every((p) => p.key === "NOBC.Validation.Problem")).toBe(true);
    expect(problems[MAX_LISTED]?.key).toBe("NOBC.Validation.MoreProblems");
    expect((problems[MAX_LISTED]?.data as { count?: number } | undefined)?.count).toBeGreaterThan(30);
  });
});
