/**
 * Who has acted in the current stage (issue #31, item 3), decided by pure functions: per team and
 * per HQ, done or still to act, from the players' ready marks (stored on the turn Combat, reset by
 * every stage move) and from what the rules see (an HQ whose Orders, or whose Resupply, is not yet
 * posted this turn). The Foundry shell is ./readiness-world.ts (reading) and ./readiness-request.ts
 * (a player's mark, a request the active GM writes). Readings: docs/rules-decisions.md, "Who has acted".
 */
import type { turn } from "../rules/index";
import { STAGE_ACTIONS } from "../rules/nobc/stage-actions";
import type { Side } from "../rules/nobc/land/types";

/** A ready mark: a whole team (its side) or one HQ (its actor UUID). */
export type ReadyMark = Side | `Actor.${string}`;

export function isSideMark(mark: string): mark is Side {
  return mark === "nato" || mark === "wp";
}

/** What the rules require of each HQ in a stage: the once-a-turn card it has to post, by its key's kind. */
export type RulesNeed = "orders" | "resupply";

const NEEDS: Partial<Readonly<Record<turn.StageId, RulesNeed>>> = { orders: "orders", resupply: "resupply" };

/** The card the rules require of every HQ in `stage`, or null (nothing the rules can see). */
export function rulesNeed(stage: turn.StageId): RulesNeed | null {
  return NEEDS[stage] ?? null;
}

/**
 * Whether a stage asks the players to act: Planning (team time), and every stage in which a player
 * may ask for something (the stage table). The stages only the tracker resolves (air-to-air combat,
 * superiority, the return, the hand-over of CAS) ask nobody, so nobody is "not ready" in them.
 */
export function asksReadiness(stage: turn.StageId): boolean {
  return stage === "planning" || STAGE_ACTIONS[stage].request.length > 0;
}

/** The marks with `mark` set or taken off, each once, in a stable order. */
export function withMark(marks: readonly string[], mark: ReadyMark, ready: boolean): string[] {
  const out = marks.filter((m) => m !== mark);
  if (ready) out.push(mark);
  return out.sort();
}

/** An HQ in the turn, as readiness reads it. */
export interface ReadinessHq {
  readonly uuid: string;
  readonly name: string;
  readonly side: Side;
}

export interface ReadinessInput {
  readonly stage: turn.StageId;
  readonly hqs: readonly ReadinessHq[];
  /** The marks stored for the current stage. */
  readonly marks: readonly string[];
  /** The HQs whose card the rules require is posted this turn (pending or applied, not undone). */
  readonly posted: ReadonlySet<string>;
  /** The names of the players acting for each HQ (not GMs), for the list of who is not ready. */
  readonly players: ReadonlyMap<string, readonly string[]>;
  /** The marks this user may set (ready or not): their team and HQs; every one for a GM. */
  readonly mayMark: (mark: ReadyMark) => boolean;
}

export interface HqReadinessView {
  readonly uuid: string;
  readonly name: string;
  /** The HQ's players by name, comma-separated ("" when nobody plays it but Control). */
  readonly players: string;
  /** Marked ready itself (not through its team). */
  readonly marked: boolean;
  /** Lang key of what the rules still want of it ("Orders not posted"), or null. */
  readonly needKey: string | null;
  readonly done: boolean;
  /** Whether this user may mark (or unmark) it. */
  readonly canMark: boolean;
}

export interface SideReadinessView {
  readonly side: Side;
  readonly labelKey: string;
  readonly marked: boolean;
  /** The team and each of its HQs done. */
  readonly done: boolean;
  readonly canMark: boolean;
  readonly hqs: readonly HqReadinessView[];
}

export interface ReadinessView {
  readonly stage: turn.StageId;
  readonly sides: readonly SideReadinessView[];
  /** Everyone done (also when the stage asks nobody). */
  readonly allDone: boolean;
}

