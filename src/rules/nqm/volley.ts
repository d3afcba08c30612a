import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { phrase, type BreakdownLine, type PhraseArg, type RefusalList } from "../resolution";
import type { NqmEffect } from "./effects";
import {
  FIREFIGHT_SOURCE,
  SHIFTS,
  SHIFT_SOURCE,
  WEIGHT_CLASSES,
  hitsFor,
  weightLabel,
  type ShiftReason,
  type WeightClass,
} from "./firefight-table";
import { spreadHits, type PinnedStand, type SpreadResult } from "./hits";
import { isCount } from "./validate";

/** Dice of one weight fired by one stand or battery at targets of one protection class. */
export interface FireBatch {
  firer: ActorRef;
  weight: WeightClass;
  dice: number;
  against: WeightClass;
}

/** A stand under fire, with the protection class it counts as (Table 10). */
export interface TargetStand extends PinnedStand {
  protection: WeightClass;
}

/** The lang key of each shift's reason. */
export const SHIFT_LABEL: Readonly<Record<ShiftReason, string>> = {
  ambushEffective: "NOBC.Rules.Nqm.Shift.ambushEffective",
  ambushContact: "NOBC.Rules.Nqm.Shift.ambushContact",
  contactRange: "NOBC.Rules.Nqm.Shift.contactRange",
};

/** Refuses a malformed batch list or target list, naming the side (a unit's name, or a phrase such as "Artillery"). */
export function checkFire(
  refusals: RefusalList,
  side: PhraseArg,
  fire: readonly FireBatch[],
  targets: readonly TargetStand[],
  field: string,
): void {
  const at = field === "" ? "fire" : `${field}.fire`;
  fire.forEach((b, i) => {
    if (!isCount(b.dice, 1)) {
      refusals.add(
        "badNumber",
        phrase("NOBC.Rules.Nqm.Volley.Refusal.badNumber", { side, batch: i + 1, firer: b.firer, dice: String(b.dice) }),
        `${at}[${i}].dice`,
      );
    }
    if (!WEIGHT_CLASSES.includes(b.weight) || !WEIGHT_CLASSES.includes(b.against)) {
      refusals.add("badClass", phrase("NOBC.Rules.Nqm.Volley.Refusal.badClass", { side, batch: i + 1, firer: b.firer }), `${at}[${i}]`);
    } else if (!targets.some((t) => t.protection === b.against)) {
      refusals.add(
        "noTarget",
        phrase("NOBC.Rules.Nqm.Volley.Refusal.noTarget", { side, batch: i + 1, firer: b.firer, against: weightLabel(b.against) }),
        `${at}[${i}].against`,
      );
    }
  });
}

/** Refuses stands whose strength or pins are not sensible. */
export function checkStands(refusals: RefusalList, side: PhraseArg, stands: readonly PinnedStand[], field: string): void {
  stands.forEach((s, i) => {
    if (!isCount(s.strength, 1) || !isCount(s.red) || !isCount(s.black)) {
      refusals.add("badStand", phrase("NOBC.Rules.Nqm.Volley.Refusal.badStand", { side, stand: s.actor }), `${field}[${i}]`);
    } else if (s.red + s.black > s.strength) {
      refusals.add("overloaded", phrase("NOBC.Rules.Nqm.Volley.Refusal.overloaded", { side, stand: s.actor }), `${field}[${i}]`);
    }
  });
}

export interface VolleyResult {
  breakdown: BreakdownLine[];
  rolls: number[];
  /** Hits scored on the table, and hits applied after any halving. */
  hits: number;
  applied: number;
  /** Hits scored by each batch, in the order given. */
  batchHits: number[];
  spread: SpreadResult;
  effects: NqmEffect[];
}

/**
 * Rolls every batch of one side (one die per CU or FU), reads Table 12 and spreads the hits over
 * the targets of each protection class. Ammunition spent is returned as effects on the firers.
 */
export function fireVolley(
  side: PhraseArg,
  fire: readonly FireBatch[],
  targets: readonly TargetStand[],
  dice: Dice,
  shift: ShiftReason | undefined,
  keep: (hits: number) => number = (hits) => hits,
): VolleyResult {
  const shifts = shift === undefined ? 0 : SHIFTS[shift];
  const breakdown: BreakdownLine[] = [];
  if (shift !== undefined) {
    breakdown.push({
      text: phrase("NOBC.Rules.Nqm.Volley.Shift", { side, shift: phrase(SHIFT_LABEL[shift]) }),
      value: shifts,
      source: SHIFT_SOURCE,
    });
  }
  const rolls: number[] = [];
  const hitsByClass = new Map<WeightClass, number>();
  const ammo = new Map<ActorRef, number>();
  const batchHits: number[] = [];
  for (const batch of fire) {
    const faces = dice.roll(batch.dice);
    rolls.push(...faces);
    const hits = faces.reduce((sum, f) => sum + hitsFor(batch.weight, batch.against, f, shifts), 0);
    breakdown.push({
      text: phrase("NOBC.Rules.Nqm.Volley.Batch", {
        side,
        dice: batch.dice,
        weight: weightLabel(batch.weight),
        firer: batch.firer,
        against: weightLabel(batch.against),
        faces: faces.join(" "),
      }),
      value: hits,
      source: FIREFIGHT_SOURCE,
    });
    batchHits.push(hits);
    hitsByClass.set(batch.against, (hitsByClass.get(batch.against) ?? 0) + hits);
    ammo.set(batch.firer, (ammo.get(batch.firer) ?? 0) + batch.dice);
  }
  const spread: SpreadResult = { stands: [], wasted: 0 };
  let applied = 0;
  for (const [protection, hits] of hitsByClass) {
    const kept = keep(hits);
    applied += kept;
    const group = spreadHits(
      targets.filter((t) => t.protection === protection),
      kept,
    );
    spread.stands.push(...group.stands);
    spread.wasted += group.wasted;
  }
  const effects: NqmEffect[] = [...ammo].map(([actor, spent]) => ({ type: "ammo", actor, delta: -spent }));
  return { breakdown, rolls, hits: [...hitsByClass.values()].reduce((a, b) => a + b, 0), applied, batchHits, spread, effects };
}
