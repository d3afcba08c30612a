/**
 * The shape every Air War dialog of steps 7–11 shares, and small pure helpers. A dialog is a
 * `MissionSpec`: its starting state, how a form change updates the state, the template context
 * (refusals, breakdown and odds before anything is rolled) and the roll that yields the card.
 * The Foundry shell (./dialog.ts) only stores the state and calls these.
 */
import type { Dice } from "../../../rules/dice";
import type { Side } from "../../../rules/nobc/air/types";
import type { BreakdownLine, Checked, Refusal, Resolution } from "../../../rules/resolution";
import type { Effect } from "../../../rules/effects";
import { breakdownContext, localizeBreakdown, type BreakdownRow, type Translator } from "../../../view/breakdown";
import type { SideAssets } from "./access";
import type { MissionWorld } from "./world";

export type { Translator };

/** What went in, one line each, already in the user's language (shown on the card). */
export interface InputLine {
  readonly label: string;
  readonly value: string;
}

/** Everything `postResolution` needs for one card. */
export interface MissionPost<O = unknown> {
  readonly title: string;
  readonly resolution: Resolution<O>;
  readonly outcome: string;
  readonly inputs: readonly InputLine[];
  /** The system hook fired with `(message, resolution)` once the card is posted. */
  readonly hook: string;
}

/** The form's values as Foundry hands them over: input name → value, names not expanded. */
export type FormValues = Readonly<Record<string, unknown>>;

export interface MissionSpec<S> {
  /** Also the dialog's DOM id suffix. */
  readonly id: string;
  /** Template path under templates/. */
  readonly template: string;
  /** Lang key of the window title. */
  readonly title: string;
  /** Whose choice the dialog is: the GM's, or the owners of a side's squadrons or airbases. */
  readonly who: SideAssets | "gm";
  initial(world: MissionWorld, side: Side): S;
  read(state: S, form: FormValues, world: MissionWorld): S;
  context(state: S, world: MissionWorld, i18n: Translator): object;
  roll(state: S, world: MissionWorld, dice: Dice, i18n: Translator): Checked<MissionPost>;
}

/** Dice that always show `face`: a dry run finds refusals and pairings without rolling. */
export function constantDice(face: number): Dice {
  return { d6: () => face, roll: (n) => Array.from({ length: n }, () => face) };
}

export function refusalMessages(refusals: readonly Refusal[]): string[] {
  return refusals.map((r) => r.message);
}

/** The rules' breakdown lines as rows of the preview table (value signed, source kept). */
export function breakdownRows(lines: readonly BreakdownLine[], i18n: Translator): readonly BreakdownRow[] {
  return localizeBreakdown(breakdownContext({ intro: "", breakdown: lines, rolls: [], effects: [], showTotal: false }, (r) => r), i18n).rows;
}

/** The changes in words, as the card will list them. */
export function effectSentences(effects: readonly Effect[], world: MissionWorld, i18n: Translator): string[] {
  const nameOf = (ref: string) => world.names.get(ref) ?? ref;
  return localizeBreakdown(breakdownContext({ intro: "", breakdown: [], rolls: [], effects, showTotal: false }, nameOf), i18n).effects as string[];
}

/** A probability as a percentage with one decimal, e.g. "33.3 %". */
export function percent(p: number): string {
  return `${(Math.round(p * 1000) / 10).toFixed(1)} %`;
}

/** A form checkbox: Foundry gives booleans; a bare form gives "on" or nothing. */
export function checked(value: unknown): boolean {
  return value === true || value === "on" || value === "true";
}

/** The ids whose `prefix:<id>` checkbox is ticked, in the order of `ids`. */
export function tickedIds(form: FormValues, prefix: string, ids: readonly string[]): string[] {
  return ids.filter((id) => checked(form[`${prefix}:${id}`]));
}

export function otherSide(side: Side): Side {
  return side === "nato" ? "wp" : "nato";
}

export const SIDE_KEYS: Readonly<Record<Side, string>> = { nato: "NOBC.Side.nato", wp: "NOBC.Side.wp" };

/** Options of a side selector. */
export function sideOptions(sides: readonly Side[], selected: Side, i18n: Translator): { value: Side; label: string; selected: boolean }[] {
  return sides.map((s) => ({ value: s, label: i18n.localize(SIDE_KEYS[s]), selected: s === selected }));
}

/** A form's side field, kept when it names no side. */
export function readSide(value: unknown, current: Side): Side {
  return value === "nato" || value === "wp" ? value : current;
}

/** Refuses in the rules' shape, for checks the dialog makes before calling the rules. */
export function refusal(code: string, message: string, field?: string): Refusal {
  return field === undefined ? { code, message } : { code, message, field };
}
