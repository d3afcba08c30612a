/**
 * What is left to write of a card's plan: the rows of a write plan whose documents do not yet hold
 * what the row writes (an update not in place, an item or token or journal not yet created, or one
 * still there that the row deletes). The GM taking over a card left "applying" or "undoing" by a GM
 * client that left compares the documents with the card's plan this way (src/queries/card-actions.ts):
 * nothing left of the plan, the action had finished; else what had landed is put back with the rows
 * of the opposite plan that are not in place. Pure: reads snapshots only, so running it twice
 * writes nothing the second time.
 */
import { EMPTY_PLAN, driftedDocuments, type SnapshotLookup, type WritePlan } from "../effects/apply";

/** The rows of `plan` not in place in the documents `lookup` reads. */
export function rowsNotInPlace(plan: WritePlan, lookup: SnapshotLookup): WritePlan {
  const off = <T>(rows: readonly T[] | undefined, as: (row: T) => WritePlan): T[] =>
    (rows ?? []).filter((row) => driftedDocuments(as(row), lookup).length > 0);
  const idOf = (data: Readonly<Record<string, unknown>>): string => (typeof data["_id"] === "string" ? data["_id"] : "");
  return {
    actorUpdates: off(plan.actorUpdates, (r) => ({ ...EMPTY_PLAN, actorUpdates: [r] })),
    itemUpdates: off(plan.itemUpdates, (r) => ({ ...EMPTY_PLAN, itemUpdates: [r] })),
    itemDeletions: off(plan.itemDeletions, (r) => ({ ...EMPTY_PLAN, itemDeletions: [r] })),
    // The write path's drift check does not look at created items: one is in place once it exists.
    itemCreations: plan.itemCreations.filter(
      (c) => lookup(c.parentUuid === null ? `Item.${idOf(c.data)}` : `${c.parentUuid}.Item.${idOf(c.data)}`) === undefined,
    ),
    sceneUpdates: off(plan.sceneUpdates, (r) => ({ ...EMPTY_PLAN, sceneUpdates: [r] })),
    tokenUpdates: off(plan.tokenUpdates, (r) => ({ ...EMPTY_PLAN, tokenUpdates: [r] })),
    tokenDeletions: off(plan.tokenDeletions, (r) => ({ ...EMPTY_PLAN, tokenDeletions: [r] })),
    tokenCreations: off(plan.tokenCreations, (r) => ({ ...EMPTY_PLAN, tokenCreations: [r] })),
    combatUpdates: off(plan.combatUpdates, (r) => ({ ...EMPTY_PLAN, combatUpdates: [r] })),
    journalCreations: off(plan.journalCreations, (r) => ({ ...EMPTY_PLAN, journalCreations: [r] })),
    journalDeletions: off(plan.journalDeletions, (r) => ({ ...EMPTY_PLAN, journalDeletions: [r] })),
    // World actors and folders (the order-of-battle import): created is in place once it stands as
    // written, deleted once it is gone (the write path's drift check reads both).
    actorCreations: off(plan.actorCreations, (r) => ({ ...EMPTY_PLAN, actorCreations: [r] })),
    actorDeletions: off(plan.actorDeletions, (r) => ({ ...EMPTY_PLAN, actorDeletions: [r] })),
    folderCreations: off(plan.folderCreations, (r) => ({ ...EMPTY_PLAN, folderCreations: [r] })),
    folderDeletions: off(plan.folderDeletions, (r) => ({ ...EMPTY_PLAN, folderDeletions: [r] })),
  };
}

/** Whether a plan writes nothing. */
export function isEmptyPlan(plan: WritePlan): boolean {
  return Object.values(plan).every((rows) => !Array.isArray(rows) || rows.length === 0);
}
