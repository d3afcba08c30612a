/**
 * Shared vocabulary of the NOBC Air War (seed 000, Air War QRS): squadrons, airbases and the
 * air status a superiority fight leaves behind. Field names mirror the Foundry data models.
 */
import type { ActorRef } from "../../ids";
import type { AirBox } from "./effects";
import type { Nationality, Side } from "../../nationalities";

/** An air zone (each has its own Operations Allocation chart). */
export type AirZoneRef = string;

// The air forces of the repair table (seed 000, Air War QRS: 9) are the shared nationality list.
export { NATIONALITIES, nationalityName, sideOfNationality, type Nationality, type Side } from "../../nationalities";

export type WeaponKind = "aam" | "cas" | "deepStrike";
/** An advanced weapon card: air-to-air missiles, or CAS / deep-strike weapons. */
export interface AdvancedWeapon {
  readonly kind: WeaponKind;
  readonly name: string;
}

/** A squadron card as the rules see it. Factors are 0..6: a die at or under the factor succeeds. */
export interface Squadron {
  readonly id: ActorRef;
  readonly name: string;
  readonly side: Side;
  readonly nationality: Nationality;
  readonly airToAir: number;
  readonly cas: number;
  readonly deepStrike: number;
  readonly weapons: readonly AdvancedWeapon[];
  /** How many air zones away from its own the squadron can fly a mission. */
  readonly range: number;
  readonly recce: boolean;
  readonly ew: boolean;
  /** An RAF Harrier squadron: flies from field sites, so needs no airbase space. */
  readonly harrier: boolean;
  readonly box: AirBox;
  readonly airbase: ActorRef | null;
  readonly airZone: AirZoneRef;
}

/** An airbase chart: capacity and hits. `hits` can still be repaired; `permanentHits` never. */
export interface Airbase {
  readonly id: ActorRef;
  readonly name: string;
  readonly side: Side;
  readonly airZone: AirZoneRef;
  /** Only when the chart prints a capacity other than the standard 2. */
  readonly baseCapacity?: number;
  readonly hits: number;
  readonly permanentHits: number;
}

export type AirLevel = "contested" | "superiority" | "supremacy";
/** The result of the superiority fight in one air zone; no winner on a tie. */
export interface AirStatus {
  readonly level: AirLevel;
  readonly winner: Side | null;
}

export function hasWeapon(squadron: Pick<Squadron, "weapons">, kind: WeaponKind): boolean {
  return squadron.weapons.some((w) => w.kind === kind);
}

/** Recce and EW squadrons fly on the Recce/EW allotment, not the CAS one. */
export function isRecceOrEw(squadron: Pick<Squadron, "recce" | "ew">): boolean {
  return squadron.recce || squadron.ew;
}
