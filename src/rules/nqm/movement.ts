import { SEEDS } from "../resolution";
import { assertCount } from "./validate";

export const MOVEMENT_SOURCE = `${SEEDS.nqm}, Table 1 (Movement Rates Table)`;
export const REAL_ESTATE_SOURCE = `${SEEDS.nqm}, Table 2 (Real Estate Table)`;

export type MoverType = "lightRecce" | "armoured" | "foot" | "motorised" | "cavalryCycle" | "horsedrawnTransport";
export type Pace = "moveToContact" | "advanceInContact" | "roadMarch";

/**
 * Seed 004 (NQM 2015), Table 1, Movement Rates, in km per hour. Seed 001 printed no tactical rates
 * for horse-drawn transport. Light recce advance in contact at 2 only against light recce; road march
 * at 10 also applies to armour on tank transporters.
 */
export const MOVEMENT_RATES_TABLE: Readonly<Record<MoverType, Readonly<Record<Pace, number>>>> = {
  lightRecce: { moveToContact: 5, advanceInContact: 2, roadMarch: 10 },
  armoured: { moveToContact: 3, advanceInContact: 1, roadMarch: 6 },
  foot: { moveToContact: 1, advanceInContact: 0.5, roadMarch: 2 },
  motorised: { moveToContact: 3, advanceInContact: 0.5, roadMarch: 9 },
  cavalryCycle: { moveToContact: 2, advanceInContact: 0.5, roadMarch: 3 },
  horsedrawnTransport: { moveToContact: 1, advanceInContact: 0.5, roadMarch: 2 },
};

export interface MoveOptions {
  /** Light recce advancing in contact against anything but light recce moves as foot or armour. */
  againstLightRecce?: boolean;
  recceMovesAs?: "foot" | "armoured";
  /** Armour carried on tank transporters road-marches at the light recce rate. */
  onTankTransporter?: boolean;
}

/** km per hour for a mover at a pace. */
export function moveRate(type: MoverType, pace: Pace, options: MoveOptions = {}): number {
  if (type === "lightRecce" && pace === "advanceInContact" && options.againstLightRecce !== true) {
    return MOVEMENT_RATES_TABLE[options.recceMovesAs ?? "armoured"].advanceInContact;
  }
  if (type === "armoured" && pace === "roadMarch" && options.onTankTransporter === true) {
    return MOVEMENT_RATES_TABLE.lightRecce.roadMarch;
  }
  return MOVEMENT_RATES_TABLE[type][pace];
}

/** Campaign-map days: six to twelve times the hourly rate (2015; seed 001 said twelve). */
export const CAMPAIGN_HOURS_PER_DAY = { min: 6, max: 12 } as const;

/** km a mover covers on the campaign map in a day, for a chosen factor within 6-12. */
export function campaignDayKm(type: MoverType, pace: Pace, factor: number, options: MoveOptions = {}): number {
  assertCount(factor, "factor", CAMPAIGN_HOURS_PER_DAY.min);
  if (factor > CAMPAIGN_HOURS_PER_DAY.max) throw new RangeError(`the daily factor is at most ${CAMPAIGN_HOURS_PER_DAY.max}, got ${factor}`);
  return moveRate(type, pace, options) * factor;
}

export type Formation = "company" | "companyInDefence" | "battalion" | "battalionInDefence" | "brigadeOrRegiment" | "division";

/** Metres: a frontage range (lower limit in close terrain, upper in open) and column depth. */
export interface RealEstate {
  frontage: readonly [number, number];
  columnDepth: number;
}

/** Seed 004 (NQM 2015), Table 2, Real Estate Table (same figures in seed 001); "3-500m" read as 300-500 m. */
export const REAL_ESTATE_TABLE: Readonly<Record<Formation, RealEstate>> = {
  company: { frontage: [300, 300], columnDepth: 300 },
  companyInDefence: { frontage: [300, 500], columnDepth: 300 },
  battalion: { frontage: [1000, 2000], columnDepth: 2000 },
  battalionInDefence: { frontage: [1000, 2000], columnDepth: 1000 },
  brigadeOrRegiment: { frontage: [4000, 7000], columnDepth: 8000 },
  division: { frontage: [10000, 15000], columnDepth: 24000 },
};

/** Frontage in metres: the lower limit in close terrain, the upper in open. */
export function frontage(formation: Formation, terrain: "close" | "open"): number {
  const [close, open] = REAL_ESTATE_TABLE[formation].frontage;
  return terrain === "close" ? close : open;
}
