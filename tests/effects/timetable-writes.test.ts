/**
 * The timetable family (src/effects/families/timetable.ts) planned over snapshots: an arrival's
 * token made from the actor's prototype in its hex (Undo deletes it), a withdrawal's tokens taken
 * off (Undo makes them again, whole), an HQ mobilised to a capped level, a card dealt as a copy
 * (Undo deletes it); and the refusals that keep a unit from arriving twice or nowhere.
 */
import { describe, expect, it } from "vitest";
import { planEffects, type BoardSnapshot, type DocumentSnapshot, type TokenSnapshot } from "../../src/effects/apply";
import type { HexRef } from "../../src/rules/ids";

const unit: DocumentSnapshot = {
  uuid: "Actor.u1",
  id: "u1",
  documentName: "Actor",
  type: "unit",
  name: "7 PzBrig",
  system: { strength: { value: 6, max: 6 }, mode: "combat" },
  source: { prototypeToken: { name: "7 PzBrig", actorLink: true, texture: { src: "s.svg" }, width: 1, height: 1, randomImg: false } },
};
const hq: DocumentSnapshot = {
  uuid: "Actor.hq",
  id: "hq",
  documentName: "Actor",
  type: "hq",
  name: "I Corps",
  system: { level: { value: 0, max: 4 } },
};
const deckCard: DocumentSnapshot = {
  uuid: "Item.c1",
  id: "c1",
  documentName: "Item",
  type: "supportCard",
  name: "Engineers",
  system: { side: "nato", category: "engineer" },
  parentUuid: null,
  source: {
    _id: "c1",
    name: "Engineers",
    type: "supportCard",
    system: { side: "nato", category: "engineer" },
    folder: "deck",
    sort: 5,
    img: "c.svg",
  },
};
const docs = new Map([unit, hq, deckCard].map((d) => [d.uuid, d]));
const lookup = (uuid: string) => docs.get(uuid);

const topLeftAt = (hex: HexRef): { x: number; y: number } | undefined =>
  hex === "9999" ? undefined : { x: Number(hex.slice(0, 2)) * 100, y: Number(hex.slice(2)) * 100 };
const token = (id: string, actorId: string): TokenSnapshot => ({
  uuid: `Scene.s1.Token.${id}`,
  id,
  source: { _id: id, name: "x", x: 100, y: 100, actorId },
});
function board(tokensOf: [string, TokenSnapshot[]][] = []): BoardSnapshot {
  return {
    scene: { uuid: "Scene.s1", id: "s1", name: "Hanover", mapState: undefined },
    tokensOf: new Map(tokensOf),
    unitsIn: new Map(),
    topLeftAt,
  };
}
const arrive = (hex = "0304", tokenId = "tttttttttttttttt") => ({ type: "arrived" as const, actor: "Actor.u1", hex, token: tokenId });

