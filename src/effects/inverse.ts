/**
 * The inverse side of a written plan: the rows that put back what part of a plan wrote (a write that
 * failed part-way is rolled back with them), and the documents changed since a plan was written,
 * over which an Undo would wipe a later change. Pure: reads plans and snapshots only.
 */
import { journalPagesOf } from "./families/missions";
import { mapStatePath, sceneKeys } from "./families/map-state";
import { KNOWLEDGE_ROOT, knowledgeKeys } from "./families/knowledge";
import { readPath, sameValue } from "./planner";
import { EMPTY_PLAN, mapRows, TOKEN_FIELDS, type SnapshotLookup, type WritePlan } from "./write-plan";

const createdId = (c: { readonly data: Readonly<Record<string, unknown>> }): string => {
  const id = c.data["_id"];
  return typeof id === "string" ? id : "";
};

/**
 * The rows of `rollback` that put back what `done` wrote: the old values of the documents it
 * updated, the cards it deleted, the deletion of the cards it created. Pure.
 */
export function rollbackOf(done: WritePlan, rollback: WritePlan): WritePlan {
  const updated = new Set([...done.actorUpdates, ...done.itemUpdates].map((u) => u.uuid));
  const deleted = new Set(done.itemDeletions.map((d) => d.id));
  const created = new Set(done.itemCreations.map(createdId));
  const scenes = new Set((done.sceneUpdates ?? []).map((u) => u.uuid));
  const tokensMoved = new Set((done.tokenUpdates ?? []).map((u) => u.uuid));
  const tokensDeleted = new Set((done.tokenDeletions ?? []).map((d) => d.id));
  const tokensCreated = new Set((done.tokenCreations ?? []).map(createdId));
  const combats = new Set((done.combatUpdates ?? []).map((u) => u.uuid));
  const journalsCreated = new Set((done.journalCreations ?? []).map(createdId));
  const journalsDeleted = new Set((done.journalDeletions ?? []).map((d) => d.id));
  const actorsCreated = new Set((done.actorCreations ?? []).map(createdId));
  const actorsDeleted = new Set((done.actorDeletions ?? []).map((d) => d.id));
  const foldersCreated = new Set((done.folderCreations ?? []).map(createdId));
  const foldersDeleted = new Set((done.folderDeletions ?? []).map((d) => d.id));
  return {
    actorUpdates: rollback.actorUpdates.filter((u) => updated.has(u.uuid)),
    itemUpdates: rollback.itemUpdates.filter((u) => updated.has(u.uuid)),
    itemDeletions: rollback.itemDeletions.filter((d) => created.has(d.id)),
    itemCreations: rollback.itemCreations.filter((c) => deleted.has(createdId(c))),
    ...mapRows({
      ...EMPTY_PLAN,
      sceneUpdates: (rollback.sceneUpdates ?? []).filter((u) => scenes.has(u.uuid)),
      tokenUpdates: (rollback.tokenUpdates ?? []).filter((u) => tokensMoved.has(u.uuid)),
      tokenDeletions: (rollback.tokenDeletions ?? []).filter((d) => tokensCreated.has(d.id)),
      tokenCreations: (rollback.tokenCreations ?? []).filter((c) => tokensDeleted.has(createdId(c))),
      combatUpdates: (rollback.combatUpdates ?? []).filter((u) => combats.has(u.uuid)),
      journalCreations: (rollback.journalCreations ?? []).filter((c) => journalsDeleted.has(createdId(c))),
      journalDeletions: (rollback.journalDeletions ?? []).filter((d) => journalsCreated.has(d.id)),
      actorCreations: (rollback.actorCreations ?? []).filter((c) => actorsDeleted.has(createdId(c))),
      actorDeletions: (rollback.actorDeletions ?? []).filter((d) => actorsCreated.has(d.id)),
      folderCreations: (rollback.folderCreations ?? []).filter((c) => foldersDeleted.has(createdId(c))),
      folderDeletions: (rollback.folderDeletions ?? []).filter((d) => foldersCreated.has(d.id)),
    }),
  };
}

