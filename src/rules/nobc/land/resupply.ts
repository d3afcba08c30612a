/**
 * Land War phase 6, Resupply & HQ Recovery (seed 000, Land War QRS): who an HQ may supply, how much
 * each unit carries, and how many levels an HQ wins back afterwards.
 */
import type { ActorRef } from "../../ids";
import { RefusalList, SEEDS, phrase, type BreakdownLine, type Checked, type Resolution } from "../../resolution";
import type { LandEffect } from "./effects";
import { categoriesWhere, categoryName, discardsAfterUse, supportCardRecord } from "./card-categories";
import { sizeName } from "./words";
import type { LandHq, LandUnit, SupportCard, SupportCardCategory, UnitSize } from "./types";
import { tableEntry } from "../../validate";
import { nationalityName } from "../../nationalities";
import { DEFAULT_RECOVERY_OPTIONS, type RecoveryOptions } from "./options";

const PHASE = `${SEEDS.nobc}, Land War QRS: 6. Resupply & HQ Recovery`;
const DECISIONS = "docs/rules-decisions.md";

/**
 * seed 000 (NOBC), Land War QRS, 6. Resupply: supply points a unit can carry by size. The seed
 * names divisions (3), brigades (2) and battalions (none); regiments count as brigades (decision).
 */
export const SUPPLY_CAPACITY: Readonly<Record<UnitSize, number>> = {
  division: 3,
  brigade: 2,
  regiment: 2,
  battalion: 0,
};

/** seed 000 (NOBC), Land War QRS, 6. HQ Recovery: levels regained, and the cards that add to it. */
export const HQ_RECOVERY = { base: 1, perCard: 1, maxCards: 2 } as const;
/** The categories whose record has an HQ-recovery use (Signals, Logistics, Rear Troops). */
export const HQ_RECOVERY_CARDS: readonly SupportCardCategory[] = categoriesWhere((r) => r.uses.hqRecovery === true);

/** Supply points a unit of this size can carry (HQs and artillery carry none: see `unitSupplyCapacity`). */
export function supplyCapacity(size: UnitSize): number {
  const cap = tableEntry(SUPPLY_CAPACITY, size, "unit size");
  return cap;
}

/** Supply points this unit can carry: by size, and none for artillery of any size. */
export function unitSupplyCapacity(unit: Pick<LandUnit, "size" | "arm">): number {
  const bySize = supplyCapacity(unit.size);
  return unit.arm === "artillery" ? 0 : bySize;
}

// ---------------------------------------------------------------------------------------------
// Resupply

/** A unit the HQ might supply, with the map facts the rules need. */
export interface ResupplyCandidate {
  unit: Pick<LandUnit, "id" | "name" | "side" | "size" | "arm" | "supply" | "nationality" | "hq">;
  /** WP only: the Front above the unit's Army (needed when a Front hands out supply). */
  front?: ActorRef;
  onOrAdjacentToRoad: boolean;
  /** Hexes from the HQ to the unit. */
  distance: number;
  /** How many of those hexes run along an autobahn (they count half). */
  autobahnHexes?: number;
}

export interface ResupplyInput {
  hq: Pick<LandHq, "id" | "name" | "side" | "echelon" | "level" | "radius" | "nationality">;
  candidates: readonly ResupplyCandidate[];
  /** Supply counters the HQ gives each unit, by unit id. */
  allocation: Readonly<Record<ActorRef, number>>;
}

export interface ResupplyOutcome {
  given: { unit: ActorRef; counters: number }[];
  countersUsed: number;
  /** What the breakdown adds up to: the counters handed out. */
  total: number;
  countersLeft: number;
}

