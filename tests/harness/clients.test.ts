/**
 * The multi-client harness (./clients.ts): each client has its own world and module state; a write
 * reaches every client in the server's order after the delay, the writer's copy only with its
 * answer; refusals reach only the writer; hooks fire on every client with the writer's id; a
 * client can drop out.
 */
import "./install";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { Network, removeAccessors, type Client } from "./clients";

type Raw = Record<string, unknown>;

let net: Network;

// Each client loads its own module graph once per file (about a second each).
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => net.close());
afterAll(removeAccessors);

async function twoGms(delay = 40): Promise<Network> {
  net = await Network.open({ users: ["gm", "gm2", "p1"], delay });
  await net.world((c) => {
    const unit = new c.entry.harness.Actor({
      name: "3 Pz Bde",
      type: "unit",
      system: { strength: { value: 4, max: 4 }, supply: 1, mode: "march" },
    });
    c.entry.harness.own(unit, "p1");
  });
  return net;
}

interface Unit {
  system: Raw;
  update(d: Raw, o?: Raw): Promise<unknown>;
}
const unitOf = (c: Client): Unit => c.run(() => c.entry.harness.documents().find((d) => d.name === "3 Pz Bde")!);
const strength = (c: Client): unknown => (unitOf(c).system["strength"] as Raw)["value"];

describe("the multi-client harness", () => {
  it("gives each client its own copy of the world and its own module state", async () => {
    await twoGms();
    const [a, b] = [net.client("gm"), net.client("gm2")];
    expect(unitOf(a)).not.toBe(unitOf(b));
    expect(a.run(() => (game.user as unknown as { id: string }).id)).toBe("gm");
    expect(b.run(() => (game.user as unknown as { id: string }).id)).toBe("gm2");
    const qa = await a.load<{ GM_TASK_LIMIT_MS: number }>("src/queries/card-state");
    const qb = await b.load<{ GM_TASK_LIMIT_MS: number }>("src/queries/card-state");
    expect(qa).not.toBe(qb);
  });

  it("a write reaches every client after the delay, the writer's copy with its answer, in the server's order", async () => {
    await twoGms();
    const [a, b] = [net.client("gm"), net.client("gm2")];
    const seen: [string, string, unknown][] = [];
    for (const c of [a, b])
      c.run(() =>
        Hooks.on(
          "updateActor",
          (_d: unknown, changes: unknown, _o: unknown, user: unknown) => void seen.push([c.userId, user as string, changes]),
        ),
      );
    const write = a.run(() => unitOf(a).update({ "system.strength.value": 3 }));
    const second = b.run(() => unitOf(b).update({ "system.strength.value": 2 }));
    // Sent, not yet answered: no copy has changed.
    expect([strength(a), strength(b)]).toEqual([4, 4]);
    await Promise.all([write, second]);
    expect(net.now).toBe(40);
    expect([strength(a), strength(b)]).toEqual([2, 2]);
    expect(seen.map(([client, by]) => `${client}<-${by}`)).toEqual(["gm<-gm", "gm2<-gm", "gm<-gm2", "gm2<-gm2"]);
  });

  it("a refused write rejects for its writer only, after the delay; nobody else hears of it", async () => {
    await twoGms();
    const p = net.client("p1");
    const heard: string[] = [];
    for (const c of net.clients) c.run(() => Hooks.on("updateActor", () => void heard.push(c.userId)));
    // A player may not write a unit's strength outside the data model's bounds.
    await expect(p.run(() => unitOf(p).update({ "system.strength.value": 9 }))).rejects.toThrow();
    expect(net.now).toBe(40);
    expect(heard).toEqual([]);
  });

  it("a diff: false update is broadcast whole, even when it equals the document", async () => {
    await twoGms();
    const [a, b] = [net.client("gm"), net.client("gm2")];
    const heard: unknown[] = [];
    b.run(() => Hooks.on("updateActor", (_d: unknown, changes: unknown, options: unknown) => void heard.push([changes, options])));
    await a.run(() => unitOf(a).update({ "system.mode": "march" }, { diff: false }));
    await net.settle();
    expect(heard).toEqual([[{ system: { mode: "march" }, _id: expect.any(String) }, { diff: false }]]);
  });

  it("a message posted on one client reaches the others with the same id and author", async () => {
    await twoGms();
    const [a, b] = [net.client("gm"), net.client("gm2")];
    const made = await a.run(() => (ChatMessage as unknown as { create(d: Raw): Promise<{ id: string }> }).create({ content: "hi" }));
    await net.settle();
    const there = b.run(() => b.entry.chatFake.messages.get(made.id));
    expect(there?.author?.id).toBe("gm");
  });

  it("a client that drops out hears and sends nothing more; the others' active GM changes", async () => {
    await twoGms();
    const [a, b] = [net.client("gm"), net.client("gm2")];
    const connected: unknown[] = [];
    b.run(() => Hooks.on("userConnected", (user, on) => void connected.push([user.id, on])));
    expect(b.run(() => (game.users as unknown as { activeGM: { id: string } }).activeGM.id)).toBe("gm");
    net.dropOut(a);
    let settled = false;
    void a.run(() => unitOf(a).update({ "system.strength.value": 1 })).finally(() => (settled = true));
    await net.settle();
    expect(settled).toBe(false);
    expect(strength(b)).toBe(4);
    expect(b.run(() => (game.users as unknown as { activeGM: { id: string } }).activeGM.id)).toBe("gm2");
    expect(connected).toEqual([["gm", false]]);
  });
});
