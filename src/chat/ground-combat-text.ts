/**
 * A ground combat's table row and result in words, for its card when the caller gives none:
 * the CRT row (score band and minefield column) and the cell read there. Pure.
 */
import type { GroundCombatOutcome, GroundCombatPlan } from "../rules/nobc/land/combat";
import type { CombatHits, CrtBand, GroundCombatResultId } from "../rules/nobc/land/combat-tables";
import { phrase, type Phrase } from "../rules/resolution";
import { speak } from "../words/phrase";
import type { Translator } from "../view/breakdown";

/** The CRT bands as printed; "4-" is the row for 4 or less. */
const BAND_TEXT: Readonly<Record<CrtBand, string>> = {
  "16+": "16+",
  "12-15": "12–15",
  "8-11": "8–11",
  "5-7": "5–7",
  "4-": "≤ 4",
};

export interface TableText {
  readonly tableRow: string;
  readonly outcome: string;
}

/** The name of each CRT result, as the card writes it. */
const RESULT_LABELS: Readonly<Record<GroundCombatResultId, string>> = {
  breakthrough: "NOBC.Chat.Crt.breakthrough",
  costlyBreakthrough: "NOBC.Chat.Crt.costlyBreakthrough",
  costlySuccess: "NOBC.Chat.Crt.costlySuccess",
  success: "NOBC.Chat.Crt.success",
  heavyFighting: "NOBC.Chat.Crt.heavyFighting",
  attackBeatenOff: "NOBC.Chat.Crt.attackBeatenOff",
  attackStalledEarly: "NOBC.Chat.Crt.attackStalledEarly",
};

function hitsText(hits: CombatHits): Phrase {
  return phrase(hits.each ? "NOBC.Chat.Crt.HitsEach" : "NOBC.Chat.Crt.HitsShared", { count: hits.amount });
}

export function groundCombatText(
  combat: { readonly plan: GroundCombatPlan; readonly outcome: GroundCombatOutcome },
  i18n: Translator,
): TableText {
  const { plan, outcome } = combat;
  const { result } = outcome;
  const tableRow = phrase("NOBC.Chat.Crt.Row", {
    score: outcome.score,
    band: BAND_TEXT[outcome.band],
    column: phrase(plan.minefield ? "NOBC.Chat.Crt.Mine" : "NOBC.Chat.Crt.NoMine"),
  });
  const retreat = result.retreat > 0 ? phrase("NOBC.Chat.Crt.Retreat", { count: result.retreat }) : phrase("NOBC.Chat.Crt.NoRetreat");
  const text = phrase("NOBC.Chat.Crt.Result", {
    result: phrase(RESULT_LABELS[result.id]),
    attacker: hitsText(result.attackerHits),
    defender: hitsText(result.defenderHits),
    retreat,
  });
  return { tableRow: speak(tableRow, i18n), outcome: speak(text, i18n) };
}