/** Checks an HQ's hand-out of supply counters and returns the supply each unit gains. */
export function resolveResupply(input: ResupplyInput): Checked<Resolution<ResupplyOutcome>> {
  const { hq, allocation } = input;
  const checks = new RefusalList();
  if (!Number.isInteger(hq.level) || hq.level < 0) {
    checks.add("badHqLevel", phrase("NOBC.Rules.Land.Resupply.Refusal.badHqLevel", { hq: hq.name, level: String(hq.level) }), "hq.level");
  }
  if (!Number.isFinite(hq.radius) || hq.radius < 0) {
    checks.add("badRadius", phrase("NOBC.Rules.Land.Resupply.Refusal.badRadius", { hq: hq.name, radius: String(hq.radius) }), "hq.radius");
  }
  const byId = new Map(input.candidates.map((c) => [c.unit.id, c]));
  const given: { unit: ActorRef; counters: number }[] = [];
  const armies = new Set<ActorRef | undefined>();
  for (const [id, counters] of Object.entries(allocation)) {
    const field = `allocation.${id}`;
    if (!Number.isInteger(counters) || counters < 0) {
      checks.add("badCounters", phrase("NOBC.Rules.Land.Resupply.Refusal.badCounters", { unit: id, counters: String(counters) }), field);
      continue;
    }
    const candidate = byId.get(id);
    if (candidate === undefined) {
      checks.add("unknownUnit", phrase("NOBC.Rules.Land.Resupply.Refusal.unknownUnit", { unit: id }), field);
      continue;
    }
    if (counters === 0) continue;
    eligibility(hq, candidate, checks, field);
    capacity(candidate, counters, checks, field);
    armies.add(candidate.unit.hq);
    given.push({ unit: id, counters });
  }
  if (hq.side === "wp" && hq.echelon === "front" && armies.size > 1) {
    checks.add("frontOneArmy", phrase("NOBC.Rules.Land.Resupply.Refusal.frontOneArmy", { hq: hq.name, armies: armies.size }), "allocation");
  }
  const used = given.reduce((sum, g) => sum + g.counters, 0);
  if (used > hq.level) {
    checks.add(
      "overAllocation",
      phrase("NOBC.Rules.Land.Resupply.Refusal.overAllocation", { hq: hq.name, count: used, level: hq.level }),
      "allocation",
    );
  }

  return checks.result(() => {
    const breakdown: BreakdownLine[] = [
      { text: phrase("NOBC.Rules.Land.Resupply.HandOut", { hq: hq.name, count: hq.level }), value: 0, source: PHASE },
    ];
    const effects: LandEffect[] = [];
    for (const g of given) {
      const name = byId.get(g.unit)!.unit.name;
      breakdown.push({ text: phrase("NOBC.Rules.Land.Resupply.To", { unit: name }), value: g.counters, source: PHASE });
      effects.push({ type: "supply", actor: g.unit, delta: g.counters });
    }
    return { breakdown, rolls: [], outcome: { given, countersUsed: used, total: used, countersLeft: hq.level - used }, effects };
  });
}

/** Why a unit is not this HQ's to supply at all, whatever the map says; null when it is. */
export type ResupplyUnrelated = "wrongSide" | "wrongNationality" | "notInFront" | "notInArmy";

/**
 * Whether the HQ supplies this unit at all: its side, and for NATO its nationality, for a WP Front
 * the units of its Armies (`front`), for another WP HQ its own units. Needs no map, so callers
 * check it before they search for routes.
 */
export function resupplyUnrelated(
  hq: Pick<ResupplyInput["hq"], "id" | "side" | "echelon" | "nationality">,
  c: Pick<ResupplyCandidate, "unit" | "front">,
): ResupplyUnrelated | null {
  const { unit } = c;
  if (unit.side !== hq.side) return "wrongSide";
  if (hq.side === "nato" && unit.nationality !== hq.nationality) return "wrongNationality";
  if (hq.side === "wp" && hq.echelon === "front" && c.front !== hq.id) return "notInFront";
  if (hq.side === "wp" && hq.echelon !== "front" && unit.hq !== hq.id) return "notInArmy";
  return null;
}

/** Adds a refusal for each reason this HQ may not supply this unit. */
function eligibility(hq: ResupplyInput["hq"], c: ResupplyCandidate, checks: RefusalList, field: string): void {
  const { unit } = c;
  const unrelated = resupplyUnrelated(hq, c);
  if (unrelated === "wrongSide") {
    checks.add("wrongSide", phrase("NOBC.Rules.Land.Resupply.Refusal.wrongSide", { unit: unit.name, hq: hq.name }), field);
  } else if (unrelated === "wrongNationality") {
    checks.add(
      "wrongNationality",
      phrase("NOBC.Rules.Land.Resupply.Refusal.wrongNationality", {
        hq: hq.name,
        hqNationality: nationalityName(hq.nationality),
        unit: unit.name,
        unitNationality: nationalityName(unit.nationality),
      }),
      field,
    );
  } else if (unrelated === "notInFront") {
    checks.add("notInFront", phrase("NOBC.Rules.Land.Resupply.Refusal.notInFront", { unit: unit.name, hq: hq.name }), field);
  } else if (unrelated === "notInArmy") {
    checks.add("notInArmy", phrase("NOBC.Rules.Land.Resupply.Refusal.notInArmy", { unit: unit.name, hq: hq.name }), field);
  }
  if (!c.onOrAdjacentToRoad) {
    checks.add("offRoad", phrase("NOBC.Rules.Land.Resupply.Refusal.offRoad", { unit: unit.name }), field);
  }
  const autobahn = c.autobahnHexes ?? 0;
  const reach = reachProblem(hq, c);
  if (reach === "badDistance") {
    checks.add(
      "badDistance",
      phrase("NOBC.Rules.Land.Resupply.Refusal.badDistance", { unit: unit.name, distance: String(c.distance), autobahn: String(autobahn) }),
      field,
    );
  } else if (reach === "outOfRadius") {
    checks.add(
      "outOfRadius",
      phrase(autobahn > 0 ? "NOBC.Rules.Land.Resupply.Refusal.outOfRadiusAutobahn" : "NOBC.Rules.Land.Resupply.Refusal.outOfRadius", {
        unit: unit.name,
        count: c.distance,
        hq: hq.name,
        autobahn,
        radius: hq.radius,
      }),
      field,
    );
  }
}

