/**
 * Ground combat of the NOBC Land War (seed 000, Land War QRS, phase 4 "Ground Combat"): plan one
 * combat (eligibility, support, artillery, Steps One to Four), show its odds, roll Step Five and read
 * the Combat Results Table into effects.
 */
import type { ActorRef, CardRef, HexRef } from "../../ids";
import { isDieFace, type Dice } from "../../dice";
import type { Effect } from "../../effects";
import {
  RefusalList,
  SEEDS,
  phrase,
  type BreakdownLine,
  type Checked,
  type PhraseArg,
  type Refusal,
  type Resolution,
} from "../../resolution";
import {
  ADJACENT_DEFENDER_MODIFIER,
  ENGINEER_CARDS_FOR_UNBRIDGED,
  FIRE_SUPPORT_LIMITS,
  GROUND_COMBAT_CRT,
  GROUND_COMBAT_ODDS,
  GROUND_COMBAT_TERRAIN,
  combatResult,
  crtBand,
  oddsModifier,
  riverModifier,
  type CrtBand,
  type GroundCombatResult,
  type OddsBelowOne,
  type CombatRiverCrossing,
} from "./combat-tables";
import {
  allocateCombatHits,
  checkHitSplit,
  combatHitEffects,
  eliminatedBySplit,
  type CombatHitCandidate,
  type HitAllocation,
  type HitShare,
} from "./combat-hits";
import { hqSupportProblems } from "./hq-support";
import { chemicalCombatModifier } from "./wmd";
import { categoryName, isWeapon, supportCardRecord, type CombatCardUse } from "./card-categories";
import { given, terrainName } from "./words";
import { DEFAULT_RULES_OPTIONS, optionsSection, type GroundCombatOptions, type RulesOptionsInput } from "./options";
import { checkCombatParties, hexesAdjacent, hexesAdjacentTo, otherSide, validStrength, type CombatAdjacency } from "./combat-eligibility";
import { unitIndex, unitsInHexes } from "./unit-index";
import {
  LAND_TERRAINS,
  alwaysInMarchMode,
  type LandHq,
  type LandTerrain,
  type LandUnit,
  type RiverHexside,
  type Side,
  type SupportCard,
  type SupportCardCategory,
} from "./types";
import { isOneOf } from "../../validate";

export type { CombatAdjacency } from "./combat-eligibility";

/** The river on the hexside between one attacking hex and the defending hex (the map layer's name for it). */
export type GroundCombatRiver = RiverHexside;

/** One fire mission: up to three artillery units adjacent to (or stacked with) the unit they support. */
export interface GroundFireMission {
  /** A Combat Mode unit of the combat (attacker, or defender in the defending hex); it pays 1 SP. */
  supported: ActorRef;
  artillery: readonly ActorRef[];
}

/** A Close Air Support squadron handed to the land battle. */
export interface GroundCombatCas {
  id: ActorRef;
  name: string;
  side: Side;
  /** Its CAS value, a whole number ≥ 0. */
  value: number;
}

/** What one HQ puts into this combat: cards and CAS, together at most its current level. */
export interface GroundCombatSupport {
  hq: LandHq;
  /** Hexes from the HQ to the nearest hex its side holds in this combat, measured by the caller. */
  distance: number;
  cards?: readonly SupportCard[];
  cas?: readonly GroundCombatCas[];
}

export type { GroundCombatOptions } from "./options";

/**
 * A modifier the seed does not have (a house rule), given by the caller: its own breakdown line,
 * counted in the score and in the chance of each CRT row. The rules only check its shape.
 */
export interface ExtraCombatModifier {
  /** Lang key of the line's label (shown as is where no translation has it). */
  code: string;
  /** What the label is formatted with. */
  data?: Readonly<Record<string, string | number>>;
  /** A whole number added to the score: positive helps the attacker. */
  value: number;
  /** Where it comes from, e.g. "house rule: night-attack". */
  source: string;
}

/** One announced combat, as plain data. */
export interface GroundCombatInput {
  attackerSide: Side;
  /** The defending hex. */
  target: HexRef;
  terrain: readonly LandTerrain[];
  /** The defending hex is under a minefield counter (CRT column). */
  minefield: boolean;
  /** Every unit in and around the combat: the defending hex, attackers, neighbours, artillery. */
  units: readonly LandUnit[];
  adjacency: CombatAdjacency;
  attackers: readonly ActorRef[];
  /** Keyed by attacking hex: the river between it and the target. Hexes not listed have none. */
  rivers?: Readonly<Record<HexRef, RiverHexside>>;
  fireMissions?: readonly GroundFireMission[];
  support?: readonly GroundCombatSupport[];
  /** Control has released chemical weapons for this combat; needed when any chemical card is played. */
  chemicalReleaseConfirmed?: boolean;
  /** The world's rules options, whole (`combat` is read here), or their `combat` section alone. */
  options?: RulesOptionsInput | GroundCombatOptions;
  /** House rules' modifiers, each shown as its own line after Step Four. */
  extraModifiers?: readonly ExtraCombatModifier[];
}

