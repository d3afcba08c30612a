/**
 * Label keys (lang/en.json) for every enum a sheet shows. Written out in full, so the i18n test can
 * find each key in the source; the support-card categories' keys follow one rule instead (below).
 */
import { SUPPORT_CARD_CATEGORIES, type SupportCardCategory, type UnitSize } from "../rules/nobc/land/types";
import type { AirBox } from "../rules/nobc/air/effects";
// Sides, arms and modes: the rules name them in their sentences with the same labels the sheets show.
export { ARM_LABELS, MODE_LABELS, SIDE_LABELS } from "../rules/nobc/land/words";
import type { AfterUse, AirRole, Echelon, WeaponKind } from "./views";

export const SIZE_LABELS: Readonly<Record<UnitSize, string>> = {
  battalion: "NOBC.Size.battalion",
  brigade: "NOBC.Size.brigade",
  regiment: "NOBC.Size.regiment",
  division: "NOBC.Size.division",
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

/**
 * A support-card category's label and hint keys, by one rule from its id, so a new category (a record
 * in the rules core) needs only its two lang keys; tests/sheets/i18n.test.ts checks every one exists.
 */
export function categoryLabelKey(category: SupportCardCategory): string {
  return `NOBC.CardCategory.${category}`;
}

export function categoryHintKey(category: SupportCardCategory): string {
  return `NOBC.CardHint.${category}`;
}

function byCategory(key: (category: SupportCardCategory) => string): Readonly<Record<SupportCardCategory, string>> {
  return Object.fromEntries(SUPPORT_CARD_CATEGORIES.map((c) => [c, key(c)])) as Record<SupportCardCategory, string>;
}

export const CATEGORY_LABELS: Readonly<Record<SupportCardCategory, string>> = byCategory(categoryLabelKey);

/** What each card category does, in one line, shown on the card sheet and in hand lists. */
export const CATEGORY_HINTS: Readonly<Record<SupportCardCategory, string>> = byCategory(categoryHintKey);

export const AFTER_USE_LABELS: Readonly<Record<AfterUse, string>> = {
  discard: "NOBC.AfterUse.discard",
  keep: "NOBC.AfterUse.keep",
  reuseForIdentification: "NOBC.AfterUse.reuseForIdentification",
};

/** The two sides of an NQM battle, by the colours of the table (the data keeps the system's side values). */
export const NQM_SIDE_LABELS: Readonly<Record<"nato" | "wp", string>> = { nato: "NOBC.Nqm.Side.nato", wp: "NOBC.Nqm.Side.wp" };
