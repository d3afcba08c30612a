/**
 * The map's macros (`game.nobc.map`): `terrain()` opens the "Map terrain" window for a GM (anyone else is
 * told why it does not open) and hands it the board's clicks; `attachTerrain(scene, data)` attaches a
 * `nobc-terrain/1` map to a scene without the window (scripts, tests).
 */
import { openDialog } from "../base/registry";
import type { NobcDialog } from "../base/dialog";
import { attachTerrain } from "./attach";
import { listenToCanvas } from "./canvas";
import { TERRAIN_TOOL } from "./dialogs";

export async function openTerrainTool(): Promise<NobcDialog | null> {
  const dialog = await openDialog(TERRAIN_TOOL);
  if (dialog !== null) listenToCanvas(dialog);
  return dialog;
}

export const mapMacros = { terrain: openTerrainTool, attachTerrain };