export interface GroundCombatContribution {
  actor: ActorRef;
  name: string;
  strength: number;
  role: "unit" | "artillery";
}

export interface GroundCombatStrength {
  total: number;
  /** Of the total, strength brought by fire missions. */
  artillery: number;
  contributions: GroundCombatContribution[];
}

export interface PlannedFireMission {
  side: Side;
  supported: ActorRef;
  artillery: { id: ActorRef; name: string; strength: number }[];
  strength: number;
}

export interface PlannedGroundSupport {
  hq: ActorRef;
  hqName: string;
  echelon: LandHq["echelon"];
  side: Side;
  cards: CardRef[];
  cas: ActorRef[];
}

export interface GroundCombatSupplySpend {
  actor: ActorRef;
  name: string;
  spent: number;
  available: number;
}

/** A checked combat, ready to roll. Produced only by `planGroundCombat`. */
export interface GroundCombatPlan {
  attackerSide: Side;
  defenderSide: Side;
  target: HexRef;
  minefield: boolean;
  attackers: (CombatHitCandidate & { hex: HexRef })[];
  defenders: CombatHitCandidate[];
  attackStrength: GroundCombatStrength;
  defenceStrength: GroundCombatStrength;
  fireMissions: PlannedFireMission[];
  supplySpent: GroundCombatSupplySpend[];
  support: PlannedGroundSupport[];
  cas: GroundCombatCas[];
  cardsPlayed: CardRef[];
  /** Chemical cards played (either side): spent, and they contaminate the defending hex. */
  chemicalCards: CardRef[];
  /** The attacker played an advance-after-combat card. */
  advanceCard: boolean;
  /** Steps One to Four, each a labelled line, then any extra modifiers; their total is `modifier`. */
  breakdown: BreakdownLine[];
  modifier: number;
}

const QRS = `${SEEDS.nobc}, Land War QRS`;
const SRC = {
  eligibility: `${QRS}: Ground Combat`,
  stepOne: `${QRS}: Ground Combat Step One (odds)`,
  stepTwo: `${QRS}: Ground Combat Step Two (terrain)`,
  stepThree: `${QRS}: Ground Combat Step Three (river)`,
  adjacent: `${QRS}: Ground Combat Step Four (defender's adjacent units)`,
  cas: `${QRS}: Ground Combat Step Four (CAS)`,
  cards: `${QRS}: Ground Combat Step Four (support cards)`,
  advance: `${QRS}: Ground Combat (advance after combat)`,
  stepFive: `${QRS}: Ground Combat Step Five (1d6)`,
  artillery: `${QRS}: Combat Results Table, artillery casualties note`,
  oddsZero: `${SEEDS.decision}: ground combat, odds below 1:1 count +0`,
  oddsMirror: `${SEEDS.decision}: ground combat, odds below 1:1 mirrored (world setting)`,
  riverPartial: `${SEEDS.decision}: ground combat, river only if every attacker crosses`,
  chemical: `${QRS}: chemical weapons note (CW adds modifiers in combat)`,
} as const;

/** How a card serves in a ground combat, from its category's record; undefined: it has no use there. */
function combatUse(card: Pick<SupportCard, "category">): CombatCardUse | undefined {
  return supportCardRecord(card.category)?.uses.combat;
}

/** Whether a card of `category` may serve `side` in a combat: only modifiers serve the defence. */
export function cardServesInCombat(category: SupportCardCategory, attacking: boolean): boolean {
  const use = supportCardRecord(category)?.uses.combat;
  return use !== undefined && (attacking || use === "modifier");
}

function candidate(unit: LandUnit): CombatHitCandidate {
  return { id: unit.id, name: unit.name, strength: unit.strength, immune: unit.arm === "artillery" };
}

