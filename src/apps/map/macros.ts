/**
 * The map's macros (`game.nobc.map`): `terrain()` opens the "Map terrain" window for a GM (anyone else is
 * told why it does not open) and hands it the board's clicks; `attachTerrain(scene, data)` attaches a
 * `nobc-terrain/1` map to a scene without the window (scripts, tests).
 */
import { openDialog } from "../base/registry";
import type { NobcDialog } from "../base/dialog";
import type { attachTerrain as AttachTerrain } from "./attach";
import { TERRAIN_TOOL } from "./dialogs";

// The window's and the attach's code load on first use, not at `init`.

export async function openTerrainTool(): Promise<NobcDialog | null> {
  const dialog = await openDialog(TERRAIN_TOOL);
  if (dialog !== null) (await import("./canvas")).listenToCanvas(dialog);
  return dialog;
}

async function attachTerrain(...args: Parameters<typeof AttachTerrain>): ReturnType<typeof AttachTerrain> {
  return (await import("./attach")).attachTerrain(...args);
}

export const mapMacros = { terrain: openTerrainTool, attachTerrain };
