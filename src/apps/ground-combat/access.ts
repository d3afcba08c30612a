/**
 * Who may ask for a combat, checked for the asker on the active GM's client (and on the asker's own
 * client first, to say no at once): a GM may plan any combat; a player only with the units they
 * own (the attackers, the units a fire mission supports and its guns), the cards of their own HQs,
 * CAS of their own side given by their own HQs, and the world's rules options. A request naming
 * anything else (another side's card or CAS, hidden from the player's planner) is refused with the
 * field named. Pure.
 */
import { allowed, denied, type Access } from "../base/controller";
import type { GroundCombatState } from "./state";
import type { PlannerWorld } from "./world";

function sameOptions(a: GroundCombatState["options"], b: PlannerWorld["options"]): boolean {
  return (
    a.combat.oddsBelowOne === b.combat.oddsBelowOne &&
    a.overrun.lightExtrasCumulative === b.overrun.lightExtrasCumulative &&
    a.overrun.minorRoadMeansMinorRiver === b.overrun.minorRoadMeansMinorRiver
  );
}

/** Whether the asker may ask for this combat; the first field that they may not, named. */
export function plannerAccess(state: GroundCombatState, world: PlannerWorld): Access {
  if (world.isGM) return allowed;
  const { field, owned } = world;
  const name = (id: string) => field.names.get(id) ?? id;
  const notYours = (at: string, id: string) => denied("NOBC.GroundCombat.Denied.notYourUnit", { field: at, unit: name(id) });
  for (const [i, id] of state.attackers.entries()) if (!owned.has(id)) return notYours(`attackers[${i}]`, id);
  for (const [i, m] of state.missions.entries()) {
    if (!owned.has(m.supported)) return notYours(`missions[${i}].supported`, m.supported);
    for (const [j, gun] of m.artillery.entries()) if (!owned.has(gun)) return notYours(`missions[${i}].artillery[${j}]`, gun);
  }
  // The player's field holds only what they may see: a card or squadron not in it is named by the id sent, never by its name.
  const cards = new Set(field.cards.map((c) => c.id));
  for (const [i, id] of state.cards.entries())
    if (!cards.has(id)) return denied("NOBC.GroundCombat.Denied.notYourCard", { field: `cards[${i}]`, card: id });
  const squadrons = new Set(field.squadrons.map((s) => s.id));
  for (const [squadron, hq] of Object.entries(state.cas)) {
    if (!squadrons.has(squadron)) return denied("NOBC.GroundCombat.Denied.notYourCas", { field: `cas.${squadron}`, squadron });
    if (!owned.has(hq)) return denied("NOBC.GroundCombat.Denied.notYourHq", { field: `cas.${squadron}`, hq: name(hq) });
  }
  if (!sameOptions(state.options, world.options)) return denied("NOBC.GroundCombat.Denied.options", { field: "options" });
  return allowed;
}
