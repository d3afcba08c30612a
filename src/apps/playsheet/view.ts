/**
 * What the Operational Playsheet's dialogs share, pure: the form's fields as data (one template draws
 * them all), reading the form back, the chance of each outcome by walking every die face the rules
 * ask for, and the changes in words. The Playsheet keeps no documents, so its changes are sentences
 * the umpire carries out on their own map.
 */
import type { Translator } from "../../base/foundry";
import type { PlaysheetEffect } from "../../rules/playsheet/effects";
import { speak } from "../../words/phrase";
import type { OptionView } from "../base/options";
import { outcomeSpread, type Spread } from "../base/dice-walk";
import { changePhrase } from "../../view/playsheet-changes";
import { percent, refusalLines, words } from "../base/wording";
export { percent, refusalLines, words };

export { changePhrase, outcomeSpread, type Spread };

export type { Translator };
export type { OptionView };

/** One input of the form; exactly one of the kind flags is set. */
export interface FieldView {
  readonly name: string;
  readonly label: string;
  readonly number?: true;
  readonly text?: true;
  readonly select?: true;
  readonly checkbox?: true;
  readonly value?: string | number;
  readonly checked?: boolean;
  readonly options?: readonly OptionView[];
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
}

export interface RowView {
  readonly fields: readonly FieldView[];
  /** The remove button of a list row: its action and the row's list and index. */
  readonly remove?: { readonly list: string; readonly index: number; readonly label: string };
}

export interface SectionView {
  readonly heading: string;
  readonly hint?: string;
  readonly rows: readonly RowView[];
  /** The add button of a list: its action and label. */
  readonly add?: { readonly list: string; readonly label: string };
}

export interface ChanceRow {
  readonly label: string;
  /** The die faces that give it, when one die decides ("5–6"); empty otherwise. */
  readonly faces: string;
  readonly chance: string;
  /** 0..1, for the bar. */
  readonly probability: number;
  /** What it means on the map. */
  readonly detail: string;
}

export interface ChanceTable {
  readonly intro: string;
  readonly rows: readonly ChanceRow[];
}

/** A choice list from values and their lang keys. */
export function optionsOf<T extends string>(labels: Readonly<Record<T, string>>, chosen: string, i18n: Translator): OptionView[] {
  return (Object.keys(labels) as T[]).map((value) => ({ value, label: i18n.localize(labels[value]), selected: value === chosen }));
}

export function numberField(name: string, label: string, value: number, i18n: Translator, min = 0, max = 999, step = 1): FieldView {
  return { name, label: i18n.localize(label), number: true, value, min, max, step };
}

export function textField(name: string, label: string, value: string, i18n: Translator): FieldView {
  return { name, label: i18n.localize(label), text: true, value };
}

export function selectField<T extends string>(
  name: string,
  label: string,
  labels: Readonly<Record<T, string>>,
  chosen: string,
  i18n: Translator,
): FieldView {
  return { name, label: i18n.localize(label), select: true, options: optionsOf(labels, chosen, i18n) };
}

export function checkField(name: string, label: string, checked: boolean, i18n: Translator): FieldView {
  return { name, label: i18n.localize(label), checkbox: true, checked };
}

/** The longest name a unit, battery or side may have in a Playsheet dialog. */
export const MAX_NAME = 80;

/** A form number: a finite number typed replaces `prev` (the rules judge its range); anything else keeps it. */
export function readNumber(values: Readonly<Record<string, unknown>>, name: string, prev: number): number {
  if (!(name in values)) return prev;
  const raw = values[name];
  const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  return Number.isFinite(n) ? n : prev;
}

/** A form checkbox: Foundry gives booleans, a bare form "on" or nothing; absent keeps `prev`. */
export function readFlag(values: Readonly<Record<string, unknown>>, name: string, prev: boolean): boolean {
  if (!(name in values)) return prev;
  const raw = values[name];
  return raw === true || raw === "on" || raw === "true";
}

/** A form choice among `choices`; anything else keeps `prev`. */
export function readChoice<T extends string>(values: Readonly<Record<string, unknown>>, name: string, choices: readonly T[], prev: T): T {
  const raw = values[name];
  return choices.find((c) => c === raw) ?? prev;
}

/** A form text, cut to `MAX_NAME` characters; absent keeps `prev`. */
export function readText(values: Readonly<Record<string, unknown>>, name: string, prev: string): string {
  const raw = values[name];
  return typeof raw === "string" ? raw.slice(0, MAX_NAME) : prev;
}

/** Die faces as short runs: [1, 2, 3, 5] → "1–3, 5". */
export function faceRuns(faces: readonly number[]): string {
  const sorted = [...new Set(faces)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    runs.push(i === j ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(", ");
}

/**
 * The rows of a chance table from a walk over the dice: sorted by `rank` (each outcome's key; the
 * lower first), each worded by `label` and `detail`, with its first die's faces and its chance.
 */
export function chanceRows<O>(
  i18n: Translator,
  spread: readonly Spread<O>[],
  rank: (key: string) => number,
  label: (x: Spread<O>) => string,
  detail: (x: Spread<O>) => string = () => "",
): ChanceRow[] {
  return [...spread]
    .sort((a, b) => rank(a.key) - rank(b.key))
    .map((x) => ({
      label: label(x),
      faces: faceRuns(x.firstFaces),
      chance: percent(x.probability, i18n),
      probability: x.probability,
      detail: detail(x),
    }));
}

/** The changes of a resolution in the reader's language. */
export function changeLines(effects: readonly PlaysheetEffect[], nameOf: (ref: string) => string, i18n: Translator): string[] {
  return effects.map((e) => speak(changePhrase(e, nameOf), i18n));
}

/** Yes or no in the reader's language. */
export function yesNo(value: boolean, i18n: Translator): string {
  return i18n.localize(value ? "NOBC.Playsheet.Yes" : "NOBC.Playsheet.No");
}

/** A name as typed, trimmed, or `fallback` when none was typed ("—", "S1"). */
export function shownName(typed: string, fallback: string): string {
  return typed.trim() === "" ? fallback : typed.trim();
}
