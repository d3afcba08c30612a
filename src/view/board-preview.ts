/**
 * The board's overlays as a picture with its legend (templates/apps/board-preview.hbs): the same
 * shapes the canvas draws (src/map/overlay.ts), written as SVG. The gallery shows it; a window that
 * previews a scene's map (the terrain tool) may too.
 */
import type { Translator } from "../base/foundry";
import { OVERLAY_INK, type OverlayKind, type ShapeGroup } from "../map/overlay";
import { overlaySvg, svgColour } from "../map/overlay-svg";
import { LAND_TERRAINS } from "../rules/nobc/land/types";
import type { MapView } from "../map/rules-view";
import { phrase } from "../rules/resolution";
import { speak } from "../words/phrase";

/** The legend line of each kind a reader needs explained (the terrain has the map's own legend). */
const LEGEND: Partial<Record<OverlayKind, string>> = {
  mines: "NOBC.Board.Legend.Minefield",
  contamination: "NOBC.Board.Legend.Contamination",
  blownBridges: "NOBC.Board.Legend.BlownBridge",
  cutAutobahn: "NOBC.Board.Legend.CutAutobahn",
  hqSupport: "NOBC.Board.Legend.Support",
  hqResupply: "NOBC.Board.Legend.Resupply",
};

/** One line of the terrain overlay's key: a swatch of its colour (a fill, or a line) and its name. */
export interface OverlaySwatch {
  readonly colour: string;
  readonly shape: "fill" | "line" | "thickLine";
  readonly label: string;
}

export interface BoardPreviewContext {
  readonly svg: string;
  readonly legend: readonly string[];
  /** The terrain overlay's key (issue #36: it had none), when the picture shows the terrain. */
  readonly swatches?: readonly OverlaySwatch[];
}

/**
 * The key of the canvas's terrain overlay, in its own colours (src/map/overlay.ts): each terrain's fill, then the
 * river, road, autobahn and border lines. The words are the map image's legend's (NOBC.Map.Legend).
 */
export function terrainOverlayLegend(i18n: Translator): OverlaySwatch[] {
  const swatch = (shape: OverlaySwatch["shape"], colour: number, key: string): OverlaySwatch => ({
    colour: svgColour(colour),
    shape,
    label: i18n.localize(key),
  });
  return [
    ...LAND_TERRAINS.map((t) => swatch("fill", OVERLAY_INK.terrain[t], `NOBC.Map.Legend.Terrain.${t}`)),
    swatch("line", OVERLAY_INK.river, "NOBC.Map.Legend.MinorRiver"),
    swatch("thickLine", OVERLAY_INK.river, "NOBC.Map.Legend.MajorRiver"),
    swatch("line", OVERLAY_INK.road, "NOBC.Map.Legend.Road"),
    swatch("thickLine", OVERLAY_INK.autobahnFill, "NOBC.Map.Legend.Autobahn"),
    swatch("line", OVERLAY_INK.border, "NOBC.Map.Legend.Border"),
  ];
}

/** What the picture shows, for its accessible name: the terrain, the map state, or the radius of the HQ named. */
export type BoardPreviewTitle = "terrain" | "mapState" | { readonly hq: string };

function titleOf(title: BoardPreviewTitle, i18n: Translator): string {
  if (title === "terrain") return i18n.localize("NOBC.Board.TerrainOverlay");
  if (title === "mapState") return i18n.localize("NOBC.Board.MapState");
  return speak(phrase("NOBC.Board.HqRadius", { hq: title.hq }), i18n);
}

/** The picture of `groups` over the map of `view` drawn with hexes of `size`, and a legend line for each kind drawn. */
export function boardPreviewContext(
  view: MapView,
  groups: readonly ShapeGroup[],
  size: number,
  title: BoardPreviewTitle,
  i18n: Translator,
): BoardPreviewContext {
  const legend: string[] = [];
  for (const g of groups) {
    const key = LEGEND[g.kind];
    if (key !== undefined && g.shapes.length > 0) legend.push(i18n.localize(key));
  }
  const svg = overlaySvg(groups, view.map, size, titleOf(title, i18n), 700);
  return title === "terrain" ? { svg, legend, swatches: terrainOverlayLegend(i18n) } : { svg, legend };
}
