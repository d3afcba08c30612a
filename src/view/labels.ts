/**
 * Label keys (lang/en.json) for every enum a sheet shows. Written out in full, never built from
 * strings, so the i18n test can find each key in the source.
 */
import type { Mode, Side, SupportCardCategory, UnitArm, UnitSize } from "../rules/nobc/land/types";
import type { AirBox } from "../rules/nobc/air/effects";
import type { AfterUse, AirRole, Echelon, WeaponKind } from "./views";

export const SIDE_LABELS: Readonly<Record<Side, string>> = {
  nato: "NOBC.Side.nato",
  wp: "NOBC.Side.wp",
};

export const SIZE_LABELS: Readonly<Record<UnitSize, string>> = {
  battalion: "NOBC.Size.battalion",
  brigade: "NOBC.Size.brigade",
  regiment: "NOBC.Size.regiment",
  division: "NOBC.Size.division",
};

export const ARM_LABELS: Readonly<Record<UnitArm, string>> = {
  armour: "NOBC.Arm.armour",
  mechanised: "NOBC.Arm.mechanised",
  motorRifle: "NOBC.Arm.motorRifle",
  infantry: "NOBC.Arm.infantry",
  airborne: "NOBC.Arm.airborne",
  airmobile: "NOBC.Arm.airmobile",
  artillery: "NOBC.Arm.artillery",
  engineer: "NOBC.Arm.engineer",
  recce: "NOBC.Arm.recce",
  other: "NOBC.Arm.other",
};

export const MODE_LABELS: Readonly<Record<Mode, string>> = {
  combat: "NOBC.Mode.combat",
  march: "NOBC.Mode.march",
};

export const ECHELON_LABELS: Readonly<Record<Echelon, string>> = {
  corps: "NOBC.Echelon.corps",
  army: "NOBC.Echelon.army",
  front: "NOBC.Echelon.front",
  armyGroup: "NOBC.Echelon.armyGroup",
};

export const ROLE_LABELS: Readonly<Record<AirRole, string>> = {
  airSuperiority: "NOBC.Role.airSuperiority",
  multirole: "NOBC.Role.multirole",
  strike: "NOBC.Role.strike",
  cas: "NOBC.Role.cas",
  recce: "NOBC.Role.recce",
  ew: "NOBC.Role.ew",
  transport: "NOBC.Role.transport",
};

export const AIR_BOX_LABELS: Readonly<Record<AirBox, string>> = {
  ready: "NOBC.AirBox.ready",
  airSuperiority: "NOBC.AirBox.airSuperiority",
  cas: "NOBC.AirBox.cas",
  deepStrike: "NOBC.AirBox.deepStrike",
  recce: "NOBC.AirBox.recce",
  paradrop: "NOBC.AirBox.paradrop",
  holding: "NOBC.AirBox.holding",
  damaged: "NOBC.AirBox.damaged",
  destroyed: "NOBC.AirBox.destroyed",
};

export const WEAPON_KIND_LABELS: Readonly<Record<WeaponKind, string>> = {
  aam: "NOBC.WeaponKind.aam",
  cas: "NOBC.WeaponKind.cas",
  deepStrike: "NOBC.WeaponKind.deepStrike",
};

export const CATEGORY_LABELS: Readonly<Record<SupportCardCategory, string>> = {
  intelligence: "NOBC.CardCategory.intelligence",
  airRecce: "NOBC.CardCategory.airRecce",
  specialForces: "NOBC.CardCategory.specialForces",
  engineer: "NOBC.CardCategory.engineer",
  bridgingEngineer: "NOBC.CardCategory.bridgingEngineer",
  minelayingEngineer: "NOBC.CardCategory.minelayingEngineer",
  chemical: "NOBC.CardCategory.chemical",
  nuclear: "NOBC.CardCategory.nuclear",
  adm: "NOBC.CardCategory.adm",
  ew: "NOBC.CardCategory.ew",
  ssm: "NOBC.CardCategory.ssm",
  signals: "NOBC.CardCategory.signals",
  logistics: "NOBC.CardCategory.logistics",
  rearTroops: "NOBC.CardCategory.rearTroops",
  combatModifier: "NOBC.CardCategory.combatModifier",
  advanceAfterCombat: "NOBC.CardCategory.advanceAfterCombat",
};

/** What each card category does, in one line, shown on the card sheet and in hand lists. */
export const CATEGORY_HINTS: Readonly<Record<SupportCardCategory, string>> = {
  intelligence: "NOBC.CardHint.intelligence",
  airRecce: "NOBC.CardHint.airRecce",
  specialForces: "NOBC.CardHint.specialForces",
  engineer: "NOBC.CardHint.engineer",
  bridgingEngineer: "NOBC.CardHint.bridgingEngineer",
  minelayingEngineer: "NOBC.CardHint.minelayingEngineer",
  chemical: "NOBC.CardHint.chemical",
  nuclear: "NOBC.CardHint.nuclear",
  adm: "NOBC.CardHint.adm",
  ew: "NOBC.CardHint.ew",
  ssm: "NOBC.CardHint.ssm",
  signals: "NOBC.CardHint.signals",
  logistics: "NOBC.CardHint.logistics",
  rearTroops: "NOBC.CardHint.rearTroops",
  combatModifier: "NOBC.CardHint.combatModifier",
  advanceAfterCombat: "NOBC.CardHint.advanceAfterCombat",
};

export const AFTER_USE_LABELS: Readonly<Record<AfterUse, string>> = {
  discard: "NOBC.AfterUse.discard",
  keep: "NOBC.AfterUse.keep",
  reuseForIdentification: "NOBC.AfterUse.reuseForIdentification",
};
