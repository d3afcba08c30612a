/**
 * What the rules see of readiness is in the chat (an HQ's Orders or Resupply card posted, undone or
 * deleted), not on the turn Combat, so a card's change redraws the tracker's readiness block, and
 * only while the tracker shows the turn in a stage whose rules look at the cards (./readiness.ts `rulesNeed`).
 */
import { rulesNeed } from "./readiness";
import { stageOf } from "./readiness-world";
import { TURN_COMBAT_TYPE, type TurnSystem } from "./turn-type";

interface ShownTracker {
  readonly viewed?: { readonly type: string; readonly system: unknown } | null;
  render(options: { parts: string[] }): unknown;
}

export function redrawReadiness(part: string): void {
  const tracker = (globalThis as { ui?: { combat?: ShownTracker | null } }).ui?.combat;
  const combat = tracker?.viewed;
  if (!tracker || combat?.type !== TURN_COMBAT_TYPE) return;
  const position = stageOf(combat.system as TurnSystem);
  if (position !== null && rulesNeed(position.current.id) !== null) void tracker.render({ parts: [part] });
}