/** The rows of several plans as one. */
export function merged(parts: readonly WritePlan[]): WritePlan {
  return {
    actorUpdates: parts.flatMap((p) => p.actorUpdates),
    itemUpdates: parts.flatMap((p) => p.itemUpdates),
    itemDeletions: parts.flatMap((p) => p.itemDeletions),
    itemCreations: parts.flatMap((p) => p.itemCreations),
    sceneUpdates: parts.flatMap((p) => p.sceneUpdates ?? []),
    tokenUpdates: parts.flatMap((p) => p.tokenUpdates ?? []),
    tokenDeletions: parts.flatMap((p) => p.tokenDeletions ?? []),
    tokenCreations: parts.flatMap((p) => p.tokenCreations ?? []),
    combatUpdates: parts.flatMap((p) => p.combatUpdates ?? []),
    journalCreations: parts.flatMap((p) => p.journalCreations ?? []),
    journalDeletions: parts.flatMap((p) => p.journalDeletions ?? []),
    actorCreations: parts.flatMap((p) => p.actorCreations ?? []),
    actorDeletions: parts.flatMap((p) => p.actorDeletions ?? []),
    folderCreations: parts.flatMap((p) => p.folderCreations ?? []),
    folderDeletions: parts.flatMap((p) => p.folderDeletions ?? []),
  };
}

/**
 * The documents whose values no longer match what `plan` wrote (a later card or a hand edit
 * changed them), or that it deleted and that exist again: names, once each. Undoing over them
 * would silently wipe the later change. Pure: reads snapshots only.
 */
export function driftedDocuments(plan: WritePlan, lookup: SnapshotLookup): string[] {
  const drifted = new Set<string>();
  for (const update of [...plan.actorUpdates, ...plan.itemUpdates, ...(plan.combatUpdates ?? [])]) {
    const snap = lookup(update.uuid);
    const same =
      snap !== undefined &&
      Object.entries(update.changes).every(([path, value]) => sameValue(readPath(snap.system, path.replace(/^system\./, "")), value));
    if (!same) drifted.add(snap?.name ?? update.uuid);
  }
  for (const deletion of plan.itemDeletions) {
    const snap = lookup(deletion.uuid);
    if (snap !== undefined) drifted.add(snap.name);
    // The HQ that held a discarded card is gone: Undo could not give the card back.
    else if (deletion.parentUuid !== null && lookup(deletion.parentUuid) === undefined) drifted.add(deletion.parentUuid);
  }
  // Each map state key must hold what was written (set to that value, or absent when removed).
  for (const update of plan.sceneUpdates ?? []) {
    const snap = lookup(update.uuid);
    for (const at of sceneKeys(update)) {
      const record = snap === undefined ? undefined : readPath(snap.source ?? {}, mapStatePath(at.part, "").slice(0, -1));
      const held =
        typeof record === "object" && record !== null && Object.hasOwn(record, at.key)
          ? (record as Record<string, unknown>)[at.key]
          : undefined;
      if (at.removed ? held !== undefined : !sameValue(held, at.value)) drifted.add(`${snap?.name ?? update.uuid} ${at.key}`);
    }
    // Each knowledge entry must hold what was written (set to that value, or absent when removed).
    for (const at of knowledgeKeys(update)) {
      const flag = snap === undefined ? undefined : readPath(snap.source ?? {}, KNOWLEDGE_ROOT);
      const record = typeof flag === "object" && flag !== null ? (flag as Record<string, unknown>)[at.side] : undefined;
      const held =
        typeof record === "object" && record !== null && Object.hasOwn(record, at.key)
          ? (record as Record<string, unknown>)[at.key]
          : undefined;
      if (at.removed ? held !== undefined : !sameValue(held, at.value)) drifted.add(`${snap?.name ?? update.uuid} ${at.side}.${at.key}`);
    }
  }
  // A token this plan moved stands somewhere else now (moved since), has another footprint, or is gone.
  for (const update of plan.tokenUpdates ?? []) {
    const source = lookup(update.uuid)?.source;
    const changes = update.changes as Readonly<Record<string, unknown>>;
    const same = source !== undefined && TOKEN_FIELDS.every((k) => !(k in changes) || source[k] === changes[k]);
    if (!same) drifted.add(lookup(update.uuid)?.name ?? update.uuid);
  }
  // A token this plan deleted exists again (re-created by hand), or its scene is gone: Undo cannot put it back.
  for (const deletion of plan.tokenDeletions ?? []) {
    const snap = lookup(deletion.uuid);
    if (snap !== undefined) drifted.add(snap.name);
    else if (lookup(deletion.parentUuid) === undefined) drifted.add(deletion.parentUuid);
  }
  // A journal this plan created was deleted since, or changed since (renamed, a page edited, added or
  // removed): Undo would delete the hand edit with it. One it deleted exists again.
  for (const creation of plan.journalCreations ?? []) {
    const id = createdId(creation);
    const snap = lookup(`JournalEntry.${id}`);
    const written = { name: creation.data["name"], pages: journalPagesOf(creation.data["pages"]) };
    const held = snap?.source === undefined ? undefined : { name: snap.source["name"], pages: snap.source["pages"] };
    if (held === undefined || !sameValue(held, written))
      drifted.add(snap?.name ?? (typeof creation.data["name"] === "string" ? creation.data["name"] : id));
  }
  for (const deletion of plan.journalDeletions ?? []) {
    const snap = lookup(deletion.uuid);
    if (snap !== undefined) drifted.add(snap.name);
  }
  // A token this plan created was deleted since.
  for (const creation of plan.tokenCreations ?? []) {
    const id = createdId(creation);
    if (lookup(`${creation.parentUuid}.Token.${id}`) === undefined)
      drifted.add(typeof creation.data["name"] === "string" ? creation.data["name"] : id);
  }
  createdDrift(plan, lookup, drifted);
  return [...drifted];
}

