import "../harness/install";
import { describe, expect, it } from "vitest";
import { hqRows, turnSnapshot } from "../../src/combat/snapshot";

const card = (uuid: string, assignedTo: unknown) => ({ uuid, type: "supportCard", system: { assignedTo } });

describe("turnSnapshot", () => {
  it("reads units, squadrons, and every support card held by an actor or loose in the world", () => {
    const snap = turnSnapshot(
      [
        { uuid: "Actor.u", type: "unit", system: { size: "brigade", arm: "armour", mode: "march", movementPoints: 2 } },
        { uuid: "Actor.s", type: "airSquadron", system: { box: "cas" } },
        {
          uuid: "Actor.h",
          type: "hq",
          system: {},
          items: [card("Actor.h.Item.a", "Actor.u"), { uuid: "Actor.h.Item.w", type: "weapon", system: {} }, card("Actor.h.Item.b", null)],
        },
        { uuid: "Actor.ab", type: "airbase", system: {} },
      ],
      [card("Item.c", ""), card("Item.d", "Actor.u")],
    );
    expect(snap.units).toEqual([{ id: "Actor.u", size: "brigade", arm: "armour", mode: "march", movementPoints: 2, noMove: false }]);
    expect(snap.squadrons).toEqual([{ id: "Actor.s", box: "cas" }]);
    expect(snap.cards).toEqual([
      { id: "Actor.h.Item.a", assignedTo: "Actor.u" },
      { id: "Actor.h.Item.b", assignedTo: null },
      { id: "Item.c", assignedTo: null }, // an empty link counts as none
      { id: "Item.d", assignedTo: "Actor.u" },
    ]);
    expect(turnSnapshot([])).toEqual({ units: [], squadrons: [], cards: [], engineersLeft: [] });
    expect(turnSnapshot([], [], ["0301|0302"]).engineersLeft).toEqual(["0301|0302"]);
  });
});

describe("hqRows", () => {
  it("is one row per HQ combatant, with level, radius, cards in hand and initiative; others left out", () => {
    const hq = {
      uuid: "Actor.h",
      type: "hq",
      name: "V (US) Corps",
      img: "hq.svg",
      system: { side: "nato", level: { value: 3, max: 4 }, radius: 4, initiative: true },
      items: [card("Actor.h.Item.a", null), { uuid: "Actor.h.Item.x", type: "other", system: {} }, card("Actor.h.Item.b", null)],
    };
    const wp = { uuid: "Actor.w", type: "hq", name: "8th Guards Army", system: { side: "wp", echelon: "army" } };
    const rows = hqRows([
      { id: "c1", actor: hq },
      { id: "c2", actor: wp },
      { id: "c3", actor: null },
      { id: "c4", actor: { uuid: "Actor.u", type: "unit", name: "11 ACR", system: {} } },
      { id: null, actor: hq },
    ]);
    expect(rows).toEqual([
      {
        combatantId: "c1",
        uuid: "Actor.h",
        name: "V (US) Corps",
        side: "nato",
        echelon: "corps",
        level: { value: 3, max: 4 },
        radius: 4,
        cards: 2,
        initiative: true,
      },
      {
        combatantId: "c2",
        uuid: "Actor.w",
        name: "8th Guards Army",
        side: "wp",
        echelon: "army",
        level: { value: 0, max: 0 },
        radius: 0,
        cards: 0,
        initiative: false,
      },
    ]);
  });
});
