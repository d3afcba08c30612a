/**
 * The Air War's steps 1-6 in play: the macro entry points (arguments checked with zod) and the
 * turn panel's buttons. This module stays light: each entry point loads its dialog or step on
 * first use.
 */
import type { Dice } from "../../../rules/dice";
import { registerStageAction } from "../../../combat/registry";
import { allocationArgs, gmStepArgs, lineUpArgs, parseArgs, sortieArgs, type Parsed } from "./args";
import type { AirAllocationDialog } from "./allocation-dialog";
import type { AirLineUpDialog } from "./lineup-dialog";
import type { AirSortiesDialog } from "./sorties-dialog";

export { allocationArgs, gmStepArgs, lineUpArgs, sortieArgs } from "./args";

function i18n() {
  return {
    localize: (key: string) => game.i18n?.localize(key) ?? key,
    format: (key: string, data: Record<string, string>) => game.i18n?.format(key, data) ?? key,
  };
}

/** The parsed arguments, or null after warning with every problem. */
function checked<T>(parsed: Parsed<T>): T | null {
  if (parsed.ok) return parsed.value;
  const reason = parsed.problems.join(" ");
  ui.notifications?.warn(game.i18n?.format("NOBC.Notify.Refused", { reason }) ?? reason);
  return null;
}

/** Step 1: opens the allocation dialog (`{ side?, zone?, zoneDistances? }`). */
export async function openAirAllocation(args?: unknown): Promise<AirAllocationDialog | null> {
  const value = checked(parseArgs(allocationArgs, args, "openAirAllocation", i18n()));
  if (value === null) return null;
  return (await import("./allocation-dialog")).openAllocationDialog(value);
}

/** Step 2: opens the line-up dialog of a zone (`{ zone? }`). */
export async function openAirLineUp(args?: unknown): Promise<AirLineUpDialog | null> {
  const value = checked(parseArgs(lineUpArgs, args, "openAirLineUp", i18n()));
  if (value === null) return null;
  return (await import("./lineup-dialog")).openLineUpDialog(value);
}

/** Step 3 (GM): fights the current line-up of a zone, or of every zone (`{ zone? }`); `dice` for scripted play. */
export async function resolveAirCombatStep(args?: unknown, dice?: Dice): Promise<unknown[] | null> {
  const value = checked(parseArgs(gmStepArgs, args, "resolveAirCombatStep", i18n()));
  if (value === null) return null;
  return (await import("./gm-steps")).runAirCombat(value, dice);
}

/** Step 4 (GM): posts the superiority level of a zone, or of every zone in the air (`{ zone? }`). */
export async function resolveAirSuperiorityStep(args?: unknown): Promise<unknown[] | null> {
  const value = checked(parseArgs(gmStepArgs, args, "resolveAirSuperiorityStep", i18n()));
  if (value === null) return null;
  return (await import("./gm-steps")).runSuperiority(value);
}

/** Step 5: opens the sortie selection of a side in a zone (`{ side?, zone? }`). */
export async function openAirSorties(args?: unknown): Promise<AirSortiesDialog | null> {
  const value = checked(parseArgs(sortieArgs, args, "openAirSorties", i18n()));
  if (value === null) return null;
  return (await import("./sorties-dialog")).openSortiesDialog(value);
}

/** Step 6 (GM): sends the squadrons of a zone, or of every zone, back (`{ zone? }`). */
export async function resolveAirReturnStep(args?: unknown): Promise<unknown[] | null> {
  const value = checked(parseArgs(gmStepArgs, args, "resolveAirReturnStep", i18n()));
  if (value === null) return null;
  return (await import("./gm-steps")).runReturn(value);
}

/**
 * The turn panel's buttons for steps 1-6. A side's own choices (allocation, line-up, sorties) are
 * the players' who own the squadrons; combat, superiority and return are the GM's.
 */
export function registerAirBattleActions(): void {
  registerStageAction({ id: "air.allocation", stage: "airAllocation", label: "NOBC.AirBattle.Action.allocation", icon: "fa-solid fa-plane-departure", gmOnly: false, run: () => openAirAllocation() });
  registerStageAction({ id: "air.lineUp", stage: "airLineup", label: "NOBC.AirBattle.Action.lineUp", icon: "fa-solid fa-jet-fighter", gmOnly: false, run: () => openAirLineUp() });
  registerStageAction({ id: "air.combat", stage: "airCombat", label: "NOBC.AirBattle.Action.combat", icon: "fa-solid fa-burst", gmOnly: true, run: () => resolveAirCombatStep() });
  registerStageAction({ id: "air.superiority", stage: "airSuperiority", label: "NOBC.AirBattle.Action.superiority", icon: "fa-solid fa-scale-unbalanced", gmOnly: true, run: () => resolveAirSuperiorityStep() });
  registerStageAction({ id: "air.sorties", stage: "airSorties", label: "NOBC.AirBattle.Action.sorties", icon: "fa-solid fa-list-check", gmOnly: false, run: () => openAirSorties() });
  registerStageAction({ id: "air.return", stage: "airReturn", label: "NOBC.AirBattle.Action.return", icon: "fa-solid fa-plane-arrival", gmOnly: true, run: () => resolveAirReturnStep() });
}