describe("the timetable family", () => {
  it("an arrival makes one linked token from the prototype in its hex; the inverse deletes it", () => {
    const plan = planEffects([arrive()], lookup, board([["Actor.w1", [token("other", "w1")]]]));
    expect(plan.refusals).toEqual([]);
    expect(plan.tokenCreations).toEqual([
      {
        parentUuid: "Scene.s1",
        data: {
          name: "7 PzBrig",
          actorLink: true,
          texture: { src: "s.svg" },
          width: 1,
          height: 1,
          _id: "tttttttttttttttt",
          actorId: "u1",
          x: 300,
          y: 400,
        },
      },
    ]);
    expect(plan.inverse.tokenDeletions).toEqual([
      { uuid: "Scene.s1.Token.tttttttttttttttt", id: "tttttttttttttttt", parentUuid: "Scene.s1" },
    ]);
    expect(plan.actorUpdates).toEqual([]);
  });

  it("refuses an arrival of a unit already on the scene, a token id in use, a hex the grid cannot place, and no scene", () => {
    const onMap = planEffects([arrive()], lookup, board([["Actor.u1", [token("t1", "u1")]]]));
    expect(onMap.refusals.map((r) => r.key)).toEqual(["NOBC.Timetable.Refused.onMap"]);
    expect(onMap.tokenCreations).toBeUndefined();
    const clash = planEffects([arrive("0304", "taken")], lookup, board([["Actor.w1", [token("taken", "w1")]]]));
    expect(clash.refusals.map((r) => r.key)).toEqual(["NOBC.Timetable.Refused.tokenId"]);
    expect(planEffects([arrive("9999")], lookup, board()).refusals.map((r) => r.key)).toEqual(["NOBC.MapWrite.Refused.cannotPlace"]);
    expect(planEffects([arrive("no hex")], lookup, board()).refusals.map((r) => r.key)).toEqual(["NOBC.MapWrite.Refused.badHex"]);
    const none = planEffects([arrive()], lookup, { scene: null, tokensOf: new Map(), unitsIn: new Map() });
    expect(none.refusals.map((r) => r.key)).toEqual(["NOBC.MapWrite.Refused.noScene"]);
    // Twice in one card: the second is refused.
    expect(planEffects([arrive(), arrive("0305", "uuuuuuuuuuuuuuuu")], lookup, board()).refusals.map((r) => r.key)).toEqual([
      "NOBC.Timetable.Refused.onMap",
    ]);
  });

  it("a withdrawal deletes the unit's tokens and changes nothing of the actor; the inverse makes them again whole", () => {
    const t = token("t1", "u1");
    const plan = planEffects([{ type: "leftMap", actor: "Actor.u1" }], lookup, board([["Actor.u1", [t]]]));
    expect(plan.tokenDeletions).toEqual([{ uuid: "Scene.s1.Token.t1", id: "t1", parentUuid: "Scene.s1" }]);
    expect(plan.inverse.tokenCreations).toEqual([{ parentUuid: "Scene.s1", data: t.source }]);
    expect(plan.actorUpdates).toEqual([]);
    const none = planEffects([{ type: "leftMap", actor: "Actor.u1" }], lookup, { scene: null, tokensOf: new Map(), unitsIn: new Map() });
    expect(none.refusals.map((r) => r.key)).toEqual(["NOBC.MapWrite.Refused.noScene"]);
  });

  it("mobilising sets an HQ's level, capped at its maximum; the inverse restores it", () => {
    const plan = planEffects([{ type: "hqMobilised", actor: "Actor.hq", level: 6 }], lookup, board());
    expect(plan.actorUpdates).toEqual([{ uuid: "Actor.hq", id: "hq", parentUuid: null, changes: { "system.level.value": 4 } }]);
    expect(plan.inverse.actorUpdates).toEqual([{ uuid: "Actor.hq", id: "hq", parentUuid: null, changes: { "system.level.value": 0 } }]);
    // A unit is not an HQ: a note says so and nothing is written.
    const wrong = planEffects([{ type: "hqMobilised", actor: "Actor.u1", level: 2 }], lookup, board());
    expect(wrong.actorUpdates).toEqual([]);
    expect(wrong.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.wrongType"]);
  });

  it("a card dealt is a copy in the HQ's hand under the id chosen, the deck's card untouched; the inverse deletes the copy", () => {
    const plan = planEffects([{ type: "cardDealt", card: "Item.c1", actor: "Actor.hq", id: "dddddddddddddddd" }], lookup, board());
    expect(plan.itemCreations).toEqual([
      {
        parentUuid: "Actor.hq",
        data: {
          name: "Engineers",
          type: "supportCard",
          system: { side: "nato", category: "engineer" },
          img: "c.svg",
          _id: "dddddddddddddddd",
        },
      },
    ]);
    expect(plan.itemUpdates).toEqual([]);
    expect(plan.inverse.itemDeletions).toEqual([
      { uuid: "Actor.hq.Item.dddddddddddddddd", id: "dddddddddddddddd", parentUuid: "Actor.hq" },
    ]);
    const missing = planEffects([{ type: "cardDealt", card: "Item.gone", actor: "Actor.hq", id: "dddddddddddddddd" }], lookup, board());
    expect(missing.itemCreations).toEqual([]);
    expect(missing.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.notFound"]);
  });
});
