/**
 * Gallery entries of the board's overlays on the 4 × 3 test map (tests/map/fixture.ts): the terrain
 * overlay, a sample map state (a minefield of each side, a contaminated hex, a blown bridge, a cut
 * autobahn) and an HQ's radius with the autobahn doubling, drawn from the same shapes as the canvas.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import { smallMap } from "../map/fixture";
import { sampleMapState } from "../map/overlay-sample";
import { mapView } from "../../src/map/rules-view";
import { hqOverlay, hqReach, mapStateOverlay, terrainOverlay } from "../../src/map/overlay";
import { boardPreviewContext } from "../../src/view/board-preview";

const classes = "application nobc nobc-board";
const template = "apps/board-preview.hbs";
const map = smallMap();
const view = mapView(map);
const size = map.hexSize;
const HQ = { name: "I Corps", hex: "0102", radius: 1 };

/** What the entries are built from: the map's names and the HQ's name are data. */
export const boardFixtureData: readonly unknown[] = [map, HQ];

export const boardGallery = (i18n: Translator): FixtureSheet[] => {
  const terrain = terrainOverlay(view, size, { fillAlpha: 1 });
  const state = mapStateOverlay(sampleMapState(), size, view);
  const hq = hqOverlay(hqReach(view, HQ.hex, HQ.radius), HQ.hex, size);
  return [
    {
      id: "board-terrain",
      title: "Board: the terrain overlay",
      template,
      classes,
      context: boardPreviewContext(view, terrain, size, "terrain", i18n),
    },
    {
      id: "board-map-state",
      title: "Board: map state markers",
      template,
      classes,
      context: boardPreviewContext(view, [...terrain, ...state], size, "mapState", i18n),
    },
    {
      id: "board-hq-radius",
      title: "Board: an HQ's radius, doubled along the autobahn",
      template,
      classes,
      context: boardPreviewContext(view, [...terrain, ...hq], size, { hq: HQ.name }, i18n),
      data: [HQ],
    },
  ];
};
