/**
 * The Resupply entry card's view: each HQ's offer (`resupplyEntryContext`) with the summary line of
 * its units, "12 units may take supply: show them"; the card folds their list under it, written
 * when opened (src/apps/land/entries.ts `resupplyUnitLines`). Pure; the caller passes a translator.
 */
import type { Battlefield } from "../../../world/battlefield";
import { speak } from "../../../words/phrase";
import { phrase } from "../../../rules/resolution";
import type { Translator } from "../../../view/breakdown";
import { resupplyEntryContext, type ResupplyEntryHq } from "./context";

export interface ResupplyEntryHqView extends ResupplyEntryHq {
  readonly unitsText: string;
}

export function resupplyEntryView(field: Battlefield, i18n: Translator): { readonly hqs: readonly ResupplyEntryHqView[] } {
  return {
    hqs: resupplyEntryContext(field, i18n).hqs.map((hq) => ({
      ...hq,
      unitsText: speak(phrase("NOBC.Land.Resupply.MayResupply", { count: hq.units.length }), i18n),
    })),
  };
}