/** Whether every value `written` sets (its leaves; a list is one value) is what `held` holds there. */
function leavesHold(written: Readonly<Record<string, unknown>>, held: unknown): boolean {
  if (typeof held !== "object" || held === null) return false;
  return Object.entries(written).every(([key, value]) => {
    const there = (held as Record<string, unknown>)[key];
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return leavesHold(value as Record<string, unknown>, there);
    return sameValue(there, value);
  });
}

/**
 * The world actors and folders a plan created that are gone or changed since (an actor renamed, or
 * a value the creation wrote changed by hand: deleting it would wipe the change), and those it
 * deleted that exist again. Values the creation did not write (the data model's defaults) are
 * not compared; a later card writing any of them blocks the Undo by its paths (an actor created
 * counts as a path of every field of it, src/chat/card-record.ts).
 */
function createdDrift(plan: WritePlan, lookup: SnapshotLookup, drifted: Set<string>): void {
  for (const creation of plan.actorCreations ?? []) {
    const id = createdId(creation);
    const snap = lookup(`Actor.${id}`);
    const { name, type, system } = creation.data as { name?: unknown; type?: unknown; system?: Record<string, unknown> };
    const same = snap?.documentName === "Actor" && snap.name === name && snap.type === type && leavesHold(system ?? {}, snap.system);
    if (!same) drifted.add(snap?.name ?? (typeof name === "string" ? name : id));
  }
  for (const creation of plan.folderCreations ?? []) {
    const id = createdId(creation);
    const snap = lookup(`Folder.${id}`);
    if (snap?.documentName !== "Folder" || snap.name !== creation.data["name"])
      drifted.add(snap?.name ?? (typeof creation.data["name"] === "string" ? creation.data["name"] : id));
  }
  for (const deletion of [...(plan.actorDeletions ?? []), ...(plan.folderDeletions ?? [])]) {
    const snap = lookup(deletion.uuid);
    if (snap !== undefined) drifted.add(snap.name);
  }
}
