/**
 * The overrun (seed 003, Results Table, special results): the same fight as the combat dialog, opened
 * under a breakthrough order with armour attacking, and the three conditions shown before the roll.
 */
import type { PlaysheetCombatOutcome } from "../../../rules/playsheet/combat";
import type { Procedure } from "../procedure";
import { combatProcedure, combatSections, initialCombat, overrunLines, type CombatState } from "../combat/state";

export const overrunProcedure: Procedure<CombatState, PlaysheetCombatOutcome> = {
  ...combatProcedure,
  id: "playsheet.overrun",
  keys: { title: "NOBC.Playsheet.Overrun.Title", hint: "NOBC.Playsheet.Overrun.Hint", cardTitle: "NOBC.Playsheet.Overrun.CardTitle" },
  icon: "fa-solid fa-truck-monster",
  initial: (world) => initialCombat(world.selected, world.targeted, true),
  sections: (s, i18n) => {
    const [fight, ...rest] = combatSections(s, i18n).reverse();
    return [...rest.reverse(), { ...fight!, hint: overrunLines(s, i18n) }];
  },
};