/** Why the unit is out of the HQ's reach: a distance that is no count of hexes, or past the radius (autobahn hexes half); null: within. */
function reachProblem(hq: Pick<ResupplyInput["hq"], "radius">, c: ResupplyCandidate): "badDistance" | "outOfRadius" | null {
  const autobahn = c.autobahnHexes ?? 0;
  if (!Number.isInteger(c.distance) || c.distance < 0 || !Number.isInteger(autobahn) || autobahn < 0 || autobahn > c.distance)
    return "badDistance";
  return c.distance - autobahn / 2 > hq.radius ? "outOfRadius" : null;
}

/** Why the unit cannot take `counters` more: a supply that is no count, none carried at all, or past its capacity; null when it can. */
function capacityProblem(unit: ResupplyCandidate["unit"], counters: number): "badSupply" | "carriesNoSupply" | "overCapacity" | null {
  const cap = unitSupplyCapacity(unit);
  if (!Number.isInteger(unit.supply) || unit.supply < 0) return "badSupply";
  if (cap === 0) return "carriesNoSupply";
  return unit.supply + counters > cap ? "overCapacity" : null;
}

/**
 * Whether `resolveResupply` accepts a hand-out of `counters` to this one candidate: the same checks
 * (the HQ's level and radius, the counters, the unit's relation to the HQ, road, reach, capacity, and
 * the HQ's level against the counters), answered without building the refusals or the resolution.
 * What an entry card needs to count the units an HQ may resupply (issue #35).
 */
export function resupplyAccepts(hq: ResupplyInput["hq"], c: ResupplyCandidate, counters: number): boolean {
  if (!Number.isInteger(hq.level) || hq.level < 0 || !Number.isFinite(hq.radius) || hq.radius < 0) return false;
  if (!Number.isInteger(counters) || counters < 0) return false;
  if (counters === 0) return true;
  if (resupplyUnrelated(hq, c) !== null || !c.onOrAdjacentToRoad || reachProblem(hq, c) !== null) return false;
  return capacityProblem(c.unit, counters) === null && counters <= hq.level;
}

