/**
 * The `cardAssignment` effect through the one write path: planned as an Item update of
 * `system.assignedTo` (batched per holding HQ, with the other item writes), its exact inverse, and
 * its sentence on a card or dialog.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { applyEffects, applyPlan, planEffects, type DocumentSnapshot } from "../../src/effects/apply";
import { describeEffect } from "../../src/view/breakdown";
import type { Effect } from "../../src/rules/effects";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { lookupKey, type Lang } from "../harness/handlebars-helpers";
import { phrase } from "../../src/rules/resolution";

function card(uuid: string, assignedTo: string | null, parentUuid: string | null): DocumentSnapshot {
  const id = uuid.split(".").at(-1)!;
  return {
    uuid,
    id,
    documentName: "Item",
    type: "supportCard",
    name: `Card ${id}`,
    parentUuid,
    system: { side: "nato", assignedTo },
    source: { _id: id, name: `Card ${id}`, type: "supportCard", system: { side: "nato", assignedTo } },
  };
}

const docs = new Map<string, DocumentSnapshot>([
  ["Actor.hq.Item.c1", card("Actor.hq.Item.c1", "Actor.u1", "Actor.hq")],
  ["Actor.hq.Item.c2", card("Actor.hq.Item.c2", "Actor.u2", "Actor.hq")],
  ["Actor.hq2.Item.c3", card("Actor.hq2.Item.c3", null, "Actor.hq2")],
  ["Item.w1", card("Item.w1", "Actor.u1", null)],
  [
    "Actor.u1",
    { uuid: "Actor.u1", id: "u1", documentName: "Actor", type: "unit", name: "3 Pz Bde", system: { movementPoints: 0, mode: "combat" } },
  ],
]);
const lookup = (uuid: string) => docs.get(uuid);

describe("planEffects: cardAssignment", () => {
  it("is one Item update of system.assignedTo per card, its inverse the exact prior value", () => {
    const plan = planEffects(
      [
        { type: "cardAssignment", card: "Actor.hq.Item.c1", assignedTo: null },
        { type: "cardAssignment", card: "Actor.hq2.Item.c3", assignedTo: "Actor.u1" },
        { type: "cardAssignment", card: "Item.w1", assignedTo: null },
      ],
      lookup,
    );
    expect(plan.itemUpdates).toEqual([
      { uuid: "Actor.hq.Item.c1", id: "c1", parentUuid: "Actor.hq", changes: { "system.assignedTo": null } },
      { uuid: "Actor.hq2.Item.c3", id: "c3", parentUuid: "Actor.hq2", changes: { "system.assignedTo": "Actor.u1" } },
      { uuid: "Item.w1", id: "w1", parentUuid: null, changes: { "system.assignedTo": null } },
    ]);
    expect(plan.inverse.itemUpdates).toEqual([
      { uuid: "Actor.hq.Item.c1", id: "c1", parentUuid: "Actor.hq", changes: { "system.assignedTo": "Actor.u1" } },
      { uuid: "Actor.hq2.Item.c3", id: "c3", parentUuid: "Actor.hq2", changes: { "system.assignedTo": null } },
      { uuid: "Item.w1", id: "w1", parentUuid: null, changes: { "system.assignedTo": "Actor.u1" } },
    ]);
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.notes).toEqual([]);
  });

  it("keeps the last value when a card is reassigned twice, and the first prior value for undo", () => {
    const plan = planEffects(
      [
        { type: "cardAssignment", card: "Actor.hq.Item.c1", assignedTo: null },
        { type: "cardAssignment", card: "Actor.hq.Item.c1", assignedTo: "Actor.u9" },
      ],
      lookup,
    );
    expect(plan.itemUpdates.map((u) => u.changes)).toEqual([{ "system.assignedTo": "Actor.u9" }]);
    expect(plan.inverse.itemUpdates.map((u) => u.changes)).toEqual([{ "system.assignedTo": "Actor.u1" }]);
  });

  it("drops an assignment that ends where it started", () => {
    const plan = planEffects([{ type: "cardAssignment", card: "Actor.hq2.Item.c3", assignedTo: null }], lookup);
    expect(plan.itemUpdates).toEqual([]);
    expect(plan.inverse.itemUpdates).toEqual([]);
  });

  it("only deletes a card that is also discarded; undo re-creates it as it was", () => {
    const plan = planEffects(
      [
        { type: "cardAssignment", card: "Actor.hq.Item.c2", assignedTo: null },
        { type: "cardDiscarded", card: "Actor.hq.Item.c2" },
      ],
      lookup,
    );
    expect(plan.itemUpdates).toEqual([]);
    expect(plan.itemDeletions).toEqual([{ uuid: "Actor.hq.Item.c2", id: "c2", parentUuid: "Actor.hq" }]);
    expect(plan.inverse.itemCreations[0]?.data).toMatchObject({ _id: "c2", system: { assignedTo: "Actor.u2" } });
  });

  it("skips, with a note, a missing card or a document that is not a support card", () => {
    const plan = planEffects(
      [
        { type: "cardAssignment", card: "Item.gone", assignedTo: null },
        { type: "cardAssignment", card: "Actor.u1", assignedTo: null },
      ],
      lookup,
    );
    expect(plan.itemUpdates).toEqual([]);
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.notFound", "NOBC.EffectNote.notFound"]);
    const wrong = planEffects([{ type: "cardAssignment", card: "Actor.hq.Item.c1", assignedTo: null }], () => ({
      ...docs.get("Actor.hq.Item.c1")!,
      type: "weapon",
    }));
    expect(wrong.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.wrongType"]);
  });

  it("never mutates the snapshots or the effects", () => {
    const effects: Effect[] = [{ type: "cardAssignment", card: "Actor.hq.Item.c1", assignedTo: null }];
    const before = structuredClone([...docs.values()]);
    const copy = structuredClone(effects);
    planEffects(effects, lookup);
    expect([...docs.values()]).toEqual(before);
    expect(effects).toEqual(copy);
  });
});

describe("applyEffects: cardAssignment over the Foundry stand-in", () => {
  beforeEach(() => harness.reset());

  it("writes the cards of one HQ in one Item.updateDocuments call, with the actor changes in one Actor call", async () => {
    const hq = new harness.Actor({ name: "V (US) Corps", type: "hq", system: { side: "nato" } });
    const unit = new harness.Actor({
      name: "11 ACR",
      type: "unit",
      system: { size: "brigade", arm: "armour", mode: "combat", movementPoints: 0 },
    });
    const a = hq.addItem({ name: "Artillery Group", type: "supportCard", system: { assignedTo: unit.uuid } });
    const b = hq.addItem({ name: "Engineers", type: "supportCard", system: { assignedTo: unit.uuid } });
    const plan = await applyEffects([
      { type: "cardAssignment", card: a.uuid, assignedTo: null },
      { type: "movementPoints", actor: unit.uuid, value: 4 },
      { type: "cardAssignment", card: b.uuid, assignedTo: null },
    ]);
    expect(harness.Actor.calls).toEqual([
      { method: "updateDocuments", data: [{ _id: unit.id, "system.movementPoints": 4 }], operation: {} },
    ]);
    expect(harness.Item.calls).toEqual([
      {
        method: "updateDocuments",
        data: [
          { _id: a.id, "system.assignedTo": null },
          { _id: b.id, "system.assignedTo": null },
        ],
        operation: { parent: hq },
      },
    ]);
    harness.Item.calls = [];
    await applyPlan(plan.inverse);
    expect(harness.Item.calls).toEqual([
      {
        method: "updateDocuments",
        data: [
          { _id: a.id, "system.assignedTo": unit.uuid },
          { _id: b.id, "system.assignedTo": unit.uuid },
        ],
        operation: { parent: hq },
      },
    ]);
  });
});

describe("describeEffect: cardAssignment", () => {
  const lang = JSON.parse(readFileSync(resolve(__dirname, "../../lang/en.json"), "utf8")) as Lang;
  const names: Record<string, string> = { "Item.c": "Artillery Group", "Actor.u": "11 ACR" };
  const nameOf = (ref: string) => names[ref] ?? ref;

  it("says the card is freed, or to which unit it goes, with keys that exist", () => {
    const freed = describeEffect({ type: "cardAssignment", card: "Item.c", assignedTo: null }, nameOf);
    expect(freed).toEqual(phrase("NOBC.Effect.cardUnassigned", { name: "Artillery Group" }));
    const given = describeEffect({ type: "cardAssignment", card: "Item.c", assignedTo: "Actor.u" }, nameOf);
    expect(given).toEqual(phrase("NOBC.Effect.cardAssigned", { name: "Artillery Group", unit: "11 ACR" }));
    expect(lookupKey(lang, freed.key)).toBe("{name} is no longer assigned to a unit.");
    expect(lookupKey(lang, given.key)).toContain("{unit}");
  });
});
