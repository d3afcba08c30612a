/**
 * The lang keys of the Air War's enums (sides, boxes, levels, weapon kinds), written out in full, and
 * their labels as phrases for the rules' sentences (docs/i18n.md).
 */
import { labelOf, type PhraseArg } from "../../resolution";
import type { AirBox } from "./effects";
import type { AirLevel, Side, WeaponKind } from "./types";

export const SIDE_LABELS: Readonly<Record<Side, string>> = {
  nato: "NOBC.Rules.Air.Side.nato",
  wp: "NOBC.Rules.Air.Side.wp",
};

export const BOX_LABELS: Readonly<Record<AirBox, string>> = {
  ready: "NOBC.Rules.Air.Box.ready",
  airSuperiority: "NOBC.Rules.Air.Box.airSuperiority",
  cas: "NOBC.Rules.Air.Box.cas",
  deepStrike: "NOBC.Rules.Air.Box.deepStrike",
  recce: "NOBC.Rules.Air.Box.recce",
  paradrop: "NOBC.Rules.Air.Box.paradrop",
  holding: "NOBC.Rules.Air.Box.holding",
  damaged: "NOBC.Rules.Air.Box.damaged",
  destroyed: "NOBC.Rules.Air.Box.destroyed",
};

export const LEVEL_LABELS: Readonly<Record<AirLevel, string>> = {
  contested: "NOBC.Rules.Air.Level.contested",
  superiority: "NOBC.Rules.Air.Level.superiority",
  supremacy: "NOBC.Rules.Air.Level.supremacy",
};

export const WEAPON_KIND_LABELS: Readonly<Record<WeaponKind, string>> = {
  aam: "NOBC.Rules.Air.WeaponKind.aam",
  cas: "NOBC.Rules.Air.WeaponKind.cas",
  deepStrike: "NOBC.Rules.Air.WeaponKind.deepStrike",
};

export function sideLabel(side: string): PhraseArg {
  return labelOf(SIDE_LABELS, side);
}

export function boxLabel(box: string): PhraseArg {
  return labelOf(BOX_LABELS, box);
}

export function levelLabel(level: string): PhraseArg {
  return labelOf(LEVEL_LABELS, level);
}

export function weaponKindLabel(kind: string): PhraseArg {
  return labelOf(WEAPON_KIND_LABELS, kind);
}
