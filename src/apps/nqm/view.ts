/**
 * What every NQM procedure shows: the rules' refusals or the breakdown and the changes in words,
 * the chance of each outcome before the roll, and the card Roll posts. Pure.
 */
import type { Checked, Resolution } from "../../rules/resolution";
import type { Translator } from "../../view/breakdown";
import { seededDice, type Dice } from "../../rules/dice";
import type { CardInputLine } from "../../chat/card-data";
import type { Card } from "../base/controller";
import { labelledOptions, options, text, type OptionView } from "../base/options";
import { z } from "zod";
import { nqm } from "../../rules/index";
import type { WeightClass } from "../../rules/nqm/index";
import { refusalLines, words } from "../base/wording";
export { refusalLines, words };

export type { Translator };
export { labelledOptions, options, text, type OptionView };

export interface NqmCheck {
  /** Every reason the rules or the dialog refuse, in words; empty when accepted. */
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

/** One outcome and its chance, in words ("33.3 %"). */
export interface ChanceView {
  readonly label: string;
  readonly chance: string;
}

/** A probability as a percentage with one decimal in the reader's locale. */
export function percent(p: number, i18n: Translator): string {
  return `${new Intl.NumberFormat(i18n.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(p * 100)} %`;
}

/**
 * Whether the rules accept the input: the resolver run once on dice whose faces are thrown away
 * (the rules check every input before they read a die), so the dialog shows each refusal before Roll.
 */
export function nqmCheck<O>(resolve: (dice: Dice) => Checked<Resolution<O>>, i18n: Translator): NqmCheck {
  const checked = resolve(seededDice(1));
  return checked.ok ? { refusals: [], canRoll: true } : { refusals: refusalLines(checked.refusals, i18n), canRoll: false };
}

/** The card Roll posts: the title, the rules' resolution, the outcome in words and what went in. */
export function nqmCard<O>(title: string, resolution: Resolution<O>, outcome: string, inputs: readonly CardInputLine[]): Card {
  return { title, resolution, outcome, inputs, total: false };
}

/** A form value as a number, or NaN when it is none (the rules then refuse it, naming the field). */
export function numberOf(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return n;
}

/** A ticked checkbox as Foundry's form and the raw form hand it over. */
export function ticked(value: unknown): boolean {
  return value === true || value === "on" || value === "true";
}

/**
 * The units ticked in a form of one checkbox `<prefix>:<id>` per unit: a box the form sends sets its
 * unit, one it leaves out keeps `prev`; the list keeps the world's order.
 */
export function tickedUnits(
  units: readonly { readonly id: string }[],
  prev: readonly string[],
  values: Readonly<Record<string, unknown>>,
  prefix: string,
): string[] {
  const out = prev.filter((id) => !(`${prefix}:${id}` in values));
  for (const unit of units) if (ticked(values[`${prefix}:${unit.id}`])) out.push(unit.id);
  return units.map((u) => u.id).filter((id) => out.includes(id));
}

/**
 * The chance of each total from independent dice: `faces[i]` is what die i's faces 1..6 give.
 * Exact: each die spreads the totals so far over its six faces.
 */
export function totalsDistribution(faces: readonly (readonly number[])[]): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  for (const die of faces) {
    const next = new Map<number, number>();
    for (const [total, p] of dist) for (const v of die) next.set(total + v, (next.get(total + v) ?? 0) + p / die.length);
    dist = next;
  }
  return dist;
}

/** The units a procedure may pick, by name, the chosen one marked; "" offered first when none need be chosen. */
export function unitOptions(units: readonly { readonly id: string; readonly name: string }[], chosen: string, none?: string): OptionView[] {
  return options([...(none === undefined ? [] : [["", none] as const]), ...units.map((u) => [u.id, u.name] as const)], chosen);
}

/** The chance of a d6 meeting a score (null: no die, a sure pass). */
export function scoreChance(score: number | null): number {
  return score === null ? 1 : Math.max(0, Math.min(6, 7 - score)) / 6;
}

/** A weight class as the state's schema checks it (macro arguments and requests). */
export const weightClassSchema = z.enum(nqm.WEIGHT_CLASSES as unknown as [WeightClass, ...WeightClass[]]);

/** A form's weight class, or `fallback` for anything else. */
export function weightClassOf(value: unknown, fallback: WeightClass): WeightClass {
  return nqm.WEIGHT_CLASSES.find((c) => c === value) ?? fallback;
}
