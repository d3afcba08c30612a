/**
 * Carries out a plan with three batched calls and one more for the links: folders, actors, then
 * one update setting each `hq` / `parent` / `airbase` UUID and every change to an actor the world
 * already had (one entry per actor). A call with nothing to do is not made. The document calls are
 * injected, so this runs the same against Foundry and against a test double.
 */
import { phrase, type Phrase } from "../rules/resolution";
import type { ActorData, FolderData, LinkEnd, OrbatPlan } from "./plan";

export interface CreatedActor {
  readonly id: string | null;
  readonly uuid: string;
}

export interface DocumentCalls {
  /** `Folder.createDocuments(data, { keepId: true })`: the plan's folder ids point at each other. */
  createFolders(data: FolderData[]): Promise<unknown[]>;
  /** `Actor.createDocuments(data)`, answering the created actors in the order given. */
  createActors(data: ActorData[]): Promise<readonly CreatedActor[]>;
  updateActors(updates: Record<string, unknown>[]): Promise<unknown[]>;
}

export interface ImportOutcome {
  readonly folders: number;
  readonly actors: number;
  readonly links: number;
  /** Actors of the world updated. */
  readonly updated: number;
}

/** Thrown when Foundry created fewer actors than asked (a module's hook may veto some); `text` says so to the reader. */
export class IncompleteImportError extends Error {
  constructor(readonly text: Phrase) {
    super(text.key);
  }
}

export async function executePlan(plan: OrbatPlan, calls: DocumentCalls): Promise<ImportOutcome> {
  if (plan.folders.length > 0) await calls.createFolders(plan.folders);
  const created = plan.actors.length > 0 ? await calls.createActors(plan.actors) : [];
  if (created.length !== plan.actors.length) {
    throw new IncompleteImportError(phrase("NOBC.Orbat.Problem.Incomplete", { created: created.length, count: plan.actors.length }));
  }
  const idOf = (end: LinkEnd) => (typeof end === "number" ? created[end]!.id : end.id);
  const uuidOf = (end: LinkEnd) => (typeof end === "number" ? created[end]!.uuid : end.uuid);
  // One entry per actor: its changed fields and its new link together.
  const byId = new Map<string | null, Record<string, unknown>>();
  const entry = (id: string | null) => byId.get(id) ?? byId.set(id, { _id: id }).get(id)!;
  for (const u of plan.updates) Object.assign(entry(u.id), u.data);
  for (const l of plan.links) entry(idOf(l.from))[l.field] = uuidOf(l.to);
  const updates = [...byId.values()];
  if (updates.length > 0) await calls.updateActors(updates);
  return { folders: plan.folders.length, actors: created.length, links: plan.links.length, updated: plan.updates.length };
}
