/**
 * The board's overlays as a picture with its legend (templates/apps/board-preview.hbs): the same
 * shapes the canvas draws (src/map/overlay.ts), written as SVG. The gallery shows it; a window that
 * previews a scene's map (the terrain tool) may too.
 */
import type { Translator } from "../base/foundry";
import type { OverlayKind, ShapeGroup } from "../map/overlay";
import { overlaySvg } from "../map/overlay-svg";
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

export interface BoardPreviewContext {
  readonly svg: string;
  readonly legend: readonly string[];
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
  return { svg: overlaySvg(groups, view.map, size, titleOf(title, i18n), 700), legend };
}
