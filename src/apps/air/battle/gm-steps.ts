/**
 * The GM's buttons of the air battle: air-to-air combat (3), superiority (4) and return (6), one
 * card per air zone. A player is refused; a zone that cannot be resolved refuses the whole step with
 * every reason, and nothing is posted. Loaded on first use.
 */
import type { GmStepArgs } from "./args";
import { recordingDice } from "../../base/dice";
import { combatPreview, fightZone, planAirCombat, planReturn, planSuperiority, type Plan, type ZoneCard } from "./steps";
import { AIR_BATTLE_TEMPLATES, gmOnly, postAirCards, readWorld, renderTemplate, translator, warnProblems } from "./foundry";
import type { Dice } from "../../../rules/dice";

async function postZones<O>(plan: Plan<ZoneCard<O>>): Promise<unknown[] | null> {
  if (!plan.ok) {
    warnProblems(plan.problems);
    return null;
  }
  // One card per zone, all in one message batch.
  return postAirCards(plan.zones.map((card) => ({ card })));
}

export async function runSuperiority(args: GmStepArgs): Promise<unknown[] | null> {
  if (!gmOnly()) return null;
  return postZones(planSuperiority(readWorld(), args.zone, translator()));
}

export async function runReturn(args: GmStepArgs): Promise<unknown[] | null> {
  if (!gmOnly()) return null;
  return postZones(planReturn(readWorld(), args.zone, translator()));
}

/** Asks the GM to confirm the bouts before any die is rolled. */
async function confirmBouts(html: string): Promise<boolean> {
  const i18n = translator();
  const answer = await foundry.applications.api.DialogV2.confirm({
    window: { title: i18n.localize("NOBC.AirBattle.Combat.Title") },
    content: html,
  } as never);
  return answer === true;
}

/**
 * Shows each zone's bouts and who fires first, then rolls (Foundry's dice unless `dice` is given)
 * and posts one card per zone, each carrying the line-up it fought.
 */
export async function runAirCombat(args: GmStepArgs, dice?: Dice): Promise<unknown[] | null> {
  if (!gmOnly()) return null;
  const world = readWorld();
  const i18n = translator();
  const plan = planAirCombat(world, args.zone, i18n);
  if (!plan.ok) {
    warnProblems(plan.problems);
    return null;
  }
  if (!(await confirmBouts(await renderTemplate(AIR_BATTLE_TEMPLATES.combatPreview, combatPreview(world, plan.zones, i18n))))) return null;
  const roller = dice ?? recordingDice();
  const cards = [];
  for (const zone of plan.zones) {
    const fought = fightZone(world, zone, roller, i18n);
    if (!fought.ok) {
      warnProblems(fought.refusals.map((r) => r.message));
      return null;
    }
    cards.push(fought.value);
  }
  return postAirCards(cards.map((card) => ({ card, record: card.record })));
}
