/**
 * The Air War's steps 7–11 on init: the hand-over button (a GM's card, no dialog) and one entry per
 * dialog in the dialog registry, each with its turn-panel button. Light on purpose: a dialog's code
 * loads when it first opens.
 */
import { registerStageAction } from "../../../combat/registry";
import { registerDialog } from "../../base/registry";
import { PARADROP, DEEP_STRIKE, REPAIR, CAPACITY, AIRBASE_REPAIR, OVERRUN } from "./dialogs";
// The macros are on game.nobc.air from start-up, so the hand-over button calls them directly.
import { handOverCas } from "./macros";

/** The turn panel's buttons for steps 7–11 (call once, on init), in the panel's order. */
export function registerAirMissionActions(): void {
  registerStageAction({
    id: "airMissions.handOver",
    stage: "airHandOver",
    label: "NOBC.AirMissions.HandOver.Button",
    icon: "fa-solid fa-handshake",
    gmOnly: true,
    run: () => handOverCas(),
  });
  for (const entry of [PARADROP, DEEP_STRIKE, REPAIR, CAPACITY, AIRBASE_REPAIR, OVERRUN]) registerDialog(entry);
}
