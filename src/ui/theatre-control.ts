/**
 * "Theatre dashboard" and "Control queue" among the Token controls, beside the umpire's toolkit. Only a
 * GM sees them: they show every side.
 */
import { openControlQueue, openTheatre } from "../apps/control/macros";
import { addGmTokenTool, onSceneControls, type SceneControls } from "./token-tool";

export function addTheatreControl(controls: SceneControls): void {
  addGmTokenTool(controls, { name: "nobcTheatre", title: "NOBC.Theatre.Title", icon: "fa-solid fa-table-list", open: openTheatre });
  addGmTokenTool(controls, { name: "nobcControlQueue", title: "NOBC.Control.Title", icon: "fa-solid fa-gavel", open: openControlQueue });
}

export function registerTheatreControl(): void {
  onSceneControls(addTheatreControl);
}
