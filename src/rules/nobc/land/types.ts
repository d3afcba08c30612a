/**
 * Shared vocabulary of the NOBC Land War (seed 000, Land War QRS). The map is not the rules'
 * business: callers pass adjacency, terrain and distances as plain data.
 */
import type { ActorRef, CardRef, HexRef } from "../../ids";
import type { SupportCardCategory } from "./card-categories";

export type { Side } from "../../nationalities";
import type { Side } from "../../nationalities";
export type Mode = "combat" | "march";

/** Terrain types a hex can have; several may apply at once (woods + rough). */
export const LAND_TERRAINS = ["clear", "woods", "rough", "marsh", "town", "city"] as const;
export type LandTerrain = (typeof LAND_TERRAINS)[number];

export type RiverKind = "minor" | "major";

/** A river on a hexside, as ground combat and movement both see it. */
export interface RiverHexside {
  kind: RiverKind;
  bridged: boolean;
}

/** Unit sizes, arms and HQ echelons: the one list the data models, schemas and importer share. */
export const UNIT_SIZES = ["battalion", "brigade", "regiment", "division"] as const;
export type UnitSize = (typeof UNIT_SIZES)[number];
export const UNIT_ARMS = [
  "armour",
  "mechanised",
  "motorRifle",
  "infantry",
  "airborne",
  "airmobile",
  "artillery",
  "engineer",
  "recce",
  "other",
] as const;
export type UnitArm = (typeof UNIT_ARMS)[number];
export const ECHELONS = ["corps", "army", "front", "armyGroup"] as const;
export type Echelon = (typeof ECHELONS)[number];

/** A unit on the main map, as the rules need to see it. */
export interface LandUnit {
  id: ActorRef;
  side: Side;
  name: string;
  size: UnitSize;
  arm: UnitArm;
  /** Current Combat Strength (after hits). */
  strength: number;
  mode: Mode;
  /** Supply points carried. */
  supply: number;
  hex: HexRef;
  /** The HQ the unit is subordinated to, if any. */
  hq?: ActorRef;
  nationality: string;
}

/** An HQ as the rules need to see it. */
export interface LandHq {
  id: ActorRef;
  side: Side;
  name: string;
  echelon: Echelon;
  /** Current level (HQ boxes); also its support/supply score. */
  level: number;
  maxLevel: number;
  /** Radius in hexes within which it supports and supplies. */
  radius: number;
  nationality: string;
  hex: HexRef;
  /** The parent HQ (an army's front), if any. */
  parent?: ActorRef;
  /** False for WP HQs outside East Germany and Czechoslovakia (territorial rule). */
  mayRecover: boolean;
}

// The categories are the keys of their records (card-categories.ts); re-exported where they always were.
export { SUPPORT_CARD_CATEGORIES } from "./card-categories";
export type { SupportCardCategory } from "./card-categories";

/** A support card as the rules need to see it. */
export interface SupportCard {
  id: CardRef;
  side: Side;
  category: SupportCardCategory;
  /** Printed value (CW value, SSM strength, modifier, …); meaning depends on category. */
  value: number;
  /** The HQ holding the card. */
  hq?: ActorRef;
}

/** Artillery and battalion-sized units need no orders and are always in March Mode (seed 000, Orders). */
export function alwaysInMarchMode(unit: Pick<LandUnit, "size" | "arm">): boolean {
  return unit.arm === "artillery" || unit.size === "battalion";
}