function oddsLine(attack: GroundCombatStrength, defence: GroundCombatStrength, belowOne: OddsBelowOne): BreakdownLine {
  const a = attack.total;
  const d = defence.total;
  const value = oddsModifier(a, d, belowOne);
  const strength = (s: GroundCombatStrength): PhraseArg =>
    s.artillery > 0 ? phrase("NOBC.Rules.Land.Combat.WithArtillery", { strength: s.total, artillery: s.artillery }) : s.total;
  const stated = { attack: strength(attack), defence: strength(defence) };
  if (a >= d) {
    return { text: phrase("NOBC.Rules.Land.Combat.Odds", { ...stated, ratio: listedRatio(a, d) }), value, source: SRC.stepOne };
  }
  if (belowOne === "zero") return { text: phrase("NOBC.Rules.Land.Combat.OddsBelowOne", stated), value, source: SRC.oddsZero };
  return { text: phrase("NOBC.Rules.Land.Combat.OddsMirrored", { ...stated, ratio: listedRatio(d, a) }), value, source: SRC.oddsMirror };
}

/** The Step One row a ratio rounds down to (at least 1). */
function listedRatio(high: number, low: number): number {
  return GROUND_COMBAT_ODDS.find((row) => high >= row.ratio * low)!.ratio;
}

function terrainLines(terrain: readonly LandTerrain[]): BreakdownLine[] {
  const kinds = [...new Set(terrain)].filter((t) => GROUND_COMBAT_TERRAIN[t] !== 0);
  const line = (t: LandTerrain): BreakdownLine => ({
    text: phrase("NOBC.Rules.Land.Combat.Terrain", { terrain: terrainName(t) }),
    value: GROUND_COMBAT_TERRAIN[t],
    source: SRC.stepTwo,
  });
  return kinds.length === 0 ? [line("clear")] : kinds.map(line);
}

function riverLine(crossings: readonly CombatRiverCrossing[]): BreakdownLine {
  const crossing = crossings.filter((c) => c !== "none").length;
  const value = riverModifier(crossings);
  if (crossing === 0) return { text: phrase("NOBC.Rules.Land.Combat.NoRiver"), value, source: SRC.stepThree };
  if (crossing < crossings.length) {
    return { text: phrase("NOBC.Rules.Land.Combat.RiverPartial"), value, source: SRC.riverPartial };
  }
  const key = crossings.every((c) => c === "major") ? "NOBC.Rules.Land.Combat.RiverMajor" : "NOBC.Rules.Land.Combat.RiverMixed";
  return { text: phrase(key), value, source: SRC.stepThree };
}

