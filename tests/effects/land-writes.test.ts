/**
 * The land family (src/effects/families/land.ts) planned over snapshots: each effect's writes on a
 * unit, an HQ or a support card, and the inverse that puts back exactly what was there; what the
 * rules keep (strength and level within 0..max, supply within capacity, a unit always in March) and
 * the notes a retreat and an HQ's lost cards leave for the owner.
 */
import { describe, expect, it } from "vitest";
import { planEffects, type DocumentSnapshot } from "../../src/effects/apply";
import type { Effect } from "../../src/rules/effects";
import { land } from "../../src/rules/index";

type Raw = Record<string, unknown>;

function actor(uuid: string, type: string, system: Raw, name = uuid): DocumentSnapshot {
  return { uuid, id: uuid.split(".").at(-1)!, documentName: "Actor", type, name, system };
}

/** What a brigade of armour may carry (the rules' table, seed 000). */
const BRIGADE_CAP = land.unitSupplyCapacity({ size: "brigade", arm: "armour" });

const docs = new Map<string, DocumentSnapshot>(
  [
    actor(
      "Actor.u1",
      "unit",
      {
        size: "brigade",
        arm: "armour",
        strength: { value: 5, max: 6 },
        supply: BRIGADE_CAP - 1,
        mode: "march",
        noMove: false,
        movementPoints: 4,
      },
      "3 Pz Bde",
    ),
    // A battalion is always in March Mode (docs/rules-decisions.md).
    actor("Actor.b1", "unit", { size: "battalion", arm: "infantry", strength: { value: 2, max: 3 }, supply: 0, mode: "march" }),
    actor("Actor.hq", "hq", { level: { value: 2, max: 3 } }, "I Corps HQ"),
    {
      uuid: "Actor.hq.Item.c1",
      id: "c1",
      documentName: "Item",
      type: "supportCard",
      name: "Engineers",
      system: { assignedTo: null },
      parentUuid: "Actor.hq",
      source: { _id: "c1", name: "Engineers", type: "supportCard", system: { assignedTo: null } },
    } satisfies DocumentSnapshot,
  ].map((s) => [s.uuid, s]),
);
const lookup = (uuid: string) => docs.get(uuid);

