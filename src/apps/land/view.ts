/**
 * What every Land War phase dialog shows under its form: either the rules' refusals, every reason,
 * or the breakdown and the changes in words; nothing is written until the card is applied.
 */
import type { Checked, Resolution } from "../../rules/resolution";
import { speakArg } from "../../words/phrase";
import type { LandTerrain, RiverKind } from "../../rules/nobc/land/types";
import { listOf, terrainName } from "../../rules/nobc/land/words";
import { breakdownContext, localizeBreakdown, type BreakdownView, type Translator } from "../../view/breakdown";
import type { Battlefield } from "../../world/battlefield";
import { nameIn } from "./world";
import { options, text, type OptionView } from "../base/options";
import { refusalLines } from "../base/wording";
export { refusalLines };

export { options, text, type OptionView };

export type { Translator };

/** The name of each kind of river. */
export const RIVER_LABELS: Readonly<Record<RiverKind, string>> = {
  minor: "NOBC.Land.River.minor",
  major: "NOBC.Land.River.major",
};

/** A hex's terrain in words, e.g. "woods, town", with the labels and list words the rules' sentences use. */
export function terrainText(terrain: readonly LandTerrain[], i18n: Translator): string {
  return speakArg(listOf(terrain.map(terrainName)), i18n);
}

export interface PreviewView {
  /** Every reason the rules (or the dialog) refuse, in words; empty when accepted. */
  readonly refusals: readonly string[];
  /** The breakdown and changes when accepted. */
  readonly preview: BreakdownView | null;
  readonly canPost: boolean;
}

/** The preview of a checked resolution (`intro` is a lang key). */
export function previewView<O>(
  checked: Checked<Resolution<O>>,
  field: Battlefield,
  i18n: Translator,
  intro: string,
  showTotal: boolean,
): PreviewView {
  if (!checked.ok) return { refusals: refusalLines(checked.refusals, i18n), preview: null, canPost: false };
  const { breakdown, rolls, effects } = checked.value;
  const context = breakdownContext({ intro, breakdown, rolls, effects, showTotal }, (ref) => nameIn(field, ref));
  return { refusals: [], preview: localizeBreakdown(context, i18n), canPost: true };
}

/** A form value as a whole number, or null when it is not one. */
export function whole(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isInteger(n) ? n : null;
}