/** Checks one combat and computes Steps One to Four. Refuses with every reason found. */
export function planGroundCombat(input: GroundCombatInput): Checked<GroundCombatPlan> {
  const refusals = new RefusalList();
  const attackerSide = input.attackerSide;
  const defenderSide = otherSide(attackerSide);
  const options = optionsSection(input.options, "combat");
  const belowOne = options.value.oddsBelowOne ?? DEFAULT_RULES_OPTIONS.combat.oddsBelowOne;
  if (!isOneOf(belowOne, ["zero", "mirror"] as const)) {
    refusals.add(
      "invalidOption",
      phrase("NOBC.Rules.Land.Combat.Refusal.invalidOption", { value: String(belowOne) }),
      `${options.field}.oddsBelowOne`,
    );
  }
  input.terrain.forEach((t, i) => {
    if (!(LAND_TERRAINS as readonly string[]).includes(t)) {
      refusals.add("invalidTerrain", phrase("NOBC.Rules.Land.Combat.Refusal.invalidTerrain", { terrain: given(t) }), `terrain[${i}]`);
    }
  });

  const { attackers, defenders } = checkCombatParties(refusals, input.units, input.adjacency, attackerSide, input.target, input.attackers);

  const crossings = checkRivers(refusals, input, attackers);
  const support = checkSupport(refusals, input, attackerSide);
  const chemical = support.cards.filter((c) => isWeapon(c.category, "chemical"));
  if (chemical.length > 0 && input.chemicalReleaseConfirmed !== true) {
    refusals.add(
      "releaseNotConfirmed",
      phrase("NOBC.Rules.Land.Combat.Refusal.releaseNotConfirmed", { count: chemical.length, cards: chemical.map((c) => c.id).join(", ") }),
      "chemicalReleaseConfirmed",
    );
  }
  const missions = checkFireMissions(refusals, input, attackers, defenders);
  const extras = checkExtraModifiers(refusals, input.extraModifiers ?? []);

  const engineerCards = support.cards.filter((c) => c.side === attackerSide && combatUse(c) === "crossing");
  if (crossings.engineersNeeded > engineerCards.length) {
    refusals.add(
      "riverNeedsEngineer",
      phrase("NOBC.Rules.Land.Combat.Refusal.riverNeedsEngineer", { count: crossings.engineersNeeded, played: engineerCards.length }),
      "support",
    );
  }

  return refusals.result(() => {
    const attackStrength = tally(
      attackers,
      missions.filter((m) => m.side === attackerSide),
    );
    const defenceStrength = tally(
      defenders,
      missions.filter((m) => m.side === defenderSide),
    );
    // The units of the hexes next to the target only, in the list's order.
    const adjacentDefenders = unitsInHexes(input.units, hexesAdjacentTo(input.adjacency, input.target)).filter(
      (u) => u.side === defenderSide && u.mode === "combat" && !alwaysInMarchMode(u) && validStrength(u),
    );
    const breakdown: BreakdownLine[] = [
      oddsLine(attackStrength, defenceStrength, belowOne),
      ...terrainLines(input.terrain),
      riverLine(crossings.perUnit),
      ...engineerCards.map((c) => ({
        text: phrase("NOBC.Rules.Land.Combat.EngineerBridges", { card: c.id }),
        value: 0,
        source: SRC.stepThree,
      })),
      ...(adjacentDefenders.length === 0
        ? [{ text: phrase("NOBC.Rules.Land.Combat.NoAdjacentDefender"), value: 0, source: SRC.adjacent }]
        : adjacentDefenders.map((u) => ({
            text: phrase("NOBC.Rules.Land.Combat.AdjacentDefender", { unit: u.name, hex: u.hex }),
            value: ADJACENT_DEFENDER_MODIFIER,
            source: SRC.adjacent,
          }))),
      ...support.cas.map((s) => ({
        text: phrase(s.side === attackerSide ? "NOBC.Rules.Land.Combat.CasAttacker" : "NOBC.Rules.Land.Combat.CasDefender", {
          squadron: s.name,
        }),
        value: s.side === attackerSide ? s.value : -s.value,
        source: SRC.cas,
      })),
      ...support.cards.filter((c) => combatUse(c) !== "crossing").map((c) => cardLine(c, attackerSide)),
      ...extras,
    ];
    return {
      attackerSide,
      defenderSide,
      target: input.target,
      minefield: input.minefield,
      attackers: attackers.map((u) => ({ ...candidate(u), hex: u.hex })),
      defenders: defenders.map(candidate),
      attackStrength,
      defenceStrength,
      fireMissions: missions,
      supplySpent: supplySpend(input.units, missions),
      support: support.planned,
      cas: support.cas.map((s) => ({ ...s })),
      cardsPlayed: support.cards.map((c) => c.id),
      chemicalCards: chemical.map((c) => c.id),
      advanceCard: support.cards.some((c) => combatUse(c) === "advance"),
      breakdown,
      modifier: breakdown.reduce((sum, line) => sum + line.value, 0),
    };
  });
}

