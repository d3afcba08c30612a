import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { harness } from "../harness/foundry";
import { applyEffects, applyPlan, planEffects, rollbackOf, writtenEffectTypes, type DocumentSnapshot } from "../../src/effects/apply";
import type { Effect } from "../../src/rules/effects";

type Raw = Record<string, unknown>;

function snap(uuid: string, type: string, system: Raw, extra: Partial<DocumentSnapshot> = {}): DocumentSnapshot {
  return { uuid, id: uuid.split(".").at(-1)!, documentName: "Actor", type, name: uuid, system, ...extra };
}

const docs = new Map<string, DocumentSnapshot>([
  [
    "Actor.u1",
    snap("Actor.u1", "unit", {
      size: "division",
      arm: "armour",
      strength: { value: 5, max: 12 },
      supply: 1,
      mode: "combat",
      noMove: false,
      movementPoints: 4,
    }),
  ],
  ["Actor.art", snap("Actor.art", "unit", { size: "brigade", arm: "artillery", strength: { value: 3, max: 3 }, supply: 0, mode: "march" })],
  ["Actor.hq", snap("Actor.hq", "hq", { level: { value: 2, max: 4 } })],
  [
    "Actor.sq",
    snap("Actor.sq", "airSquadron", {
      box: "ready",
      airZone: "north",
      airbase: "Actor.ab",
      weapons: [
        { kind: "aam", name: "AIM-9L" },
        { kind: "cas", name: "Maverick" },
      ],
    }),
  ],
  ["Actor.sq2", snap("Actor.sq2", "airSquadron", { box: "holding", airZone: "north", airbase: null, weapons: [] })],
  ["Actor.ab", snap("Actor.ab", "airbase", { hits: { repairable: 1, permanent: 0 }, airDefence: { value: 2, max: 3 } })],
  [
    "Actor.hq.Item.c1",
    snap(
      "Actor.hq.Item.c1",
      "supportCard",
      { side: "nato" },
      {
        documentName: "Item",
        parentUuid: "Actor.hq",
        source: { _id: "c1", name: "Card", type: "supportCard", system: { side: "nato" } },
      },
    ),
  ],
]);
const lookup = (uuid: string) => docs.get(uuid);

/** Applies planned changes to a copy of a snapshot's system, the way Foundry merges dotted paths. */
function applied(system: Raw, changes: Readonly<Raw>): Raw {
  const out = structuredClone(system);
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.replace(/^system\./, "").split(".");
    let cur = out;
    for (const k of keys.slice(0, -1)) cur = cur[k] as Raw;
    cur[keys.at(-1)!] = structuredClone(value);
  }
  return out;
}

