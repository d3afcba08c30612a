/**
 * The batch: a write plan as database calls, one per document class and kind of write (and per
 * holding actor or scene, as a Foundry database operation has one parent), and the check that every
 * row lands on exactly the world document its UUID names before any call is made.
 */
import { removals } from "../base/compat";
import { notifyText, say } from "../base/foundry";
import { AUTHORITY_MOVE } from "../base/constants";
import { phrase, type Phrase } from "../rules/resolution";
import { documentAt, folderAt, missionDocument, notWorldPhrase, resolveBoardDocument, resolveWorldDocument } from "./world-documents";
import { EMPTY_PLAN, type WritePlan } from "./write-plan";

/** The rows grouped by holding document, in the order each parent first appears (one push per row: linear in the rows). */
function byParent<T extends { parentUuid: string | null }>(rows: readonly T[]): Map<string | null, T[]> {
  const out = new Map<string | null, T[]>();
  for (const row of rows) {
    const group = out.get(row.parentUuid);
    if (group === undefined) out.set(row.parentUuid, [row]);
    else group.push(row);
  }
  return out;
}

function parentActor(uuid: string | null): Actor.Implementation | undefined {
  if (uuid === null) return undefined;
  const doc = documentAt(uuid);
  return doc instanceof Actor ? doc : undefined;
}

/**
 * The holding actor of each group of item rows. A world item's group (null) has none; a group
 * whose actor no longer resolves is left out with a warning, so its rows are never sent to the
 * world's items by mistake.
 */
function parentGroups<T extends { parentUuid: string | null }>(
  rows: readonly T[],
): { parent: Actor.Implementation | undefined; rows: T[] }[] {
  const out: { parent: Actor.Implementation | undefined; rows: T[] }[] = [];
  for (const [parentUuid, group] of byParent(rows)) {
    const parent = parentActor(parentUuid);
    if (parentUuid !== null && parent === undefined) {
      notifyText("warn", say(phrase("NOBC.EffectNote.parentGone", { uuid: parentUuid, count: group.length })));
      continue;
    }
    out.push({ parent, rows: group });
  }
  return out;
}

/** Why a row's UUID is not the document it writes: not a world document of its own, or none at all. */
function targetProblem(uuid: string, why: "none" | "foreign"): Phrase {
  return why === "foreign" ? notWorldPhrase(uuid) : phrase("NOBC.Notify.DocumentMissing", { uuid });
}

/**
 * Every row of `plan` whose write would not land on exactly the document its UUID names, as
 * refusals naming the UUID: a row's UUID must resolve to a world document of its own
 * (`resolveWorldDocument`) of the row's class, with the row's id and holding actor, so a
 * compendium UUID can never write the world document that shares its id. An item row whose
 * holding actor is gone is left to `parentGroups` (skipped with a warning).
 */