function cardLine(card: SupportCard, attackerSide: Side): BreakdownLine {
  if (combatUse(card) === "advance") {
    return { text: phrase("NOBC.Rules.Land.Combat.AdvanceCard", { card: card.id }), value: 0, source: SRC.advance };
  }
  const chemical = isWeapon(card.category, "chemical");
  const modifier = chemical ? chemicalCombatModifier(card) : card.value;
  const value = card.side === attackerSide ? modifier : -modifier;
  const source = chemical ? SRC.chemical : SRC.cards;
  const key = card.side === attackerSide ? "NOBC.Rules.Land.Combat.CardAttacker" : "NOBC.Rules.Land.Combat.CardDefender";
  return { text: phrase(key, { card: card.id, category: categoryName(card.category) }), value, source };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Each extra modifier as its breakdown line (its code is the lang key of the line's words), after checking its shape. */
function checkExtraModifiers(refusals: RefusalList, extras: readonly ExtraCombatModifier[]): BreakdownLine[] {
  return extras.map((extra, i) => {
    const field = `extraModifiers[${i}]`;
    const { code, data, value, source } = extra;
    if (typeof code !== "string" || code.trim() === "") {
      refusals.add(
        "invalidExtraModifier",
        phrase("NOBC.Rules.Land.Combat.Refusal.invalidExtraModifierCode", { index: i + 1 }),
        `${field}.code`,
      );
    }
    if (!Number.isInteger(value)) {
      refusals.add(
        "invalidExtraModifier",
        phrase("NOBC.Rules.Land.Combat.Refusal.invalidExtraModifierValue", { index: i + 1, code: given(code), value: given(value) }),
        `${field}.value`,
      );
    }
    if (typeof source !== "string" || source.trim() === "") {
      refusals.add(
        "invalidExtraModifier",
        phrase("NOBC.Rules.Land.Combat.Refusal.invalidExtraModifierSource", { index: i + 1, code: given(code) }),
        `${field}.source`,
      );
    }
    const badData =
      data !== undefined && (!isPlainObject(data) || Object.values(data).some((v) => typeof v !== "string" && !Number.isFinite(v)));
    if (badData) {
      refusals.add(
        "invalidExtraModifier",
        phrase("NOBC.Rules.Land.Combat.Refusal.invalidExtraModifierData", { index: i + 1, code: given(code) }),
        `${field}.data`,
      );
    }
    return { text: phrase(code, data === undefined ? undefined : { ...data }), value, source };
  });
}

function tally(units: readonly LandUnit[], missions: readonly PlannedFireMission[]): GroundCombatStrength {
  const contributions: GroundCombatContribution[] = [
    ...units.map((u) => ({ actor: u.id, name: u.name, strength: u.strength, role: "unit" as const })),
    ...missions.flatMap((m) => m.artillery.map((a) => ({ actor: a.id, name: a.name, strength: a.strength, role: "artillery" as const }))),
  ];
  const artillery = missions.reduce((sum, m) => sum + m.strength, 0);
  return { total: contributions.reduce((sum, c) => sum + c.strength, 0), artillery, contributions };
}

function supplySpend(units: readonly LandUnit[], missions: readonly PlannedFireMission[]): GroundCombatSupplySpend[] {
  const spent = new Map<ActorRef, number>();
  for (const m of missions) spent.set(m.supported, (spent.get(m.supported) ?? 0) + FIRE_SUPPORT_LIMITS.supplyPerMission);
  return [...spent].map(([actor, n]) => {
    const unit = unitIndex(units).firstById.get(actor)!;
    return { actor, name: unit.name, spent: n, available: unit.supply };
  });
}

function checkRivers(
  refusals: RefusalList,
  input: GroundCombatInput,
  attackers: readonly LandUnit[],
): { perUnit: CombatRiverCrossing[]; engineersNeeded: number } {
  const rivers = input.rivers ?? {};
  const perUnit: CombatRiverCrossing[] = [];
  const hexesNeeding = new Map<HexRef, number>();
  for (const unit of attackers) {
    const river = rivers[unit.hex];
    if (river === undefined) {
      perUnit.push("none");
      continue;
    }
    if (!isOneOf(river.kind, ["minor", "major"] as const)) {
      refusals.add(
        "invalidRiver",
        phrase("NOBC.Rules.Land.Combat.Refusal.invalidRiver", { hex: unit.hex, kind: String(river.kind) }),
        `rivers.${unit.hex}`,
      );
      perUnit.push("none");
      continue;
    }
    perUnit.push(river.kind);
    if (!river.bridged) hexesNeeding.set(unit.hex, ENGINEER_CARDS_FOR_UNBRIDGED[river.kind]);
  }
  return { perUnit, engineersNeeded: [...hexesNeeding.values()].reduce((a, b) => a + b, 0) };
}

function checkSupport(
  refusals: RefusalList,
  input: GroundCombatInput,
  attackerSide: Side,
): { cards: SupportCard[]; cas: GroundCombatCas[]; planned: PlannedGroundSupport[] } {
  const cards: SupportCard[] = [];
  const cas: GroundCombatCas[] = [];
  const planned: PlannedGroundSupport[] = [];
  const hqs = new Set<ActorRef>();
  const cardIds = new Set<CardRef>();
  const casIds = new Set<ActorRef>();
  (input.support ?? []).forEach((entry, i) => {
    const field = `support[${i}]`;
    const { hq, distance } = entry;
    const entryCards = entry.cards ?? [];
    const entryCas = entry.cas ?? [];
    if (hqs.has(hq.id)) {
      refusals.add("hqListedTwice", phrase("NOBC.Rules.Land.Combat.Refusal.hqListedTwice", { hq: hq.name }), field);
      return;
    }
    hqs.add(hq.id);
    refusals.items.push(...hqSupportProblems({ hq, used: entryCards.length + entryCas.length, distance }, field));
    entryCards.forEach((card, j) => {
      const f = () => `${field}.cards[${j}]`;
      if (cardIds.has(card.id)) {
        refusals.add("cardPlayedTwice", phrase("NOBC.Rules.Land.Combat.Refusal.cardPlayedTwice", { card: card.id }), f());
        return;
      }
      cardIds.add(card.id);
      cards.push(card);
      cardRefusals(refusals, card, hq, attackerSide, f);
    });
    entryCas.forEach((squadron, j) => {
      const f = () => `${field}.cas[${j}]`;
      if (casIds.has(squadron.id)) {
        refusals.add("casListedTwice", phrase("NOBC.Rules.Land.Combat.Refusal.casListedTwice", { squadron: squadron.name }), f());
        return;
      }
      casIds.add(squadron.id);
      cas.push(squadron);
      if (squadron.side !== hq.side) {
        refusals.add("casWrongSide", phrase("NOBC.Rules.Land.Combat.Refusal.casWrongSide", { squadron: squadron.name, hq: hq.name }), f());
      }
      if (!Number.isInteger(squadron.value) || squadron.value < 0) {
        refusals.add(
          "casInvalidValue",
          phrase("NOBC.Rules.Land.Combat.Refusal.casInvalidValue", { squadron: squadron.name, value: String(squadron.value) }),
          f(),
        );
      }
    });
    planned.push({
      hq: hq.id,
      hqName: hq.name,
      echelon: hq.echelon,
      side: hq.side,
      cards: entryCards.map((c) => c.id),
      cas: entryCas.map((s) => s.id),
    });
  });
  return { cards, cas, planned };
}

function cardRefusals(refusals: RefusalList, card: SupportCard, hq: LandHq, attackerSide: Side, at: () => string): void {
  const use = combatUse(card);
  if (card.side !== hq.side) {
    refusals.add("cardWrongSide", phrase("NOBC.Rules.Land.Combat.Refusal.cardWrongSide", { card: card.id, hq: hq.name }), at());
  }
  if (card.hq !== undefined && card.hq !== hq.id) {
    refusals.add("cardWrongHq", phrase("NOBC.Rules.Land.Combat.Refusal.cardWrongHq", { card: card.id, hq: hq.name }), at());
  }
  if (use === undefined) {
    refusals.add(
      "cardNoGroundUse",
      phrase("NOBC.Rules.Land.Combat.Refusal.cardNoGroundUse", { card: card.id, category: categoryName(card.category) }),
      at(),
    );
  } else if (use !== "modifier" && card.side !== attackerSide) {
    refusals.add(
      "cardNoDefenceUse",
      phrase("NOBC.Rules.Land.Combat.Refusal.cardNoDefenceUse", { card: card.id, category: categoryName(card.category) }),
      at(),
    );
  } else if (use === "modifier" && !Number.isInteger(card.value)) {
    refusals.add(
      "cardInvalidValue",
      phrase("NOBC.Rules.Land.Combat.Refusal.cardInvalidValue", { card: card.id, value: String(card.value) }),
      at(),
    );
  }
}

function checkFireMissions(
  refusals: RefusalList,
  input: GroundCombatInput,
  attackers: readonly LandUnit[],
  defenders: readonly LandUnit[],
): PlannedFireMission[] {
  const byId = unitIndex(input.units).byId;
  const inCombat = new Map<ActorRef, LandUnit>([...attackers, ...defenders].map((u) => [u.id, u]));
  const firing = new Set<ActorRef>();
  const perSide = new Map<Side, number>();
  const perUnit = new Map<ActorRef, number>();
  const planned: PlannedFireMission[] = [];
  (input.fireMissions ?? []).forEach((mission, i) => {
    const field = `fireMissions[${i}]`;
    const supported = inCombat.get(mission.supported);
    if (supported === undefined) {
      refusals.add(
        "fireMissionUnsupported",
        phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionUnsupported", { mission: i + 1, unit: mission.supported }),
        field,
      );
      return;
    }
    if (alwaysInMarchMode(supported)) {
      refusals.add(
        "fireMissionNotCombatMode",
        phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionAlwaysMarch", { unit: supported.name }),
        field,
      );
    } else if (supported.mode !== "combat") {
      refusals.add(
        "fireMissionNotCombatMode",
        phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionNotCombatMode", { unit: supported.name }),
        field,
      );
    }
    perSide.set(supported.side, (perSide.get(supported.side) ?? 0) + 1);
    perUnit.set(supported.id, (perUnit.get(supported.id) ?? 0) + FIRE_SUPPORT_LIMITS.supplyPerMission);
    const count = mission.artillery.length;
    if (count === 0 || count > FIRE_SUPPORT_LIMITS.artilleryPerMission) {
      refusals.add(
        "fireMissionArtilleryCount",
        phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionArtilleryCount", {
          mission: i + 1,
          artillery: count,
          max: FIRE_SUPPORT_LIMITS.artilleryPerMission,
        }),
        field,
      );
    }
    const guns: PlannedFireMission["artillery"] = [];
    mission.artillery.forEach((id, j) => {
      const f = () => `${field}.artillery[${j}]`;
      const gun = byId.get(id);
      if (gun === undefined) {
        refusals.add(
          "fireMissionArtilleryUnknown",
          phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionArtilleryUnknown", { unit: id, mission: i + 1 }),
          f(),
        );
        return;
      }
      if (firing.has(id)) {
        refusals.add("artilleryFiresTwice", phrase("NOBC.Rules.Land.Combat.Refusal.artilleryFiresTwice", { unit: gun.name }), f());
        return;
      }
      firing.add(id);
      guns.push({ id, name: gun.name, strength: gun.strength });
      if (gun.arm !== "artillery") {
        refusals.add("fireMissionNotArtillery", phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionNotArtillery", { unit: gun.name }), f());
      }
      if (gun.side !== supported.side) {
        refusals.add(
          "fireMissionArtillerySide",
          phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionArtillerySide", { unit: gun.name, supported: supported.name }),
          f(),
        );
      }
      if (gun.hex === input.target) {
        refusals.add("artilleryAlreadyDefends", phrase("NOBC.Rules.Land.Combat.Refusal.artilleryAlreadyDefends", { unit: gun.name }), f());
      } else if (gun.hex !== supported.hex && !hexesAdjacent(input.adjacency, gun.hex, supported.hex)) {
        refusals.add(
          "fireMissionArtilleryNotAdjacent",
          phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionArtilleryNotAdjacent", {
            unit: gun.name,
            hex: gun.hex,
            supported: supported.name,
            supportedHex: supported.hex,
          }),
          f(),
        );
      }
      if (!validStrength(gun)) {
        refusals.add(
          "invalidStrength",
          phrase("NOBC.Rules.Land.CombatEligibility.Refusal.invalidStrength", { unit: gun.name, strength: String(gun.strength) }),
          f(),
        );
      }
    });
    planned.push({ side: supported.side, supported: supported.id, artillery: guns, strength: guns.reduce((s, g) => s + g.strength, 0) });
  });
  for (const [side, n] of perSide) {
    if (n > FIRE_SUPPORT_LIMITS.missionsPerCombat) {
      refusals.add(
        "tooManyFireMissions",
        phrase(
          side === input.attackerSide
            ? "NOBC.Rules.Land.Combat.Refusal.tooManyFireMissions"
            : "NOBC.Rules.Land.Combat.Refusal.tooManyFireMissionsDefender",
          {
            missions: n,
            max: FIRE_SUPPORT_LIMITS.missionsPerCombat,
          },
        ),
        "fireMissions",
      );
    }
  }
  for (const [id, n] of perUnit) {
    const unit = inCombat.get(id)!;
    if (n > unit.supply) {
      refusals.add(
        "fireMissionNoSupply",
        phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionNoSupply", { unit: unit.name, supply: unit.supply, cost: n }),
        "fireMissions",
      );
    }
  }
  return planned;
}

