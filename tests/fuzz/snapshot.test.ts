/**
 * The world snapshot of a client of the multi-client harness (tests/fuzz/snapshot.ts, issue #37):
 * what it holds of each kind of document, that every client's copy reads as the server's once the
 * wire settled, and that an entry is shared between snapshots only while its document is unchanged.
 */
import "../harness/install";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Network, removeAccessors } from "../harness/clients";
import { serverOf, takeSnapshot } from "./snapshot";
import { sameData } from "./invariants";

type Raw = Record<string, unknown>;

let net: Network;
const ids: Record<string, string> = {};

beforeAll(async () => {
  net = await Network.open({ users: ["gm", "p1"], delay: () => 3 });
  await net.world((c) => {
    const { harness } = c.entry;
    harness.settingsStore.clear();
    const settings = harness.game["settings"] as { register(namespace: string, key: string, config: Raw): void };
    settings.register("nobc", "zoneDistances", { scope: "world", default: { a: 1 } });
    settings.register("nobc", "boardLook", { scope: "client", default: c.name });
    settings.register("other", "thing", { scope: "world", default: 1 });
    harness.setSceneFlag("terrain", { hexes: {} });
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { side: "nato", strength: { value: 4, max: 4 } } });
    unit.effects.push(new harness.ActiveEffect({ _id: "Effect0000000001", name: "Pinned", statuses: ["pinned"] }, unit));
    const hq = new harness.Actor({ name: "I Corps", type: "hq", system: { side: "nato" } });
    ids["unit"] = unit.id;
    ids["hq"] = hq.id;
    ids["card"] = hq.addItem({ name: "Engineers", type: "supportCard", system: { side: "nato", category: "engineer" } }).id;
    ids["token"] = harness.placeToken(unit, 1, 2).id;
    ids["scene"] = harness.scene!.id;
    ids["combat"] = new harness.Combat({ type: "nobcTurn", system: { turn: 2, stage: 3 } }).id;
  });
  const gm = net.client("gm");
  await gm.run(() => ChatMessage.create({ content: "Orders are in", whisper: ["gm"] }));
  await net.settle();
});

afterAll(() => {
  net.close();
  removeAccessors();
});

describe("a client's world as plain data", () => {
  it("holds each kind of document, keyed as the contract says", () => {
    const world = takeSnapshot(serverOf(net));
    expect(world.of).toBe("server");
    expect(world.actors.get(ids["unit"]!)).toMatchObject({
      _id: ids["unit"],
      name: "3 Pz Bde",
      type: "unit",
      system: { side: "nato", strength: { value: 4, max: 4 } },
      effects: [{ _id: "Effect0000000001", name: "Pinned", statuses: ["pinned"] }],
    });
    expect([...world.actors.keys()].sort()).toEqual([ids["hq"], ids["unit"]].sort());
    expect(world.items.get(`${ids["hq"]!}.${ids["card"]!}`)).toMatchObject({ name: "Engineers", type: "supportCard" });
    const token = world.tokens.get(`${ids["scene"]!}.${ids["token"]!}`)!;
    expect(token).toMatchObject({ actorId: ids["unit"], hidden: false });
    expect(Number.isInteger(token["x"]) && Number.isInteger(token["y"])).toBe(true);
    // The scene without its tokens, with what tells a token's hex: the grid and the scene's place past the padding.
    const scene = world.scenes.get(ids["scene"]!)!;
    expect(scene["tokens"]).toBeUndefined();
    expect(scene).toMatchObject({ active: true, grid: { type: 4, size: 100 }, dimensions: { sceneWidth: 4000, sceneHeight: 3000 } });
    expect((scene["flags"] as Raw)["nobc"]).toEqual({ terrain: { hexes: {} } });
    expect(world.combats.get(ids["combat"]!)).toMatchObject({ type: "nobcTurn", system: { turn: 2, stage: 3 } });
    const [message] = [...world.messages.values()];
    expect(message).toMatchObject({ type: "base", content: "Orders are in", whisper: ["gm"], author: "gm", authorIsGM: true });
    // The system's world settings only: a client's own differ between clients by design, another namespace is not ours.
    expect([...world.settings]).toEqual([["zoneDistances", { a: 1 }]]);
  });

  it("every client's copy reads as the server's once the wire settled", () => {
    const server = takeSnapshot(serverOf(net));
    for (const c of net.clients) {
      const copy = takeSnapshot(c);
      expect(copy.of).toBe(c.name);
      for (const key of ["actors", "items", "tokens", "scenes", "combats", "messages", "settings"] as const)
        expect(sameData(Object.fromEntries(copy[key]), Object.fromEntries(server[key])), key).toBe(true);
    }
  });

  it("gives an unchanged document's entry (and an unchanged collection's map) again, and a written one afresh, leaving the earlier snapshot as it was", async () => {
    const server = serverOf(net);
    const first = takeSnapshot(server);
    const gm = net.client("gm");
    const unit = gm.run(() => gm.entry.harness.documents().find((d) => d.id === ids["unit"]))!;
    await gm.run(() => unit.update({ "system.strength.value": 3 }));
    await net.settle();
    const second = takeSnapshot(server);
    expect(second.actors.get(ids["hq"]!)).toBe(first.actors.get(ids["hq"]!));
    expect(second.tokens.get(`${ids["scene"]!}.${ids["token"]!}`)).toBe(first.tokens.get(`${ids["scene"]!}.${ids["token"]!}`));
    // A collection none of whose documents changed is the earlier snapshot's very map; one with a change is a new map.
    expect(second.messages).toBe(first.messages);
    expect([...second.messages.values()][0]).toBe([...first.messages.values()][0]);
    expect(second.actors).not.toBe(first.actors);
    expect(second.actors.get(ids["unit"]!)).not.toBe(first.actors.get(ids["unit"]!));
    expect(((second.actors.get(ids["unit"]!)!["system"] as Raw)["strength"] as Raw)["value"]).toBe(3);
    expect(((first.actors.get(ids["unit"]!)!["system"] as Raw)["strength"] as Raw)["value"]).toBe(4);
    // A token moved is a new entry too (`move` crosses the wire; the stand-in's single `update` of a token does not).
    const token = gm.run(() => gm.entry.harness.scene!.tokens[0]!);
    await gm.run(() => token.move({ x: token.x + 87 }));
    await net.settle();
    const third = takeSnapshot(server);
    expect(third.tokens.get(`${ids["scene"]!}.${ids["token"]!}`)!["x"]).toBe(token.x);
    expect(third.tokens.get(`${ids["scene"]!}.${ids["token"]!}`)).not.toBe(second.tokens.get(`${ids["scene"]!}.${ids["token"]!}`));
  });
});
