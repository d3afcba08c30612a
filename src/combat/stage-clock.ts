/**
 * The clock of the current stage, which Control sets from the tracker (issue #31, item 3): any stage
 * may have one. Planning keeps its own countdown (`planningEndsAt`, started on entering it from the
 * world setting); Control may start it again or stop it, and give any other stage a clock
 * (`clockEndsAt`). Every stage move clears the clock of the stage left (./readiness.ts
 * `readinessOnMove`). Pure; the active GM's write is ./stage-clock-write.ts, loaded on Control's click.
 */
import { countdownView, type CountdownView } from "./countdown";
import { turn as turns } from "../rules/index";
import type { TurnSystem } from "./turn-type";

/** The longest clock Control may set: a whole evening's stage, never days. */
export const MAX_CLOCK_MINUTES = 600;

/** The clock the tracker shows for the stage `stage` of `system`: Planning's countdown, or the one Control set. */
export function stageClockEnd(system: TurnSystem, stage: turns.StageId): number | null {
  return stage === "planning" ? system.planningEndsAt : (system.clockEndsAt ?? null);
}

/** The clock as the panel shows it: the countdown and the words it is told in (Planning's own, or any stage's). */
export interface StageClockView extends CountdownView {
  readonly leftKey: string;
  readonly upKey: string;
  /** Whether its words name the stage (every clock but Planning's own countdown). */
  readonly named: boolean;
}

/** The clock's view at `now`, or null when the stage has none. */
export function stageClockView(system: TurnSystem, stage: turns.StageId, now: number): StageClockView | null {
  const end = stageClockEnd(system, stage);
  if (end === null) return null;
  const planning = stage === "planning";
  return {
    ...countdownView(end, now),
    leftKey: planning ? "NOBC.Turn.TimeLeft" : "NOBC.Turn.Clock.Left",
    upKey: planning ? "NOBC.Turn.TimeUp" : "NOBC.Turn.Clock.Up",
    named: !planning,
  };
}

export type ClockPlan =
  | { readonly ok: true; readonly update: { readonly system: Record<string, number | null> } }
  | { readonly ok: false; readonly reason: string };

/** The Combat update that starts the current stage's clock for `minutes` from `now`, or stops it (`minutes` null). */
export function planStageClock(system: TurnSystem, minutes: number | null, now: number): ClockPlan {
  const position = turns.describeState({ turn: system.turn, stage: system.stage });
  if (!position.ok) return { ok: false, reason: "NOBC.Turn.Refused.badState" };
  if (minutes !== null && (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_CLOCK_MINUTES))
    return { ok: false, reason: "NOBC.Turn.Clock.Refused.minutes" };
  const end = minutes === null ? null : now + minutes * 60_000;
  const field = position.value.current.id === "planning" ? "planningEndsAt" : "clockEndsAt";
  return { ok: true, update: { system: { [field]: end } } };
}
