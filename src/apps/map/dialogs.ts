/** The map's dialogs in the registry: the "Map terrain" window. */
import type { DialogEntry } from "../base/registry";

export const TERRAIN_TOOL: DialogEntry = {
  id: "map.terrain",
  load: async () => (await import("./terrain-tool/controller")).terrainToolController,
};
