/**
 * The Air War's steps 7–11 on init: the hand-over button (a GM's card, no dialog) and one entry per
 * dialog in the dialog registry, each with its turn-panel button. Light on purpose: a dialog's code
 * loads when it first opens.
 */
import { registerStageAction } from "../../../combat/registry";
import { registerDialog } from "../../base/registry";
import { PARADROP, DEEP_STRIKE, REPAIR, CAPACITY, AIRBASE_REPAIR, OVERRUN } from "./dialogs";
import { later } from "../../base/later";

// The hand-over button calls the macro, whose code loads on the first press.
const handOverCas = later(() => import("./macros"), "handOverCas");

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
