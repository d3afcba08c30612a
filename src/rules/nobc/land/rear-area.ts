/**
 * Phase 3 of the Land War turn: Rear Area Attacks (seed 000, Land War QRS). Support cards and CAS
 * strike an HQ or a unit out of contact once two cards have identified and located it.
 */
import type { ActorRef, CardRef } from "../../ids";
import type { Dice } from "../../dice";
import { isDieFace } from "../../dice";
import type { Effect } from "../../effects";
import { SEEDS, RefusalList, phrase, type BreakdownLine, type Checked, type Refusal, type Resolution } from "../../resolution";
import { applyHits } from "./hits";
import { categoriesWhere, categoryName, discardsAfterUse, isWeapon, supportCardRecord } from "./card-categories";
import {
  alwaysInMarchMode,
  type LandHq,
  type LandTerrain,
  type LandUnit,
  type Side,
  type SupportCard,
  type SupportCardCategory,
} from "./types";

const REAR_SOURCE = `${SEEDS.nobc}, Land War QRS: 3. Rear Area Attacks`;

/** Cards that may identify and locate a target (their record says so); two are needed per attack (seed 000, 3. Rear Area Attacks). */
export const IDENTIFICATION_CARD_CATEGORIES: readonly SupportCardCategory[] = categoriesWhere((r) => r.uses.rearArea?.identifies === true);
export const IDENTIFICATION_CARDS_NEEDED = 2;

/** One row of the rear-area results table. `max` is open-ended on the last row. */
export interface RearAreaResultRow {
  min: number;
  max: number;
  hqBoxes: number;
  supportCardsRemoved: number;
  unitHits: number;
}

/** Seed 000 (NOBC), Land War QRS, Rear Area Attacks results table: score → HQ attack / unit attack. */
export const REAR_AREA_RESULTS: readonly RearAreaResultRow[] = [
  { min: 1, max: 2, hqBoxes: 0, supportCardsRemoved: 0, unitHits: 1 },
  { min: 3, max: 4, hqBoxes: 0, supportCardsRemoved: 0, unitHits: 2 },
  { min: 5, max: 6, hqBoxes: 0, supportCardsRemoved: 0, unitHits: 3 },
  { min: 7, max: 9, hqBoxes: 1, supportCardsRemoved: 0, unitHits: 4 },
  { min: 10, max: 14, hqBoxes: 1, supportCardsRemoved: 1, unitHits: 5 },
  { min: 15, max: 19, hqBoxes: 2, supportCardsRemoved: 1, unitHits: 6 },
  { min: 20, max: Number.POSITIVE_INFINITY, hqBoxes: 3, supportCardsRemoved: 2, unitHits: 7 },
];

/**
 * The rear-area table result for a final score. The table starts at 1; a score of 0 or less
 * (possible after halving) has no effect at all (decision). Throws on a non-integer score.
 */
export function rearAreaResult(score: number): { hqBoxes: number; supportCardsRemoved: number; unitHits: number } {
  if (!Number.isInteger(score)) throw new RangeError(`rear-area score ${score} is not a whole number`);
  const row = REAR_AREA_RESULTS.find((r) => score >= r.min && score <= r.max);
  if (row === undefined) return { hqBoxes: 0, supportCardsRemoved: 0, unitHits: 0 };
  return { hqBoxes: row.hqBoxes, supportCardsRemoved: row.supportCardsRemoved, unitHits: row.unitHits };
}

/** Something that adds to the attack score (step A). A CW card may be paired with CAS or an SSM. */
export type RearAreaStrike =
  | { kind: "cas"; squadron: ActorRef; name: string; value: number; chemical?: SupportCard }
  | { kind: "ssm"; card: SupportCard; chemical?: SupportCard }
  | { kind: "ew"; card: SupportCard }
  | { kind: "specialForces"; card: SupportCard };

/** The target: any HQ, or a unit out of contact. `terrain` is every terrain type of its hex. */
export type RearAreaTarget =
  | { kind: "hq"; hq: LandHq; terrain: readonly LandTerrain[] }
  | { kind: "unit"; unit: LandUnit; terrain: readonly LandTerrain[]; inContact: boolean };

export interface RearAreaAttackInput {
  attacker: Side;
  target: RearAreaTarget;
  /** The two cards that identified and located the target. */
  identification: readonly SupportCard[];
  strikes: readonly RearAreaStrike[];
  /** Control's release of chemical weapons; needed when any strike carries a CW card. */
  chemicalReleaseConfirmed?: boolean;
}