/** One CRT row for a plan before rolling: the die faces that reach it and their probability. */
export interface GroundCombatOddsRow {
  band: CrtBand;
  result: GroundCombatResult;
  faces: number[];
  /** faces / 6, exactly representable as a sixth. */
  probability: number;
}

/** The chance of every CRT row (highest first) for a plan, over the six faces of Step Five. */
export function combatOdds(plan: GroundCombatPlan): GroundCombatOddsRow[] {
  return GROUND_COMBAT_CRT.map((row) => {
    const faces = [1, 2, 3, 4, 5, 6].filter((face) => crtBand(plan.modifier + face) === row.band);
    const cell = plan.minefield ? row.mine : row.noMine;
    return {
      band: row.band,
      result: { ...cell, attackerHits: { ...cell.attackerHits }, defenderHits: { ...cell.defenderHits } },
      faces,
      probability: faces.length / 6,
    };
  });
}

export interface GroundCombatOutcome {
  die: number;
  score: number;
  band: CrtBand;
  result: GroundCombatResult;
  attackerHits: HitAllocation;
  defenderHits: HitAllocation;
  /** Hexes every surviving defender retreats; the defending hex's minefield goes if they do. */
  retreat: { hexes: number; minefieldCleared: boolean };
  /** The attacker's advance-after-combat card applies (it was played and the defender retreats). */
  advanceAfterCombat: boolean;
  cardsPlayed: CardRef[];
}

