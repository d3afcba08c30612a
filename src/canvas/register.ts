/**
 * The board on Foundry's canvas: the hooks that draw it and what other modules call.
 *
 * - `canvasReady`: a new surface, everything drawn once; `canvasTearDown`: the surface let go.
 * - `updateScene` of the viewed scene: flag `nobc.terrain` changed → terrain overlay, markers and
 *   HQ radius; flag `nobc.mapState` changed → the markers and the HQ radius shown. Nothing else redraws them.
 * - `controlToken`: selecting an HQ's token shows its radius; releasing it hides it. `updateToken`
 *   and `updateActor` redraw the radius shown when its HQ moved or its radius changed; `deleteToken`
 *   of its token hides it (the HQ has no hex left on the scene).
 * - A GM's toggle in the token controls switches the terrain overlay (`setTerrainOverlay`); so does
 *   the Map terrain window's own button.
 * - `nobc.terrainDraftChanged(map)` (the Map terrain window's load or edit): the terrain overlay draws
 *   that unsaved map; `setTerrainDraft(null)` (the window closing) goes back to the scene's terrain.
 *
 * Registered on `init` after `registerTerrainCache` (src/world/read.ts), so the battlefield read
 * here already sees a changed flag.
 */
import { plainKey } from "../base/compat";
import { SYSTEM_ID } from "../base/constants";
import { isGM, notify } from "../base/foundry";
import { hexCentre } from "../map/hex-grid";
import { MAP_STATE_FLAG } from "../map/map-state";
import { mapView } from "../map/rules-view";
import type { TerrainMap } from "../map/terrain-schema";
import { drawnSceneDoc, readBattlefield, viewedCanvas } from "../world/read";
import type { Battlefield } from "../world/battlefield";
import { Board, type BoardInput, type HqShown, type Surface } from "./board";
import { pixiSurface } from "./pixi";

/** The one board of this client. */
export const board = new Board();

/** How a surface is made: PIXI in Foundry; a test may put a fake in its place. */
let makeSurface: () => Surface | null = pixiSurface;

export function setSurfaceFactory(factory: () => Surface | null): void {
  makeSurface = factory;
}

/** How the HQ radius came to be shown: by selecting its token, or by a button (sheet, planner, resupply). */
let shownBy: "token" | "button" | null = null;

/** What the board draws, read from the drawn scene (a GM's view of a team scene: that team's map state) and the world. */
function boardInput(field: Battlefield = readBattlefield(drawnSceneDoc())): BoardInput {
  const c = viewedCanvas();
  // The map's hexes line up only with a flat-topped, odd-columns grid (docs/packs.md), as in src/world/read.ts.
  const grid = c?.grid?.type === CONST.GRID_TYPES.HEXODDQ ? c.grid : null;
  if (grid === null) return { size: null, origin: { x: 0, y: 0 }, map: field.map, state: field.mapState };
  const dx = c?.dimensions?.sceneX ?? 0;
  const dy = c?.dimensions?.sceneY ?? 0;
  // Hex 0101 is the grid space at the scene's top-left corner, past the padding.
  const first = grid.getCenterPoint(grid.getOffset({ x: dx + grid.sizeX / 2, y: dy + grid.sizeY / 2 }));
  const own = hexCentre({ col: 0, row: 0 }, grid.size);
  return { size: grid.size, origin: { x: first.x - own.x, y: first.y - own.y }, map: field.map, state: field.mapState };
}

/** The radius of HQ `id` as it stands now, or null when it has no token on the scene. */
function hqShown(id: string, field: Battlefield): HqShown | null {
  const hq = field.hqs.find((h) => h.id === id);
  return hq === undefined || hq.hex === "" ? null : { id, hex: hq.hex, radius: hq.radius };
}

/** Switches the terrain overlay on this client (the GM's alignment check; the "terrain" window may call it). */
export function setTerrainOverlay(on: boolean): void {
  board.setTerrainOverlay(on);
}

export function terrainOverlayOn(): boolean {
  return board.terrainOverlayOn;
}

/**
 * The hook the Map terrain window (src/apps/map/terrain-tool/) calls with its checked map (or null)
 * on every load or edit, so the terrain overlay shows the unsaved map while the GM checks its alignment.
 */
export const TERRAIN_DRAFT_HOOK = "nobc.terrainDraftChanged";

/** The terrain overlay draws `draft` (a map the terrain schema accepted) until set back to null. */
export function setTerrainDraft(draft: TerrainMap | null): void {
  board.setTerrainDraft(draft === null ? null : mapView(draft));
}

/**
 * Highlights the radius of the HQ with actor UUID `hqId` on this client (null hides it): support
 * and demolition within the radius, and the resupply reach with the autobahn doubling. Returns
 * whether something is shown (false: no canvas, or the HQ has no token on the viewed scene).
 */
export function showHqRadius(hqId: string | null): boolean {
  if (hqId === null) {
    board.showHq(null);
    shownBy = null;
    return false;
  }
  const shown = board.attached ? hqShown(hqId, readBattlefield(drawnSceneDoc())) : null;
  board.showHq(shown);
  shownBy = shown === null ? null : "button";
  return shown !== null;
}

