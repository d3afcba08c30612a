/**
 * A "Map terrain" button among the Token controls of the scene controls (v13 `getSceneControlButtons`,
 * whose controls are a record by name). Only a GM sees it; the window refuses anyone else as well.
 */
import { openTerrainTool } from "../apps/map/macros";

interface ToolLike {
  name: string;
  title: string;
  icon: string;
  order: number;
  button?: boolean;
  visible?: boolean;
  onChange?: (event: Event, active: boolean) => void;
}

/** Adds the tool to the controls (`controls.tokens.tools`), when there are Token controls. */
export function addTerrainControl(controls: Record<string, { tools?: Record<string, ToolLike> } | undefined>): void {
  const tools = controls["tokens"]?.tools;
  if (tools === undefined) return;
  tools["nobcTerrain"] = {
    name: "nobcTerrain",
    title: "NOBC.TerrainTool.Title",
    icon: "fa-solid fa-map-location-dot",
    order: Object.keys(tools).length,
    button: true,
    visible: game.user?.isGM === true,
    onChange: () => void openTerrainTool(),
  };
}

export function registerTerrainControl(): void {
  // v13 hands the controls as a record by name; the typings we build against still describe the older list.
  (
    Hooks as unknown as {
      on(name: string, fn: (controls: Record<string, { tools?: Record<string, ToolLike> } | undefined>) => void): number;
    }
  ).on("getSceneControlButtons", addTerrainControl);
}
