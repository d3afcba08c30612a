/**
 * Carries out a plan with three batched calls and one more for the links: folders, actors, then
 * one update setting each `hq` / `parent` / `airbase` UUID. The document calls are injected, so
 * this runs the same against Foundry and against a test double.
 */
import { phrase, type Phrase } from "../rules/resolution";
import type { ActorData, FolderData, OrbatPlan } from "./plan";

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
}

/** Thrown when Foundry created fewer actors than asked (a module's hook may veto some); `text` says so to the reader. */
export class IncompleteImportError extends Error {
  constructor(readonly text: Phrase) {
    super(text.key);
  }
}

export async function executePlan(plan: OrbatPlan, calls: DocumentCalls): Promise<ImportOutcome> {
  await calls.createFolders(plan.folders);
  const created = await calls.createActors(plan.actors);
  if (created.length !== plan.actors.length) {
    throw new IncompleteImportError(phrase("NOBC.Orbat.Problem.Incomplete", { created: created.length, count: plan.actors.length }));
  }
  const updates = plan.links.map((l) => ({ _id: created[l.from]!.id, [l.field]: created[l.to]!.uuid }));
  if (updates.length > 0) await calls.updateActors(updates);
  return { folders: plan.folders.length, actors: created.length, links: updates.length };
}
