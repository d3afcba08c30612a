/**
 * Whose HQs the tracker shows (issue #30, item 3, "The tracker"): at an open table, and to a GM
 * (Control), every side's; under double-blind, a player's tracker lists their side's HQs, readiness
 * and initiative corps, and the enemy's HQs only as a count. The HQs' Combatants stay one Combat,
 * which every browser receives (docs/decisions/hidden-information.md): the count hides nothing a
 * console does not hold, and a side at a megagame knows how many enemy HQs face it, so no setting.
 */
import type { HiddenInformation } from "../base/settings";
import type { Side } from "../rules/nobc/land/types";

/** Every side shown (a GM, an open table), or only these sides' rows. */
export type TrackerAudience = { readonly all: true } | { readonly all: false; readonly sides: readonly Side[] };

export const EVERYONE: TrackerAudience = { all: true };

/** The audience of a user: every side for a GM or at an open table, else the sides the user plays. */
export function trackerAudience(mode: HiddenInformation, isGM: boolean, sides: readonly Side[]): TrackerAudience {
  return isGM || mode === "open" ? EVERYONE : { all: false, sides: [...sides] };
}

/** Whether the audience reads the rows of `side`. */
export function showsSide(audience: TrackerAudience, side: Side): boolean {
  return audience.all || audience.sides.includes(side);
}