describe("planEffects", () => {
  it("batches every change to one actor into one update, in order", () => {
    const plan = planEffects(
      [
        { type: "hits", actor: "Actor.u1", amount: 2 },
        { type: "supply", actor: "Actor.u1", delta: 1 },
        { type: "mode", actor: "Actor.u1", mode: "march" },
        { type: "noMove", actor: "Actor.u1" },
        { type: "movementPoints", actor: "Actor.u1", value: 2 },
        { type: "hits", actor: "Actor.u1", amount: 1 },
      ],
      lookup,
    );
    expect(plan.actorUpdates).toEqual([
      {
        uuid: "Actor.u1",
        id: "u1",
        parentUuid: null,
        changes: {
          "system.strength.value": 2,
          "system.supply": 2,
          "system.mode": "march",
          "system.noMove": true,
          "system.movementPoints": 2,
        },
      },
    ]);
    expect(plan.inverse.actorUpdates[0]?.changes).toEqual({
      "system.strength.value": 5,
      "system.supply": 1,
      "system.mode": "combat",
      "system.noMove": false,
      "system.movementPoints": 4,
    });
    expect(plan.notes).toEqual([]);
  });

  it("clamps strength at 0 and the inverse restores the exact prior value", () => {
    const plan = planEffects([{ type: "hits", actor: "Actor.u1", amount: 9 }], lookup);
    expect(plan.actorUpdates[0]?.changes).toEqual({ "system.strength.value": 0 });
    expect(plan.inverse.actorUpdates[0]?.changes).toEqual({ "system.strength.value": 5 });
  });

  it("hits on an HQ take its level boxes; HQ level changes stay within 0..max", () => {
    expect(planEffects([{ type: "hits", actor: "Actor.hq", amount: 3 }], lookup).actorUpdates[0]?.changes).toEqual({
      "system.level.value": 0,
    });
    expect(planEffects([{ type: "hqLevel", actor: "Actor.hq", delta: 5 }], lookup).actorUpdates[0]?.changes).toEqual({
      "system.level.value": 4,
    });
  });

  it("caps supply at what the unit can carry, and says so", () => {
    const plan = planEffects([{ type: "supply", actor: "Actor.u1", delta: 5 }], lookup);
    expect(plan.actorUpdates[0]?.changes).toEqual({ "system.supply": 3 });
    expect(plan.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.supplyCapped"]);
  });

  it("keeps artillery in March Mode", () => {
    const plan = planEffects([{ type: "mode", actor: "Actor.art", mode: "combat" }], lookup);
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.notes[0]?.key).toBe("NOBC.EffectNote.forcedMarch");
  });

  it("sets an eliminated unit's strength to 0; without a board no token is touched and nothing is left to do by hand", () => {
    const plan = planEffects([{ type: "eliminated", actor: "Actor.u1" }], lookup);
    expect(plan.actorUpdates[0]?.changes).toEqual({ "system.strength.value": 0 });
    expect(plan.tokenDeletions).toBeUndefined();
    expect(plan.notes).toEqual([]);
  });

  it("writes air effects: box, weapon used, airbase hits and air defence", () => {
    const plan = planEffects(
      [
        { type: "squadronBox", squadron: "Actor.sq", box: "damaged" },
        { type: "weaponDiscarded", squadron: "Actor.sq", weapon: "AIM-9L" },
        { type: "weaponDiscarded", squadron: "Actor.sq", weapon: "Sidewinder" },
        { type: "airbaseHits", airbase: "Actor.ab", repairable: -2, permanent: 1 },
        { type: "airDefence", chart: "Actor.ab", delta: 5 },
      ],
      lookup,
    );
    expect(plan.actorUpdates.map((u) => u.changes)).toEqual([
      { "system.box": "damaged", "system.weapons": [{ kind: "cas", name: "Maverick" }] },
      { "system.hits.repairable": 0, "system.hits.permanent": 1, "system.airDefence.value": 3 },
    ]);
    expect(plan.inverse.actorUpdates[0]?.changes["system.weapons"]).toEqual([
      { kind: "aam", name: "AIM-9L" },
      { kind: "cas", name: "Maverick" },
    ]);
    expect(plan.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.noWeapon"]);
  });

  it("writes the allocation's air effects: a weapon attached, a transfer to another zone, a new base", () => {
    const effects: Effect[] = [
      { type: "weaponAttached", squadron: "Actor.sq", kind: "cas", weapon: "Rockeye" },
      { type: "squadronZone", squadron: "Actor.sq", airZone: "south" },
      { type: "squadronAirbase", squadron: "Actor.sq", airbase: null },
      { type: "squadronAirbase", squadron: "Actor.sq2", airbase: "Actor.ab" },
    ];
    const plan = planEffects(effects, lookup);
    expect(plan.actorUpdates.map((u) => [u.uuid, u.changes])).toEqual([
      [
        "Actor.sq",
        {
          "system.weapons": [
            { kind: "aam", name: "AIM-9L" },
            { kind: "cas", name: "Maverick" },
            { kind: "cas", name: "Rockeye" },
          ],
          "system.airZone": "south",
          "system.airbase": null,
        },
      ],
      ["Actor.sq2", { "system.airbase": "Actor.ab" }],
    ]);
    // The inverse puts back exactly what was there: two weapons, the old zone and base.
    expect(plan.inverse.actorUpdates.map((u) => u.changes)).toEqual([
      {
        "system.weapons": [
          { kind: "aam", name: "AIM-9L" },
          { kind: "cas", name: "Maverick" },
        ],
        "system.airZone": "north",
        "system.airbase": "Actor.ab",
      },
      { "system.airbase": null },
    ]);
    expect(plan.notes).toEqual([]);
  });

  it("reports every toolkit effect as a note saying the change in words, so none is dropped without a word", () => {
    const effects: Effect[] = [
      { type: "teamBailedOut", actor: "Leopard 1" },
      { type: "playsheetRetire", actor: "2 Coy", km: 1 },
    ];
    const plan = planEffects(effects, lookup);
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.notes.map((n) => [n.key, n.data["change"]])).toEqual([
      ["NOBC.EffectNote.toolkit", { key: "NOBC.Effect.teamBailedOut", data: { name: "Leopard 1" } }],
      ["NOBC.EffectNote.toolkit", { key: "NOBC.Playsheet.Change.retire", data: { name: "2 Coy", count: 1 } }],
    ]);
  });

  it("names exactly the document effects as written", () => {
    expect(writtenEffectTypes().sort()).toEqual(
      [
        "airDefence",
        "airbaseHits",
        "autobahnCut",
        "bridgeDestroyed",
        "cardAssignment",
        "cardDiscarded",
        "contaminated",
        "eliminated",
        "engineersLeft",
        "hits",
        "hqLevel",
        "minefield",
        "missionJournal",
        "missionTrack",
        "mode",
        "moved",
        "movementPoints",
        "noMove",
        "noMoveCleared",
        "squadronAirbase",
        "squadronBox",
        "squadronZone",
        "supply",
        "supplyCountersEliminated",
        "weaponAttached",
        "weaponDiscarded",
        // NQM units (Actor nqmUnit)
        "ammo",
        "disorganised",
        "harassed",
        "inSupply",
        "pins",
        "standsLost",
        "supplyUnits",
        "surrendered",
        "withdrawn",
        // A scenario's timetable (src/effects/families/timetable.ts)
        "arrived",
        "leftMap",
        "hqMobilised",
        "cardDealt",
        // The order-of-battle import (src/effects/families/setup.ts)
        "folderCreated",
        "actorCreated",
        "actorSet",
      ].sort(),
    );
  });

  it("deletes a discarded card once, and its inverse creates it again with the same id", () => {
    const plan = planEffects(
      [
        { type: "cardDiscarded", card: "Actor.hq.Item.c1" },
        { type: "cardDiscarded", card: "Actor.hq.Item.c1" },
      ],
      lookup,
    );
    expect(plan.itemDeletions).toEqual([{ uuid: "Actor.hq.Item.c1", id: "c1", parentUuid: "Actor.hq" }]);
    expect(plan.inverse.itemCreations).toEqual([
      { parentUuid: "Actor.hq", data: { _id: "c1", name: "Card", type: "supportCard", system: { side: "nato" } } },
    ]);
  });

  it("returns what is done by hand as notes, naming the unit; map writes plan nothing without a board", () => {
    const effects: Effect[] = [
      { type: "retreat", actor: "Actor.u1", hexes: 2 },
      { type: "minefield", hex: "1207", present: false },
      { type: "bridgeDestroyed", hexside: "1207|1208" },
      { type: "autobahnCut", hex: "1010" },
      { type: "contaminated", hex: "1011" },
      { type: "supplyCountersEliminated", hexes: ["0101", "0102"] },
      { type: "hqCardsLost", actor: "Actor.hq", count: 1 },
      { type: "targetHits", target: "Actor.gone", hits: 2 },
      { type: "playsheetRetire", actor: "Actor.u1", km: 1 },
    ];
    const plan = planEffects(effects, lookup);
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.sceneUpdates).toBeUndefined();
    expect(plan.refusals).toEqual([]);
    expect(plan.notes.map((n) => n.key)).toEqual([
      "NOBC.EffectNote.retreat",
      "NOBC.EffectNote.hqCardsLost",
      "NOBC.EffectNote.targetHits",
      "NOBC.EffectNote.toolkit",
    ]);
    expect(plan.notes[0]?.data).toMatchObject({ name: "Actor.u1", hexes: 2 });
    expect(plan.notes[2]?.data).toMatchObject({ name: "Actor.gone" });
  });

  it("skips, with a note, a missing document or one of the wrong type", () => {
    const plan = planEffects(
      [
        { type: "hits", actor: "Actor.nobody", amount: 1 },
        { type: "squadronBox", squadron: "Actor.u1", box: "ready" },
        { type: "hits", actor: "Actor.u1", amount: 1 },
        { type: "hqLevel", actor: "Actor.u1", delta: 1 },
        { type: "cardDiscarded", card: "Actor.u1" },
      ],
      lookup,
    );
    expect(plan.notes.map((n) => n.key)).toEqual([
      "NOBC.EffectNote.notFound",
      "NOBC.EffectNote.wrongType",
      "NOBC.EffectNote.wrongType",
      "NOBC.EffectNote.notFound",
    ]);
    expect(plan.actorUpdates[0]?.changes).toEqual({ "system.strength.value": 4 });
  });

  it("drops changes that end where they started", () => {
    const plan = planEffects(
      [
        { type: "hits", actor: "Actor.u1", amount: 2 },
        { type: "hits", actor: "Actor.u1", amount: -2 },
      ],
      lookup,
    );
    expect(plan.actorUpdates).toEqual([]);
  });

  it("property: strength stays in 0..max and the inverse restores it exactly", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10, max: 10 }), { maxLength: 8 }), (amounts) => {
        const plan = planEffects(
          amounts.map((amount) => ({ type: "hits" as const, actor: "Actor.u1", amount })),
          lookup,
        );
        const before = docs.get("Actor.u1")!.system;
        const after = applied(before, plan.actorUpdates[0]?.changes ?? {});
        const strength = (after["strength"] as { value: number }).value;
        expect(strength).toBeGreaterThanOrEqual(0);
        expect(strength).toBeLessThanOrEqual(12);
        expect(applied(after, plan.inverse.actorUpdates[0]?.changes ?? {})).toEqual(before);
      }),
    );
  });

  it("never mutates the snapshots or the effects", () => {
    const effects: Effect[] = [{ type: "weaponDiscarded", squadron: "Actor.sq", weapon: "AIM-9L" }];
    const frozen = JSON.stringify([...docs.values(), effects]);
    planEffects(effects, lookup);
    expect(JSON.stringify([...docs.values(), effects])).toBe(frozen);
  });
});

