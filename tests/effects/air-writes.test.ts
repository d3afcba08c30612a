/**
 * The air family (src/effects/families/air.ts) planned over snapshots: a squadron's box, zone,
 * airbase and weapons, an airbase's hits and air defence, each with the inverse that puts back what
 * was there; hits on a deep-strike target are a note to record by hand.
 */
import { describe, expect, it } from "vitest";
import { planEffects, type DocumentSnapshot } from "../../src/effects/apply";

type Raw = Record<string, unknown>;

function actor(uuid: string, type: string, system: Raw): DocumentSnapshot {
  return { uuid, id: uuid.split(".").at(-1)!, documentName: "Actor", type, name: uuid, system };
}

const weapons = [
  { kind: "cas", name: "Maverick" },
  { kind: "deepStrike", name: "BL755" },
];
const docs = new Map<string, DocumentSnapshot>(
  [
    actor("Actor.sq", "airSquadron", { box: "ready", airZone: "north", airbase: "Actor.ab", weapons }),
    actor("Actor.ab", "airbase", { hits: { repairable: 1, permanent: 0 }, airDefence: { value: 2, max: 3 } }),
  ].map((s) => [s.uuid, s]),
);
const lookup = (uuid: string) => docs.get(uuid);

describe("the air family", () => {
  it("moves a squadron to a box, a zone and no airbase in one row; the inverse puts each back", () => {
    const plan = planEffects(
      [
        { type: "squadronBox", squadron: "Actor.sq", box: "holding" },
        { type: "squadronZone", squadron: "Actor.sq", airZone: "south" },
        { type: "squadronAirbase", squadron: "Actor.sq", airbase: null },
      ],
      lookup,
    );
    expect(plan.actorUpdates).toEqual([
      {
        uuid: "Actor.sq",
        id: "sq",
        parentUuid: null,
        changes: { "system.box": "holding", "system.airZone": "south", "system.airbase": null },
      },
    ]);
    expect(plan.inverse.actorUpdates[0]!.changes).toEqual({
      "system.box": "ready",
      "system.airZone": "north",
      "system.airbase": "Actor.ab",
    });
  });

  it("discards a weapon by name and attaches another to one list; the snapshot's list is left as it was", () => {
    const plan = planEffects(
      [
        { type: "weaponDiscarded", squadron: "Actor.sq", weapon: "Maverick" },
        { type: "weaponAttached", squadron: "Actor.sq", kind: "cas", weapon: "Martel" },
      ],
      lookup,
    );
    expect(plan.actorUpdates[0]!.changes).toEqual({
      "system.weapons": [
        { kind: "deepStrike", name: "BL755" },
        { kind: "cas", name: "Martel" },
      ],
    });
    expect(plan.inverse.actorUpdates[0]!.changes).toEqual({ "system.weapons": weapons });
    expect(weapons.map((w) => w.name)).toEqual(["Maverick", "BL755"]);
  });

  it("a weapon the squadron does not carry is a note, and nothing is written", () => {
    const plan = planEffects([{ type: "weaponDiscarded", squadron: "Actor.sq", weapon: "Sidewinder" }], lookup);
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.notes.map((n) => [n.key, n.data["weapon"]])).toEqual([["NOBC.EffectNote.noWeapon", "Sidewinder"]]);
  });

  it("adds an airbase's hits (never below 0) and keeps its air defence within 0..max", () => {
    const plan = planEffects(
      [
        { type: "airbaseHits", airbase: "Actor.ab", repairable: -3, permanent: 2 },
        { type: "airDefence", chart: "Actor.ab", delta: 4 },
      ],
      lookup,
    );
    expect(plan.actorUpdates[0]!.changes).toEqual({
      "system.hits.repairable": 0,
      "system.hits.permanent": 2,
      "system.airDefence.value": 3,
    });
    expect(plan.inverse.actorUpdates[0]!.changes).toEqual({
      "system.hits.repairable": 1,
      "system.hits.permanent": 0,
      "system.airDefence.value": 2,
    });
  });

  it("hits on a target are a note with their count; a squadron effect on an airbase says it is the wrong type", () => {
    const plan = planEffects(
      [
        { type: "targetHits", target: "Actor.ab", hits: 2 },
        { type: "squadronBox", squadron: "Actor.ab", box: "damaged" },
      ],
      lookup,
    );
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.notes.map((n) => [n.key, n.data["count"] ?? n.data["type"]])).toEqual([
      ["NOBC.EffectNote.targetHits", 2],
      ["NOBC.EffectNote.wrongType", "squadronBox"],
    ]);
  });
});
