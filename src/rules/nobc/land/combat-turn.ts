/**
 * The turn's ground combats taken together (seed 000, Land War QRS, phase 4 "Ground Combat"):
 * the order of announcements, one target per attacking hex, and resources that serve only once.
 */
import type { ActorRef, CardRef, HexRef } from "../../ids";
import { RefusalList, phrase, type Checked } from "../../resolution";
import { checkCombatParties, type CombatAdjacency } from "./combat-eligibility";
import type { GroundCombatPlan } from "./combat";
import type { LandUnit, Side } from "./types";

/** One announced attack: the side, the defending hex and the attacking units. */
export interface GroundCombatAnnouncement {
  side: Side;
  target: HexRef;
  attackers: readonly ActorRef[];
}

export interface GroundCombatAnnouncementContext {
  units: readonly LandUnit[];
  adjacency: CombatAdjacency;
}

/** Remembers the first key → value seen and reports a different later value. */
class FirstSeen<K, V> {
  private readonly seen = new Map<K, V>();
  /** The value first recorded for `key` if it differs from `value`; records `value` otherwise. */
  conflict(key: K, value: V): V | undefined {
    const first = this.seen.get(key);
    if (first === undefined) {
      this.seen.set(key, value);
      return undefined;
    }
    return first === value ? undefined : first;
  }
}

/**
 * Checks the turn's announcements in the order made: the Warsaw Pact announces all its attacks
 * first; NATO units whose hex the Warsaw Pact attacks may not announce; units of one hex attack
 * one hex only; each unit attacks once; a hex is attacked by one combat (from as many hexes as wished).
 */
export function checkGroundCombatAnnouncements(
  announcements: readonly GroundCombatAnnouncement[],
  context: GroundCombatAnnouncementContext,
): Checked<GroundCombatAnnouncement[]> {
  const refusals = new RefusalList();
  const wpTargets = new Set(announcements.filter((a) => a.side === "wp").map((a) => a.target));
  const targets = new Set<HexRef>();
  const unitTarget = new FirstSeen<ActorRef, number>();
  const hexTarget = new FirstSeen<HexRef, HexRef>();
  let natoHasAnnounced = false;
  announcements.forEach((a, i) => {
    const field = `announcements[${i}]`;
    if (a.side === "nato") natoHasAnnounced = true;
    else if (natoHasAnnounced) {
      refusals.add("wpAnnouncesFirst", phrase("NOBC.Rules.Land.CombatTurn.Refusal.wpAnnouncesFirst", { target: a.target }), field);
    }
    if (targets.has(a.target)) {
      refusals.add(
        "targetAnnouncedTwice",
        phrase("NOBC.Rules.Land.CombatTurn.Refusal.targetAnnouncedTwice", { target: a.target }),
        `${field}.target`,
      );
    }
    targets.add(a.target);
    const { attackers } = checkCombatParties(refusals, context.units, context.adjacency, a.side, a.target, a.attackers, `${field}.`);
    for (const unit of attackers) {
      if (unitTarget.conflict(unit.id, i) !== undefined) {
        refusals.add(
          "unitAttacksTwice",
          phrase("NOBC.Rules.Land.CombatTurn.Refusal.unitAnnouncedTwice", { unit: unit.name }),
          `${field}.attackers`,
        );
      }
      const earlier = hexTarget.conflict(unit.hex, a.target);
      if (earlier !== undefined) {
        refusals.add(
          "hexAttacksTwice",
          phrase("NOBC.Rules.Land.CombatTurn.Refusal.hexAttacksTwice", { hex: unit.hex, first: earlier, second: a.target }),
          `${field}.attackers`,
        );
      }
      if (a.side === "nato" && wpTargets.has(unit.hex)) {
        refusals.add(
          "natoUnitUnderAttack",
          phrase("NOBC.Rules.Land.CombatTurn.Refusal.natoUnitUnderAttack", { unit: unit.name, hex: unit.hex }),
          `${field}.attackers`,
        );
      }
    }
  });
  return refusals.result(() => announcements.map((a) => ({ ...a, attackers: [...a.attackers] })));
}