describe("rollbackOf", () => {
  it("picks the inverse rows of exactly the writes that went through", () => {
    const plan = planEffects(
      [
        { type: "hits", actor: "Actor.u1", amount: 1 },
        { type: "hqLevel", actor: "Actor.hq", delta: -1 },
        { type: "cardDiscarded", card: "Actor.hq.Item.c1" },
      ],
      lookup,
    );
    const none = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };
    // Only the actors were written: put their old values back, and re-create no card.
    expect(rollbackOf({ ...none, actorUpdates: plan.actorUpdates }, plan.inverse)).toEqual({ ...plan.inverse, itemCreations: [] });
    // Only the card was deleted: create it again, touch no actor.
    expect(rollbackOf({ ...none, itemDeletions: plan.itemDeletions }, plan.inverse)).toEqual({
      ...none,
      itemCreations: plan.inverse.itemCreations,
    });
    // Undoing (the inverse as the plan, the forward as its rollback): a re-created card is deleted again.
    const forward = {
      actorUpdates: plan.actorUpdates,
      itemUpdates: plan.itemUpdates,
      itemDeletions: plan.itemDeletions,
      itemCreations: plan.itemCreations,
    };
    expect(rollbackOf({ ...none, itemCreations: plan.inverse.itemCreations }, forward)).toEqual({
      ...none,
      itemDeletions: plan.itemDeletions,
    });
    expect(rollbackOf(none, plan.inverse)).toEqual(none);
  });
});

