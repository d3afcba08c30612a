/**
 * Pieces every air battle dialog shows: choices for a select, a squadron's values in a line, and
 * the rules' answer (breakdown and changes, or every refusal) before anything is posted. Pure.
 */
import { speak } from "../../../words/phrase";
import { phrase, type Checked, type Resolution } from "../../../rules/resolution";
import type { AirLevel, Side, Squadron } from "../../../rules/nobc/air/index";
import { breakdownContext, localizeBreakdown, type BreakdownView, type Translator } from "../../../view/breakdown";
import { SIDE_LABELS, WEAPON_KIND_LABELS } from "../../../view/labels";

export const LEVEL_LABELS: Readonly<Record<AirLevel, string>> = {
  contested: "NOBC.AirBattle.Level.contested",
  superiority: "NOBC.AirBattle.Level.superiority",
  supremacy: "NOBC.AirBattle.Level.supremacy",
};

export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

export function choices(values: readonly { value: string; label: string }[], selected: string): Choice[] {
  return values.map((v) => ({ ...v, selected: v.value === selected }));
}

/** A zone's name; the blank zone (squadrons not yet given one) has a label of its own. */
export function zoneLabel(zone: string, i18n: Translator): string {
  return zone === "" ? i18n.localize("NOBC.AirBattle.NoZone") : zone;
}

export function zoneChoices(zones: readonly string[], selected: string, i18n: Translator): Choice[] {
  return choices(
    zones.map((z) => ({ value: z, label: zoneLabel(z, i18n) })),
    selected,
  );
}

export function sideChoices(sides: readonly Side[], selected: Side, i18n: Translator): Choice[] {
  return choices(
    sides.map((s) => ({ value: s, label: i18n.localize(SIDE_LABELS[s]) })),
    selected,
  );
}

/** "A2A 4 · CAS 2 · DS 0 · range 1 · Recce · AAM: AIM-9L": what the choice depends on. */
export function squadronValues(s: Squadron, i18n: Translator): string {
  const parts = [
    speak(phrase("NOBC.AirBattle.Values", { airToAir: s.airToAir, cas: s.cas, deepStrike: s.deepStrike, range: s.range }), i18n),
  ];
  if (s.recce) parts.push(i18n.localize("NOBC.Air.Recce"));
  if (s.ew) parts.push(i18n.localize("NOBC.Air.Ew"));
  for (const w of s.weapons) parts.push(`${i18n.localize(WEAPON_KIND_LABELS[w.kind])}: ${w.name}`);
  return parts.join(" · ");
}

/** The rules' answer as the dialog shows it: the breakdown and the changes, or every refusal. */
export interface PreviewView {
  readonly refusals: readonly string[];
  readonly breakdown: BreakdownView | null;
}

export function previewView<O>(
  checked: Checked<Resolution<O>>,
  intro: string,
  nameOf: (ref: string) => string,
  i18n: Translator,
): PreviewView {
  if (!checked.ok) return { refusals: checked.refusals.map((r) => speak(r.text, i18n)), breakdown: null };
  const { breakdown, rolls, effects } = checked.value;
  return {
    refusals: [],
    breakdown: localizeBreakdown(breakdownContext({ intro, breakdown, rolls, effects, showTotal: false }, nameOf), i18n),
  };
}

/** Looks a squadron's name up by its id; the id itself when unknown. */
export function namer(squadrons: readonly Squadron[]): (ref: string) => string {
  const names = new Map(squadrons.map((s) => [s.id, s.name]));
  return (ref) => names.get(ref) ?? ref;
}
