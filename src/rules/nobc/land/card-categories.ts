/**
 * One record per support-card category (seed 000, Land War QRS and Air War QRS): where the card is
 * played, who holds it in play, and what becomes of it afterwards, with the seed it comes from. Every
 * list of categories the rules and the Foundry layer use (which identify a target, which a unit may
 * take, which speed HQ recovery, …) is derived from these records, so a new category is one record
 * here and its lang keys.
 */
import type { CardRef } from "../../ids";
import { SEEDS, phrase, type PhraseArg } from "../../resolution";
import type { LandEffect } from "./effects";

/** What the deck says becomes of a card after use (the `afterUse` of a card item). */
export const CARD_AFTER_USE = ["discard", "keep", "reuseForIdentification"] as const;
export type CardAfterUse = (typeof CARD_AFTER_USE)[number];

/** How a card serves in ground combat: a Step Four modifier, an Engineer for a river, or advance after combat. */
export type CombatCardUse = "modifier" | "crossing" | "advance";

/** A rear-area strike (step A) a card makes on its own. */
export type RearAreaStrikeCard = "ssm" | "ew" | "specialForces";

/** Weapons that need Control's release and contaminate (chemical and nuclear weapons note). */
export type ReleasedWeapon = "chemical" | "nuclear" | "adm";

/** Where a card of the category is played. A use left out means the card has none there. */
export interface SupportCardUses {
  /** Ground combat (phase 4). */
  readonly combat?: CombatCardUse;
  /** Rear-area attacks (phase 3): identifies and locates a target, and/or strikes in step A. */
  readonly rearArea?: { readonly identifies?: true; readonly strike?: RearAreaStrikeCard };
  /** An Air War deep strike (step 8C): an SF or SSM strike of attack strength 3. */
  readonly deepStrike?: "sf" | "ssm";
  /** HQ recovery (phase 6): each card played adds a level. */
  readonly hqRecovery?: true;
  /** Orders (phase 2): lays one minefield. */
  readonly minefield?: true;
  /** NATO bridge demolition (phase 3); `minelaying` engineers may not take a major bridge. */
  readonly demolition?: { readonly minelaying: boolean };
  /** Chemical and nuclear weapons: released by Control, they contaminate. */
  readonly weapon?: ReleasedWeapon;
}

export interface SupportCardRecord {
  /** The lang key of the category's name (the one sheets and the rules' sentences show). */
  readonly label: string;
  readonly uses: SupportCardUses;
  /** "unit": assigned to a unit, it goes with it into combat; "hq": its HQ plays it. */
  readonly holder: "unit" | "hq";
  /** What the deck's cards of this category say after use (docs/decisions/packs.md, "After use"). */
  readonly afterUse: CardAfterUse;
  /** The seed lines (and decisions) the record rests on. */
  readonly source: string;
}

const LAND = `${SEEDS.nobc}, Land War QRS`;
const AIR = `${SEEDS.nobc}, Air War QRS`;
const REAR = `${LAND}: 3. Rear Area Attacks`;
const IDENTIFY = `${REAR} (target identification and location; retain Recce and Intelligence cards)`;
const RECOVERY = `${LAND}: 6. Resupply & HQ Recovery (Signals/Logistics/Rear Troops)`;
const HOLDER = "docs/decisions/foundry-documents.md: Which cards a unit can take";
const WEAPONS = `${LAND}: chemical and nuclear weapons note`;

