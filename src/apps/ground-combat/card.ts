/**
 * The card of a checked combat: Step Five rolled with the dice given (Foundry's random source in
 * play), the CRT result in words, what went in, the plan and outcome (so owners may re-split shared
 * hits before Apply), and the `nobc.combatResolved` hook. Nothing is written here; Apply on the
 * card does that, through the active GM.
 */
import { resolveGroundCombat, type GroundCombatPlan } from "../../rules/nobc/land/combat";
import type { LandTerrain } from "../../rules/nobc/land/types";
import type { Dice } from "../../rules/dice";
import type { Battlefield } from "../../world/battlefield";
import type { Translator } from "../../view/breakdown";
import type { Card } from "../base/controller";
import { cardInputs, outcomeWords, phraseWithNames } from "./context";

export const COMBAT_RESOLVED_HOOK = "nobc.combatResolved";

/** Rolls the plan and makes its card. */
export function groundCombatCard(
  field: Battlefield,
  plan: GroundCombatPlan,
  terrain: readonly LandTerrain[],
  dice: Dice,
  i18n: Translator,
): Card {
  const resolution = resolveGroundCombat(plan, dice);
  const breakdown = resolution.breakdown.map((line) => ({ ...line, text: phraseWithNames(line.text, field.names) }));
  return {
    title: i18n.format("NOBC.GroundCombat.CardTitle", { hex: plan.target }),
    resolution: { ...resolution, breakdown },
    outcome: outcomeWords(plan, resolution.outcome, i18n),
    inputs: cardInputs(field, plan, terrain, i18n),
    groundCombat: { plan, outcome: resolution.outcome },
    hook: COMBAT_RESOLVED_HOOK,
  };
}