export interface RearAreaAttackOutcome {
  target: ActorRef;
  score: number;
  result: { hqBoxes: number; supportCardsRemoved: number; unitHits: number };
  /** HQ boxes actually lost (never below level 0). */
  hqBoxesLost: number;
  /** Hits actually applied to the unit (never beyond its strength). */
  hitsApplied: number;
  eliminated: boolean;
}

/**
 * Every reason a pair of identification cards cannot locate a target for `attacker`.
 * Shared by rear-area attacks and nuclear strikes, which need the same identification.
 */
export function targetIdentificationProblems(attacker: Side, cards: readonly SupportCard[], field = "identification"): Refusal[] {
  const problems = new RefusalList();
  if (cards.length !== IDENTIFICATION_CARDS_NEEDED) {
    problems.add(
      "identificationCount",
      phrase("NOBC.Rules.Land.RearArea.Refusal.identificationCount", { needed: IDENTIFICATION_CARDS_NEEDED, count: cards.length }),
      field,
    );
  }
  const seen = new Set<CardRef>();
  cards.forEach((card, i) => {
    if (supportCardRecord(card.category)?.uses.rearArea?.identifies !== true) {
      problems.add(
        "notIdentificationCard",
        phrase("NOBC.Rules.Land.RearArea.Refusal.notIdentificationCard", { card: card.id, category: categoryName(card.category) }),
        `${field}[${i}].category`,
      );
    }
    if (card.side !== attacker) {
      problems.add("wrongSide", phrase("NOBC.Rules.Land.RearArea.Refusal.wrongSide", { card: card.id }), `${field}[${i}].side`);
    }
    if (seen.has(card.id)) {
      problems.add("cardReused", phrase("NOBC.Rules.Land.RearArea.Refusal.cardReused", { card: card.id }), `${field}[${i}].id`);
    }
    seen.add(card.id);
  });
  return problems.items;
}

function strikeCards(strike: RearAreaStrike): SupportCard[] {
  const cards = strike.kind === "cas" ? [] : [strike.card];
  if ((strike.kind === "cas" || strike.kind === "ssm") && strike.chemical) cards.push(strike.chemical);
  return cards;
}

function isNonNegativeInteger(n: number): boolean {
  return Number.isInteger(n) && n >= 0;
}

function targetOf(target: RearAreaTarget): { id: ActorRef; name: string; side: Side } {
  return target.kind === "hq" ? target.hq : target.unit;
}

