/**
 * Issue #29, item 1, over the multi-client harness (tests/harness/clients.ts): a player resizes and
 * unlinks their unit's token from the console on their own client; the write reaches every client
 * after the wire's delay, each client's guard hears `updateToken` with the player's id, and the GM's
 * client (the active GM) puts the footprint back from its own copy through the one write path, which
 * every client then sees. The second GM's client keeps its copy and writes nothing.
 */
import "../harness/install";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Network, removeAccessors, type Client } from "../harness/clients";
import type * as RulesGuard from "../../src/documents/rules-guard";
import { unitSystem } from "../apps/ground-combat/fixture";

vi.setConfig({ testTimeout: 60_000 });

type Raw = Record<string, unknown>;
interface TokenLike {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly shape: number;
  readonly actorLink: boolean;
}

let net: Network;
beforeAll(async () => {
  net = await Network.open({ users: ["gm", "gm2", "p1"], delay: 40 });
});
afterAll(() => {
  net.close();
  removeAccessors();
});

/**
 * The same world on every client: a unit the player owns, its token on the viewed scene; each
 * client's guard registered, the GMs' copies taken.
 */
async function table(): Promise<void> {
  await net.world((c) => {
    const { harness, chatFake } = c.entry;
    const unit = new harness.Actor({ name: "PzBrig 34", type: "unit", system: unitSystem("nato"), id: "unit000000000001" });
    chatFake.own(unit, "p1");
    harness.viewScene();
    harness.placeToken(unit, 1, 1);
  });
  // The log of what the server took, from this test's world on.
  net.log.length = 0;
  for (const c of net.clients) {
    const guard = await c.load<typeof RulesGuard>("src/documents/rules-guard");
    c.run(() => {
      guard.resetRulesGuard();
      guard.registerRulesGuard();
      if (c.userId !== "p1") for (const t of c.entry.harness.scene!.tokens) guard.keepToken(t);
    });
  }
}

const tokenOf = (c: Client): TokenLike => c.run(() => c.entry.harness.scene!.tokens[0] as unknown as TokenLike);
/** `client` writes its copy of the token (`TokenDocument.updateDocuments`, as the console can), over the wire. */
const writeToken = (c: Client, changes: Raw): Promise<unknown> =>
  c.run(() =>
    (globalThis as unknown as { TokenDocument: { updateDocuments(rows: Raw[], op: Raw): Promise<unknown> } }).TokenDocument.updateDocuments(
      [{ _id: tokenOf(c).id, ...changes }],
      { parent: c.entry.harness.scene },
    ),
  );
const footprint = (c: Client) => {
  const t = tokenOf(c);
  return { width: t.width, height: t.height, shape: t.shape, actorLink: t.actorLink };
};
const notices = (c: Client, key: string) => c.run(() => c.entry.harness.notices.filter((n) => n.message.includes(key)));
const tokenWritesBy = (userId: string) =>
  net.log.filter((l) => l.by === userId && l.call.kind === "class" && l.call.target === "Token" && l.call.method === "updateDocuments");

describe("a player's resize and unlink of their unit's token, heard on every client", () => {
  it("is put back by the active GM's client alone, from its copy, in one token write that every client sees", async () => {
    await table();
    const p1 = net.client("p1");
    const gm = net.client("gm");
    const gm2 = net.client("gm2");
    await writeToken(p1, { width: 3, height: 3, actorLink: false });
    await net.settle();
    const linked = { width: 1, height: 1, shape: 0, actorLink: true };
    for (const c of [gm, gm2, p1]) expect(footprint(c), c.name).toEqual(linked);
    expect(tokenWritesBy("gm")).toHaveLength(1);
    expect(tokenWritesBy("gm2")).toEqual([]);
    expect(notices(gm, "NOBC.Guard.TokenPutBack")).toHaveLength(1);
    expect(notices(gm, "NOBC.Guard.TokenPutBack")[0]!.message).toContain("p1");
    expect(notices(gm2, "NOBC.Guard.TokenPutBack")).toEqual([]);
    expect(net.faults).toEqual([]);
  });

  it("a GM's resize stands on every client, and a player's next one is put back to it", async () => {
    await table();
    const p1 = net.client("p1");
    const gm = net.client("gm");
    const gm2 = net.client("gm2");
    // The second GM resizes: every GM client takes it into its copy.
    await writeToken(gm2, { width: 2, height: 2 });
    await net.settle();
    await writeToken(p1, { width: 4 });
    await net.settle();
    for (const c of [gm, gm2, p1]) expect(footprint(c), c.name).toEqual({ width: 2, height: 2, shape: 0, actorLink: true });
    expect(tokenWritesBy("gm")).toHaveLength(1);
  });
});