describe("applyEffects over the Foundry stand-in", () => {
  beforeEach(() => harness.reset());

  it("makes one Actor.updateDocuments call for several actors, and one deletion per holding HQ", async () => {
    const u1 = new harness.Actor({
      name: "3 Pz Bde",
      type: "unit",
      system: { size: "brigade", arm: "armour", strength: { value: 4, max: 6 }, supply: 0 },
    });
    const u2 = new harness.Actor({
      name: "7 Pz Bde",
      type: "unit",
      system: { size: "brigade", arm: "armour", strength: { value: 6, max: 6 }, supply: 2 },
    });
    const hq = new harness.Actor({ name: "I GE Corps", type: "hq", system: { level: { value: 3, max: 4 } } });
    const card = hq.addItem({ name: "+2", type: "supportCard", system: { side: "nato" } });
    const plan = await applyEffects([
      { type: "hits", actor: u1.uuid, amount: 1 },
      { type: "hits", actor: u2.uuid, amount: 3 },
      { type: "supply", actor: u2.uuid, delta: -1 },
      { type: "hqLevel", actor: hq.uuid, delta: -1 },
      { type: "cardDiscarded", card: card.uuid },
      { type: "retreat", actor: u2.uuid, hexes: 1 },
    ]);
    expect(harness.Actor.calls).toEqual([
      {
        method: "updateDocuments",
        data: [
          { _id: u1.id, "system.strength.value": 3 },
          { _id: u2.id, "system.strength.value": 3, "system.supply": 1 },
          { _id: hq.id, "system.level.value": 2 },
        ],
        operation: {},
      },
    ]);
    expect(harness.Item.calls).toEqual([{ method: "deleteDocuments", data: [card.id], operation: { parent: hq } }]);
    expect(harness.notices.map((n) => n.message)).toEqual([
      `NOBC.EffectNote.retreat.one ${JSON.stringify({ type: "retreat", actor: u2.uuid, hexes: "1", name: "7 Pz Bde", count: "1" })}`,
    ]);

    harness.Actor.calls = [];
    harness.Item.calls = [];
    await applyPlan(plan.inverse);
    expect(harness.Actor.calls[0]?.data).toEqual([
      { _id: u1.id, "system.strength.value": 4 },
      { _id: u2.id, "system.strength.value": 6, "system.supply": 2 },
      { _id: hq.id, "system.level.value": 3 },
    ]);
    expect(harness.Item.calls).toEqual([{ method: "createDocuments", data: [card.toObject()], operation: { parent: hq, keepId: true } }]);
  });

  it("makes no call when nothing changes, and skips an unlinked token's actor", async () => {
    const synthetic = new harness.Actor({ name: "Token copy", type: "unit", system: { strength: { value: 2, max: 2 } } });
    synthetic.isToken = true;
    const plan = await applyEffects([{ type: "hits", actor: synthetic.uuid, amount: 1 }]);
    expect(harness.Actor.calls).toEqual([]);
    expect(harness.Item.calls).toEqual([]);
    expect(plan.notes[0]?.key).toBe("NOBC.EffectNote.notFound");
  });

  it("writes item updates and world-item deletions with no parent", async () => {
    const loose = new harness.Item({ name: "Loose", type: "supportCard", system: {} });
    await applyPlan({
      actorUpdates: [],
      itemUpdates: [{ uuid: loose.uuid, id: loose.id, parentUuid: null, changes: { "system.assignedTo": null } }],
      itemDeletions: [{ uuid: loose.uuid, id: loose.id, parentUuid: null }],
      itemCreations: [],
    });
    expect(harness.Item.calls).toEqual([
      { method: "updateDocuments", data: [{ _id: loose.id, "system.assignedTo": null }], operation: {} },
      { method: "deleteDocuments", data: [loose.id], operation: {} },
    ]);
  });

  it("skips the rows of an actor that no longer resolves, with a warning, instead of writing world items", async () => {
    const loose = new harness.Item({ name: "Loose", type: "supportCard", system: {} });
    const gone = "Actor.gone000000000";
    await applyPlan({
      actorUpdates: [],
      itemUpdates: [
        { uuid: `${gone}.Item.c1`, id: "c1", parentUuid: gone, changes: { "system.assignedTo": null } },
        { uuid: loose.uuid, id: loose.id, parentUuid: null, changes: { "system.assignedTo": null } },
      ],
      itemDeletions: [{ uuid: `${gone}.Item.c2`, id: "c2", parentUuid: gone }],
      itemCreations: [{ parentUuid: gone, data: { _id: "c3", name: "c3" } }],
    });
    expect(harness.Item.calls).toEqual([
      { method: "updateDocuments", data: [{ _id: loose.id, "system.assignedTo": null }], operation: {} },
    ]);
    expect(harness.notices.map((n) => n.level)).toEqual(["warn", "warn", "warn"]);
    expect(harness.notices[0]?.message).toMatch(/NOBC.EffectNote.parentGone.*Actor.gone/);
  });
});