function attackProblems(input: RearAreaAttackInput): Refusal[] {
  const problems = new RefusalList();
  const { target } = input;
  const victim = targetOf(target);
  if (victim.side === input.attacker) {
    problems.add("friendlyTarget", phrase("NOBC.Rules.Land.RearArea.Refusal.friendlyTarget", { target: victim.name }), "target");
  }
  if (target.kind === "hq" && !isNonNegativeInteger(target.hq.level)) {
    problems.add(
      "invalidLevel",
      phrase("NOBC.Rules.Land.RearArea.Refusal.invalidLevel", { hq: victim.name, level: String(target.hq.level) }),
      "target.hq.level",
    );
  }
  if (target.kind === "unit" && !isNonNegativeInteger(target.unit.strength)) {
    problems.add(
      "invalidStrength",
      phrase("NOBC.Rules.Land.RearArea.Refusal.invalidStrength", { unit: victim.name, strength: String(target.unit.strength) }),
      "target.unit.strength",
    );
  }
  if (target.kind === "unit" && target.inContact) {
    problems.add("targetInContact", phrase("NOBC.Rules.Land.RearArea.Refusal.targetInContact", { unit: victim.name }), "target.inContact");
  }
  const identifying = new Set(input.identification.map((c) => c.id));
  const used = new Set<CardRef>();
  if (input.strikes.length === 0) problems.add("noStrikes", phrase("NOBC.Rules.Land.RearArea.Refusal.noStrikes"), "strikes");
  input.strikes.forEach((strike, i) => {
    const at = `strikes[${i}]`;
    if (strike.kind === "cas") {
      if (!isNonNegativeInteger(strike.value)) {
        problems.add(
          "invalidValue",
          phrase("NOBC.Rules.Land.RearArea.Refusal.invalidValueCas", { squadron: strike.name, value: String(strike.value) }),
          `${at}.value`,
        );
      }
      if (used.has(strike.squadron)) {
        problems.add(
          "squadronReused",
          phrase("NOBC.Rules.Land.RearArea.Refusal.squadronReused", { squadron: strike.name }),
          `${at}.squadron`,
        );
      }
      used.add(strike.squadron);
    } else {
      if (supportCardRecord(strike.card.category)?.uses.rearArea?.strike !== strike.kind) {
        problems.add(
          "wrongCardCategory",
          phrase("NOBC.Rules.Land.RearArea.Refusal.wrongCardCategory", {
            card: strike.card.id,
            category: categoryName(strike.card.category),
            kind: categoryName(strike.kind),
          }),
          `${at}.card.category`,
        );
      }
      if (!isNonNegativeInteger(strike.card.value)) {
        problems.add(
          "invalidValue",
          phrase("NOBC.Rules.Land.RearArea.Refusal.invalidValue", { card: strike.card.id, value: String(strike.card.value) }),
          `${at}.card.value`,
        );
      }
    }
    if (strike.kind === "ew" && target.kind !== "hq") {
      problems.add("ewNeedsHq", phrase("NOBC.Rules.Land.RearArea.Refusal.ewNeedsHq", { card: strike.card.id }), `${at}.card`);
    }
    if (strike.kind === "specialForces" && identifying.has(strike.card.id)) {
      problems.add(
        "specialForcesIdentifying",
        phrase("NOBC.Rules.Land.RearArea.Refusal.specialForcesIdentifying", { card: strike.card.id }),
        `${at}.card`,
      );
    }
    const chemical = strike.kind === "cas" || strike.kind === "ssm" ? strike.chemical : undefined;
    if (chemical !== undefined) {
      if (!isWeapon(chemical.category, "chemical")) {
        problems.add(
          "wrongCardCategory",
          phrase("NOBC.Rules.Land.RearArea.Refusal.wrongCardCategory", {
            card: chemical.id,
            category: categoryName(chemical.category),
            kind: categoryName("chemical"),
          }),
          `${at}.chemical.category`,
        );
      } else if (!isNonNegativeInteger(chemical.value)) {
        problems.add(
          "invalidValue",
          phrase("NOBC.Rules.Land.RearArea.Refusal.invalidValueChemical", { card: chemical.id, value: String(chemical.value) }),
          `${at}.chemical.value`,
        );
      }
      if (input.chemicalReleaseConfirmed !== true) {
        problems.add(
          "releaseNotConfirmed",
          phrase("NOBC.Rules.Land.RearArea.Refusal.releaseNotConfirmed", { card: chemical.id }),
          "chemicalReleaseConfirmed",
        );
      }
    }
    for (const card of strikeCards(strike)) {
      if (card.side !== input.attacker) {
        problems.add("wrongSide", phrase("NOBC.Rules.Land.RearArea.Refusal.wrongSide", { card: card.id }), at);
      }
      if (used.has(card.id))
        problems.add("cardReused", phrase("NOBC.Rules.Land.RearArea.Refusal.cardReusedInAttack", { card: card.id }), at);
      used.add(card.id);
    }
  });
  return [...targetIdentificationProblems(input.attacker, input.identification), ...problems.items];
}

/** Step A: each strike's value, CW pairing included, as breakdown lines. */
function strikeLines(strike: RearAreaStrike): BreakdownLine[] {
  switch (strike.kind) {
    case "cas": {
      const lines: BreakdownLine[] = [
        { text: phrase("NOBC.Rules.Land.RearArea.Cas", { squadron: strike.name }), value: strike.value, source: REAR_SOURCE },
      ];
      if (strike.chemical) {
        lines.push({
          text: phrase("NOBC.Rules.Land.RearArea.CasDoubled", { card: strike.chemical.id }),
          value: strike.value,
          source: REAR_SOURCE,
        });
      }
      return lines;
    }
    case "ssm": {
      const lines: BreakdownLine[] = [
        { text: phrase("NOBC.Rules.Land.RearArea.Ssm", { card: strike.card.id }), value: strike.card.value, source: REAR_SOURCE },
      ];
      if (strike.chemical) {
        lines.push({
          text: phrase("NOBC.Rules.Land.RearArea.SsmChemical", { card: strike.chemical.id }),
          value: strike.chemical.value,
          source: REAR_SOURCE,
        });
      }
      return lines;
    }
    case "ew":
      return [{ text: phrase("NOBC.Rules.Land.RearArea.Ew", { card: strike.card.id }), value: strike.card.value, source: REAR_SOURCE }];
    case "specialForces":
      return [
        { text: phrase("NOBC.Rules.Land.RearArea.SpecialForces", { card: strike.card.id }), value: strike.card.value, source: REAR_SOURCE },
      ];
  }
}