export function targetProblems(plan: WritePlan): Phrase[] {
  const problems: Phrase[] = [];
  const check = (row: { uuid: string; id: string; parentUuid: string | null }, cls: typeof Actor | typeof Item): void => {
    const resolved = resolveWorldDocument(row.uuid);
    if (!resolved.ok) return void problems.push(targetProblem(row.uuid, resolved.why));
    const doc = resolved.doc;
    const parentUuid = doc instanceof Item ? (doc.parent?.uuid ?? null) : null;
    if (!(doc instanceof cls) || doc.id !== row.id || parentUuid !== row.parentUuid) problems.push(notWorldPhrase(row.uuid));
  };
  /** A holding actor's UUID: none (a world item), a world actor, or gone (skipped later); anything else is refused. */
  const holderOk = (parentUuid: string | null): boolean | "gone" => {
    if (parentUuid === null) return true;
    const resolved = resolveWorldDocument(parentUuid);
    if (resolved.ok) return resolved.doc instanceof Actor;
    return resolved.why === "none" ? "gone" : false;
  };
  for (const row of plan.actorUpdates) {
    if (row.parentUuid !== null) problems.push(notWorldPhrase(row.uuid));
    else check(row, Actor);
  }
  for (const row of [...plan.itemUpdates, ...plan.itemDeletions]) {
    const holder = holderOk(row.parentUuid);
    if (holder === false) problems.push(notWorldPhrase(row.parentUuid ?? row.uuid));
    else if (holder === true) check(row, Item);
  }
  for (const row of plan.itemCreations) {
    if (holderOk(row.parentUuid) === false) problems.push(notWorldPhrase(row.parentUuid ?? ""));
  }
  // A scene row names a world Scene; a token row a Token of the world Scene it names (or, to be created, that Scene).
  const board = (uuid: string, cls: "Scene" | "Token", id: string, parentUuid: string | null): void => {
    const resolved = resolveBoardDocument(uuid);
    if (!resolved.ok) return void problems.push(targetProblem(uuid, resolved.why));
    const doc = resolved.doc;
    const ok = cls === "Scene" ? doc instanceof Scene : doc instanceof TokenDocument && doc.parent?.uuid === parentUuid;
    if (!ok || doc.id !== id) problems.push(notWorldPhrase(uuid));
  };
  for (const row of plan.sceneUpdates ?? []) board(row.uuid, "Scene", row.id, null);
  for (const row of [...(plan.tokenUpdates ?? []), ...(plan.tokenDeletions ?? [])]) board(row.uuid, "Token", row.id, row.parentUuid);
  for (const row of plan.combatUpdates ?? []) {
    const doc = missionDocument(row.uuid);
    if (!(doc instanceof Combat) || doc.id !== row.id) problems.push(notWorldPhrase(row.uuid));
  }
  for (const row of plan.journalDeletions ?? []) {
    const doc = missionDocument(row.uuid);
    if (!(doc instanceof JournalEntry) || doc.id !== row.id) problems.push(notWorldPhrase(row.uuid));
  }
  for (const row of plan.tokenCreations ?? []) {
    const resolved = resolveBoardDocument(row.parentUuid);
    if (!resolved.ok) problems.push(targetProblem(row.parentUuid, resolved.why));
    else if (!(resolved.doc instanceof Scene)) problems.push(notWorldPhrase(row.parentUuid));
  }
  // A world actor or folder is created with the id the plan gave it: one that exists already is never overwritten.
  for (const [cls, rows] of [
    ["Actor", plan.actorCreations ?? []],
    ["Folder", plan.folderCreations ?? []],
  ] as const) {
    for (const row of rows) {
      const uuid = `${cls}.${createdId(row.data)}`;
      if (!VALID_ID.test(createdId(row.data))) problems.push(notWorldPhrase(uuid));
      else if (foundry.utils.fromUuidSync(uuid as `Actor.${string}`) !== null)
        problems.push(phrase("NOBC.Notify.DocumentExists", { uuid }));
    }
  }
  for (const row of plan.actorDeletions ?? []) check({ ...row, parentUuid: null }, Actor);
  for (const row of plan.folderDeletions ?? []) {
    if (folderAt(row.uuid)?.id !== row.id) problems.push(phrase("NOBC.Notify.DocumentMissing", { uuid: row.uuid }));
  }
  return problems;
}

/** `foundry.data.validators.isValidId`: the 16 letters or digits a created document's `_id` must be. */
const VALID_ID = /^[A-Za-z0-9]{16}$/;

const createdId = (data: Readonly<Record<string, unknown>>): string => (typeof data["_id"] === "string" ? data["_id"] : "");

/**
 * One database call of a plan and the rows it carries (so a rollback knows what went through), and
 * its step: the calls of one step go side by side, each step after the one before. Folders are
 * created first (the actors created go in them) and deleted last (after the actors in them).
 */
export interface WriteCall {
  readonly part: WritePlan;
  readonly step: 0 | 1 | 2;
  write(): Promise<unknown>;
}

/** The world Scene a token row names as its parent (checked by `targetProblems` before any call is made). */
function sceneAt(uuid: string): Scene.Implementation | undefined {
  const resolved = resolveBoardDocument(uuid);
  return resolved.ok && resolved.doc instanceof Scene ? resolved.doc : undefined;
}

function byScene<T extends { parentUuid: string }>(rows: readonly T[]): { scene: Scene.Implementation; rows: T[] }[] {
  const out: { scene: Scene.Implementation; rows: T[] }[] = [];
  for (const [parentUuid, group] of byParent(rows)) {
    const scene = sceneAt(parentUuid ?? "");
    if (scene !== undefined) out.push({ scene, rows: group });
  }
  return out;
}

/**
 * The calls of a plan: one `Actor.updateDocuments` for every actor, and for items one call per
 * kind of write and per holding actor (a Foundry v13 database operation has one parent; see
 * docs/decisions/status-icons.md). A document none of whose values change gets no row. One
 * `Scene.updateDocuments` for the scenes' flags, and for tokens one call per scene and kind.
 */
