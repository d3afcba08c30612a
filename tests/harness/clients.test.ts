/**
 * The multi-client harness (./clients.ts): each client has its own world and module state; a write
 * reaches every client in the server's order after the delay, the writer's copy only with its
 * answer; refusals reach only the writer; hooks fire on every client with the writer's id; a
 * client can drop out.
 */
import "./install";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { cardSystem, hqSystem } from "../apps/ground-combat/fixture";
import { Network, removeAccessors, type Client } from "./clients";

type Raw = Record<string, unknown>;

let net: Network;

// Each client loads its own module graph once per file (about a second each).
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  net.close();
  vi.useRealTimers();
});
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
/** Listens on `c`'s hook `hook` (the installed types know the hooks' names, not their arguments here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each listener names the arguments its hook is given
const listen = (c: Client, hook: string, fn: (...args: any[]) => unknown): number => c.run(() => Hooks.on(hook as never, fn as never));

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

  it("a write whose answer is lost: the server takes it and the others hear it; the writer's promise and copy hear nothing", async () => {
    await twoGms();
    const [a, b] = [net.client("gm"), net.client("gm2")];
    a.run(() => a.entry.harness.stallWrites(1, { written: true }));
    let settled = false;
    void a.run(() => unitOf(a).update({ "system.strength.value": 3 })).finally(() => (settled = true));
    await net.settle();
    expect([strength(net.serverCopy), strength(b), strength(a)]).toEqual([3, 3, 4]);
    expect(settled).toBe(false);
  });

  it("a query with a timeout rejects on the asker's clock when no answer came; one answered in time settles and leaves no timer", async () => {
    await twoGms();
    const [gm, p] = [net.client("gm"), net.client("p1")];
    gm.run(() => {
      const queries = (CONFIG as unknown as { queries: Raw }).queries;
      queries["test.never"] = () => new Promise(() => undefined);
      queries["test.echo"] = (data: unknown, options: unknown) => ({ data, options });
    });
    vi.useFakeTimers();
    const gmUser = (): { query(n: string, d: unknown, o?: Raw): Promise<unknown> } =>
      p.run(() => (game.users as unknown as { get(id: string): never }).get("gm"));
    let outcome: unknown = "waiting";
    void p.run(() => gmUser().query("test.never", {}, { timeout: 30_000 })).catch((e: unknown) => (outcome = (e as Error).message));
    await net.settle();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).toBe("waiting");
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe("Query test.never to gm timed out after 30000ms");
    const echoed = p.run(() => gmUser().query("test.echo", { n: 1 }, { timeout: 30_000 }));
    await net.settle();
    // The handler is given the timeout, as Foundry's are; the answer came in time, so its timer is gone.
    expect(await echoed).toEqual({ data: { n: 1 }, options: { timeout: 30_000 } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a fake timer set by a client's code runs in that client, with its globals", async () => {
    await twoGms();
    const p = net.client("p1");
    vi.useFakeTimers();
    let seen: unknown;
    p.run(() => setTimeout(() => (seen = (game.user as unknown as { id: string }).id), 1_000));
    // Run from the test's own advance, outside every client: the callback still reads p1's `game`.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toBe("p1");
  });

  it("an owner creates and deletes an Item on their actor over the wire; every client hears it with the writer's id; a non-owner is refused", async () => {
    net = await Network.open({ users: ["gm", "gm2", "p1"], delay: 40 });
    await net.world((c) => {
      const hq = new c.entry.harness.Actor({ name: "I GE Corps", type: "hq", system: hqSystem("nato") });
      c.entry.harness.own(hq, "p1");
      new c.entry.harness.Actor({ name: "II GE Corps", type: "hq", system: hqSystem("nato") });
    });
    const p = net.client("p1");
    const heard: unknown[] = [];
    for (const c of net.clients)
      for (const hook of ["createItem", "deleteItem"] as const)
        listen(c, hook, (item: { name: string; parent: { name: string } }, options: unknown, userId: unknown) =>
          heard.push([c.userId, hook, item.name, item.parent.name, typeof options, userId]),
        );
    const hqOf = (c: Client, name = "I GE Corps"): { items: { id: string; name: string; delete(): Promise<unknown> }[] } =>
      c.run(() => c.entry.harness.documents().find((d) => d.name === name)) as never;
    const Item = (): { createDocuments(rows: Raw[], op: Raw): Promise<{ id: string }[]> } => globalThis.Item as never;
    const row = { name: "+3 Combat", type: "supportCard", system: cardSystem("nato", "combatModifier", 3, null) };
    const [made] = await p.run(() => Item().createDocuments([row], { parent: hqOf(p) }));
    await net.settle();
    for (const c of [net.serverCopy, ...net.clients]) expect(hqOf(c).items.map((i) => [i.id, i.name])).toEqual([[made!.id, "+3 Combat"]]);
    await p.run(() => hqOf(p).items[0]!.delete());
    await net.settle();
    for (const c of [net.serverCopy, ...net.clients]) expect(hqOf(c).items).toEqual([]);
    const each = (hook: string) => net.clients.map((c) => [c.userId, hook, "+3 Combat", "I GE Corps", "object", "p1"]);
    expect(heard).toEqual([...each("createItem"), ...each("deleteItem")]);
    // An actor p1 does not own: the server refuses, nobody hears of it.
    await expect(p.run(() => Item().createDocuments([row], { parent: hqOf(p, "II GE Corps") }))).rejects.toThrow(/lacks permission/);
    await net.settle();
    expect(heard).toHaveLength(6);
    for (const c of [net.serverCopy, ...net.clients]) expect(hqOf(c, "II GE Corps").items).toEqual([]);
  });

  it("a player creates and deletes their unit's token only where the world grants it; every client hears createToken / deleteToken with the writer's id", async () => {
    net = await Network.open({ users: ["gm", "gm2", "p1"], delay: 40 });
    let grant = false;
    await net.world((c) => {
      const unit = new c.entry.harness.Actor({ name: "3 Pz Bde", type: "unit", system: { strength: { value: 4, max: 4 } } });
      c.entry.harness.own(unit, "p1");
      c.entry.harness.placeToken(unit, 1, 1);
      c.entry.harness.tokenRights.create = grant;
      c.entry.harness.tokenRights.delete = grant;
    });
    const p = net.client("p1");
    interface Tok {
      id: string;
      x: number;
      delete(): Promise<unknown>;
    }
    const sceneOf = (c: Client): { tokens: Tok[] } => c.run(() => (canvas as unknown as { scene: { tokens: Tok[] } }).scene);
    const Token = (): { createDocuments(rows: Raw[], op: Raw): Promise<Tok[]> } => globalThis.TokenDocument;
    const unitId = (): string => p.run(() => p.entry.harness.documents().find((d) => d.name === "3 Pz Bde")!.id);
    let actorId = unitId();
    // Without the world's TOKEN_CREATE / TOKEN_DELETE for players: both refused by the server.
    await expect(p.run(() => sceneOf(p).tokens[0]!.delete())).rejects.toThrow();
    await expect(p.run(() => Token().createDocuments([{ actorId, x: 0, y: 0 }], { parent: sceneOf(p) }))).rejects.toThrow(
      /lacks permission/,
    );
    grant = true;
    await net.world((c) => {
      const unit = new c.entry.harness.Actor({ name: "3 Pz Bde", type: "unit", system: { strength: { value: 4, max: 4 } } });
      c.entry.harness.own(unit, "p1");
      c.entry.harness.placeToken(unit, 1, 1);
      c.entry.harness.tokenRights.create = grant;
      c.entry.harness.tokenRights.delete = grant;
    });
    actorId = unitId();
    const heard: unknown[] = [];
    for (const c of net.clients)
      for (const hook of ["createToken", "deleteToken"] as const)
        listen(c, hook, (token: Tok, options: unknown, userId: unknown) => heard.push([c.userId, hook, token.x, typeof options, userId]));
    const old = sceneOf(p).tokens[0]!;
    await p.run(() => old.delete());
    await p.run(() => Token().createDocuments([{ actorId, x: old.x + 600, y: 0 }], { parent: sceneOf(p) }));
    await net.settle();
    const made = sceneOf(p).tokens[0]!;
    for (const c of [net.serverCopy, ...net.clients]) expect(sceneOf(c).tokens.map((t) => [t.id, t.x])).toEqual([[made.id, old.x + 600]]);
    expect(heard).toEqual([
      ...net.clients.map((c) => [c.userId, "deleteToken", old.x, "object", "p1"]),
      ...net.clients.map((c) => [c.userId, "createToken", old.x + 600, "object", "p1"]),
    ]);
  });
});
