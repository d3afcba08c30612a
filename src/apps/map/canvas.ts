/**
 * Clicks on the canvas for the terrain painter: while the "Map terrain" window is open, a left click on
 * the board is handed to it as a point in pixels from the scene's top-left corner (past the padding, as
 * src/world/read.ts places tokens). The window paints only while its "Paint by clicking" box is ticked.
 * The listener goes when the window closes.
 */
import type { NobcDialog } from "../base/dialog";
import { PICK } from "./terrain-tool/state";

interface BoardLike {
  readonly app?: { readonly view?: EventTarget | null } | null;
  readonly dimensions?: { readonly sceneX: number; readonly sceneY: number } | null;
  canvasCoordinatesFromClient(client: { x: number; y: number }): { x: number; y: number };
}

/** Hands the board's left clicks to `dialog` until it closes. */
export function listenToCanvas(dialog: NobcDialog): void {
  const board = (globalThis as { canvas?: BoardLike }).canvas;
  const view = board?.app?.view;
  if (board === undefined || view === undefined || view === null) return;
  const onClick = (event: Event) => {
    if (!dialog.rendered) {
      view.removeEventListener("pointerdown", onClick);
      return;
    }
    const pointer = event as PointerEvent;
    if (pointer.button !== 0) return;
    const at = board.canvasCoordinatesFromClient({ x: pointer.clientX, y: pointer.clientY });
    const d = board.dimensions;
    void dialog.change({ [PICK]: { x: at.x - (d?.sceneX ?? 0), y: at.y - (d?.sceneY ?? 0) } });
  };
  view.addEventListener("pointerdown", onClick);
}
