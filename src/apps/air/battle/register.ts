/**
 * The Air War's steps 1–6 on init: one entry per dialog in the dialog registry (the side's own
 * choices: allocation, line-up, sorties) and the GM's buttons for combat, superiority and return.
 * Light on purpose: a dialog's code loads when it first opens.
 */
import { registerStageAction } from "../../../combat/registry";
import { registerDialog } from "../../base/registry";
import { ALLOCATION, LINE_UP, SORTIES, ZONE_DISTANCES } from "./dialogs";
import { registerZoneDistancesMenu } from "./menu";
import { later } from "../../base/later";

// The GM buttons call the macros, whose code loads on the first press.
const loadMacros = () => import("./macros");
const resolveAirCombatStep = later(loadMacros, "resolveAirCombatStep");
const resolveAirSuperiorityStep = later(loadMacros, "resolveAirSuperiorityStep");
const resolveAirReturnStep = later(loadMacros, "resolveAirReturnStep");

/**
 * The turn panel's buttons for steps 1-6. A side's own choices (allocation, line-up, sorties) are
 * the players' who own the squadrons; combat, superiority and return are the GM's, and so is the
 * table of zone distances (also in Configure Settings).
 */
export function registerAirBattleActions(): void {
  registerDialog(ALLOCATION);
  // The GM's table of distances between air zones: a button beside step 1 and a menu in Configure Settings.
  registerDialog(ZONE_DISTANCES);
  registerZoneDistancesMenu();
  registerDialog(LINE_UP);
  registerStageAction({
    id: "air.combat",
    stage: "airCombat",
    label: "NOBC.AirBattle.Action.combat",
    icon: "fa-solid fa-burst",
    gmOnly: true,
    run: () => resolveAirCombatStep(),
  });
  registerStageAction({
    id: "air.superiority",
    stage: "airSuperiority",
    label: "NOBC.AirBattle.Action.superiority",
    icon: "fa-solid fa-scale-unbalanced",
    gmOnly: true,
    run: () => resolveAirSuperiorityStep(),
  });
  registerDialog(SORTIES);
  registerStageAction({
    id: "air.return",
    stage: "airReturn",
    label: "NOBC.AirBattle.Action.return",
    icon: "fa-solid fa-plane-arrival",
    gmOnly: true,
    run: () => resolveAirReturnStep(),
  });
}
