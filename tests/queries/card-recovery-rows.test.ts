/**
 * A GM taking over a card another GM's client left half-written (src/queries/card-recovery.ts):
 * `rowsNotInPlace` keeps exactly the rows of the plan the documents do not yet show, for every kind
 * of row the write path writes, the order-of-battle import's world actors and folders included (a
 * row it does not know would read as written, and the card would be marked applied half done).
 */
import { describe, expect, it } from "vitest";
import { rowsNotInPlace, isEmptyPlan } from "../../src/queries/card-recovery";
import { EMPTY_PLAN, type DocumentSnapshot, type WritePlan } from "../../src/effects/apply";

const snap = (uuid: string, documentName: DocumentSnapshot["documentName"], name: string, system = {}): DocumentSnapshot => ({
  uuid,
  id: uuid.split(".").pop()!,
  documentName,
  type: documentName === "Actor" ? "unit" : "Actor",
  name,
  system,
});

const importPlan: WritePlan = {
  ...EMPTY_PLAN,
  folderCreations: [{ data: { _id: "fffffffffffffff1", name: "V Corps", type: "Actor" } }],
  actorCreations: [
    { data: { _id: "aaaaaaaaaaaaaaa1", name: "3 PzBde", type: "unit", system: { strength: { value: 5 } } } },
    { data: { _id: "aaaaaaaaaaaaaaa2", name: "4 PzBde", type: "unit", system: { strength: { value: 4 } } } },
  ],
};

describe("rows not yet in place, for world actors and folders", () => {
  it("an import cut short after its folders: the actors still to create are kept, the folder is not", () => {
    const world = new Map([["Folder.fffffffffffffff1", snap("Folder.fffffffffffffff1", "Folder", "V Corps")]]);
    const left = rowsNotInPlace(importPlan, (uuid) => world.get(uuid));
    expect(left.folderCreations).toEqual([]);
    expect(left.actorCreations).toEqual(importPlan.actorCreations);
    expect(isEmptyPlan(left)).toBe(false);
  });

  it("everything written: nothing left, so the card reads as applied", () => {
    const world = new Map([
      ["Folder.fffffffffffffff1", snap("Folder.fffffffffffffff1", "Folder", "V Corps")],
      ["Actor.aaaaaaaaaaaaaaa1", snap("Actor.aaaaaaaaaaaaaaa1", "Actor", "3 PzBde", { strength: { value: 5 } })],
      ["Actor.aaaaaaaaaaaaaaa2", snap("Actor.aaaaaaaaaaaaaaa2", "Actor", "4 PzBde", { strength: { value: 4 } })],
    ]);
    expect(isEmptyPlan(rowsNotInPlace(importPlan, (uuid) => world.get(uuid)))).toBe(true);
  });

  it("an Undo cut short: an actor still standing is kept to delete, one gone is not", () => {
    const undo: WritePlan = {
      ...EMPTY_PLAN,
      actorDeletions: [
        { uuid: "Actor.aaaaaaaaaaaaaaa1", id: "aaaaaaaaaaaaaaa1" },
        { uuid: "Actor.aaaaaaaaaaaaaaa2", id: "aaaaaaaaaaaaaaa2" },
      ],
      folderDeletions: [{ uuid: "Folder.fffffffffffffff1", id: "fffffffffffffff1" }],
    };
    const world = new Map([["Actor.aaaaaaaaaaaaaaa2", snap("Actor.aaaaaaaaaaaaaaa2", "Actor", "4 PzBde")]]);
    const left = rowsNotInPlace(undo, (uuid) => world.get(uuid));
    expect(left.actorDeletions).toEqual([undo.actorDeletions![1]]);
    expect(left.folderDeletions).toEqual([]);
  });
});
