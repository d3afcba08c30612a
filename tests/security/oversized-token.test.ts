/**
 * Issue #16, "Denial of service": a 32 MB request token tied up the GM for over a second, hashing it
 * to check who asks. The model: the request secret is exactly 64 hex digits, refused otherwise before
 * any hashing; every string and list a query carries is bounded, and the refusal names the field.
 * The hash function is spied on (never the clock).
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { sha256Hex } from "../../src/base/sha256";
import { postResolution } from "../../src/chat/resolution-card";
import { registerChat } from "../../src/queries/card-controls";
import { setCardSplit } from "../../src/queries/macros";
import { requestCardAction } from "../../src/queries/register";
import type { CardResult } from "../../src/queries/card-actions";

vi.mock("../../src/base/sha256", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/base/sha256")>();
  return { ...real, sha256Hex: vi.fn(real.sha256Hex) };
});

const hash = vi.mocked(sha256Hex);
const SECRET = "0123456789abcdef".repeat(4);
const HUGE = 32 * 1024 * 1024;

let unit: FakeActorT;
let messageId: string;

type Handler = (data: unknown) => Promise<CardResult>;
const query = (name: string): Handler => (CONFIG as unknown as { queries: Record<string, Handler> }).queries[name]!;

/** The longest input the hash was given since the spy was cleared (0: never called). */
const longestHashed = (): number => Math.max(0, ...hash.mock.calls.map(([text]) => text.length));

/** The refusal's details: one "field: problem" line each, as the GM sends them back. */
function details(result: CardResult): readonly string[] {
  expect(result).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.badRequest" });
  return (result as { details: readonly string[] }).details;
}

beforeEach(async () => {
  harness.reset();
  chatFake.reset();
  registerChat();
  unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { strength: { value: 4, max: 4 }, supply: 1, mode: "march" } });
  chatFake.own(unit, "p1");
  const message = (await postResolution({
    title: "Combat",
    resolution: { breakdown: [], rolls: [], outcome: "x", effects: [{ type: "hits", actor: unit.uuid, amount: 1 }] },
  })) as { id: string };
  messageId = message.id;
  await chatFake.users.get("p1")!.setFlag("nobc", "request", sha256Hex(SECRET));
  hash.mockClear();
});

describe("the request secret is exactly 64 hex digits, checked before it is hashed", () => {
  it("a 32 MB secret is refused by name without being hashed, and the refusal does not echo it", async () => {
    const result = await query("nobc.applyCard")({ messageId, userId: "p1", token: "a".repeat(HUGE) });
    const lines = details(result);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("token");
    expect(lines[0]).toContain("NOBC.Validation.Query.Token");
    expect(lines.join("").length).toBeLessThan(2000);
    expect(hash).not.toHaveBeenCalled();
    expect(harness.Actor.calls).toHaveLength(0);
  });

  it.each([
    ["63 digits", SECRET.slice(1)],
    ["65 digits", `${SECRET}0`],
    ["capitals", SECRET.toUpperCase()],
    ["not hex", "g".repeat(64)],
    ["a line break after it", `${SECRET}\n`],
  ])("a secret of %s is refused without hashing", async (_what, token) => {
    expect(details(await query("nobc.undoCard")({ messageId, userId: "p1", token }))[0]).toContain("token");
    expect(hash).not.toHaveBeenCalled();
  });

  it("the split query refuses a huge secret as well", async () => {
    const result = await query("nobc.setSplit")({ messageId, userId: "p1", token: "f".repeat(HUGE), side: "attackers", split: [] });
    expect(details(result)[0]).toContain("token");
    expect(hash).not.toHaveBeenCalled();
  });

  it("a well-formed secret is hashed once, 64 characters, and proves who asks", async () => {
    expect(await query("nobc.applyCard")({ messageId, userId: "p1", token: SECRET })).toEqual({ ok: true });
    expect(hash.mock.calls.filter(([text]) => text === SECRET)).toHaveLength(1);
    expect(longestHashed()).toBeLessThanOrEqual(64);
  });

  it("the secret a client draws for itself has the shape the GM requires", async () => {
    chatFake.setUsers("p1");
    expect(await requestCardAction("apply", messageId)).toEqual({ ok: true });
    const sent = (chatFake.users.get("gm")!.queries[0]!.data as { token: string }).token;
    expect(sent).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("every string and list a query carries is bounded, and the refusal names the field", () => {
  it("a 1 MB message id or user id is refused by name, before any hashing", async () => {
    const big = "x".repeat(1024 * 1024);
    const lines = details(await query("nobc.applyCard")({ messageId: big, userId: big, token: SECRET }));
    expect(lines.some((l) => l.includes("messageId") && l.includes("NOBC.Validation.TooBig.Characters"))).toBe(true);
    expect(lines.some((l) => l.includes("userId") && l.includes("NOBC.Validation.TooBig.Characters"))).toBe(true);
    expect(lines.join("").length).toBeLessThan(2000);
    expect(hash).not.toHaveBeenCalled();
  });

  it("a split of 100,000 shares is refused unread, and a share naming a 1 MB unit by name", async () => {
    const base = { messageId, userId: "p1", token: SECRET, side: "attackers" };
    // 300,000 values: more than any request carries, refused before the schema reads it (#29).
    const many = Array.from({ length: 100_000 }, () => ({ actor: unit.uuid, hits: 0 }));
    expect(await query("nobc.setSplit")({ ...base, split: many })).toEqual({ ok: false, reason: "NOBC.Chat.Refused.requestTooLarge" });
    // 101 shares: within that size, beyond a split's; refused by the schema, naming the field.
    const over = Array.from({ length: 101 }, () => ({ actor: unit.uuid, hits: 0 }));
    expect(details(await query("nobc.setSplit")({ ...base, split: over }))[0]).toContain("split");
    const long = [{ actor: "A".repeat(1024 * 1024), hits: 1 }];
    const line = details(await query("nobc.setSplit")({ ...base, split: long }))[0]!;
    expect(line).toContain("split");
    expect(line).toContain("actor");
    expect(line.length).toBeLessThan(2000);
    expect(hash).not.toHaveBeenCalled();
  });

  it("the macro refuses the same split before sending anything", async () => {
    chatFake.setUsers("p1");
    const many = Array.from({ length: 100_000 }, () => ({ actor: unit.uuid, hits: 0 }));
    expect(details(await setCardSplit(messageId, "attackers", many))[0]).toContain("split");
    expect(chatFake.users.get("gm")!.queries).toHaveLength(0);
  });
});
