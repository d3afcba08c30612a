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
    // The last section (the fight) carries the overrun's conditions.
    const sections = combatSections(s, i18n);
    return sections.map((section, i) => (i === sections.length - 1 ? { ...section, hint: overrunLines(s, i18n) } : section));
  },
};
