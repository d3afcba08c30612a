/**
 * Chemical and nuclear weapons in the Land War (seed 000, Land War QRS: 3. Rear Area Attacks and
 * the chemical and nuclear weapons notes). Every use needs Control's release and contaminates.
 * Chemical cards are played inside other resolvers: rear-area attacks apply step A's own rule (CAS
 * doubled, SSM plus the CW value; rear-area.ts), ground combat takes `chemicalCombatModifier` (combat.ts).
 */
import type { ActorRef, HexRef, HexsideRef } from "../../ids";
import { hexside } from "../../ids";
import type { Dice } from "../../dice";
import { isDieFace } from "../../dice";
import type { Effect } from "../../effects";
import { SEEDS, RefusalList, phrase, type Checked, type Refusal, type Resolution } from "../../resolution";
import { applyHits } from "./hits";
import { targetIdentificationProblems } from "./rear-area";
import { categoryName, discardsAfterUse, isWeapon, type ReleasedWeapon } from "./card-categories";
import type { LandUnit, Side, SupportCard } from "./types";

const NUCLEAR_SOURCE = `${SEEDS.nobc}, Land War QRS: 3. Rear Area Attacks, nuclear weapons`;
const WMD_DECISION = `${SEEDS.decision}: Chemical and nuclear weapons`;

/** Dice rolled for a nuclear strike's hits unless the card says otherwise (seed 000, CW and nuclear notes). */
export const NUCLEAR_HIT_DICE = 2;

/** Why a weapon card cannot be released: wrong card, wrong side, or no word from Control. */
function releaseProblems(attacker: Side, card: SupportCard, weapon: ReleasedWeapon, umpireConfirmed: boolean): Refusal[] {
  const problems = new RefusalList();
  if (!isWeapon(card.category, weapon)) {
    problems.add(
      "wrongCardCategory",
      phrase("NOBC.Rules.Land.Wmd.Refusal.wrongCardCategory", {
        card: card.id,
        category: categoryName(card.category),
        weapon: categoryName(weapon),
      }),
      "card.category",
    );
  }
  if (card.side !== attacker) problems.add("wrongSide", phrase("NOBC.Rules.Land.Wmd.Refusal.wrongSide", { card: card.id }), "card.side");
  if (!umpireConfirmed) {
    problems.add("releaseNotConfirmed", phrase("NOBC.Rules.Land.Wmd.Refusal.releaseNotConfirmed", { card: card.id }), "umpireConfirmed");
  }
  return problems.items;
}

/**
 * A chemical card's combat modifier, for ground combat support. Throws when the card is not a
 * chemical card or its value is not a whole number.
 */
export function chemicalCombatModifier(card: SupportCard): number {
  if (!isWeapon(card.category, "chemical")) throw new RangeError(`card ${card.id} is a ${card.category} card, not chemical`);
  if (!Number.isInteger(card.value)) throw new RangeError(`chemical card ${card.id} has value ${card.value}`);
  return card.value;
}

export interface NuclearStrikeInput {
  attacker: Side;
  card: SupportCard;
  umpireConfirmed: boolean;
  /** The two cards that identified and located the target (as for a rear-area attack). */
  identification: readonly SupportCard[];
  targetHex: HexRef;
  /** Every unit in the target hex, of either side. */
  unitsInHex: readonly LandUnit[];
  /** Units in the card's further `area` hexes: they take no hits but lose the supply they carry. */
  unitsInArea?: readonly LandUnit[];
  /** Further hexes the card's area covers; the target hex is always included. */
  area?: readonly HexRef[];
  /** Dice for hits when the card prints another number than 2. */
  hitDice?: number;
}

export interface NuclearStrikeOutcome {
  /** Hits rolled; every unit in the target hex takes them. */
  hits: number;
  units: { unit: ActorRef; hitsApplied: number; eliminated: boolean }[];
  contaminated: HexRef[];
}

/**
 * A nuclear strike on an identified hex: one roll of 2d6 (or the card's dice) gives the hits
 * every unit in the hex takes (decision); every supply counter in the area goes, units there lose
 * the supply they carry, and the area is contaminated. Artillery takes the hits as it does from any missile or air attack.
 */
