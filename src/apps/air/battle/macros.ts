/**
 * The Air War's steps 1-6 for macros (`game.nobc.air`) and the GM's buttons: arguments checked
 * with zod (./args.ts), then a dialog opened, or a GM's step run: one card per air zone, posted in
 * one batch. A player is refused the GM's steps; a zone that cannot be resolved refuses the whole
 * step with every reason, and nothing is posted.
 */
import { speak } from "../../../words/phrase";
import type { Dice } from "../../../rules/dice";
import { isGM, renderTemplate, translator, warnRefused } from "../../../base/foundry";
import { postResolutions } from "../../../chat/resolution-card";
import { templatePath } from "../../../view/paths";
import { denied, gmOnly } from "../../base/controller";
import { SYSTEM_ID } from "../../../base/constants";
import { SETTING_KEYS } from "../../../base/settings";
import { recordingDice } from "../../base/dice";
import { openDialog, type DialogEntry } from "../../base/registry";
import type { NobcDialog } from "../../base/dialog";
import { refuse } from "../../base/submit";
import { allocationArgs, gmStepArgs, lineUpArgs, parseArgs, sortieArgs, type Parsed } from "./args";
import { airCard } from "./records";
import { ALLOCATION, LINE_UP, SORTIES } from "./dialogs";
import { combatPreview, fightZone, planAirCombat, planReturn, planSuperiority, type Plan, type ZoneCard } from "./steps";
import { readAirWorld } from "./world";

const COMBAT_PREVIEW = templatePath("apps/air-battle/combat-preview.hbs");

/** The parsed arguments, or null after warning with every problem. */
function checked<T>(parsed: Parsed<T>): T | null {
  if (parsed.ok) return parsed.value;
  warnRefused(parsed.problems);
  return null;
}

async function open(entry: DialogEntry, parsed: Parsed<object>): Promise<NobcDialog | null> {
  const value = checked(parsed);
  return value === null ? null : openDialog(entry, value);
}

/**
 * Step 1: opens the allocation dialog (`{ side?, zone?, zoneDistances? }`). The zone distances are
 * the world's: a GM's table is kept (world setting `airZoneDistances`) for every allocation after;
 * a player may not set it.
 */
export async function openAirAllocation(args?: unknown): Promise<NobcDialog | null> {
  const value = checked(parseArgs(allocationArgs, args, "openAirAllocation", translator()));
  if (value === null) return null;
  const { zoneDistances, ...scope } = value;
  if (zoneDistances !== undefined) {
    if (!isGM()) {
      refuse(denied("NOBC.AirRequest.distancesGmOnly"));
      return null;
    }
    await game.settings?.set(SYSTEM_ID, SETTING_KEYS.airZoneDistances, zoneDistances);
  }
  return openDialog(ALLOCATION, scope);
}

/** Step 2: opens the line-up dialog of a zone (`{ zone? }`). */
export function openAirLineUp(args?: unknown): Promise<NobcDialog | null> {
  return open(LINE_UP, parseArgs(lineUpArgs, args, "openAirLineUp", translator()));
}

/** Step 5: opens the sortie selection of a side in a zone (`{ side?, zone? }`). */
export function openAirSorties(args?: unknown): Promise<NobcDialog | null> {
  return open(SORTIES, parseArgs(sortieArgs, args, "openAirSorties", translator()));
}

/** The GM's steps: a player is refused, saying why. True when the user is a GM. */
function gmStep(): boolean {
  const access = gmOnly(isGM(), "NOBC.AirBattle.Refused.gmOnly");
  if (!access.ok) refuse(access);
  return access.ok;
}

async function postZones<O>(plan: Plan<ZoneCard<O>>): Promise<unknown[] | null> {
  if (!plan.ok) {
    warnRefused(plan.problems);
    return null;
  }
  return postResolutions(plan.zones.map((card) => airCard(card)));
}

/** Step 4 (GM): posts the superiority level of a zone, or of every zone in the air (`{ zone? }`). */
export async function resolveAirSuperiorityStep(args?: unknown): Promise<unknown[] | null> {
  const value = checked(parseArgs(gmStepArgs, args, "resolveAirSuperiorityStep", translator()));
  if (value === null || !gmStep()) return null;
  return postZones(planSuperiority(readAirWorld(), value.zone, translator()));
}

/** Step 6 (GM): sends the squadrons of a zone, or of every zone, back (`{ zone? }`). */
export async function resolveAirReturnStep(args?: unknown): Promise<unknown[] | null> {
  const value = checked(parseArgs(gmStepArgs, args, "resolveAirReturnStep", translator()));
  if (value === null || !gmStep()) return null;
  return postZones(planReturn(readAirWorld(), value.zone, translator()));
}

/** Asks the GM to confirm the bouts before any die is rolled. */
async function confirmBouts(html: string): Promise<boolean> {
  const answer = await foundry.applications.api.DialogV2.confirm({
    window: { title: translator().localize("NOBC.AirBattle.Combat.Title") },
    content: html,
  } as never);
  return answer === true;
}

/**
 * Step 3 (GM): shows each zone's bouts and who fires first, then rolls (Foundry's dice unless
 * `dice` is given, for scripted play) and posts one card per zone, each carrying the line-up it
 * fought (`{ zone? }`).
 */
export async function resolveAirCombatStep(args?: unknown, dice?: Dice): Promise<unknown[] | null> {
  const value = checked(parseArgs(gmStepArgs, args, "resolveAirCombatStep", translator()));
  if (value === null || !gmStep()) return null;
  const world = readAirWorld();
  const i18n = translator();
  const plan = planAirCombat(world, value.zone, i18n);
  if (!plan.ok) {
    warnRefused(plan.problems);
    return null;
  }
  if (!(await confirmBouts(await renderTemplate(COMBAT_PREVIEW, combatPreview(world, plan.zones, i18n))))) return null;
  const roller = dice ?? recordingDice();
  const cards = [];
  for (const zone of plan.zones) {
    const fought = fightZone(world, zone, roller, i18n);
    if (!fought.ok) {
      warnRefused(fought.refusals.map((r) => speak(r.text, i18n)));
      return null;
    }
    cards.push(airCard(fought.value, fought.value.record));
  }
  return postResolutions(cards);
}