/** Seed 000 (NOBC). The order is the one sheets list cards in. */
const RECORDS = {
  intelligence: {
    label: "NOBC.CardCategory.intelligence",
    uses: { rearArea: { identifies: true } },
    holder: "hq",
    afterUse: "keep",
    source: IDENTIFY,
  },
  airRecce: {
    label: "NOBC.CardCategory.airRecce",
    uses: { rearArea: { identifies: true } },
    holder: "hq",
    afterUse: "keep",
    source: IDENTIFY,
  },
  specialForces: {
    label: "NOBC.CardCategory.specialForces",
    uses: { rearArea: { identifies: true, strike: "specialForces" }, deepStrike: "sf" },
    holder: "hq",
    afterUse: "reuseForIdentification",
    source: `${REAR} (SF re-used in identification; step A; discard SF cards used in attacks); ${AIR}: 8C`,
  },
  engineer: {
    label: "NOBC.CardCategory.engineer",
    uses: { combat: "crossing", minefield: true, demolition: { minelaying: false } },
    holder: "unit",
    afterUse: "keep",
    source: `${LAND}: 2. Orders (minefield), 3. Bridge Demolition, 4. Ground Combat Step Three (Engineer card); ${HOLDER}`,
  },
  bridgingEngineer: {
    label: "NOBC.CardCategory.bridgingEngineer",
    uses: { combat: "crossing", demolition: { minelaying: false } },
    holder: "unit",
    afterUse: "discard",
    source: `${LAND}: 3. Bridge Demolition, 4. Ground Combat Step Three, Movement Rates (Bridging Engineers); ${HOLDER}`,
  },
  minelayingEngineer: {
    label: "NOBC.CardCategory.minelayingEngineer",
    uses: { minefield: true, demolition: { minelaying: true } },
    holder: "unit",
    afterUse: "discard",
    source: `${LAND}: 2. Orders (minefield), 3. Bridge Demolition (major bridges: non-minelaying only); ${HOLDER}`,
  },
  chemical: {
    label: "NOBC.CardCategory.chemical",
    uses: { combat: "modifier", weapon: "chemical" },
    holder: "unit",
    afterUse: "discard",
    source: `${WEAPONS} (CW adds modifiers in combat, doubles damage in rear-area attacks); ${REAR} step A; ${AIR}: 8C`,
  },
  nuclear: {
    label: "NOBC.CardCategory.nuclear",
    uses: { weapon: "nuclear" },
    holder: "hq",
    afterUse: "discard",
    source: `${REAR} (nuclear weapons); ${WEAPONS}`,
  },
  adm: {
    label: "NOBC.CardCategory.adm",
    uses: { weapon: "adm" },
    holder: "hq",
    afterUse: "discard",
    source: `${REAR} (Atomic Demolition Munitions); ${WEAPONS}`,
  },
  ew: {
    label: "NOBC.CardCategory.ew",
    uses: { rearArea: { strike: "ew" } },
    holder: "hq",
    afterUse: "discard",
    source: `${REAR} step A (EW only against HQs; discard EW cards)`,
  },
  ssm: {
    label: "NOBC.CardCategory.ssm",
    uses: { rearArea: { strike: "ssm" }, deepStrike: "ssm" },
    holder: "hq",
    afterUse: "discard",
    source: `${REAR} step A (discard Missile cards); ${AIR}: 8C`,
  },
  signals: {
    label: "NOBC.CardCategory.signals",
    uses: { hqRecovery: true },
    holder: "hq",
    afterUse: "discard",
    source: RECOVERY,
  },
  logistics: {
    label: "NOBC.CardCategory.logistics",
    uses: { hqRecovery: true },
    holder: "hq",
    afterUse: "discard",
    source: RECOVERY,
  },
  rearTroops: {
    label: "NOBC.CardCategory.rearTroops",
    uses: { hqRecovery: true },
    holder: "hq",
    afterUse: "discard",
    source: RECOVERY,
  },
  combatModifier: {
    label: "NOBC.CardCategory.combatModifier",
    uses: { combat: "modifier" },
    holder: "unit",
    afterUse: "keep",
    source: `${LAND}: 4. Ground Combat Step Four (+/- Support Cards); ${HOLDER}`,
  },
  advanceAfterCombat: {
    label: "NOBC.CardCategory.advanceAfterCombat",
    uses: { combat: "advance" },
    holder: "unit",
    afterUse: "keep",
    source: `${LAND}: 4. Ground Combat (Advance after Combat, if card played); ${HOLDER}`,
  },
} as const satisfies Readonly<Record<string, SupportCardRecord>>;

export type SupportCardCategory = keyof typeof RECORDS;

/** The record of every category (seed 000), read through the one record type. */
export const SUPPORT_CARD_RECORDS: Readonly<Record<SupportCardCategory, SupportCardRecord>> = RECORDS;

/** Every category, in the records' order (a non-empty tuple, as choice fields and zod enums want it). */
export const SUPPORT_CARD_CATEGORIES = Object.keys(RECORDS) as unknown as readonly [SupportCardCategory, ...SupportCardCategory[]];

/** The record of a category, or undefined for a name that is none (data from outside may carry one). */
export function supportCardRecord(category: string): SupportCardRecord | undefined {
  return Object.hasOwn(SUPPORT_CARD_RECORDS, category) ? SUPPORT_CARD_RECORDS[category as SupportCardCategory] : undefined;
}

/** The categories whose record passes `test`, in the records' order. */
export function categoriesWhere(test: (record: SupportCardRecord) => boolean): readonly SupportCardCategory[] {
  return SUPPORT_CARD_CATEGORIES.filter((c) => test(SUPPORT_CARD_RECORDS[c]));
}

/**
 * Whether the card is gone once used, as its record's after-use line says; `identified`: it only
 * identified a target (an SF card is kept then). Resolvers whose phase decides otherwise (a minefield
 * spends any Engineer card, a demolition or a crossing spends none) say so themselves.
 */
export function spentAfterUse(category: string, identified = false): boolean {
  const after = supportCardRecord(category)?.afterUse;
  return after === "discard" || (after === "reuseForIdentification" && !identified);
}

/** A `cardDiscarded` effect for each of `cards` its record spends after this use. */
export function discardsAfterUse(cards: readonly { readonly id: CardRef; readonly category: string }[], identified = false): LandEffect[] {
  return cards.filter((c) => spentAfterUse(c.category, identified)).map((c) => ({ type: "cardDiscarded", card: c.id }));
}

/** Whether a card of `category` is `weapon` (an unknown category is no weapon). */
export function isWeapon(category: string, weapon: ReleasedWeapon): boolean {
  return supportCardRecord(category)?.uses.weapon === weapon;
}

/** A category's name for a sentence: its label, or the name itself for one no record has (data from outside). */
export function categoryName(category: string): PhraseArg {
  const record = supportCardRecord(category);
  return record === undefined ? category : phrase(record.label);
}
