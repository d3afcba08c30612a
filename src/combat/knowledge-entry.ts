/**
 * What a new turn does to each side's knowledge in a double-blind world (docs/rules-decisions.md,
 * "What each side knows"): the contacts are observed with the new turn, then what is too old lapses.
 * Run by the active GM's client when the turn's first stage is entered for the first time (a stage
 * entry: stepping back and on again enters nothing twice), as one Scene write through the write path.
 * An open table reads nothing and writes nothing.
 */
import { hiddenInformation } from "../base/settings";
import { notifyText, say } from "../base/foundry";
import { SYSTEM_ID } from "../base/constants";
import { applyPlan, snapshotOf } from "../effects/apply";
import { Planner } from "../effects/planner";
import { sceneRows } from "../effects/families/map-state";
import { knowledgeRows, planTurnStartKnowledge } from "../effects/families/knowledge";
import type { EffectPlan } from "../effects/write-plan";
import { readBoard } from "../world/board";
import type { turn } from "../rules/index";

/** The plan of a new turn's knowledge on the board scene (the viewed one), or null at an open table. */
export function turnStartKnowledgePlan(turnNumber: number): EffectPlan | null {
  if (hiddenInformation() !== "doubleBlind") return null;
  const board = readBoard();
  if (board.knowledge === undefined) return null;
  const planner = new Planner(snapshotOf, board);
  planTurnStartKnowledge(planner, { ...board.knowledge, turn: turnNumber });
  return planner.finish(sceneRows, knowledgeRows);
}

/** Writes a new turn's knowledge; a flag that cannot be read is told to the GM, and nothing is written over it. */
export async function startTurnKnowledge(position: turn.TurnPosition): Promise<void> {
  const plan = turnStartKnowledgePlan(position.turn);
  if (plan === null) return;
  if (plan.refusals.length > 0) {
    for (const refusal of plan.refusals) notifyText("warn", say(refusal));
    console.warn(`${SYSTEM_ID} | the turn's knowledge was not written`, plan.refusals);
    return;
  }
  if ((plan.sceneUpdates ?? []).length > 0) await applyPlan(plan, plan.inverse);
}
