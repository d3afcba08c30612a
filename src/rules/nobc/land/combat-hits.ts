/**
 * Ground-combat hits (seed 000, Land War QRS, Combat Results Table and the notes below it): hits
 * "on each" unit or shared "between all", artillery immunity, and the hits for a retreat that
 * cannot be completed.
 */
import type { ActorRef } from "../../ids";
import { SEEDS, RefusalList, phrase, type Checked, type Resolution } from "../../resolution";
import type { CombatHits } from "./combat-tables";
import type { LandEffect } from "./effects";
import { applyHits } from "./hits";

/** A unit that can receive CRT hits. `immune` marks artillery, which takes no CRT hits. */
export interface CombatHitCandidate {
  id: ActorRef;
  name: string;
  strength: number;
  immune: boolean;
}

/** Hits given to one unit. */
export interface HitShare {
  actor: ActorRef;
  hits: number;
}

/** How one side's CRT hits fall, before anything is applied. */
export interface HitAllocation {
  /** True: `amount` on every unit (not changeable). False: `amount` shared, the owner may re-split. */
  each: boolean;
  /** The CRT's number: per unit when `each`, the whole total otherwise. */
  amount: number;
  candidates: CombatHitCandidate[];
  /** Hits the non-immune units take in all; a changed split must add up to this. */
  total: number;
  /** Shares that would have fallen on immune units and are not applied to anyone. */
  dropped: HitShare[];
  /** The proposed hits of every non-immune unit, in candidate order (zeros included). */
  proposal: HitShare[];
}

/**
 * The order in which the remainder of an even split is handed out: units that can take hits before
 * immune ones (so no remainder hit is dropped while another unit could take it), then strongest
 * first; ties keep the caller's order.
 */
function remainderOrder(candidates: readonly CombatHitCandidate[]): CombatHitCandidate[] {
  return candidates
    .map((c, index) => ({ c, index }))
    .sort((a, b) => Number(a.c.immune) - Number(b.c.immune) || b.c.strength - a.c.strength || a.index - b.index)
    .map(({ c }) => c);
}

/**
 * An even split of `total` over every candidate, immune ones included: each gets the same whole
 * share, and the remainder goes one by one to the units that can take hits, strongest first.
 */
export function evenHitSplit(total: number, candidates: readonly CombatHitCandidate[]): HitShare[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`hits must be a whole number ≥ 0, got ${total}`);
  if (candidates.length === 0) return [];
  const base = Math.floor(total / candidates.length);
  const extra = new Set(
    remainderOrder(candidates)
      .slice(0, total % candidates.length)
      .map((c) => c.id),
  );
  return candidates.map((c) => ({ actor: c.id, hits: base + (extra.has(c.id) ? 1 : 0) }));
}

/**
 * Where a CRT hit result falls on one side. Immune units keep no hits: "each" hits simply skip them,
 * and their even share of "between all" hits is dropped rather than passed to the others.
 */
export function allocateCombatHits(hits: CombatHits, candidates: readonly CombatHitCandidate[]): HitAllocation {
  const shares = hits.each ? candidates.map((c) => ({ actor: c.id, hits: hits.amount })) : evenHitSplit(hits.amount, candidates);
  const immune = new Set(candidates.filter((c) => c.immune).map((c) => c.id));
  const dropped = shares.filter((s) => immune.has(s.actor) && s.hits > 0);
  const proposal = shares.filter((s) => !immune.has(s.actor));
  return {
    each: hits.each,
    amount: hits.amount,
    candidates: candidates.map((c) => ({ ...c })),
    total: proposal.reduce((sum, s) => sum + s.hits, 0),
    dropped,
    proposal,
  };
}

/**
 * Checks an owner's split of shared hits: whole non-negative numbers, known units named once, no
 * hit on an immune unit, adding up to `total`. Yields the split in candidate order, zeros filled in.
 */
export function checkHitSplit(
  total: number,
  units: readonly Pick<CombatHitCandidate, "id" | "name" | "immune">[],
  split: readonly HitShare[],
): Checked<HitShare[]> {
  const refusals = new RefusalList();
  if (!Number.isInteger(total) || total < 0) {
    refusals.add("splitInvalidTotal", phrase("NOBC.Rules.Land.CombatHits.Refusal.splitInvalidTotal", { total: String(total) }), "total");
  }
  const byId = new Map(units.map((u) => [u.id, u]));
  const given = new Map<ActorRef, number>();
  split.forEach((share, i) => {
    const field = `split[${i}]`;
    const unit = byId.get(share.actor);
    if (unit === undefined) {
      refusals.add("splitUnknownUnit", phrase("NOBC.Rules.Land.CombatHits.Refusal.splitUnknownUnit", { unit: share.actor }), field);
      return;
    }
    if (given.has(share.actor)) {
      refusals.add("splitDuplicate", phrase("NOBC.Rules.Land.CombatHits.Refusal.splitDuplicate", { unit: unit.name }), field);
      return;
    }
    given.set(share.actor, share.hits);
    if (!Number.isInteger(share.hits) || share.hits < 0) {
      refusals.add(
        "splitInvalidHits",
        phrase("NOBC.Rules.Land.CombatHits.Refusal.splitInvalidHits", { unit: unit.name, hits: String(share.hits) }),
        field,
      );
    } else if (unit.immune && share.hits > 0) {
      refusals.add("splitImmune", phrase("NOBC.Rules.Land.CombatHits.Refusal.splitImmune", { unit: unit.name }), field);
    }
  });
  const sum = [...given.values()].reduce((a, b) => a + b, 0);
  if (refusals.empty && sum !== total) {
    refusals.add("splitTotal", phrase("NOBC.Rules.Land.CombatHits.Refusal.splitTotal", { count: sum, total }), "split");
  }
  return refusals.result(() => units.filter((u) => !u.immune).map((u) => ({ actor: u.id, hits: given.get(u.id) ?? 0 })));
}

