/**
 * What the token ruler shows at each waypoint of a unit's drag (issue #18, items 1 and 5): the MP
 * the move has cost so far and the MP left of the unit's allowance, in halves, the hits it takes,
 * and at the last waypoint a warning for each rule the move breaks (out of turn, through or into
 * an enemy hex, the rules' refusals: over the allowance, the NATO stop, the no-move chip) and each
 * stacking violation in the last hex. Pure: it reads a `MovePlan` (src/world/movement.ts) and
 * returns phrases for the shell to write.
 */
import type { HexRef } from "../../rules/ids";
import { phrase, type Phrase } from "../../rules/resolution";
import { movementAllowance } from "../../rules/nobc/land/movement";
import { alwaysInMarchMode } from "../../rules/nobc/land/types";
import { hexLine, offsetOf } from "../../map/hex-grid";
import type { MoveBreak, MovePlan } from "../../world/movement";
import type { MoveStepResult } from "../../rules/nobc/land/movement";
import type { RulesOptionsInput } from "../../rules/nobc/land/options";
import type { Battlefield } from "../../world/battlefield";
import { overrunStepCosts, planOverrun, type OverrunPlanOutcome } from "../../world/overrun";

/**
 * A path ending in an enemy's hex, as the GM's card will resolve it (src/world/overrun.ts): the steps
 * priced as the overrun prices them and the outcome with the counter's cost; or why it cannot be.
 */
export type RulerOverrun =
  | { readonly ok: true; readonly steps: readonly MoveStepResult[]; readonly outcome: OverrunPlanOutcome }
  | { readonly ok: false; readonly reasons: readonly Phrase[] };

/** A path into an enemy's hex as the GM's card will price it (the minefields on it paid in MP, as the drag first offers). */
export function rulerOverrun(field: Battlefield, plan: MovePlan, rules: RulesOptionsInput): RulerOverrun {
  const resolved = planOverrun(field, plan, { rules });
  if (!resolved.ok) return { ok: false, reasons: resolved.refusals.map((r) => r.text) };
  return { ok: true, steps: overrunStepCosts(field, plan, { rules }), outcome: resolved.value.outcome };
}

/** The breaks of the turn (out of the phase, another group's turn): an overrun is refused for these as a move is. */
const TURN_BREAKS: ReadonlySet<MoveBreak["code"]> = new Set(["outOfPhase", "notYourGroup"]);

/** One waypoint's label. */
export interface WaypointLabel {
  readonly hex: HexRef;
  /** MP the move has cost up to here (halves), and the part of it since the previous waypoint. */
  readonly spent: number;
  readonly leg: number;
  /** MP the unit has left here: its MP before the move less `spent` (below 0 past what it had). */
  readonly left: number;
  /** The unit's allowance in its mode (4 in Combat Mode, 6 in March Mode). */
  readonly allowance: number;
  /** Hits the move has dealt up to here (disengaging, minefields crossed taking a hit). */
  readonly hits: number;
  /** The lines to show, in order: spent, left (or over), then hits when there are any. */
  readonly lines: readonly Phrase[];
  /** At the last waypoint, each rule the move breaks and each stacking violation there; elsewhere none. */
  readonly warnings: readonly Phrase[];
  /** True when the move is over what the unit had, or (last waypoint) breaks any rule. */
  readonly warn: boolean;
}

/** A path the board cannot read (not a unit, no map, off the map): no numbers, only why. */
export interface RefusedLabel {
  readonly refused: Phrase;
}

/**
 * MP in halves as the counters show them: "2", "½", "3½", "−1½". Written the same in every language
 * (the ½ sign), so the label never shows "3.5" or "3,5". A value off the half-step is rounded to one.
 */
export function halves(mp: number): string {
  const twice = Math.round(Math.abs(mp) * 2);
  const whole = Math.floor(twice / 2);
  const text = twice % 2 === 0 ? String(whole) : whole === 0 ? "½" : `${whole}½`;
  return mp < 0 && twice > 0 ? `−${text}` : text;
}

