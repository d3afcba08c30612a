/**
 * "Umpire's toolkit" among the Token controls. Only a GM sees it: every toolkit procedure is the
 * umpire's. A player who runs `game.nobc.openToolkit()` is told there is nothing for them.
 */
import { openToolkit } from "../apps/toolkit/macros";
import { addGmTokenTool, onSceneControls, type SceneControls } from "./token-tool";

export function addToolkitControl(controls: SceneControls): void {
  addGmTokenTool(controls, { name: "nobcToolkit", title: "NOBC.Toolkit.Title", icon: "fa-solid fa-toolbox", open: openToolkit });
}

export function registerToolkitControl(): void {
  onSceneControls(addToolkitControl);
}
