/**
 * A unit's move asked for on the board (`land.move`): the request's state, who may ask, what the GM
 * makes of the checked plan (carried out, carried out as an umpire's override, or refused), and the
 * card. Pure: the plan comes from `planMove` (src/world/movement.ts) over the GM's own read.
 */
import { z } from "zod";
import type { HexRef } from "../../../rules/ids";
import { phrase, type Phrase, type Resolution } from "../../../rules/resolution";
import type { Effect } from "../../../rules/effects";
import { speak } from "../../../words/phrase";
import { allowed, denied, type Access, type Card } from "../../base/controller";
import { boundedList, uuid } from "../../base/state-bounds";
import { movePathSteps } from "../../../map/rules-view";
import type { Battlefield } from "../../../world/battlefield";
import type { HqMovePlan, MoveBreak, MovePlan, MovementTurn } from "../../../world/movement";
import { overrunnable, type OverrunPlanOutcome } from "../../../world/overrun";
import { unitById, type LandWorld } from "../world";
import type { Translator } from "../view";

/** The most hexes one move may enter (a March Mode move on autobahn is 12; a GM's long correction fits too). */
export const MAX_MOVE_HEXES = 40;

const hexRef = z.string().regex(/^\d{4}$/, "NOBC.Validation.Query.Id");

/** What crosses the socket: the unit, the hexes it enters in order (its start left out), the minefields it crosses taking a hit. */
export const moveStateSchema = z
  .object({
    unit: uuid,
    path: boundedList(hexRef, MAX_MOVE_HEXES).min(1),
    ignoreMines: boundedList(hexRef, MAX_MOVE_HEXES),
    /** The id of the scene the mover dragged on: the GM checks and writes the move there, whichever scene it views. */
    scene: z.string().min(1).max(64).optional(),
  })
  .strict();

export type MoveState = z.infer<typeof moveStateSchema>;

export interface MoveWorld extends LandWorld {
  /** Where the turn stands for a move (`readMovementTurn`). */
  readonly movement: MovementTurn;
  /** The scene the move is checked and written on (id and name): the one dragged on, else the one this client views; null without one. */
  readonly scene: { readonly id: string; readonly name: string } | null;
  /** The id of the user asking (null: not known). */
  readonly asker: string | null;
}

/** The record a move's card keeps (`records.move`): the tracker lists this turn's moves from these. */
export interface MoveRecord {
  readonly unit: string;
  readonly from: HexRef;
  /** The hexes entered, in order. */
  readonly path: readonly HexRef[];
  readonly mpSpent: number;
  /** Carried out by a GM over the rules it breaks. */
  readonly override: boolean;
}

/** A player moves their own units and HQs; a GM any. */
export function moveAccess(state: MoveState, world: MoveWorld): Access {
  if (world.isGM) return allowed;
  const name = unitById(world.field, state.unit)?.name ?? world.field.hqs.find((h) => h.id === state.unit)?.name;
  if (name === undefined) return allowed; // planMove words it (notUnit)
  return world.owned.has(state.unit) ? allowed : denied("NOBC.Move.Refused.notYours", { unit: name });
}

/** An HQ's move: a player's only when it breaks nothing; a GM's over what it breaks (an override). */
export function decideHqMove(plan: HqMovePlan, world: MoveWorld): MoveDecision {
  if (plan.breaks.length === 0) return { ok: true, kind: "move", override: [] };
  if (world.isGM) return { ok: true, kind: "move", override: plan.breaks };
  return { ok: false, refusals: plan.breaks.map((b) => b.text) };
}