/** Adds a refusal when the counters would take the unit past what it can carry. */
function capacity(c: ResupplyCandidate, counters: number, checks: RefusalList, field: string): void {
  const { unit } = c;
  const cap = unitSupplyCapacity(unit);
  const problem = capacityProblem(unit, counters);
  if (problem === "badSupply") {
    checks.add("badSupply", phrase("NOBC.Rules.Land.Resupply.Refusal.badSupply", { unit: unit.name, supply: String(unit.supply) }), field);
  } else if (problem === "carriesNoSupply") {
    checks.add(
      "carriesNoSupply",
      unit.arm === "artillery"
        ? phrase("NOBC.Rules.Land.Resupply.Refusal.carriesNoSupplyArtillery", { unit: unit.name })
        : phrase("NOBC.Rules.Land.Resupply.Refusal.carriesNoSupply", { unit: unit.name, size: sizeName(unit.size) }),
      field,
    );
  } else if (problem === "overCapacity") {
    checks.add(
      "overCapacity",
      phrase("NOBC.Rules.Land.Resupply.Refusal.overCapacity", { unit: unit.name, supply: unit.supply, capacity: cap, counters }),
      field,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// HQ recovery

export interface RecoverHqInput {
  hq: Pick<LandHq, "id" | "name" | "side" | "level" | "maxLevel" | "mayRecover">;
  /** Signals, Logistics or Rear Troops cards played to speed recovery (at most two). */
  cards?: readonly Pick<SupportCard, "id" | "side" | "category" | "hq">[];
}

export interface RecoverHqOutcome {
  gained: number;
  newLevel: number;
  /**
   * Cards played that could add no level (the HQ would pass its maximum): the HQ keeps them in hand,
   * so they are not discarded (docs/rules-decisions.md, HQ recovery). Empty unless the world's
   * reading caps instead of refusing.
   */
  kept: string[];
}

/**
 * An HQ's recovery after resupply: one level, one more per card played, never above its maximum.
 * Cards beyond what can add a level are kept in hand with a breakdown line each (the cards played
 * last), or the whole recovery is refused when `options.refuseWastedCards` is set (a world setting).
 */
export function recoverHq(input: RecoverHqInput, options: RecoveryOptions = {}): Checked<Resolution<RecoverHqOutcome>> {
  const { hq } = input;
  const cards = input.cards ?? [];
  const strict = options.refuseWastedCards ?? DEFAULT_RECOVERY_OPTIONS.refuseWastedCards;
  const checks = new RefusalList();
  if (!Number.isInteger(hq.maxLevel) || hq.maxLevel < 0) {
    checks.add(
      "badMaxLevel",
      phrase("NOBC.Rules.Land.Resupply.Refusal.badMaxLevel", { hq: hq.name, max: String(hq.maxLevel) }),
      "hq.maxLevel",
    );
  } else if (!Number.isInteger(hq.level) || hq.level < 0 || hq.level > hq.maxLevel) {
    checks.add(
      "badHqLevel",
      phrase("NOBC.Rules.Land.Resupply.Refusal.badHqLevelRange", { hq: hq.name, max: hq.maxLevel, level: String(hq.level) }),
      "hq.level",
    );
  }
  if (cards.length > HQ_RECOVERY.maxCards) {
    checks.add(
      "tooManyCards",
      phrase("NOBC.Rules.Land.Resupply.Refusal.tooManyCards", { hq: hq.name, max: HQ_RECOVERY.maxCards, played: cards.length }),
      "cards",
    );
  }
  const seen = new Set<string>();
  cards.forEach((card, i) => {
    const field = `cards.${i}`;
    if (seen.has(card.id)) checks.add("duplicateCard", phrase("NOBC.Rules.Land.Resupply.Refusal.duplicateCard", { card: card.id }), field);
    seen.add(card.id);
    if (supportCardRecord(card.category)?.uses.hqRecovery !== true) {
      checks.add(
        "wrongCard",
        phrase("NOBC.Rules.Land.Resupply.Refusal.wrongCard", { card: card.id, category: categoryName(card.category) }),
        field,
      );
    }
    if (card.side !== hq.side || (card.hq !== undefined && card.hq !== hq.id)) {
      checks.add("cardNotHeld", phrase("NOBC.Rules.Land.Resupply.Refusal.cardNotHeld", { card: card.id, hq: hq.name }), field);
    }
  });
  // Cards that can add a level: as many as fit between the level after the free one and the maximum.
  const useful = checks.empty ? Math.max(0, Math.min(HQ_RECOVERY.maxCards, hq.maxLevel - hq.level - HQ_RECOVERY.base)) : 0;
  if (!hq.mayRecover && cards.length > 0) {
    checks.add("cannotRecover", phrase("NOBC.Rules.Land.Resupply.Refusal.cannotRecover", { hq: hq.name }), "cards");
  } else if (checks.empty && strict && cards.length > useful) {
    checks.add(
      "cardsWasted",
      phrase("NOBC.Rules.Land.Resupply.Refusal.cardsWasted", {
        hq: hq.name,
        level: hq.level,
        max: hq.maxLevel,
        count: useful,
        played: cards.length,
      }),
      "cards",
    );
  }

  return checks.result(() => {
    const used = cards.slice(0, useful);
    const kept = cards.slice(useful);
    const breakdown: BreakdownLine[] = [];
    if (!hq.mayRecover) {
      breakdown.push({
        text: phrase("NOBC.Rules.Land.Resupply.NoRecovery"),
        value: 0,
        source: `${PHASE}; ${DECISIONS}: HQ recovery`,
      });
    } else {
      breakdown.push({ text: phrase("NOBC.Rules.Land.Resupply.Recovery"), value: HQ_RECOVERY.base, source: PHASE });
      for (const card of used) {
        breakdown.push({
          text: phrase("NOBC.Rules.Land.Resupply.Card", { card: card.id, category: categoryName(card.category) }),
          value: HQ_RECOVERY.perCard,
          source: PHASE,
        });
      }
      for (const card of kept) {
        breakdown.push({
          text: phrase("NOBC.Rules.Land.Resupply.CardKept", { card: card.id, category: categoryName(card.category) }),
          value: 0,
          source: `${PHASE}; ${DECISIONS}: HQ recovery`,
        });
      }
    }
    const wanted = hq.mayRecover ? HQ_RECOVERY.base + HQ_RECOVERY.perCard * used.length : 0;
    const gained = Math.min(wanted, hq.maxLevel - hq.level);
    if (gained < wanted) {
      breakdown.push({ text: phrase("NOBC.Rules.Land.Resupply.Capped"), value: gained - wanted, source: `${DECISIONS}: HQ recovery` });
    }
    const effects: LandEffect[] = [];
    if (gained > 0) effects.push({ type: "hqLevel", actor: hq.id, delta: gained });
    effects.push(...discardsAfterUse(used));
    return { breakdown, rolls: [], outcome: { gained, newLevel: hq.level + gained, kept: kept.map((c) => c.id) }, effects };
  });
}