/**
 * Checks the turn's planned combats together: one combat per target, each unit attacks once and
 * each hex one target, a Warsaw Pact Front HQ supports one combat only, a card, CAS squadron or
 * artillery unit serves in one combat, and no unit spends more SP on fire missions than it carries.
 */
export function checkGroundCombatTurn(plans: readonly GroundCombatPlan[]): Checked<readonly GroundCombatPlan[]> {
  const refusals = new RefusalList();
  const targets = new Set<HexRef>();
  const unitTarget = new FirstSeen<ActorRef, number>();
  const hexTarget = new FirstSeen<HexRef, HexRef>();
  const frontCombat = new FirstSeen<ActorRef, number>();
  const cardCombat = new FirstSeen<CardRef, number>();
  const casCombat = new FirstSeen<ActorRef, number>();
  const gunCombat = new FirstSeen<ActorRef, number>();
  const supply = new Map<ActorRef, { name: string; spent: number; available: number }>();
  plans.forEach((plan, i) => {
    const field = `plans[${i}]`;
    if (targets.has(plan.target)) {
      refusals.add("targetAttackedTwice", phrase("NOBC.Rules.Land.CombatTurn.Refusal.targetAttackedTwice", { target: plan.target }), field);
    }
    targets.add(plan.target);
    for (const unit of plan.attackers) {
      if (unitTarget.conflict(unit.id, i) !== undefined) {
        refusals.add("unitAttacksTwice", phrase("NOBC.Rules.Land.CombatTurn.Refusal.unitAttacksTwice", { unit: unit.name }), field);
      }
      const earlier = hexTarget.conflict(unit.hex, plan.target);
      if (earlier !== undefined) {
        refusals.add(
          "hexAttacksTwice",
          phrase("NOBC.Rules.Land.CombatTurn.Refusal.hexAttacksTwice", { hex: unit.hex, first: earlier, second: plan.target }),
          field,
        );
      }
    }
    for (const s of plan.support) {
      if (s.echelon === "front" && frontCombat.conflict(s.hq, i) !== undefined) {
        refusals.add("frontHqTwice", phrase("NOBC.Rules.Land.CombatTurn.Refusal.frontHqTwice", { hq: s.hqName }), field);
      }
      for (const card of s.cards) {
        if (cardCombat.conflict(card, i) !== undefined) {
          refusals.add("cardUsedTwice", phrase("NOBC.Rules.Land.CombatTurn.Refusal.cardUsedTwice", { card }), field);
        }
      }
    }
    for (const squadron of plan.cas) {
      if (casCombat.conflict(squadron.id, i) !== undefined) {
        refusals.add("casUsedTwice", phrase("NOBC.Rules.Land.CombatTurn.Refusal.casUsedTwice", { squadron: squadron.name }), field);
      }
    }
    for (const gun of plan.fireMissions.flatMap((m) => m.artillery)) {
      if (gunCombat.conflict(gun.id, i) !== undefined) {
        refusals.add("artilleryFiresTwice", phrase("NOBC.Rules.Land.CombatTurn.Refusal.artilleryFiresTwice", { unit: gun.name }), field);
      }
    }
    for (const s of plan.supplySpent) {
      const entry = supply.get(s.actor) ?? { name: s.name, spent: 0, available: s.available };
      entry.spent += s.spent;
      supply.set(s.actor, entry);
    }
  });
  for (const [actor, s] of supply) {
    if (s.spent > s.available) {
      refusals.add(
        "supplyOverspent",
        phrase("NOBC.Rules.Land.CombatTurn.Refusal.supplyOverspent", { unit: s.name, available: s.available, spent: s.spent }),
        actor,
      );
    }
  }
  return refusals.result(() => [...plans]);
}