/** The card of an HQ's move: the token moved, no MP. */
export function hqMoveCard(plan: HqMovePlan, override: readonly MoveBreak[], i18n: Translator): Card {
  const title = override.length > 0 ? "NOBC.Move.Card.TitleOverride" : "NOBC.Move.Card.Title";
  const record: MoveRecord = { unit: plan.hq.id, from: plan.from, path: plan.path.slice(1), mpSpent: 0, override: override.length > 0 };
  return {
    title: i18n.format(title, { unit: plan.hq.name }),
    resolution: { breakdown: [], rolls: [], outcome: { from: plan.from, to: plan.to }, effects: [...plan.effects] },
    outcome: speak(phrase("NOBC.Move.Card.OutcomeHq", { unit: plan.hq.name, from: plan.from, to: plan.to }), i18n),
    inputs: [
      { label: i18n.localize("NOBC.Move.Card.Path"), value: plan.path.join(" → ") },
      ...override.map((b) => ({ label: i18n.localize("NOBC.Move.Card.Overridden"), value: speak(b.text, i18n) })),
    ],
    records: { move: record },
  };
}

/**
 * What the GM makes of a plan: carried out as a move or an overrun (with the rules it overrides, for
 * a GM), or refused with every reason.
 */
export type MoveDecision =
  | { readonly ok: true; readonly kind: "move" | "overrun"; readonly override: readonly MoveBreak[] }
  | { readonly ok: false; readonly refusals: readonly Phrase[] };

/** The rules of the turn (who moves when) and the path before the last hex: an overrun keeps them; its own pricing replaces the rest. */
const OVERRUN_KEEPS: ReadonlySet<MoveBreak["code"]> = new Set(["outOfPhase", "notYourGroup", "throughEnemy"]);

/**
 * A move whose last hex holds enemies: an overrun when only battalions, artillery and HQs stand
 * there (src/world/overrun.ts prices it and says what it costs), else refused (`intoEnemy`, with the
 * units in the way). A player's overrun must keep the turn's order; a GM's may override it.
 */
export function decideEnemyHex(plan: MovePlan, world: MoveWorld): MoveDecision {
  const hex = plan.enemyHex?.hex ?? plan.to;
  const can = overrunnable(world.field, plan);
  if (!can.ok)
    return {
      ok: false,
      refusals: [phrase("NOBC.Movement.Refused.intoEnemy", { unit: plan.unit.name, hex }), ...can.refusals.map((r) => r.text)],
    };
  const kept = plan.breaks.filter((b) => OVERRUN_KEEPS.has(b.code));
  if (kept.length === 0) return { ok: true, kind: "overrun", override: [] };
  if (world.isGM) return { ok: true, kind: "overrun", override: kept };
  return { ok: false, refusals: kept.map((b) => b.text) };
}

/**
 * A player's move is carried out only when it breaks no rule; a GM's is carried out over the rules it
 * breaks (an override, each rule listed on the card). Entering an enemy hex goes to `decideEnemyHex`.
 */
export function decideMove(plan: MovePlan, world: MoveWorld): MoveDecision {
  if (plan.enemyHex !== null) return decideEnemyHex(plan, world);
  if (plan.breaks.length === 0) return { ok: true, kind: "move", override: [] };
  if (world.isGM) return { ok: true, kind: "move", override: plan.breaks };
  return { ok: false, refusals: plan.breaks.map((b) => b.text) };
}

function hitsOf(effects: readonly Effect[], unit: string): number {
  let n = 0;
  for (const e of effects) if (e.type === "hits" && e.actor === unit) n += e.amount;
  return n;
}

/** The MP a plan spends (an override over the rules' refusal is priced step by step, down to 0 MP left). */
export function mpSpentOf(plan: MovePlan): number {
  return plan.mpBefore - plan.mpAfter;
}

/**
 * What the path costs, as the card's body prices it: the rules' price, or (a GM's override of a
 * refused path) the sum of its steps, which may be more than the unit had (its MP stop at 0).
 */
export function pathCostOf(plan: Pick<MovePlan, "priced" | "steps" | "mpBefore" | "mpAfter">): number {
  if (plan.priced !== null) return plan.priced.outcome.mpSpent;
  return plan.steps.length === 0 ? plan.mpBefore - plan.mpAfter : plan.steps.reduce((n, s) => n + s.mp, 0);
}

