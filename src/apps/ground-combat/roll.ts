/**
 * Rolls a checked combat inside Foundry and posts it as a pending resolution card: Step Five with
 * Foundry's random source, the CRT result in words, what went in, the plan and outcome (so owners
 * may re-split shared hits before Apply), and the `nobc.combatResolved` hook. Nothing is written
 * here; Apply on the card does that, through the active GM.
 */
import { resolveGroundCombat, type GroundCombatPlan } from "../../rules/nobc/land/combat";
import type { LandTerrain } from "../../rules/nobc/land/types";
import type { Dice } from "../../rules/dice";
import type { Battlefield } from "../../world/battlefield";
import type { Translator } from "../../view/breakdown";
import { postResolution } from "../../chat/resolution-card";
import { recordingDice } from "../base/dice";
import { cardInputs, outcomeWords, withNames } from "./context";

export const COMBAT_RESOLVED_HOOK = "nobc.combatResolved";

export function foundryTranslator(): Translator {
  return {
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) => game.i18n?.format(key, data) ?? key,
  };
}

/** Rolls the plan and posts its card; returns the chat message. */
export async function rollAndPost(
  field: Battlefield,
  plan: GroundCombatPlan,
  terrain: readonly LandTerrain[],
  dice: Dice = recordingDice(),
  i18n: Translator = foundryTranslator(),
): Promise<unknown> {
  const resolution = resolveGroundCombat(plan, dice);
  const breakdown = resolution.breakdown.map((line) => ({ ...line, label: withNames(line.label, field.names) }));
  return postResolution({
    title: i18n.format("NOBC.GroundCombat.CardTitle", { hex: plan.target }),
    resolution: { ...resolution, breakdown },
    outcome: outcomeWords(plan, resolution.outcome, i18n),
    inputs: cardInputs(field, plan, terrain, i18n),
    groundCombat: { plan, outcome: resolution.outcome },
    hook: COMBAT_RESOLVED_HOOK,
  });
}
