/**
 * The Team Yankee missions on init: each dialog in the registry (and so in the umpire's toolkit
 * window), and each as a GM button of the mission tracker's panel (offered by the tracker's state).
 * Nothing of a dialog loads until it opens.
 */
import { registerMissionAction } from "../../combat/mission-actions";
import { openDialog, registerDialog } from "../base/registry";
import { MISSION_DIALOGS } from "./dialogs";

export function registerMissions(): void {
  for (const entry of MISSION_DIALOGS) {
    registerDialog(entry);
    const { toolkit } = entry;
    if (toolkit !== undefined)
      registerMissionAction({ id: entry.id, label: toolkit.label, icon: toolkit.icon, run: () => openDialog(entry) });
  }
}
