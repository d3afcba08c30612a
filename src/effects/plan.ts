/**
 * Plans the writes for a list of effects: each effect goes to its type's handler (src/effects/registry.ts)
 * and the planner gathers their changes into one plan and its exact inverse.
 */
import type { Effect } from "../rules/effects";
import type { BoardSnapshot } from "../view/board";
import type { EffectHandler } from "./handler";
import { Planner } from "./planner";
import { EFFECT_HANDLERS } from "./registry";
import { sceneRows } from "./families/map-state";
import { knowledgeRows, planKnowledge } from "./families/knowledge";
import type { EffectPlan, SnapshotLookup } from "./write-plan";

function planOne(p: Planner, effect: Effect): void {
  // The registry holds for each type the handler of that type's effect: the one place the two are joined.
  const handler = EFFECT_HANDLERS[effect.type] as EffectHandler<Effect>;
  switch (handler.route) {
    case "write":
      return handler.plan(p, effect);
    case "note":
      return p.note(handler.note, effect, { ...p.named(effect), ...(handler.count === undefined ? {} : { count: handler.count(effect) }) });
    case "toolkit":
      return p.byHand(effect);
  }
}

/**
 * Plans the writes for a list of effects, in order, over the documents `lookup` returns and the
 * scene `board` holds. Strength, level, supply and air defence stay within 0..their maximum; the
 * inverse holds the exact prior values. Without a `board` (a card rendered for its notes) map
 * effects plan nothing; with a board of no scene they are refused. Pure: reads snapshots only.
 */
export function planEffects(effects: readonly Effect[], lookup: SnapshotLookup, board?: BoardSnapshot | null): EffectPlan {
  const planner = new Planner(lookup, board);
  for (const effect of effects) planOne(planner, effect);
  // Double-blind only: what the action teaches each side, from where its effects leave the pieces (one Scene row with the map state).
  if (board?.knowledge !== undefined) planKnowledge(planner, effects, board.knowledge);
  return planner.finish(sceneRows, knowledgeRows);
}
