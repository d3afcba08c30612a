/**
 * Issue #29, seen 4 and 11: a player created support cards on their own HQ with
 * `Item.createDocuments` (no guard), and where the world lets players create and delete tokens a
 * unit's token deleted and dropped elsewhere jumped with no MP spent. Now the active GM's client
 * deletes an item or token a player made for one of our actors, and makes again (with its id, where
 * the GM last had it) one a player deleted, telling the GM once each. The system runs as Foundry
 * starts it (src/nobc.ts `init`, then `ready`).
 */
import "../harness/install";
import "../harness/sheets-fake";
import "../harness/chat-fake";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { chatFake } from "../harness/chat-fake";
import "../../src/nobc";
import { cardSystem, hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { actor, freshWorld, gmReady, heardOn, startSystem } from "./system-start";

type Raw = Record<string, unknown>;
type TokenT = ReturnType<typeof harness.placeToken>;

let hq: FakeActorT;
let unit: FakeActorT;
let token: TokenT;

beforeAll(startSystem);
beforeEach(async () => {
  freshWorld();
  hq = actor("I GE Corps", "hq", hqSystem("nato"), "p1");
  hq.addItem({ id: "card00000000001", name: "Engineers", type: "supportCard", system: cardSystem("nato", "engineer", 1, null) });
  unit = actor("PzBrig 34", "unit", unitSystem("nato", { hq: hq.uuid }), "p1");
  token = harness.placeToken(unit, 1, 1);
  await gmReady();
  chatFake.setUsers("p1");
});

const Item = () => (globalThis as unknown as { Item: { createDocuments(d: Raw[], o: Raw): Promise<unknown[]> } }).Item;
const Token = () => (globalThis as unknown as { TokenDocument: { createDocuments(d: Raw[], o: Raw): Promise<unknown[]> } }).TokenDocument;
const notices = (key: string) => harness.notices.filter((n) => n.message.includes(key));

describe("support cards made or thrown away from the console", () => {
  it("a card a player creates on their own HQ is deleted again, and the GM told who", async () => {
    const [made] = (await Item().createDocuments(
      [{ name: "+3 Combat", type: "supportCard", system: cardSystem("nato", "combatModifier", 3, null) }],
      {
        parent: hq,
      },
    )) as { id: string }[];
    expect(hq.items.map((i) => i.name)).toContain("+3 Combat");
    await heardOn("gm", "createItem", [hq.items.find((i) => i.id === made!.id), {}, "p1"], "p1");
    expect(hq.items.map((i) => i.name)).toEqual(["Engineers"]);
    expect(notices("NOBC.Guard.ItemRemoved")).toHaveLength(1);
    expect(notices("NOBC.Guard.ItemRemoved")[0]!.message).toContain("p1");
  });

  it("a card a player deletes from their HQ is made again with its id and values", async () => {
    const card = hq.items[0]!;
    await card.delete();
    expect(hq.items).toHaveLength(0);
    await heardOn("gm", "deleteItem", [card, {}, "p1"], "p1");
    expect(hq.items.map((i) => [i.id, i.name, i.system["category"]])).toEqual([["card00000000001", "Engineers", "engineer"]]);
    expect(notices("NOBC.Guard.ItemRestored")).toHaveLength(1);
  });

  it("a GM's card stays", async () => {
    chatFake.setUsers("gm");
    await Item().createDocuments([{ name: "+1 Combat", type: "supportCard", system: cardSystem("nato", "combatModifier", 1, null) }], {
      parent: hq,
    });
    expect(hq.items).toHaveLength(2);
    expect(harness.notices).toEqual([]);
  });
});

describe("a unit's token deleted and dropped elsewhere (a world that lets players create and delete tokens)", () => {
  it("the new token is deleted, the old one made again where the GM had it: no jump without MP", async () => {
    harness.tokenRights.create = true;
    harness.tokenRights.delete = true;
    const scene = harness.scene!;
    const at = { x: token.x, y: token.y };
    await token.delete();
    const [dropped] = (await Token().createDocuments([{ name: unit.name, actorId: unit.id, x: at.x + 600, y: at.y }], {
      parent: scene,
    })) as TokenT[];
    expect(scene.tokens.map((t) => t.x)).toEqual([at.x + 600]);
    await heardOn("gm", "deleteToken", [token, {}, "p1"], "p1");
    await heardOn("gm", "createToken", [dropped, {}, "p1"], "p1");
    expect(scene.tokens.map((t) => [t.id, t.x, t.y])).toEqual([[token.id, at.x, at.y]]);
    expect(unit.system["movementPoints"]).toBe(4);
    expect(notices("NOBC.Guard.TokenRestored")).toHaveLength(1);
    expect(notices("NOBC.Guard.TokenRemoved")).toHaveLength(1);
  });
});