/** Step Five and the CRT for a plan. The effects use the proposed hit splits. */
export function resolveGroundCombat(plan: GroundCombatPlan, dice: Dice): Resolution<GroundCombatOutcome> {
  const die = dice.d6();
  if (!isDieFace(die)) throw new RangeError(`a die must show 1..6, got ${die}`);
  const score = plan.modifier + die;
  const result = combatResult(score, plan.minefield);
  const attackerHits = allocateCombatHits(result.attackerHits, plan.attackers);
  const defenderHits = allocateCombatHits(result.defenderHits, plan.defenders);
  const outcome: GroundCombatOutcome = {
    die,
    score,
    band: crtBand(score),
    result,
    attackerHits,
    defenderHits,
    retreat: { hexes: result.retreat, minefieldCleared: plan.minefield && result.retreat > 0 },
    advanceAfterCombat: plan.advanceCard && result.retreat > 0,
    cardsPlayed: [...plan.cardsPlayed],
  };
  const names = new Map([...plan.attackers, ...plan.defenders].map((u) => [u.id, u.name]));
  const dropped = [...attackerHits.dropped, ...defenderHits.dropped].map((d) => ({
    text: phrase("NOBC.Rules.Land.Combat.ArtilleryNoHits", { unit: names.get(d.actor) ?? d.actor, count: d.hits }),
    value: 0,
    source: SRC.artillery,
  }));
  return {
    breakdown: [...plan.breakdown, { text: phrase("NOBC.Rules.Land.Combat.StepFive"), value: die, source: SRC.stepFive }, ...dropped],
    rolls: [die],
    outcome,
    effects: buildEffects(plan, outcome, attackerHits.proposal, defenderHits.proposal),
  };
}