const SIDE_LABELS: Readonly<Record<Side, string>> = { nato: "NOBC.Turn.Side.nato", wp: "NOBC.Turn.Side.wp" };
const NEED_LABELS: Readonly<Record<RulesNeed, string>> = {
  orders: "NOBC.Turn.Ready.Need.orders",
  resupply: "NOBC.Turn.Ready.Need.resupply",
};

/**
 * Per team with HQs in the turn, and per HQ: done or still to act. An HQ is done when it, or its
 * team, is marked ready and the rules want nothing more of it; a team is done when every HQ of it is.
 * A mark never hides what the rules see: a team marked ready with an HQ's Orders not posted is not done.
 * In a stage that asks nobody the view is empty and all done.
 */
export function readinessView(input: ReadinessInput): ReadinessView {
  if (!asksReadiness(input.stage)) return { stage: input.stage, sides: [], allDone: true };
  const marks = new Set(input.marks);
  const need = rulesNeed(input.stage);
  const sides: SideReadinessView[] = [];
  for (const side of ["nato", "wp"] as const) {
    const sideMarked = marks.has(side);
    const hqs = input.hqs
      .filter((h) => h.side === side)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((h): HqReadinessView => {
        const marked = marks.has(h.uuid);
        const needKey = need !== null && !input.posted.has(h.uuid) ? NEED_LABELS[need] : null;
        return {
          uuid: h.uuid,
          name: h.name,
          players: (input.players.get(h.uuid) ?? []).join(", "),
          marked,
          needKey,
          done: (marked || sideMarked) && needKey === null,
          canMark: input.mayMark(h.uuid as ReadyMark),
        };
      });
    if (hqs.length === 0) continue;
    sides.push({
      side,
      labelKey: SIDE_LABELS[side],
      marked: sideMarked,
      done: hqs.every((h) => h.done),
      canMark: input.mayMark(side),
      hqs,
    });
  }
  return { stage: input.stage, sides, allDone: sides.every((s) => s.done) };
}

/** One team not ready, for Control's confirm: the team and its HQs still to act, with their players and what the rules want. */
export interface NotReadySide {
  readonly labelKey: string;
  readonly hqs: readonly Pick<HqReadinessView, "name" | "players" | "needKey">[];
}

/** Who is not ready, team by team (empty when everyone is done). */
export function notReady(view: ReadinessView): NotReadySide[] {
  return view.sides
    .filter((s) => !s.done)
    .map((s) => ({
      labelKey: s.labelKey,
      hqs: s.hqs.filter((h) => !h.done).map((h) => ({ name: h.name, players: h.players, needKey: h.needKey })),
    }));
}

/**
 * What a stage move writes of readiness, on top of the move itself: the marks and Control's clock
 * of the stage left are cleared, and who was not ready when Control went on is recorded for the stage
 * entered (`overridden`, the team sides and HQ UUIDs). Only what is set is written, so a move in a
 * world without marks writes exactly what it wrote before.
 */
export function readinessOnMove(
  system: { readonly ready?: readonly string[]; readonly clockEndsAt?: number | null; readonly overridden?: readonly string[] },
  overridden: readonly string[] = [],
): { ready?: string[]; clockEndsAt?: null; overridden?: string[] } {
  const out: { ready?: string[]; clockEndsAt?: null; overridden?: string[] } = {};
  if ((system.ready ?? []).length > 0) out.ready = [];
  if (system.clockEndsAt !== undefined && system.clockEndsAt !== null) out.clockEndsAt = null;
  if (overridden.length > 0 || (system.overridden ?? []).length > 0) out.overridden = [...overridden];
  return out;
}

/** The marks of the teams and HQs not done: what the move records as overridden. */
export function overriddenMarks(view: ReadinessView): string[] {
  return view.sides.flatMap((s) => (s.done ? [] : [s.side, ...s.hqs.filter((h) => !h.done).map((h) => h.uuid)]));
}
