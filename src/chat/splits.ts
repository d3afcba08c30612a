/**
 * "Between all" hits on a ground-combat card: which sides share hits their owners may split
 * differently, who may do it, and the effects of a new split (the rules check it). Pure.
 */
import type { Effect } from "../rules/effects";
import type { Checked } from "../rules/resolution";
import { groundCombatEffects, type GroundCombatOutcome, type GroundCombatPlan } from "../rules/nobc/land/combat";
import type { CombatHitCandidate, HitAllocation, HitShare } from "../rules/nobc/land/combat-hits";

export type SplitSide = "attackers" | "defenders";
export const SPLIT_SIDES: readonly SplitSide[] = ["attackers", "defenders"];

/** What a ground-combat card keeps so its hits can be split again before Apply. */
export interface GroundCombatCard {
  readonly plan: GroundCombatPlan;
  readonly outcome: GroundCombatOutcome;
  /** The owners' saved splits; a side not listed keeps the rules' proposal. */
  readonly splits: { readonly attackers?: readonly HitShare[]; readonly defenders?: readonly HitShare[] };
}

function allocation(card: GroundCombatCard, side: SplitSide): HitAllocation {
  return side === "attackers" ? card.outcome.attackerHits : card.outcome.defenderHits;
}

/** The units a side's shared hits may fall on: every candidate except artillery. */
export function splitUnits(card: GroundCombatCard, side: SplitSide): CombatHitCandidate[] {
  return allocation(card, side).candidates.filter((c) => !c.immune);
}

/** Sides whose hits are shared "between all", more than none, over two or more units: a choice to make. */
export function sharedSides(card: GroundCombatCard): SplitSide[] {
  return SPLIT_SIDES.filter((side) => {
    const hits = allocation(card, side);
    return !hits.each && hits.total > 0 && splitUnits(card, side).length >= 2;
  });
}

/** The split in force for a side: the saved one, else the proposal. */
export function currentSplit(card: GroundCombatCard, side: SplitSide): readonly HitShare[] {
  return card.splits[side] ?? allocation(card, side).proposal;
}

export interface SplitRow {
  readonly actor: string;
  readonly name: string;
  readonly strength: number;
  readonly hits: number;
}

/** One side's split as the card shows it: the total to share and each unit's hits now. */
export interface SplitView {
  readonly side: SplitSide;
  readonly total: number;
  readonly rows: readonly SplitRow[];
}

/** The editors the card shows: one per shared side, in order attackers, defenders. */
export function splitViews(card: GroundCombatCard): SplitView[] {
  return sharedSides(card).map((side) => {
    const hits = new Map(currentSplit(card, side).map((s) => [s.actor, s.hits]));
    return {
      side,
      total: allocation(card, side).total,
      rows: splitUnits(card, side).map((u) => ({ actor: u.id, name: u.name, strength: u.strength, hits: hits.get(u.id) ?? 0 })),
    };
  });
}

/** A card after a new split: the effects Apply will write and the saved splits. */
export interface Resplit {
  readonly effects: Effect[];
  readonly card: GroundCombatCard;
}

/**
 * The card with `split` for `side` (the other side's saved split kept). The rules check it and
 * refuse it with every reason: a wrong total, hits on artillery, a unit not in the combat.
 */
export function resplit(card: GroundCombatCard, side: SplitSide, split: readonly HitShare[]): Checked<Resplit> {
  const effects = groundCombatEffects(card.plan, card.outcome, { ...card.splits, [side]: split });
  if (!effects.ok) return effects;
  // Saved in candidate order with zeros filled in, as the rules read it.
  const given = new Map(split.map((s) => [s.actor, s.hits]));
  const saved = splitUnits(card, side).map((u) => ({ actor: u.id, hits: given.get(u.id) ?? 0 }));
  return { ok: true, value: { effects: effects.value, card: { ...card, splits: { ...card.splits, [side]: saved } } } };
}

/**
 * Every piece that fought in a ground combat (attackers, every unit of the defending hex, the artillery of
 * the fire missions), once each: what each side identifies of the other on Apply in a double-blind world.
 */
export function combatPieces(card: GroundCombatCard | undefined): string[] {
  if (card === undefined) return [];
  const { plan, outcome } = card;
  const artillery = (plan.fireMissions as readonly { readonly artillery?: readonly { readonly id: string }[] }[] | undefined) ?? [];
  return [
    ...new Set([
      ...plan.attackers.map((u) => u.id),
      ...plan.defenders.map((u) => u.id),
      ...artillery.flatMap((m) => (m.artillery ?? []).map((a) => a.id)),
      ...outcome.attackerHits.candidates.map((c) => c.id),
      ...outcome.defenderHits.candidates.map((c) => c.id),
    ]),
  ];
}