describe("the land family", () => {
  it("writes a unit's hits, supply, mode, chip and MP as one row; the inverse holds the prior values", () => {
    const effects: Effect[] = [
      { type: "hits", actor: "Actor.u1", amount: 2 },
      { type: "supply", actor: "Actor.u1", delta: 1 },
      { type: "mode", actor: "Actor.u1", mode: "combat" },
      { type: "noMove", actor: "Actor.u1" },
      { type: "movementPoints", actor: "Actor.u1", value: -3 },
    ];
    const plan = planEffects(effects, lookup);
    expect(plan.actorUpdates).toEqual([
      {
        uuid: "Actor.u1",
        id: "u1",
        parentUuid: null,
        changes: {
          "system.strength.value": 3,
          "system.supply": BRIGADE_CAP,
          "system.mode": "combat",
          "system.noMove": true,
          "system.movementPoints": 0,
        },
      },
    ]);
    expect(plan.inverse.actorUpdates[0]!.changes).toEqual({
      "system.strength.value": 5,
      "system.supply": BRIGADE_CAP - 1,
      "system.mode": "march",
      "system.noMove": false,
      "system.movementPoints": 4,
    });
    expect(plan.notes).toEqual([]);
  });

  it("keeps strength and an HQ's level within 0..max; hits on an HQ fall on its level", () => {
    const plan = planEffects(
      [
        { type: "hits", actor: "Actor.u1", amount: 9 },
        { type: "hits", actor: "Actor.hq", amount: 1 },
        { type: "hqLevel", actor: "Actor.hq", delta: 5 },
      ],
      lookup,
    );
    expect(plan.actorUpdates.map((u) => [u.uuid, u.changes])).toEqual([
      ["Actor.u1", { "system.strength.value": 0 }],
      ["Actor.hq", { "system.level.value": 3 }],
    ]);
  });

  it("caps supply at the unit's capacity and says so; a battalion told to Combat Mode stays in March, with a note", () => {
    const plan = planEffects(
      [
        { type: "supply", actor: "Actor.u1", delta: 9 },
        { type: "mode", actor: "Actor.b1", mode: "combat" },
      ],
      lookup,
    );
    expect(plan.actorUpdates.map((u) => [u.uuid, u.changes])).toEqual([["Actor.u1", { "system.supply": BRIGADE_CAP }]]);
    expect(plan.notes.map((n) => [n.key, n.data["name"], n.data["count"]])).toEqual([
      ["NOBC.EffectNote.supplyCapped", "3 Pz Bde", BRIGADE_CAP],
      ["NOBC.EffectNote.forcedMarch", "Actor.b1", undefined],
    ]);
  });

  it("clears the chip; a change back to what the unit holds writes nothing", () => {
    const plan = planEffects(
      [
        { type: "noMove", actor: "Actor.u1" },
        { type: "noMoveCleared", actor: "Actor.u1" },
      ],
      lookup,
    );
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.inverse.actorUpdates).toEqual([]);
  });

  it("assigns a support card, and a discarded card is only deleted; the inverse re-creates it with its source", () => {
    const assigned = planEffects([{ type: "cardAssignment", card: "Actor.hq.Item.c1", assignedTo: "Actor.u1" }], lookup);
    expect(assigned.itemUpdates).toEqual([
      { uuid: "Actor.hq.Item.c1", id: "c1", parentUuid: "Actor.hq", changes: { "system.assignedTo": "Actor.u1" } },
    ]);
    expect(assigned.inverse.itemUpdates[0]!.changes).toEqual({ "system.assignedTo": null });
    const both = planEffects(
      [
        { type: "cardAssignment", card: "Actor.hq.Item.c1", assignedTo: "Actor.u1" },
        { type: "cardDiscarded", card: "Actor.hq.Item.c1" },
      ],
      lookup,
    );
    expect(both.itemUpdates).toEqual([]);
    expect(both.itemDeletions).toEqual([{ uuid: "Actor.hq.Item.c1", id: "c1", parentUuid: "Actor.hq" }]);
    expect(both.inverse.itemCreations).toEqual([
      { parentUuid: "Actor.hq", data: { _id: "c1", name: "Engineers", type: "supportCard", system: { assignedTo: null } } },
    ]);
  });

  it("an eliminated unit's strength goes to 0; without a board no token is touched", () => {
    const plan = planEffects([{ type: "eliminated", actor: "Actor.u1" }], lookup);
    expect(plan.actorUpdates[0]!.changes).toEqual({ "system.strength.value": 0 });
    expect(plan.tokenDeletions).toBeUndefined();
  });

  it("a retreat and an HQ's lost cards are notes naming the document, their count choosing the plural", () => {
    const plan = planEffects(
      [
        { type: "retreat", actor: "Actor.u1", hexes: 2 },
        { type: "hqCardsLost", actor: "Actor.hq", count: 1 },
      ],
      lookup,
    );
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.notes.map((n) => [n.key, n.data["name"], n.data["count"]])).toEqual([
      ["NOBC.EffectNote.retreat", "3 Pz Bde", 2],
      ["NOBC.EffectNote.hqCardsLost", "I Corps HQ", 1],
    ]);
  });

  it("an effect on a document of the wrong type, or on none, writes nothing and says why", () => {
    const plan = planEffects(
      [
        { type: "hqLevel", actor: "Actor.u1", delta: 1 },
        { type: "supply", actor: "Actor.gone", delta: 1 },
        { type: "cardDiscarded", card: "Actor.hq.Item.nope" },
      ],
      lookup,
    );
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.itemDeletions).toEqual([]);
    expect(plan.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.wrongType", "NOBC.EffectNote.notFound", "NOBC.EffectNote.notFound"]);
  });
});
