/**
 * What each side knows, kept up with the board outside the cards in a double-blind world (issue #30
 * item 2; docs/rules-decisions.md, "What each side knows"): a GM placing a counter on the board, or
 * moving one by hand, is looked at as every move is (`observeContacts`), and a new turn observes the
 * contacts with the new turn, then lets what is too old lapse. The active GM's client alone writes,
 * as one Scene write through the write path; an open table reads nothing and writes nothing. A card's
 * move writes its knowledge with the card (src/effects/families/knowledge.ts), so its own token
 * writes (`AUTHORITY_MOVE`) are not looked at again here.
 */
import { AUTHORITY_MOVE, SYSTEM_ID } from "../base/constants";
import { notifyText, say } from "../base/foundry";
import { hiddenInformation } from "../base/settings";
import { applyPlan, snapshotOf } from "../effects/apply";
import { Planner } from "../effects/planner";
import { sceneRows } from "../effects/families/map-state";
import { knowledgeRows, planContactKnowledge, planTurnStartKnowledge } from "../effects/families/knowledge";
import type { EffectPlan } from "../effects/write-plan";
import { readBoard } from "../world/board";
import { teamSceneOf } from "../schemas/team-scene";

type Step = "contacts" | "turnStart";

/**
 * The plan of what the board now teaches each side on a scene (the viewed one without `sceneId`):
 * its contacts, or a new turn's contacts then lapse; null at an open table or with no scene.
 */
export function boardKnowledgePlan(step: Step, sceneId?: string, turn?: number): EffectPlan | null {
  if (hiddenInformation() !== "doubleBlind") return null;
  const board = readBoard([], sceneId);
  if (board.knowledge === undefined) return null;
  const context = turn === undefined ? board.knowledge : { ...board.knowledge, turn };
  const planner = new Planner(snapshotOf, board);
  if (step === "turnStart") planTurnStartKnowledge(planner, context);
  else planContactKnowledge(planner, context);
  return planner.finish(sceneRows, knowledgeRows);
}

/** Writes the plan; a flag that cannot be read is told to the GM, and nothing is written over it. */
async function write(plan: EffectPlan | null): Promise<void> {
  if (plan === null) return;
  if (plan.refusals.length > 0) {
    for (const refusal of plan.refusals) notifyText("warn", say(refusal));
    return;
  }
  if ((plan.sceneUpdates ?? []).length > 0) await applyPlan(plan, plan.inverse);
}

/** A new turn's knowledge on the viewed scene (the turn tracker's entry of the turn's first stage). */
export function startTurnKnowledge(turn: number): Promise<void> {
  return write(boardKnowledgePlan("turnStart", undefined, turn));
}

interface TokenLike {
  readonly parent?: { readonly id: string | null; getFlag?(scope: string, key: string): unknown } | null;
  readonly actor?: { readonly type?: string } | null;
}

interface UsersLike {
  readonly activeGM?: { readonly isSelf?: boolean } | null;
  get(id: string): { readonly isGM?: boolean } | undefined;
}

const users = (): UsersLike | undefined => game.users;

/** Scenes waiting to be looked at: a GM placing many counters at once is looked at once, after the last. */
const waiting = new Set<string>();
let queued: Promise<void> | null = null;

function lookAt(token: TokenLike, userId: string): void {
  // An open table reads nothing more than the setting.
  if (hiddenInformation() !== "doubleBlind") return;
  const type = token.actor?.type;
  const scene = token.parent?.id;
  if ((type !== "unit" && type !== "hq") || typeof scene !== "string") return;
  // A team scene's tokens are mirrors the GM's client draws from the master scene, where the rules look.
  if (token.parent?.getFlag !== undefined && teamSceneOf(token.parent as { getFlag(s: string, k: string): unknown }) !== null) return;
  // A player's token is the guard's to delete or put back (./rules-guard.ts): only a GM's counts.
  if (users()?.activeGM?.isSelf !== true || users()?.get(userId)?.isGM !== true) return;
  waiting.add(scene);
  queued ??= Promise.resolve().then(async () => {
    // Taken after the writes of the same task have landed: one look per scene, however many counters came.
    const scenes = [...waiting];
    waiting.clear();
    queued = null;
    for (const id of scenes) {
      try {
        await write(boardKnowledgePlan("contacts", id));
      } catch (error) {
        console.error(`${SYSTEM_ID} | the knowledge of a placement was not written`, error);
      }
    }
  });
}

/** The looks of the current placements, for tests: resolves once they are written. */
export function knowledgeWatchSettled(): Promise<void> {
  return queued ?? Promise.resolve();
}

/** On init: a GM's placement and hand move of a unit's or an HQ's counter are looked at (the active GM's client writes). */
export function registerKnowledgeWatch(): void {
  Hooks.on("createToken", ((token: TokenLike, _o: unknown, userId: string) => lookAt(token, userId)) as never);
  Hooks.on("updateToken", ((token: TokenLike, changed: { x?: unknown; y?: unknown }, options: Record<string, unknown>, userId: string) => {
    if (("x" in changed || "y" in changed) && options[AUTHORITY_MOVE] !== true) lookAt(token, userId);
  }) as never);
}
