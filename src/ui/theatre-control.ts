/** "Theatre dashboard" among the Token controls, beside the umpire's toolkit. Only a GM sees it: it shows every side. */
import { openTheatre } from "../apps/control/macros";
import { addGmTokenTool, onSceneControls, type SceneControls } from "./token-tool";

export function addTheatreControl(controls: SceneControls): void {
  addGmTokenTool(controls, { name: "nobcTheatre", title: "NOBC.Theatre.Title", icon: "fa-solid fa-table-list", open: openTheatre });
}

export function registerTheatreControl(): void {
  onSceneControls(addTheatreControl);
}