/**
 * Hits and eliminations for a split, each share through `applyHits` (capped at strength, eliminated
 * at 0). A share for a unit not listed changes nothing.
 */
export function combatHitEffects(units: readonly Pick<CombatHitCandidate, "id" | "strength">[], split: readonly HitShare[]): LandEffect[] {
  const strength = new Map(units.map((u) => [u.id, u.strength]));
  return split.flatMap((share) => applyHits({ id: share.actor, strength: strength.get(share.actor) ?? 0 }, share.hits).effects);
}

/** Units of a split that the split brings to 0 strength. */
export function eliminatedBySplit(
  units: readonly Pick<CombatHitCandidate, "id" | "strength">[],
  split: readonly HitShare[],
): Set<ActorRef> {
  return new Set(
    combatHitEffects(units, split)
      .filter((e): e is Extract<LandEffect, { type: "eliminated" }> => e.type === "eliminated")
      .map((e) => e.actor),
  );
}

/** Seed 000, Land War QRS, retreat note: hits for each hex of a retreat the unit could not make. */
export const HITS_PER_HEX_NOT_RETREATED = 2;

/** Hits for a retreat of `required` hexes of which only `retreated` could be made. */
export function retreatShortfallHits(required: number, retreated: number): number {
  if (!Number.isInteger(required) || required < 0) throw new RangeError(`required retreat must be a whole number ≥ 0, got ${required}`);
  if (!Number.isInteger(retreated) || retreated < 0 || retreated > required) {
    throw new RangeError(`hexes retreated must be a whole number from 0 to ${required}, got ${retreated}`);
  }
  return HITS_PER_HEX_NOT_RETREATED * (required - retreated);
}

export interface RetreatShortfallInput {
  unit: { id: ActorRef; name: string; strength: number };
  /** Hexes the CRT result required. */
  required: number;
  /** Hexes the unit actually retreated. */
  retreated: number;
}

export interface RetreatShortfallOutcome {
  hexesShort: number;
  hits: number;
}

/** A unit that could not complete its retreat: 2 hits per hex short (artillery included, as if overrun). */
export function resolveRetreatShortfall(input: RetreatShortfallInput): Checked<Resolution<RetreatShortfallOutcome>> {
  const refusals = new RefusalList();
  const { unit, required, retreated } = input;
  if (!Number.isInteger(unit.strength) || unit.strength < 0) {
    refusals.add(
      "invalidStrength",
      phrase("NOBC.Rules.Land.CombatHits.Refusal.invalidStrength", { unit: unit.name, strength: String(unit.strength) }),
      "unit.strength",
    );
  }
  if (!Number.isInteger(required) || required < 0) {
    refusals.add(
      "invalidRetreat",
      phrase("NOBC.Rules.Land.CombatHits.Refusal.invalidRetreat", { unit: unit.name, required: String(required) }),
      "required",
    );
  } else if (!Number.isInteger(retreated) || retreated < 0 || retreated > required) {
    refusals.add(
      "invalidRetreat",
      phrase("NOBC.Rules.Land.CombatHits.Refusal.invalidRetreated", { unit: unit.name, count: required, retreated: String(retreated) }),
      "retreated",
    );
  }
  return refusals.result(() => {
    const hexesShort = required - retreated;
    const hits = retreatShortfallHits(required, retreated);
    return {
      breakdown: [
        {
          text: phrase("NOBC.Rules.Land.CombatHits.RetreatShortfall", {
            unit: unit.name,
            short: hexesShort,
            count: required,
            perHex: HITS_PER_HEX_NOT_RETREATED,
          }),
          value: hits,
          source: `${SEEDS.nobc}, Land War QRS: Combat Results Table, retreat note`,
        },
      ],
      rolls: [],
      outcome: { hexesShort, hits },
      effects: combatHitEffects([unit], [{ actor: unit.id, hits }]),
    };
  });
}