/** How many hexes the path has entered at each waypoint (start first), as `hexPathThrough` fills it. */
export function stepsAtWaypoints(waypoints: readonly HexRef[]): number[] {
  const out: number[] = [];
  let steps = 0;
  waypoints.forEach((hex, i) => {
    const last = waypoints[i - 1];
    if (last !== undefined && last !== hex) steps += hexLine(offsetOf(last), offsetOf(hex)).length - 1;
    out.push(steps);
  });
  return out;
}

/**
 * The words of what a move breaks, last waypoint only: the board's and the rules' breaks, enemies in
 * the last hex, stacking there. Into an enemy's hex the overrun's check stands for the path's: only
 * the turn's breaks are kept beside why it cannot be (nothing more when it can).
 */
function warningsOf(plan: MovePlan, overrun: RulerOverrun | undefined): Phrase[] {
  if (overrun !== undefined) {
    const turn = plan.breaks.filter((b) => TURN_BREAKS.has(b.code)).map((b) => b.text);
    return overrun.ok
      ? [...turn, ...plan.stacking.map((v) => phrase("NOBC.Ruler.Stacking", { hex: v.hex, rule: v.text }))]
      : [...turn, ...overrun.reasons];
  }
  const out: Phrase[] = plan.breaks.map((b: MoveBreak) => b.text);
  if (plan.enemyHex !== null) out.push(phrase("NOBC.Ruler.EnemyHex", { hex: plan.enemyHex.hex }));
  for (const v of plan.stacking) out.push(phrase("NOBC.Ruler.Stacking", { hex: v.hex, rule: v.text }));
  return out;
}

/**
 * The label of each waypoint (start first; `waypoints[0]` is the hex the unit stands in): null at
 * the start, which shows nothing. `plan` is `planMove`'s answer for the path the waypoints make;
 * `overrun`, when the path ends in an enemy's hex, how the overrun prices it (the last waypoint then
 * shows the whole move with the counter's cost, and the overrun's outcome).
 */
export function rulerLabels(
  plan: MovePlan | { readonly refused: MoveBreak },
  waypoints: readonly HexRef[],
  overrun?: RulerOverrun,
): (WaypointLabel | RefusedLabel | null)[] {
  if ("refused" in plan) return waypoints.map((_, i) => (i === waypoints.length - 1 && i > 0 ? { refused: plan.refused.text } : null));
  const allowance = movementAllowance(alwaysInMarchMode(plan.unit) ? "march" : plan.unit.mode);
  const at = stepsAtWaypoints(waypoints);
  const warnings = warningsOf(plan, overrun);
  const steps = overrun?.ok === true ? overrun.steps : plan.steps;
  let before = 0;
  return waypoints.map((hex, i) => {
    if (i === 0) return null;
    const last = i === waypoints.length - 1;
    const taken = steps.slice(0, at[i]);
    const whole = last && overrun?.ok === true ? overrun.outcome : null;
    const spent = whole?.mpSpent ?? taken.reduce((sum, s) => sum + s.mp, 0);
    const hits = whole?.hitsApplied ?? taken.reduce((sum, s) => sum + s.hits, 0);
    const leg = spent - before;
    before = spent;
    const left = plan.mpBefore - spent;
    const lines: Phrase[] = [phrase("NOBC.Ruler.Spent", { spent: halves(spent), leg: halves(leg) })];
    lines.push(
      left >= 0
        ? phrase("NOBC.Ruler.Left", { left: halves(left), allowance: halves(allowance) })
        : phrase("NOBC.Ruler.Over", { over: halves(-left), allowance: halves(allowance) }),
    );
    if (hits > 0) lines.push(phrase("NOBC.Ruler.Hits", { count: hits }));
    if (whole !== null) lines.push(whole.line);
    const shown = last ? warnings : [];
    return { hex, spent, leg, left, allowance, hits, lines, warnings: shown, warn: left < 0 || shown.length > 0 };
  });
}
