/** A "Map terrain" button among the Token controls. Only a GM sees it; the window refuses anyone else as well. */
import { openTerrainTool } from "../apps/map/macros";
import { addGmTokenTool, onSceneControls, type SceneControls } from "./token-tool";

export function addTerrainControl(controls: SceneControls): void {
  addGmTokenTool(controls, {
    name: "nobcTerrain",
    title: "NOBC.TerrainTool.Title",
    icon: "fa-solid fa-map-location-dot",
    open: openTerrainTool,
  });
}

export function registerTerrainControl(): void {
  onSceneControls(addTerrainControl);
}
