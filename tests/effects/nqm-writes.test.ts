/**
 * NQM effects (src/rules/nqm/effects.ts) written to `nqmUnit` actors through the one write path:
 * pins within the bases left, bases lost, the disorganised and harassed markers, ammunition, supply
 * units, surrender and withdrawal. Undo puts every value back exactly.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { applyEffects, applyPlan, planEffects, type DocumentSnapshot } from "../../src/effects/apply";
import type { Effect } from "../../src/rules/effects";
import { nqm, scriptedDice, unwrap } from "../../src/rules/index";

type Raw = Record<string, unknown>;

const base: Raw = {
  side: "nato",
  grade: "regular",
  strength: { value: 3, max: 3 },
  pins: { red: 0, black: 0 },
  ammo: 3,
  disorganised: false,
  disorganisedHours: 0,
  harassedHours: 0,
  supplyUnits: { log: 2, pol: 0 },
};

function snap(uuid: string, system: Raw, type = "nqmUnit"): DocumentSnapshot {
  return { uuid, id: uuid.split(".").at(-1)!, documentName: "Actor", type, name: uuid, system };
}

describe("planning NQM effects on an NQM unit", () => {
  const docs = new Map<string, DocumentSnapshot>([
    ["Actor.a", snap("Actor.a", { ...base, pins: { red: 3, black: 0 } })],
    ["Actor.b", snap("Actor.b", { ...base })],
    ["Actor.u", snap("Actor.u", { strength: { value: 6, max: 6 } }, "unit")],
  ]);
  const lookup = (uuid: string) => docs.get(uuid);

  it("writes an overloaded stand's pins and lost base as the rules' spread proposes (Table 12 text)", () => {
    // Every base of Actor.a carries a red pin: one more hit destroys a base, which takes its pin with it.
    const spread = nqm.spreadHits([{ actor: "Actor.a", strength: 3, red: 3, black: 0 }], 1);
    const plan = planEffects(nqm.spreadEffects(spread), lookup);
    expect(plan.actorUpdates).toEqual([
      { uuid: "Actor.a", id: "a", parentUuid: null, changes: { "system.pins.red": 2, "system.strength.value": 2 } },
    ]);
    expect(plan.inverse.actorUpdates[0]!.changes).toEqual({ "system.pins.red": 3, "system.strength.value": 3 });
    expect(plan.notes).toEqual([]);
  });

  it("keeps pins within the bases left, black ones first", () => {
    const plan = planEffects([{ type: "pins", actor: "Actor.b", red: 5, black: 1 }], lookup);
    expect(plan.actorUpdates[0]!.changes).toEqual({ "system.pins.black": 1, "system.pins.red": 2 });
  });

  it("writes the markers, ammunition in thirds, supply units, surrender and withdrawal", () => {
    const effects: Effect[] = [
      { type: "disorganised", actor: "Actor.b", value: true, hours: 1 },
      { type: "harassed", actor: "Actor.b", hours: 2 },
      { type: "ammo", actor: "Actor.b", delta: -1 / 3 },
      { type: "ammo", actor: "Actor.b", delta: -1 / 3 },
      { type: "supplyUnits", actor: "Actor.b", kind: "log", delta: -1 },
      { type: "inSupply", actor: "Actor.b", value: false },
      { type: "surrendered", actor: "Actor.a" },
      { type: "withdrawn", actor: "Actor.a" },
    ];
    const plan = planEffects(effects, lookup);
    expect(plan.actorUpdates).toEqual([
      {
        uuid: "Actor.b",
        id: "b",
        parentUuid: null,
        changes: {
          "system.disorganised": true,
          "system.disorganisedHours": 1,
          "system.harassedHours": 2,
          "system.ammo": 7 / 3,
          "system.supplyUnits.log": 1,
          "system.inSupply": false,
        },
      },
      { uuid: "Actor.a", id: "a", parentUuid: null, changes: { "system.surrendered": true, "system.withdrawn": true } },
    ]);
  });

  it("takes the marker off on reorganising, and never writes an NQM effect to a NOBC unit", () => {
    const off = planEffects([{ type: "disorganised", actor: "Actor.b", value: false }], lookup);
    expect(off.actorUpdates).toEqual([]);
    const wrong = planEffects([{ type: "pins", actor: "Actor.u", red: 1, black: 0 }], lookup);
    expect(wrong.actorUpdates).toEqual([]);
    expect(wrong.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.wrongType"]);
  });
});

describe("applying and undoing NQM effects in the world", () => {
  let coy: FakeActorT;
  let bty: FakeActorT;
  beforeEach(() => {
    harness.reset();
    coy = new harness.Actor({ name: "2 Coy", type: "nqmUnit", system: { ...base, pins: { red: 1, black: 1 } } });
    bty = new harness.Actor({ name: "4 Bty", type: "nqmUnit", system: { ...base, kind: "support", ammo: 4 } });
  });

  it("writes a firefight's pins, bases and ammunition in one call, and Undo restores them exactly", async () => {
    const before = [structuredClone(coy.system), structuredClone(bty.system)];
    const fight = unwrap(
      nqm.resolveFirefight(
        {
          attacker: {
            name: "4 Bty",
            stands: [{ actor: bty.uuid, strength: 3, red: 0, black: 0, protection: "L" }],
            fire: [{ firer: bty.uuid, weight: "M", dice: 2, against: "L" }],
          },
          defender: { name: "2 Coy", stands: [{ actor: coy.uuid, strength: 3, red: 1, black: 1, protection: "L" }], fire: [] },
        },
        scriptedDice([6, 6]),
      ),
    );
    // Two sixes of M fire on L (one shift up, Table 12): 3 + 3 hits on a stand with one free base.
    const plan = await applyEffects(fight.effects);
    expect(harness.Actor.calls).toHaveLength(1);
    expect(coy.system).toMatchObject({ strength: { value: 0, max: 3 }, pins: { red: 0, black: 0 } });
    expect(bty.system).toMatchObject({ ammo: 2 });
    await applyPlan(plan.inverse);
    expect([coy.system, bty.system]).toEqual(before);
  });
});
