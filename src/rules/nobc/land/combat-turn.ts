/**
 * The turn's ground combats taken together (seed 000, Land War QRS, phase 4 "Ground Combat"):
 * the order of announcements, one target per attacking hex, and resources that serve only once.
 */
import type { ActorRef, CardRef, HexRef } from "../../ids";
import { RefusalList, type Checked } from "../../resolution";
import { checkCombatParties, sideName, type CombatAdjacency } from "./combat-eligibility";
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
      refusals.add(
        "wpAnnouncesFirst",
        `The Warsaw Pact attack on hex ${a.target} comes after a NATO announcement; the Warsaw Pact announces all its attacks first.`,
        field,
      );
    }
    if (targets.has(a.target)) {
      refusals.add(
        "targetAnnouncedTwice",
        `Hex ${a.target} is announced as a target twice; join the attacks into one combat.`,
        `${field}.target`,
      );
    }
    targets.add(a.target);
    const { attackers } = checkCombatParties(refusals, context.units, context.adjacency, a.side, a.target, a.attackers, `${field}.`);
    for (const unit of attackers) {
      if (unitTarget.conflict(unit.id, i) !== undefined) {
        refusals.add("unitAttacksTwice", `${unit.name} is announced in more than one attack.`, `${field}.attackers`);
      }
      const earlier = hexTarget.conflict(unit.hex, a.target);
      if (earlier !== undefined) {
        refusals.add(
          "hexAttacksTwice",
          `Units in hex ${unit.hex} attack hex ${earlier} and hex ${a.target}; one hex attacks only one hex.`,
          `${field}.attackers`,
        );
      }
      if (a.side === "nato" && wpTargets.has(unit.hex)) {
        refusals.add(
          "natoUnitUnderAttack",
          `${unit.name} stands in hex ${unit.hex}, which the ${sideName("wp")} has announced it will attack, so it cannot announce an attack.`,
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
      refusals.add("targetAttackedTwice", `Hex ${plan.target} is the target of more than one combat.`, field);
    }
    targets.add(plan.target);
    for (const unit of plan.attackers) {
      if (unitTarget.conflict(unit.id, i) !== undefined) {
        refusals.add("unitAttacksTwice", `${unit.name} attacks in more than one combat.`, field);
      }
      const earlier = hexTarget.conflict(unit.hex, plan.target);
      if (earlier !== undefined) {
        refusals.add(
          "hexAttacksTwice",
          `Units in hex ${unit.hex} attack hex ${earlier} and hex ${plan.target}; one hex attacks only one hex.`,
          field,
        );
      }
    }
    for (const s of plan.support) {
      if (s.echelon === "front" && frontCombat.conflict(s.hq, i) !== undefined) {
        refusals.add("frontHqTwice", `${s.hqName} is a Front HQ and supports only one combat a turn.`, field);
      }
      for (const card of s.cards) {
        if (cardCombat.conflict(card, i) !== undefined) {
          refusals.add("cardUsedTwice", `Card ${card} is played in more than one combat.`, field);
        }
      }
    }
    for (const squadron of plan.cas) {
      if (casCombat.conflict(squadron.id, i) !== undefined) {
        refusals.add("casUsedTwice", `CAS ${squadron.name} flies in more than one combat.`, field);
      }
    }
    for (const gun of plan.fireMissions.flatMap((m) => m.artillery)) {
      if (gunCombat.conflict(gun.id, i) !== undefined) {
        refusals.add("artilleryFiresTwice", `${gun.name} fires in more than one combat.`, field);
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
      refusals.add("supplyOverspent", `${s.name} carries ${s.available} SP but its fire missions this turn cost ${s.spent}.`, actor);
    }
  }
  return refusals.result(() => [...plans]);
}