/** Checks and resolves one combat in a single call (for macros). */
export function groundCombat(input: GroundCombatInput, dice: Dice): Checked<Resolution<GroundCombatOutcome>> {
  const plan = planGroundCombat(input);
  return plan.ok ? { ok: true, value: resolveGroundCombat(plan.value, dice) } : plan;
}

/** Owners' changed splits of shared hits; a side left out keeps the proposal. */
export interface GroundCombatSplits {
  attackers?: readonly HitShare[];
  defenders?: readonly HitShare[];
}

/** The effects of a resolved combat with the owners' own splits of "between all" hits. */
export function groundCombatEffects(plan: GroundCombatPlan, outcome: GroundCombatOutcome, splits: GroundCombatSplits): Checked<Effect[]> {
  const refusals: Refusal[] = [];
  const chosen = (key: "attackers" | "defenders", allocation: HitAllocation): HitShare[] => {
    const split = splits[key];
    if (split === undefined) return allocation.proposal;
    if (allocation.each) {
      const text = phrase(
        key === "attackers" ? "NOBC.Rules.Land.Combat.Refusal.hitsNotShared" : "NOBC.Rules.Land.Combat.Refusal.hitsNotSharedDefenders",
        { count: allocation.amount },
      );
      refusals.push({ code: "hitsNotShared", text, field: `splits.${key}` });
      return allocation.proposal;
    }
    const checked = checkHitSplit(allocation.total, allocation.candidates, split);
    if (checked.ok) return checked.value;
    refusals.push(...checked.refusals.map((r) => ({ ...r, field: `splits.${key}.${r.field}` })));
    return allocation.proposal;
  };
  const attackerSplit = chosen("attackers", outcome.attackerHits);
  const defenderSplit = chosen("defenders", outcome.defenderHits);
  if (refusals.length > 0) return { ok: false, refusals };
  return { ok: true, value: buildEffects(plan, outcome, attackerSplit, defenderSplit) };
}

function buildEffects(
  plan: GroundCombatPlan,
  outcome: GroundCombatOutcome,
  attackerSplit: readonly HitShare[],
  defenderSplit: readonly HitShare[],
): Effect[] {
  const effects: Effect[] = plan.supplySpent.map((s) => ({ type: "supply", actor: s.actor, delta: -s.spent }));
  effects.push(...combatHitEffects(plan.attackers, attackerSplit), ...combatHitEffects(plan.defenders, defenderSplit));
  if (outcome.retreat.hexes > 0) {
    const gone = eliminatedBySplit(plan.defenders, defenderSplit);
    for (const d of plan.defenders.filter((u) => !gone.has(u.id))) {
      effects.push({ type: "retreat", actor: d.id, hexes: outcome.retreat.hexes }, { type: "noMove", actor: d.id });
    }
  }
  if (outcome.retreat.minefieldCleared) effects.push({ type: "minefield", hex: plan.target, present: false });
  if (plan.chemicalCards.length > 0) effects.push({ type: "contaminated", hex: plan.target });
  for (const card of plan.chemicalCards) effects.push({ type: "cardDiscarded", card });
  for (const s of plan.cas) effects.push({ type: "squadronBox", squadron: s.id, box: "damaged" });
  return effects;
}