/** Step C applies to: halving (artillery, city, woods; never twice; the key of its line) and doubling (combat unit in March Mode). */
function stepC(target: RearAreaTarget): { halve: string | null; double: boolean } {
  const artillery = target.kind === "unit" && target.unit.arm === "artillery";
  const cover = target.terrain.includes("city") || target.terrain.includes("woods");
  const halve = artillery ? "NOBC.Rules.Land.RearArea.HalvedArtillery" : cover ? "NOBC.Rules.Land.RearArea.HalvedCover" : null;
  const double =
    target.kind === "unit" && target.unit.arm !== "artillery" && (target.unit.mode === "march" || alwaysInMarchMode(target.unit));
  return { halve, double };
}

/**
 * After the attack, as each card's record says: SSM, EW and SF strike cards and CW cards go, the
 * identification cards stay (SF too, when it only identified); CAS goes to the damaged box.
 */
function postAttackEffects(input: RearAreaAttackInput): Effect[] {
  const effects: Effect[] = discardsAfterUse(input.identification, true);
  for (const strike of input.strikes) {
    if (strike.kind === "cas") effects.push({ type: "squadronBox", squadron: strike.squadron, box: "damaged" });
    effects.push(...discardsAfterUse(strikeCards(strike)));
  }
  return effects;
}

/**
 * Resolves one rear-area attack: identification, step A (strikes), B (1d6), C (halve, then
 * double), the results table, and the cards and squadrons that leave afterwards.
 */
export function rearAreaAttack(input: RearAreaAttackInput, dice: Dice): Checked<Resolution<RearAreaAttackOutcome>> {
  const problems = attackProblems(input);
  if (problems.length > 0) return { ok: false, refusals: problems };

  const { target } = input;
  const breakdown = input.strikes.flatMap(strikeLines);
  const roll = dice.d6();
  if (!isDieFace(roll)) throw new RangeError(`die roll ${roll} is not 1..6`);
  breakdown.push({ text: phrase("NOBC.Rules.Land.RearArea.DieRoll"), value: roll, source: REAR_SOURCE });

  let score = breakdown.reduce((sum, line) => sum + line.value, 0);
  const { halve, double } = stepC(target);
  if (halve !== null) {
    const halved = Math.floor(score / 2);
    breakdown.push({ text: phrase(halve), value: halved - score, source: REAR_SOURCE });
    score = halved;
  }
  if (double) {
    breakdown.push({ text: phrase("NOBC.Rules.Land.RearArea.Doubled"), value: score, source: REAR_SOURCE });
    score *= 2;
  }

  const result = rearAreaResult(score);
  const effects: Effect[] = [];
  let hqBoxesLost = 0;
  let hitsApplied = 0;
  let eliminated = false;
  if (target.kind === "hq") {
    hqBoxesLost = Math.min(result.hqBoxes, target.hq.level);
    if (hqBoxesLost > 0) effects.push({ type: "hqLevel", actor: target.hq.id, delta: -hqBoxesLost });
    if (result.supportCardsRemoved > 0) {
      effects.push({ type: "hqCardsLost", actor: target.hq.id, count: result.supportCardsRemoved });
    }
  } else {
    // Artillery takes these hits too: air, SSM and SF attacks are the exception to its immunity.
    const hits = applyHits(target.unit, result.unitHits);
    hitsApplied = hits.applied;
    eliminated = hits.eliminated;
    effects.push(...hits.effects);
  }
  const chemicalUsed = input.strikes.some((s) => (s.kind === "cas" || s.kind === "ssm") && s.chemical !== undefined);
  if (chemicalUsed) {
    const hex = target.kind === "hq" ? target.hq.hex : target.unit.hex;
    effects.push({ type: "contaminated", hex });
  }
  effects.push(...postAttackEffects(input));

  return {
    ok: true,
    value: {
      breakdown,
      rolls: [roll],
      outcome: { target: targetOf(target).id, score, result, hqBoxesLost, hitsApplied, eliminated },
      effects,
    },
  };
}
