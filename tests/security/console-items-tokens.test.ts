/**
 * Issue #29, seen 4 and 11: a player created support cards on their own HQ with
 * `Item.createDocuments` (no guard), and where the world lets players create and delete tokens a
 * unit's token deleted and dropped elsewhere jumped with no MP spent. Now the active GM's client
 * deletes an item or token a player made for one of our actors, and makes again (with its id, where
 * the GM last had it) one a player deleted, telling the GM once each.
 *
 * Played over the multi-client harness with a 40 ms wire (./system-clients.ts): the player `p1`
 * creates and deletes through its own client's Foundry API, the server checks that p1 may (it owns
 * the HQ; the world grants players TOKEN_CREATE / TOKEN_DELETE), the GM's client hears
 * `createItem` / `deleteItem` / `createToken` / `deleteToken` after the delay with p1's id, and its
 * guard's answer reaches every copy; each is read once the wire has settled.
 */
import "../harness/install";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeItemT } from "../harness/foundry";
import { cardSystem, hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import {
  allNotices,
  docOn,
  documentWrites,
  itemsOn,
  noticesOn,
  onConsole,
  openSystemNetwork,
  ownedActor,
  quiet,
  sceneOn,
  systemWorld,
  type SystemTable,
  type TokenT,
} from "./system-clients";

type Raw = Record<string, unknown>;

vi.setConfig({ testTimeout: 60_000 });

let t: SystemTable;
openSystemNetwork((table) => (t = table));

const HQ = "I GE Corps";
const UNIT = "PzBrig 34";

/** Whether the world grants players Foundry's TOKEN_CREATE and TOKEN_DELETE (a world setting: on every copy, the server's too). */
async function world(tokenRights: boolean): Promise<void> {
  await systemWorld(t, (h) => {
    const hq = ownedActor(h, HQ, "hq", hqSystem("nato"), "p1");
    hq.addItem({ id: "card00000000001", name: "Engineers", type: "supportCard", system: cardSystem("nato", "engineer", 1, null) });
    const unit = ownedActor(h, UNIT, "unit", unitSystem("nato", { hq: hq.uuid }), "p1");
    h.placeToken(unit, 1, 1);
    h.tokenRights.create = tokenRights;
    h.tokenRights.delete = tokenRights;
    return [hq, unit];
  });
}

beforeEach(() => world(false));

const Item = () => (globalThis as unknown as { Item: { createDocuments(d: Raw[], o: Raw): Promise<FakeItemT[]> } }).Item;
const Token = () => (globalThis as unknown as { TokenDocument: { createDocuments(d: Raw[], o: Raw): Promise<TokenT[]> } }).TokenDocument;
/** The HQ's cards on every copy (the server's, gm's, p1's, p2's). */
const cardsEverywhere = (): string[][] => t.copies.map((c) => itemsOn(c, HQ).map((i) => i.name));

describe("support cards made or thrown away from the console", () => {
  it("a card a player creates on their own HQ is deleted again on every copy, and the GM told who", async () => {
    const from = t.net.log.length;
    const row = { name: "+3 Combat", type: "supportCard", system: cardSystem("nato", "combatModifier", 3, null) };
    const [made] = await onConsole(t.p1, () => Item().createDocuments([row], { parent: docOn(t.p1, HQ) }));
    // The server took it (p1 owns the HQ): p1's copy has it once answered.
    expect(itemsOn(t.p1, HQ).map((i) => i.name)).toContain("+3 Combat");
    await quiet(t.net);
    expect(cardsEverywhere()).toEqual([["Engineers"], ["Engineers"], ["Engineers"], ["Engineers"]]);
    expect(documentWrites(t.net, from)).toEqual(["p1 createDocuments Item", "gm deleteDocuments Item"]);
    expect(noticesOn(t.gm, "NOBC.Guard.ItemRemoved")).toHaveLength(1);
    expect(noticesOn(t.gm, "NOBC.Guard.ItemRemoved")[0]).toContain("p1");
    expect(made!.id).not.toBe("card00000000001");
    expect([allNotices(t)["p1"], allNotices(t)["p2"]]).toEqual([[], []]);
  });

  it("a card a player deletes from their HQ is made again on every copy, with its id and values", async () => {
    await onConsole(t.p1, () => itemsOn(t.p1, HQ)[0]!.delete());
    expect(itemsOn(t.p1, HQ)).toHaveLength(0);
    await quiet(t.net);
    for (const c of t.copies)
      expect(itemsOn(c, HQ).map((i) => [i.id, i.name, i.system["category"]])).toEqual([["card00000000001", "Engineers", "engineer"]]);
    expect(noticesOn(t.gm, "NOBC.Guard.ItemRestored")).toHaveLength(1);
  });

  it("a GM's card stays, on every copy, and nobody is told", async () => {
    const from = t.net.log.length;
    const row = { name: "+1 Combat", type: "supportCard", system: cardSystem("nato", "combatModifier", 1, null) };
    await onConsole(t.gm, () => Item().createDocuments([row], { parent: docOn(t.gm, HQ) }));
    await quiet(t.net);
    expect(cardsEverywhere()).toEqual(t.copies.map(() => ["Engineers", "+1 Combat"]));
    expect(documentWrites(t.net, from)).toEqual(["gm createDocuments Item"]);
    expect(allNotices(t)).toEqual({ gm: [], p1: [], p2: [] });
  });

  it("a card made on an HQ the player does not own is refused by the server; nothing reaches the GM", async () => {
    // The world as it would be had the GM not given p1 the HQ (on every copy: ownership is the world's).
    for (const c of t.copies) docOn(c, HQ).ownership = { default: 0 };
    const from = t.net.log.length;
    const row = { name: "+3 Combat", type: "supportCard", system: cardSystem("nato", "combatModifier", 3, null) };
    await expect(onConsole(t.p1, () => Item().createDocuments([row], { parent: docOn(t.p1, HQ) }))).rejects.toThrow(/lacks permission/);
    await quiet(t.net);
    expect(cardsEverywhere()).toEqual(t.copies.map(() => ["Engineers"]));
    expect(documentWrites(t.net, from)).toEqual([]);
    expect(allNotices(t)).toEqual({ gm: [], p1: [], p2: [] });
  });
});

describe("a unit's token deleted and dropped elsewhere (a world that lets players create and delete tokens)", () => {
  it("the new token is deleted, the old one made again where the GM had it, on every copy: no jump without MP", async () => {
    await world(true);
    const old = sceneOn(t.p1).tokens[0]!;
    const at = { id: old.id, x: old.x, y: old.y };
    const from = t.net.log.length;
    await onConsole(t.p1, () => old.delete());
    const [dropped] = await onConsole(t.p1, () =>
      Token().createDocuments([{ name: UNIT, actorId: docOn(t.p1, UNIT).id, x: at.x + 600, y: at.y }], { parent: sceneOn(t.p1) }),
    );
    // The server took both (the world grants it, p1 owns the unit): p1's copy shows the dropped token once answered
    // (and, 40 ms after the GM heard the deletion, the old one the GM made again).
    expect(sceneOn(t.p1).tokens.map((tk) => [tk.id, tk.x])).toContainEqual([dropped!.id, at.x + 600]);
    await quiet(t.net);
    for (const c of t.copies) {
      expect(sceneOn(c).tokens.map((tk) => [tk.id, tk.x, tk.y])).toEqual([[at.id, at.x, at.y]]);
      expect(docOn(c, UNIT).system["movementPoints"]).toBe(4);
    }
    // p1's two writes and the GM's two answers (in whatever order the wire interleaved them), nothing more.
    expect(documentWrites(t.net, from).sort()).toEqual([
      "gm createDocuments Token",
      "gm deleteDocuments Token",
      "p1 createDocuments Token",
      "p1 deleteDocuments Token",
    ]);
    expect(noticesOn(t.gm, "NOBC.Guard.TokenRestored")).toHaveLength(1);
    expect(noticesOn(t.gm, "NOBC.Guard.TokenRemoved")).toHaveLength(1);
  });

  it("where the world does not grant it, the server refuses both and nothing moves", async () => {
    const old = sceneOn(t.p1).tokens[0]!;
    const from = t.net.log.length;
    await expect(onConsole(t.p1, () => old.delete())).rejects.toThrow();
    await expect(
      onConsole(t.p1, () =>
        Token().createDocuments([{ name: UNIT, actorId: docOn(t.p1, UNIT).id, x: 0, y: 0 }], { parent: sceneOn(t.p1) }),
      ),
    ).rejects.toThrow(/lacks permission/);
    await quiet(t.net);
    for (const c of t.copies) expect(sceneOn(c).tokens.map((tk) => [tk.id, tk.x])).toEqual([[old.id, old.x]]);
    expect(documentWrites(t.net, from)).toEqual([]);
  });
});