export function writeCalls(plan: WritePlan): WriteCall[] {
  const calls: WriteCall[] = [];
  if (plan.actorUpdates.length > 0) {
    const rows = plan.actorUpdates;
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, actorUpdates: rows },
      write: () => Actor.updateDocuments(rows.map((u) => ({ _id: u.id, ...u.changes }))),
    });
  }
  for (const { parent, rows } of parentGroups(plan.itemUpdates)) {
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, itemUpdates: rows },
      write: () =>
        Item.updateDocuments(
          rows.map((u) => ({ _id: u.id, ...u.changes })),
          parent ? { parent } : {},
        ),
    });
  }
  for (const { parent, rows } of parentGroups(plan.itemDeletions)) {
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, itemDeletions: rows },
      write: () =>
        Item.deleteDocuments(
          rows.map((r) => r.id),
          parent ? { parent } : {},
        ),
    });
  }
  for (const { parent, rows } of parentGroups(plan.itemCreations)) {
    const data = rows.map((r) => r.data) as Item.CreateData[];
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, itemCreations: rows },
      write: () => Item.createDocuments(data, parent ? { parent, keepId: true } : { keepId: true }),
    });
  }
  const sceneRows = plan.sceneUpdates ?? [];
  if (sceneRows.length > 0) {
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, sceneUpdates: sceneRows },
      // A removal is spelled as the running generation reads it (v13's `-=` key, v14's `_del`).
      write: () => Scene.updateDocuments(sceneRows.map((u) => ({ _id: u.id, ...u.changes, ...removals(u.removals ?? []) }))),
    });
  }
  for (const { scene, rows } of byScene(plan.tokenUpdates ?? [])) {
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, tokenUpdates: rows },
      // The write path's own move: the movement watch (src/apps/land/move/hooks.ts) knows it by this option.
      write: () =>
        TokenDocument.updateDocuments(
          rows.map((r) => ({ _id: r.id, ...r.changes })),
          { parent: scene, [AUTHORITY_MOVE]: true } as never,
        ),
    });
  }
  for (const { scene, rows } of byScene(plan.tokenDeletions ?? [])) {
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, tokenDeletions: rows },
      write: () =>
        TokenDocument.deleteDocuments(
          rows.map((r) => r.id),
          { parent: scene },
        ),
    });
  }
  for (const { scene, rows } of byScene(plan.tokenCreations ?? [])) {
    const data = rows.map((r) => r.data) as TokenDocument.CreateData[];
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, tokenCreations: rows },
      write: () => TokenDocument.createDocuments(data, { parent: scene, keepId: true }),
    });
  }
  const combatRows = plan.combatUpdates ?? [];
  if (combatRows.length > 0) {
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, combatUpdates: combatRows },
      write: () => Combat.updateDocuments(combatRows.map((u) => ({ _id: u.id, ...u.changes }))),
    });
  }
  const created = plan.journalCreations ?? [];
  if (created.length > 0) {
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, journalCreations: created },
      write: () => JournalEntry.createDocuments(created.map((r) => r.data) as never, { keepId: true }),
    });
  }
  const deleted = plan.journalDeletions ?? [];
  if (deleted.length > 0) {
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, journalDeletions: deleted },
      write: () => JournalEntry.deleteDocuments(deleted.map((r) => r.id)),
    });
  }
  const folders = plan.folderCreations ?? [];
  if (folders.length > 0) {
    calls.push({
      step: 0,
      part: { ...EMPTY_PLAN, folderCreations: folders },
      write: () => Folder.createDocuments(folders.map((r) => r.data) as never, { keepId: true }),
    });
  }
  const actors = plan.actorCreations ?? [];
  if (actors.length > 0) {
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, actorCreations: actors },
      write: () => Actor.createDocuments(actors.map((r) => r.data) as never, { keepId: true }),
    });
  }
  const actorsGone = plan.actorDeletions ?? [];
  if (actorsGone.length > 0) {
    calls.push({
      step: 1,
      part: { ...EMPTY_PLAN, actorDeletions: actorsGone },
      write: () => Actor.deleteDocuments(actorsGone.map((r) => r.id)),
    });
  }
  const foldersGone = plan.folderDeletions ?? [];
  if (foldersGone.length > 0) {
    calls.push({
      step: 2,
      part: { ...EMPTY_PLAN, folderDeletions: foldersGone },
      write: () => Folder.deleteDocuments(foldersGone.map((r) => r.id)),
    });
  }
  return calls;
}

/**
 * Makes `calls` step by step (each step's calls side by side): the settled result of each, in the
 * calls' order, or null for a call not made because a call of an earlier step failed (an actor is
 * not made in a folder that was not).
 */
export async function runCalls(calls: readonly WriteCall[]): Promise<(PromiseSettledResult<unknown> | null)[]> {
  const results: (PromiseSettledResult<unknown> | null)[] = calls.map(() => null);
  for (const step of [0, 1, 2] as const) {
    if (results.some((r) => r?.status === "rejected")) break;
    const at = calls.flatMap((c, i) => (c.step === step ? [i] : []));
    const settled = await Promise.allSettled(at.map((i) => calls[i]!.write()));
    at.forEach((i, k) => (results[i] = settled[k]!));
  }
  return results;
}
