/**
 * A ground combat's table row and result in words, for its card when the caller gives none:
 * the CRT row (score band and minefield column) and the cell read there. Pure.
 */
import type { GroundCombatOutcome, GroundCombatPlan } from "../rules/nobc/land/combat";
import type { CombatHits, CrtBand } from "../rules/nobc/land/combat-tables";
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

function hitsText(hits: CombatHits, i18n: Translator): string {
  return i18n.format(hits.each ? "NOBC.Chat.Crt.HitsEach" : "NOBC.Chat.Crt.HitsShared", { amount: String(hits.amount) });
}

export function groundCombatText(
  combat: { readonly plan: GroundCombatPlan; readonly outcome: GroundCombatOutcome },
  i18n: Translator,
): TableText {
  const { plan, outcome } = combat;
  const { result } = outcome;
  const tableRow = i18n.format("NOBC.Chat.Crt.Row", {
    score: String(outcome.score),
    band: BAND_TEXT[outcome.band],
    column: i18n.localize(plan.minefield ? "NOBC.Chat.Crt.Mine" : "NOBC.Chat.Crt.NoMine"),
  });
  const retreat =
    result.retreat > 0 ? i18n.format("NOBC.Chat.Crt.Retreat", { hexes: String(result.retreat) }) : i18n.localize("NOBC.Chat.Crt.NoRetreat");
  const text = i18n.format("NOBC.Chat.Crt.Result", {
    result: i18n.localize(`NOBC.Chat.Crt.${result.id}`),
    attacker: hitsText(result.attackerHits, i18n),
    defender: hitsText(result.defenderHits, i18n),
    retreat,
  });
  return { tableRow, outcome: text };
}
