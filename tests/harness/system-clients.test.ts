/**
 * The multi-client harness running the whole system on each client (./clients.ts, `system: true`):
 * `init` once per client and what it registered kept in every world, `ready` per world, the
 * server's copy knowing the world settings, the same ids on every copy whatever each drew before,
 * and v14's update operators heard on other clients as the writer sent them. (Its own file: a
 * client's module graph is loaded once per file, with or without the system.)
 */
// Imported by this path (not "./install") so the v14 project finds this file among the Foundry-layer suites.
import "../harness/install";
import { afterAll, describe, expect, it, vi } from "vitest";
import { Network, removeAccessors, type Client } from "./clients";
import { cardSystem, hqSystem } from "../apps/ground-combat/fixture";
import { GENERATION } from "./foundry";
import type * as Compat from "../../src/base/compat";

type Raw = Record<string, unknown>;

vi.setConfig({ testTimeout: 60_000 });

let net: Network;
afterAll(() => {
  net.close();
  removeAccessors();
});

const settle = async (): Promise<void> => {
  await net.settle();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await net.settle();
};

/**
 * Waits (real time, at most 10 s) for `done`: the migration's writer is loaded lazily on `ready`, a
 * module load the wire cannot see, and on a loaded machine it can outlast any fixed pause.
 */
async function until(done: () => boolean): Promise<boolean> {
  for (const end = Date.now() + 10_000; !done() && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    await net.settle();
  }
  return done();
}

async function world(): Promise<void> {
  await net.world((c) => {
    const hq = new c.entry.harness.Actor({ name: "I GE Corps", type: "hq", system: hqSystem("nato") });
    c.entry.harness.own(hq, "p1");
    c.sheets?.actors.push(hq);
  });
  await settle();
}

const hqOf = (c: Client): { id: string; system: Raw; update(d: Raw): Promise<unknown> } =>
  c.run(() => c.entry.harness.documents().find((d) => d.name === "I GE Corps")!);
const queriesOf = (c: Client): string[] => c.run(() => Object.keys((CONFIG as unknown as { queries: Raw }).queries).sort());
const settings = (c: Client): { get(ns: string, k: string): unknown; set(ns: string, k: string, v: unknown): Promise<unknown> } =>
  c.run(() => game.settings as never);

describe("the whole system on every client", () => {
  it("init runs once per client, and what it registered stands in every later world; ready runs in each", async () => {
    net = await Network.open({ users: ["gm", "p1"], delay: 40, system: true });
    const migrated = (from: number): boolean => net.log.slice(from).some((w) => w.by === "gm" && w.call.target === "nobc.schemaVersion");
    let from = net.log.length;
    await world();
    // The active GM's ready migrates the (new) world and records its version.
    expect(await until(() => migrated(from))).toBe(true);
    const queries = net.clients.map(queriesOf);
    expect(queries[0]).toContain("nobc.applyCard");
    for (let i = 0; i < 2; i += 1) {
      from = net.log.length;
      await world();
      expect(await until(() => migrated(from))).toBe(true);
    }
    // A second init would register each stage action again, and throw: no hook threw on any client.
    for (const c of net.clients) expect(c.entry.harness.hookErrors).toEqual([]);
    expect(net.clients.map(queriesOf)).toEqual(queries);
  });

  it("the server's copy knows the world settings: a GM's write reaches every copy, a player's is refused", async () => {
    await world();
    const [gm, p] = [net.client("gm"), net.client("p1")];
    await gm.run(() => settings(gm).set("nobc", "schemaVersion", 99));
    await settle();
    for (const c of [net.serverCopy, gm, p]) expect(c.run(() => c.entry.harness.settingsStore.get("nobc.schemaVersion"))).toBe(99);
    await expect(p.run(() => settings(p).set("nobc", "schemaVersion", 1))).rejects.toThrow(/lacks permission/);
  });

  it("every copy builds a world with the same ids, though the server drew one more for a creation before", async () => {
    await world();
    const p = net.client("p1");
    const Item = (): { createDocuments(rows: Raw[], op: Raw): Promise<unknown> } => globalThis.Item as never;
    const row = { name: "Signals", type: "supportCard", system: cardSystem("nato", "engineer", 1, null) };
    await p.run(() => Item().createDocuments([row], { parent: hqOf(p) }));
    await settle();
    // The server drew the item's id; the clients took it (keepId): their counters are behind the server's.
    expect(new Set([net.serverCopy, ...net.clients].map((c) => c.run(() => c.entry.harness.idCounter))).size).toBeGreaterThan(1);
    await world();
    const ids = [net.serverCopy, ...net.clients].map((c) => hqOf(c).id);
    expect(new Set(ids).size).toBe(1);
  });

  it.runIf(GENERATION >= 14)(
    "an update's v14 operator reaches the other clients' hooks rebuilt, as the writer sent it (a document's, a message's)",
    async () => {
      await world();
      const [gm, p] = [net.client("gm"), net.client("p1")];
      const heard: unknown[] = [];
      gm.run(() =>
        Hooks.on("updateActor" as never, ((_d: unknown, changes: Raw) => void heard.push((changes["system"] as Raw)["level"])) as never),
      );
      const { replacement } = await p.load<typeof Compat>("src/base/compat");
      await p.run(() => hqOf(p).update(replacement("system.level", { value: 1, max: 4 })));
      await settle();
      const ForcedReplacement = gm.run(
        () => (foundry as unknown as { data: { operators: { ForcedReplacement: new () => unknown } } }).data.operators.ForcedReplacement,
      );
      expect(heard[0]).toBeInstanceOf(ForcedReplacement);
      // A chat message's update too.
      const message = await p.run(() =>
        (ChatMessage as unknown as { create(d: Raw): Promise<{ id: string }> }).create({ content: "", flags: { nobc: { x: 1 } } }),
      );
      await settle();
      const removed: unknown[] = [];
      gm.run(() =>
        Hooks.on(
          "updateChatMessage" as never,
          ((_m: unknown, changes: { flags?: { nobc?: Raw } }) => void removed.push(changes.flags?.nobc?.["x"])) as never,
        ),
      );
      const del = p.run(() => (globalThis as unknown as { _del: unknown })._del);
      await p.run(() => p.entry.chatFake.messages.get(message.id)!.update({ "flags.nobc.x": del }));
      await settle();
      const ForcedDeletion = gm.run(
        () => (foundry as unknown as { data: { operators: { ForcedDeletion: new () => unknown } } }).data.operators.ForcedDeletion,
      );
      expect(removed[0]).toBeInstanceOf(ForcedDeletion);
      expect(gm.entry.chatFake.messages.get(message.id)!.flags["nobc"]).toEqual({});
    },
  );
});
