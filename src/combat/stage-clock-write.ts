/**
 * Control's Start clock and Stop clock on the tracker (./stage-clock.ts plans): the active GM writes
 * the turn Combat, as it moves the turn (one writer). Loaded on the first click, not at init.
 */
import { mayMoveTurn, type TurnCombat, type TurnMover } from "./advance";
import { notify } from "../base/foundry";
import type { TurnSystem } from "./turn-type";
import { serverNow } from "./clock";
import { MAX_CLOCK_MINUTES, planStageClock } from "./stage-clock";

function currentMover(): TurnMover {
  const g = game as unknown as { user?: { isGM?: boolean }; users?: { activeGM?: { isSelf?: boolean } | null } };
  return { isGM: g.user?.isGM === true, isActiveGM: g.users?.activeGM?.isSelf === true };
}

/** Starts the current stage's clock for `minutes` (or stops it: null). True when written. */
export async function setStageClock(combat: TurnCombat, minutes: number | null, now: number = serverNow()): Promise<boolean> {
  const denied = mayMoveTurn(currentMover(), combat.type);
  if (denied !== null) {
    notify("warn", denied);
    return false;
  }
  const plan = planStageClock(combat.system as TurnSystem, minutes, now);
  if (!plan.ok) {
    notify("warn", plan.reason, { max: MAX_CLOCK_MINUTES });
    return false;
  }
  await combat.update(plan.update);
  return true;
}
