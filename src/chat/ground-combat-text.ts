/**
 * A ground combat's table row and result in words, for its card when the caller gives none:
 * the CRT row (score band and minefield column), and the headline saying the cell read there. Pure.
 */
import type { GroundCombatOutcome, GroundCombatPlan } from "../rules/nobc/land/combat";
import type { CrtBand, GroundCombatResultId } from "../rules/nobc/land/combat-tables";
import type { HitAllocation } from "../rules/nobc/land/combat-hits";
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

/**
 * One side's hits as the headline says them, the hits its units take (as the card's body and split
 * editor count them): "3 hits each", "2 hits shared" (artillery's share dropped), "no hits".
 */
function hitsText(hits: HitAllocation): Phrase {
  const taken = hits.each ? (hits.candidates.some((c) => !c.immune) ? hits.amount : 0) : hits.total;
  if (taken === 0) return phrase("NOBC.Chat.Title.NoHits");
  return phrase(hits.each ? "NOBC.Chat.Title.HitsEach" : "NOBC.Chat.Title.HitsShared", { count: taken });
}

/**
 * The card's headline, from the CRT cell and the plan: the result's name, what the defenders do
 * (retreat so far, or hold), then each side's hits, e.g. "Success: 34 PzBrig retreats 1 hex —
 * attackers 3 hits each, defenders 2 hits shared". The verb agrees with the number of defenders named.
 */
export function groundCombatHeadline(plan: Pick<GroundCombatPlan, "defenders" | "target">, outcome: GroundCombatOutcome): Phrase {
  const { result } = outcome;
  // The units that take the hits are named; artillery, which takes none, only when it stands alone.
  const named = plan.defenders.filter((d) => !d.immune);
  const names = (named.length > 0 ? named : plan.defenders).map((d) => d.name);
  const data = {
    result: phrase(RESULT_LABELS[result.id]),
    units: names.length === 0 ? plan.target : names.join(", "),
    count: Math.max(1, names.length),
    attacker: hitsText(outcome.attackerHits),
    defender: hitsText(outcome.defenderHits),
  };
  return result.retreat > 0
    ? phrase("NOBC.Chat.Title.Combat.Retreat", { ...data, hexes: phrase("NOBC.Chat.Title.Hexes", { count: result.retreat }) })
    : phrase("NOBC.Chat.Title.Combat.Hold", data);
}

/** The CRT row read (in the folded details) and the headline (`groundCombatHeadline`), in the reader's language. */
export function groundCombatText(
  combat: { readonly plan: GroundCombatPlan; readonly outcome: GroundCombatOutcome },
  i18n: Translator,
): TableText {
  const { plan, outcome } = combat;
  const tableRow = phrase("NOBC.Chat.Crt.Row", {
    score: outcome.score,
    band: BAND_TEXT[outcome.band],
    column: phrase(plan.minefield ? "NOBC.Chat.Crt.Mine" : "NOBC.Chat.Crt.NoMine"),
  });
  return { tableRow: speak(tableRow, i18n), outcome: speak(groundCombatHeadline(plan, outcome), i18n) };
}