export function nuclearStrike(input: NuclearStrikeInput, dice: Dice): Checked<Resolution<NuclearStrikeOutcome>> {
  const problems = new RefusalList();
  for (const p of releaseProblems(input.attacker, input.card, "nuclear", input.umpireConfirmed)) problems.items.push(p);
  for (const p of targetIdentificationProblems(input.attacker, input.identification)) problems.items.push(p);
  const hitDice = input.hitDice ?? NUCLEAR_HIT_DICE;
  if (!Number.isInteger(hitDice) || hitDice < 1) {
    problems.add("invalidHitDice", phrase("NOBC.Rules.Land.Wmd.Refusal.invalidHitDice", { dice: String(hitDice) }), "hitDice");
  }
  if (input.targetHex.length === 0) problems.add("missingHex", phrase("NOBC.Rules.Land.Wmd.Refusal.missingHex"), "targetHex");
  const area = [...new Set([input.targetHex, ...(input.area ?? [])])];
  input.unitsInHex.forEach((unit, i) => {
    if (unit.hex !== input.targetHex) {
      problems.add(
        "unitNotInHex",
        phrase("NOBC.Rules.Land.Wmd.Refusal.unitNotInHex", { unit: unit.name, hex: unit.hex, target: input.targetHex }),
        `unitsInHex[${i}].hex`,
      );
    }
    if (!Number.isInteger(unit.strength) || unit.strength < 0) {
      problems.add(
        "invalidStrength",
        phrase("NOBC.Rules.Land.Wmd.Refusal.invalidStrength", { unit: unit.name, strength: String(unit.strength) }),
        `unitsInHex[${i}].strength`,
      );
    }
  });
  (input.unitsInArea ?? []).forEach((unit, i) => {
    if (unit.hex === input.targetHex || !area.includes(unit.hex)) {
      problems.add(
        "unitNotInArea",
        phrase("NOBC.Rules.Land.Wmd.Refusal.unitNotInArea", { unit: unit.name, hex: unit.hex }),
        `unitsInArea[${i}].hex`,
      );
    }
  });
  const carriers = [
    ...input.unitsInHex.map((unit, i) => ({ unit, field: `unitsInHex[${i}].supply` })),
    ...(input.unitsInArea ?? []).map((unit, i) => ({ unit, field: `unitsInArea[${i}].supply` })),
  ];
  for (const { unit, field } of carriers) {
    if (!Number.isInteger(unit.supply) || unit.supply < 0) {
      problems.add(
        "invalidSupply",
        phrase("NOBC.Rules.Land.Wmd.Refusal.invalidSupply", { unit: unit.name, supply: String(unit.supply) }),
        field,
      );
    }
  }
  if (!input.unitsInHex.some((u) => u.side !== input.attacker)) {
    problems.add("noTarget", phrase("NOBC.Rules.Land.Wmd.Refusal.noTarget", { target: input.targetHex }), "unitsInHex");
  }
  if (!problems.empty) return { ok: false, refusals: problems.items };

  const rolls = dice.roll(hitDice);
  if (!rolls.every(isDieFace)) throw new RangeError(`dice rolled ${rolls.join(", ")}; each must be 1..6`);
  const hits = rolls.reduce((sum, r) => sum + r, 0);
  const effects: Effect[] = [];
  const units = input.unitsInHex.map((unit) => {
    const result = applyHits(unit, hits);
    effects.push(...result.effects);
    return { unit: unit.id, hitsApplied: result.applied, eliminated: result.eliminated };
  });
  // Supply counters on the map and the supply units carry both go.
  effects.push({ type: "supplyCountersEliminated", hexes: area });
  for (const { unit } of carriers) {
    if (unit.supply > 0) effects.push({ type: "supply", actor: unit.id, delta: -unit.supply });
  }
  for (const hex of area) effects.push({ type: "contaminated", hex });
  effects.push(...discardsAfterUse([input.card]));

  return {
    ok: true,
    value: {
      breakdown: [
        { text: phrase("NOBC.Rules.Land.Wmd.NuclearHits", { dice: hitDice, hex: input.targetHex }), value: hits, source: NUCLEAR_SOURCE },
      ],
      rolls,
      outcome: { hits, units, contaminated: area },
      effects,
    },
  };
}

export interface AdmInput {
  attacker: Side;
  card: SupportCard;
  umpireConfirmed: boolean;
  /** The two hexes either side of the hexside whose bridges go. */
  bridgeHexside?: readonly [HexRef, HexRef];
  /** The hex whose autobahn is cut. */
  autobahnHex?: HexRef;
}

export type AdmOutcome = { target: "bridges"; hexside: HexsideRef } | { target: "autobahn"; hex: HexRef };

/**
 * Atomic Demolition Munition: destroys, without a roll, every bridge on one hexside or the
 * autobahn in one hex (never both). The hexes it touches are contaminated (decision).
 */
export function admDemolition(input: AdmInput): Checked<Resolution<AdmOutcome>> {
  const problems = new RefusalList();
  for (const p of releaseProblems(input.attacker, input.card, "adm", input.umpireConfirmed)) problems.items.push(p);
  const { bridgeHexside: side, autobahnHex } = input;
  if ((side === undefined) === (autobahnHex === undefined)) {
    problems.add("admTarget", phrase("NOBC.Rules.Land.Wmd.Refusal.admTarget"), "bridgeHexside");
  } else if (side !== undefined && (side[0] === side[1] || side[0].length === 0 || side[1].length === 0)) {
    problems.add("invalidHexside", phrase("NOBC.Rules.Land.Wmd.Refusal.invalidHexside"), "bridgeHexside");
  } else if (autobahnHex?.length === 0) {
    problems.add("missingHex", phrase("NOBC.Rules.Land.Wmd.Refusal.missingAutobahnHex"), "autobahnHex");
  }
  if (!problems.empty) return { ok: false, refusals: problems.items };

  let outcome: AdmOutcome;
  const effects: Effect[] = [];
  if (side !== undefined) {
    const ref = hexside(side[0], side[1]);
    outcome = { target: "bridges", hexside: ref };
    effects.push({ type: "bridgeDestroyed", hexside: ref }, { type: "contaminated", hex: side[0] }, { type: "contaminated", hex: side[1] });
  } else {
    const hex = autobahnHex!;
    outcome = { target: "autobahn", hex };
    effects.push({ type: "autobahnCut", hex }, { type: "contaminated", hex });
  }
  effects.push(...discardsAfterUse([input.card]));
  return {
    ok: true,
    value: {
      breakdown: [
        {
          text: phrase(outcome.target === "bridges" ? "NOBC.Rules.Land.Wmd.AdmBridges" : "NOBC.Rules.Land.Wmd.AdmAutobahn"),
          value: 0,
          source: NUCLEAR_SOURCE,
        },
        { text: phrase("NOBC.Rules.Land.Wmd.AdmContamination"), value: 0, source: WMD_DECISION },
      ],
      rolls: [],
      outcome,
      effects,
    },
  };
}