/** Shows the radius of the HQ now shown, or of `hqId` when none is, as a toggle: a second press hides it. */
export function toggleHqRadius(hqId: string): boolean {
  if (board.shownHq?.id === hqId) return showHqRadius(null);
  return showHqRadius(hqId);
}

/**
 * A dialog button (`data-action="showHqRadius"`, `data-hq` the HQ's UUID) that toggles the HQ's
 * radius on the board and leaves the dialog's state as it was (the planner, the resupply dialog).
 * An HQ with no token on the viewed scene is told, not shown.
 */
export function hqRadiusAction<S>(state: S, _world: unknown, target: HTMLElement): S {
  const id = target.dataset["hq"] ?? "";
  const wasShown = board.shownHq?.id === id;
  if (id !== "" && !toggleHqRadius(id) && !wasShown) notify("info", "NOBC.Board.NoToken", { hq: target.dataset["name"] ?? "" });
  return state;
}

interface TokenLike {
  readonly actor?: { readonly uuid: string; readonly type: string } | null;
}

function onControlToken(token: TokenLike, controlled: boolean): void {
  const actor = token.actor;
  if (actor?.type !== "hq") return;
  if (controlled) {
    const shown = hqShown(actor.uuid, readBattlefield(drawnSceneDoc()));
    board.showHq(shown);
    shownBy = shown === null ? null : "token";
  } else if (board.shownHq?.id === actor.uuid && shownBy === "token") {
    board.showHq(null);
    shownBy = null;
  }
}

/** The HQ shown may have moved, changed its radius or lost its token: read it again (other tokens and actors are not looked at). */
function refreshHq(uuid: string | undefined): void {
  const hq = board.shownHq;
  if (hq === null || !board.attached || uuid !== hq.id) return;
  const shown = hqShown(hq.id, readBattlefield(drawnSceneDoc()));
  board.showHq(shown);
  if (shown === null) shownBy = null;
}

function onUpdateScene(scene: { readonly id?: string | null }, changes: { flags?: Record<string, unknown> }): void {
  if (!board.attached || scene.id !== viewedCanvas()?.scene?.id) return;
  const ours = changes.flags?.[SYSTEM_ID] as Record<string, unknown> | undefined;
  if (ours === undefined) return;
  // v13 spells a removal "-=mapState" and a replacement "==terrain" (attachTerrain); v14 keeps the plain key: each is a change of it.
  const keys = new Set(Object.keys(ours).map(plainKey));
  const touched = (flag: string) => keys.has(flag);
  if (touched("terrain")) board.terrainChanged(boardInput());
  else if (touched(MAP_STATE_FLAG)) board.mapStateChanged(boardInput());
}

interface ToolsLike {
  tools: Record<string, unknown>;
}

export const TERRAIN_OVERLAY_TOOL = "nobcTerrainOverlay";

/** `getSceneControlButtons`: the GM's terrain overlay toggle among the token tools. */
export function addTerrainTool(controls: Record<string, ToolsLike | undefined>): void {
  const tokens = controls["tokens"];
  if (tokens === undefined) return;
  // Not "nobcTerrain": that is the Map terrain window's button (src/ui/terrain-control.ts).
  tokens.tools[TERRAIN_OVERLAY_TOOL] = {
    name: TERRAIN_OVERLAY_TOOL,
    title: "NOBC.Board.TerrainOverlay",
    icon: "fa-solid fa-map",
    order: Object.keys(tokens.tools).length,
    toggle: true,
    active: board.terrainOverlayOn,
    visible: isGM(),
    onChange: (_event: unknown, active: boolean) => setTerrainOverlay(active),
  };
}

/** On init: the hooks that draw the board. */
export function registerBoard(): void {
  Hooks.on("canvasReady", (() => {
    const surface = makeSurface();
    if (surface === null) board.detach();
    else board.attach(surface, boardInput());
  }) as never);
  Hooks.on("canvasTearDown", (() => board.detach()) as never);
  Hooks.on("updateScene", onUpdateScene as never);
  Hooks.on("controlToken", onControlToken as never);
  Hooks.on("updateToken", ((token: { readonly actor?: { readonly uuid: string } | null }) => refreshHq(token.actor?.uuid)) as never);
  // The HQ's token gone (deleted by hand, or by a card's write): its radius goes too. Any other token's deletion
  // (an eliminated unit's) redraws nothing.
  Hooks.on("deleteToken", ((token: { readonly actor?: { readonly uuid: string } | null }) => refreshHq(token.actor?.uuid)) as never);
  // Our own hook, not among Foundry's typed ones.
  (Hooks as unknown as { on(name: string, fn: (draft: TerrainMap | null) => void): number }).on(TERRAIN_DRAFT_HOOK, setTerrainDraft);
  Hooks.on("updateActor", ((actor: { readonly uuid: string }) => refreshHq(actor.uuid)) as never);
  // v13 passes the controls as a record by name (documented on the hook); the installed types do not list this hook.
  (Hooks as unknown as { on(name: string, fn: (controls: never) => void): number }).on("getSceneControlButtons", addTerrainTool);
}
