/**
 * Small pure helpers the Air War dialogs of steps 7–11 share: dry-run dice, the preview's
 * breakdown rows and changes in words, percentages, the form's ticks and side, refusals.
 */
import { shownCitation } from "../../../view/citation";
import { constantDice } from "../../../rules/dice";
import type { Side } from "../../../rules/nobc/air/types";
import type { BreakdownLine, Phrase, Refusal } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import type { Effect } from "../../../rules/effects";
import { breakdownContext, describeEffect, type BreakdownRow, type Translator } from "../../../view/breakdown";
import type { CardInputLine } from "../../../chat/resolution-card";
import type { Card, FormValues } from "../../base/controller";
import type { MissionWorld } from "./world";
import { percent, refusalLines as refusalMessages } from "../../base/wording";
export { percent, refusalMessages };

export type { Translator };

/** A card of steps 7–11: it always says what went in, the result in words, and the hook it fires. */
export interface MissionCard extends Card {
  readonly outcome: string;
  readonly inputs: readonly CardInputLine[];
  /** The system hook fired with `(message, resolution)` once the card is posted. */
  readonly hook: string;
}

export { constantDice };

/** The rules' breakdown lines as rows of the preview table (value signed, source kept). */
export function breakdownRows(lines: readonly BreakdownLine[], i18n: Translator): readonly BreakdownRow[] {
  return breakdownContext({ intro: "", breakdown: lines, rolls: [], effects: [], showTotal: false }, (r) => r).rows.map((row) => ({
    label: speak(row.text, i18n),
    valueText: row.valueText,
    source: shownCitation(row.source, i18n),
  }));
}

/** The changes in words, as the card will list them. */
export function effectSentences(effects: readonly Effect[], world: MissionWorld, i18n: Translator): string[] {
  const nameOf = (ref: string) => world.names.get(ref) ?? ref;
  return effects.map((e) => speak(describeEffect(e, nameOf), i18n));
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
export function refusal(code: string, text: Phrase, field?: string): Refusal {
  return field === undefined ? { code, text } : { code, text, field };
}