/** The card's first line: "34 PzBrig: 0201 → 0204, 3 MP spent, 1 MP left, 1 hit". */
export function moveOutcome(plan: MovePlan): Phrase {
  const base = { unit: plan.unit.name, from: plan.from, to: plan.to };
  if (plan.priced === null && plan.steps.length === 0) return phrase("NOBC.Move.Card.OutcomeUnpriced", base);
  const hits = hitsOf(plan.effects, plan.unit.id);
  // The path's cost, as the body and an overridden rule say it ("would need 5 MP"), not only what came off the unit.
  const counted = { ...base, spent: pathCostOf(plan), left: plan.mpAfter };
  return hits === 0
    ? phrase("NOBC.Move.Card.Outcome", counted)
    : phrase("NOBC.Move.Card.OutcomeHits", { ...counted, hits: phrase("NOBC.Move.Card.Hits", { count: hits }) });
}

/** The card of a move carried out: outcome first, the path and any overridden rule as inputs, the rules' breakdown step by step. */
export function moveCard(plan: MovePlan, override: readonly MoveBreak[], i18n: Translator): Card {
  const resolution: Resolution<{ readonly from: HexRef; readonly to: HexRef }> = {
    breakdown: plan.priced?.breakdown ?? [],
    rolls: [],
    outcome: { from: plan.from, to: plan.to },
    effects: [...plan.effects],
  };
  const record: MoveRecord = {
    unit: plan.unit.id,
    from: plan.from,
    path: plan.path.slice(1),
    mpSpent: mpSpentOf(plan),
    override: override.length > 0,
  };
  const title = override.length > 0 ? "NOBC.Move.Card.TitleOverride" : "NOBC.Move.Card.Title";
  return {
    title: i18n.format(title, { unit: plan.unit.name }),
    resolution,
    outcome: speak(moveOutcome(plan), i18n),
    inputs: [
      { label: i18n.localize("NOBC.Move.Card.Path"), value: plan.path.join(" → ") },
      ...override.map((b) => ({ label: i18n.localize("NOBC.Move.Card.Overridden"), value: speak(b.text, i18n) })),
    ],
    records: { move: record },
  };
}

/**
 * The card of an overrun carried out (src/world/overrun.ts): its own title and outcome line, the path
 * and any overridden rule as inputs, the whole breakdown; the move record counts the hexes the mover
 * entered (the last one only when it went into the hex).
 */
export function overrunCard(
  plan: MovePlan,
  resolved: Resolution<OverrunPlanOutcome>,
  override: readonly MoveBreak[],
  i18n: Translator,
): Card {
  const outcome = resolved.outcome;
  const record: MoveRecord = {
    unit: plan.unit.id,
    from: plan.from,
    path: outcome.entersHex ? plan.path.slice(1) : plan.path.slice(1, -1),
    mpSpent: outcome.mpSpent,
    override: override.length > 0,
  };
  return {
    title: speak(outcome.title, i18n),
    resolution: resolved,
    outcome: speak(outcome.line, i18n),
    inputs: [
      { label: i18n.localize("NOBC.Move.Card.Path"), value: plan.path.join(" → ") },
      ...override.map((b) => ({ label: i18n.localize("NOBC.Move.Card.Overridden"), value: speak(b.text, i18n) })),
    ],
    records: { move: record },
  };
}

/** The hexes of a path (start first) that hold a minefield: the mover chooses for each, +1 MP or 1 hit. */
export function minefieldsOn(field: Battlefield, path: readonly HexRef[]): HexRef[] {
  if (field.map === null || path.length < 2) return [];
  return movePathSteps(field.map, path, field.mapState)
    .filter((s) => s.mines === true)
    .map((s) => s.hex);
}
