/**
 * The one write path. `planEffects` turns the rules' effects into batched document changes and
 * their exact inverse (pure, over snapshots); `applyEffects` writes them with one update call per
 * document class (see docs/decisions/foundry-documents.md, "One write path"). Undo is
 * `applyPlan(plan.inverse)`.
 *
 * The path is a small core and one module per effect family (docs/architecture.md, "The write path"):
 * - write-plan.ts: the shapes (snapshots, a plan's rows, notes); planner.ts: the working copy of the
 *   documents an action changes; handler.ts and registry.ts: each effect type's one handler;
 *   plan.ts: `planEffects`; batch.ts: a plan as database calls; inverse.ts: rollback and drift;
 *   world-documents.ts: UUIDs to world documents, and their snapshots; this file: writing a plan.
 * - families/: land, air, map-state, tokens, nqm, missions, playsheet: how each effect is planned.
 *
 * This file is the path's public face: every other module imports the write path from here.
 */
import type { Effect } from "../rules/effects";
import { touchedDocuments } from "../rules/effects";
import { errorText } from "../base/errors";
import { notifyText, say } from "../base/foundry";
import type { BoardSnapshot } from "../view/board";
import { runCalls, targetProblems, writeCalls } from "./batch";
import { merged, rollbackOf } from "./inverse";
import { planEffects } from "./plan";
import { foreignDocuments, notWorldPhrase, snapshotOf } from "./world-documents";
import { noteText, type EffectNote, type EffectPlan, type WritePlan } from "./write-plan";

export type {
  DocumentSnapshot,
  EffectNote,
  OptionalRows,
  PlannedActorCreation,
  PlannedActorDeletion,
  PlannedFolderCreation,
  PlannedFolderDeletion,
  EffectPlan,
  PlannedCombatUpdate,
  PlannedCreation,
  PlannedDeletion,
  PlannedJournalCreation,
  PlannedJournalDeletion,
  PlannedSceneUpdate,
  PlannedTokenCreation,
  PlannedTokenDeletion,
  PlannedTokenUpdate,
  PlannedUpdate,
  SnapshotLookup,
  TokenChanges,
  TokenFootprint,
  TokenPlace,
  WritePlan,
} from "./write-plan";
export { EMPTY_PLAN, mapRows, noteText, TOKEN_FIELDS } from "./write-plan";
export { planEffects } from "./plan";
export { writtenEffectTypes } from "./registry";
export { mapStateKeyOf, mapStatePath, sceneKeys } from "./families/map-state";
export { KNOWLEDGE_ROOT, knowledgeKeys } from "./families/knowledge";
export { JOURNAL_OBSERVER } from "./families/missions";
export { targetProblems } from "./batch";
export { driftedDocuments, rollbackOf } from "./inverse";
export {
  documentAt,
  foreignDocuments,
  isWorldDocument,
  missionTrackerName,
  notWorldPhrase,
  resolveBoardDocument,
  resolveWorldDocument,
  snapshotOf,
  type BoardDocument,
  type WorldDocument,
  type WorldResolution,
} from "./world-documents";
export type { BoardSnapshot, TokenSnapshot } from "../view/board";

/** The update option that marks a token move as the write path's own (kept in src/base/constants.ts, where the light hooks read it). */
export { AUTHORITY_MOVE } from "../base/constants";

/**
 * A plan whose writes failed part-way. `failures` are the errors, in the user's words when Foundry
 * gave any; `restored` says whether the writes that did go through were put back.
 */
export class PlanWriteError extends Error {
  constructor(
    readonly failures: readonly string[],
    readonly restored: boolean,
  ) {
    super(failures.join("; "));
    this.name = "PlanWriteError";
  }

  /** The lang key telling the user: nothing changed (`writeFailed`), or check by hand (`writeStuck`). */
  get reasonKey(): string {
    return this.restored ? "NOBC.Chat.Refused.writeFailed" : "NOBC.Chat.Refused.writeStuck";
  }
}

/**
 * Performs a write plan, its calls side by side. When a call fails, the calls that went through
 * are put back with the matching rows of `rollback` (the plan's inverse), so a refused write
 * leaves the world as it was, and a `PlanWriteError` says what failed and whether that worked.
 */
export async function applyPlan(plan: WritePlan, rollback?: WritePlan): Promise<void> {
  // Every row must land on the document its UUID names; otherwise nothing is written at all.
  const refused = targetProblems(plan);
  if (refused.length > 0) throw new PlanWriteError([...new Set(refused.map(say))], true);
  const calls = writeCalls(plan);
  const results = await runCalls(calls);
  const failures = results.flatMap((r) => (r?.status === "rejected" ? [errorText(r.reason)] : []));
  if (failures.length === 0) return;
  if (rollback === undefined) throw new PlanWriteError(failures, false);
  const done = merged(calls.filter((_, i) => results[i]?.status === "fulfilled").map((c) => c.part));
  const back = await runCalls(writeCalls(rollbackOf(done, rollback)));
  const stuck = back.flatMap((r) => (r?.status === "rejected" ? [errorText(r.reason)] : []));
  throw new PlanWriteError([...failures, ...stuck], stuck.length === 0);
}

/** Shows each note to the user, in their language. */
export function announceNotes(notes: readonly EffectNote[]): void {
  for (const n of notes) notifyText("info", say(noteText(n)));
}

/**
 * Applies rules effects to the world and returns the plan (its `inverse` undoes it). Map effects
 * are written to `board`'s scene (the caller reads it once, src/world/board.ts); without one they
 * are refused. What is left to do by hand is announced as notes.
 */
export async function applyEffects(effects: readonly Effect[], board: BoardSnapshot | null = null): Promise<EffectPlan> {
  // A compendium UUID (or one leading elsewhere) is refused outright, not skipped as a missing document.
  const foreign = foreignDocuments(touchedDocuments(effects));
  if (foreign.length > 0)
    throw new PlanWriteError(
      foreign.map((uuid) => say(notWorldPhrase(uuid))),
      true,
    );
  const plan = planEffects(effects, snapshotOf, board);
  if (plan.refusals.length > 0) throw new PlanWriteError([...new Set(plan.refusals.map(say))], true);
  await applyPlan(plan, plan.inverse);
  announceNotes(plan.notes);
  return plan;
}
