/**
 * The turn's ground combats taken together (seed 000, Land War QRS, phase 4 "Ground Combat"):
 * the order of announcements, one target per attacking hex, and resources that serve only once.
 */
import type { ActorRef, CardRef, HexRef } from "../../ids";
import { RefusalList, phrase, type Checked, type Phrase, type Refusal } from "../../resolution";
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

/**
 * How the Warsaw Pact's "announce first" is read at a table that resolves combats one by one
 * (docs/rules-decisions.md, "Turn limits at an online table"; a world setting):
 * - `wpFirst`: the Warsaw Pact's combats of the turn all come before NATO's first; once NATO has
 *   fought a combat this turn, a Warsaw Pact combat is refused. NATO units the Warsaw Pact attacked
 *   this turn may not attack.
 * - `underAttack`: combats come in any order; only NATO units the Warsaw Pact attacked this turn may not attack.
 */
export type AnnouncementOrder = "wpFirst" | "underAttack";

export const ANNOUNCEMENT_ORDERS = ["wpFirst", "underAttack"] as const satisfies readonly AnnouncementOrder[];

/** A combat already fought this turn, as the turn limits read it. */
export interface TurnCombat {
  /** How a refusal names it (the caller's words: its target, its attackers, who asked for it). */
  readonly label: Phrase;
  readonly side: Side;
  readonly target: HexRef;
  readonly attackers: readonly { readonly id: ActorRef; readonly hex: HexRef }[];
  /** The units in the defending hex. */
  readonly defenders: readonly ActorRef[];
  /** The attacker's Front HQs that gave cards to it. */
  readonly frontHqs: readonly ActorRef[];
}

/** The turn's combats looked up by what each limit asks (the first combat kept for each key). */
export interface TurnCombatIndex {
  readonly byUnit: ReadonlyMap<ActorRef, TurnCombat>;
  /** By attacking hex. */
  readonly byHex: ReadonlyMap<HexRef, TurnCombat>;
  readonly byTarget: ReadonlyMap<HexRef, TurnCombat>;
  readonly byFrontHq: ReadonlyMap<ActorRef, TurnCombat>;
  /** NATO units in the defending hex of a Warsaw Pact combat. */
  readonly attackedByWp: ReadonlyMap<ActorRef, TurnCombat>;
  /** The first NATO combat of the turn, if any. */
  readonly firstNato?: TurnCombat;
}

function keepFirst<K>(map: Map<K, TurnCombat>, key: K, combat: TurnCombat): void {
  if (!map.has(key)) map.set(key, combat);
}

/** Indexes the turn's combats once (in the order fought), so each check is a few look-ups. */
export function indexTurnCombats(combats: readonly TurnCombat[]): TurnCombatIndex {
  const byUnit = new Map<ActorRef, TurnCombat>();
  const byHex = new Map<HexRef, TurnCombat>();
  const byTarget = new Map<HexRef, TurnCombat>();
  const byFrontHq = new Map<ActorRef, TurnCombat>();
  const attackedByWp = new Map<ActorRef, TurnCombat>();
  let firstNato: TurnCombat | undefined;
  for (const c of combats) {
    keepFirst(byTarget, c.target, c);
    for (const a of c.attackers) {
      keepFirst(byUnit, a.id, c);
      if (a.hex !== "") keepFirst(byHex, a.hex, c);
    }
    for (const hq of c.frontHqs) keepFirst(byFrontHq, hq, c);
    if (c.side === "wp") for (const d of c.defenders) keepFirst(attackedByWp, d, c);
    else firstNato ??= c;
  }
  return { byUnit, byHex, byTarget, byFrontHq, attackedByWp, ...(firstNato === undefined ? {} : { firstNato }) };
}

/** A combat about to be fought, as the turn limits check it. */
export interface NewTurnCombat {
  readonly side: Side;
  readonly target: HexRef;
  readonly attackers: readonly { readonly id: ActorRef; readonly hex: HexRef; readonly name: string }[];
  /** The attacker's Front HQs giving cards to it. */
  readonly frontHqs: readonly { readonly id: ActorRef; readonly name: string }[];
}

/**
 * Checks one combat against the turn's combats already fought (seed 000, Land War QRS, phase 4
 * "Ground Combat" A and B): each unit attacks once; the units of one hex attack one hex; a hex is
 * the target of one combat; a Front HQ gives cards to one combat; NATO units the Warsaw Pact
 * attacked may not attack; with `wpFirst`, no Warsaw Pact combat after NATO's first. Each refusal
 * names the earlier combat by its label.
 */
export function checkTurnLimits(combat: NewTurnCombat, index: TurnCombatIndex, order: AnnouncementOrder): Refusal[] {
  const refusals = new RefusalList();
  if (combat.side === "wp" && order === "wpFirst" && index.firstNato !== undefined) {
    refusals.add("wpAfterNato", phrase("NOBC.Rules.Land.CombatTurn.Earlier.wpAfterNato", { combat: index.firstNato.label }), "attackers");
  }
  const earlierTarget = index.byTarget.get(combat.target);
  if (earlierTarget !== undefined) {
    refusals.add(
      "targetAttacked",
      phrase("NOBC.Rules.Land.CombatTurn.Earlier.targetAttacked", { target: combat.target, combat: earlierTarget.label }),
      "target",
    );
  }
  const hexes = new Set<HexRef>();
  combat.attackers.forEach((unit, i) => {
    const field = `attackers[${i}]`;
    const attacked = index.byUnit.get(unit.id);
    if (attacked !== undefined)
      refusals.add(
        "unitAttacked",
        phrase("NOBC.Rules.Land.CombatTurn.Earlier.unitAttacked", { unit: unit.name, combat: attacked.label }),
        field,
      );
    const fromHex = unit.hex === "" ? undefined : index.byHex.get(unit.hex);
    // Once per hex; the same target again is the target's refusal above.
    if (fromHex !== undefined && fromHex.target !== combat.target && !hexes.has(unit.hex)) {
      hexes.add(unit.hex);
      refusals.add(
        "hexAttacked",
        phrase("NOBC.Rules.Land.CombatTurn.Earlier.hexAttacked", { hex: unit.hex, first: fromHex.target, combat: fromHex.label }),
        field,
      );
    }
    const underAttack = combat.side === "nato" ? index.attackedByWp.get(unit.id) : undefined;
    if (underAttack !== undefined) {
      refusals.add(
        "natoUnitAttacked",
        phrase("NOBC.Rules.Land.CombatTurn.Earlier.natoUnitAttacked", { unit: unit.name, combat: underAttack.label }),
        field,
      );
    }
  });
  for (const hq of combat.frontHqs) {
    const supported = index.byFrontHq.get(hq.id);
    if (supported !== undefined)
      refusals.add(
        "frontHqUsed",
        phrase("NOBC.Rules.Land.CombatTurn.Earlier.frontHqUsed", { hq: hq.name, combat: supported.label }),
        "support",
      );
  }
  return refusals.items;
}
