/**
 * The shapes of `system` the sheets read, as the Foundry contract defines them
 * (docs: foundry spec, "System data"). Structural and read-only, so a data model instance, a
 * plain fixture and a test object all fit.
 */
import type { Mode, Side, SupportCardCategory, UnitArm, UnitSize } from "../rules/nobc/land/types";
import type { AirBox } from "../rules/nobc/air/effects";
import type { CardAfterUse } from "../rules/nobc/land/card-categories";

export type Echelon = "corps" | "army" | "front" | "armyGroup";
export type AirRole = "airSuperiority" | "multirole" | "strike" | "cas" | "recce" | "ew" | "transport";
export type WeaponKind = "aam" | "cas" | "deepStrike";
export type AfterUse = CardAfterUse;

export interface Pool {
  readonly value: number;
  readonly max: number;
}

/** A unit's overrun cost as printed on its counter (seed 000, Land War QRS, 5. Movement); null: not entered. */
export interface OverrunCost {
  readonly mp: number | null;
  readonly hits: number | null;
}

export interface UnitSystemView {
  readonly side: Side;
  readonly nationality: string;
  readonly hq: string | null;
  readonly size: UnitSize;
  readonly arm: UnitArm;
  readonly strength: Pool;
  readonly supply: number;
  readonly mode: Mode;
  readonly minelaying: boolean;
  readonly noMove: boolean;
  readonly movementPoints: number;
  /** The overrun cost printed on the counter; null where the umpire has not entered it. */
  readonly overrunCost: OverrunCost;
  readonly notes: string;
  readonly supplyCapacity: number;
  readonly forcedMarch: boolean;
  readonly movementAllowance: number;
}

export interface HqSystemView {
  readonly side: Side;
  readonly nationality: string;
  readonly echelon: Echelon;
  readonly level: Pool;
  readonly radius: number;
  readonly supplyCounters: number;
  readonly mayRecover: boolean;
  readonly parent: string | null;
  readonly initiative: boolean;
  readonly notes: string;
}

export interface AirSquadronSystemView {
  readonly side: Side;
  readonly nationality: string;
  readonly aircraft: string;
  readonly role: AirRole;
  readonly airToAir: number;
  readonly cas: number;
  readonly deepStrike: number;
  readonly weapons: readonly { readonly kind: WeaponKind; readonly name: string }[];
  readonly range: number;
  readonly recce: boolean;
  readonly ew: boolean;
  readonly harrier: boolean;
  readonly box: AirBox;
  readonly airbase: string | null;
  readonly airZone: string;
}

export interface AirbaseSystemView {
  readonly side: Side;
  readonly airZone: string;
  readonly baseCapacity: number;
  readonly hits: { readonly repairable: number; readonly permanent: number };
  readonly airDefence: Pool;
  readonly capacity: number;
}

export interface SupportCardSystemView {
  readonly side: Side;
  readonly category: SupportCardCategory;
  readonly value: number;
  readonly modifier: number;
  readonly afterUse: AfterUse;
  readonly assignedTo: string | null;
  readonly description: string;
}

/** An NQM unit (Actor `nqmUnit`, src/data/nqm-unit.ts). */
export interface NqmUnitSystemView {
  readonly side: Side;
  readonly grade: "elite" | "veteran" | "regular" | "conscript" | "militia";
  readonly green: boolean;
  readonly kind: "fighting" | "support";
  readonly strength: Pool;
  readonly combatUnits: number;
  readonly weight: NqmClass;
  readonly armour: NqmClass;
  readonly protection: "open" | "dugIn" | "fortified";
  readonly pins: { readonly red: number; readonly black: number };
  readonly disorganised: boolean;
  readonly disorganisedHours: number;
  readonly harassedHours: number;
  readonly broken: boolean;
  readonly surrendered: boolean;
  readonly withdrawn: boolean;
  readonly ammo: number;
  readonly inSupply: boolean;
  readonly supplyUnits: { readonly log: number; readonly pol: number };
  readonly recceTroops: boolean;
  readonly commandBase: boolean;
  readonly notes: string;
  readonly pinned: boolean;
  readonly targetClass: NqmClass;
}

/** A weapon or armour class of NQM's Table 10. */
export type NqmClass = "VL" | "L" | "M" | "H" | "VH";

/** Another document a sheet links to (an HQ, a unit, an airbase), already resolved by the sheet. */
export interface DocLink {
  readonly uuid: string;
  readonly name: string;
}
