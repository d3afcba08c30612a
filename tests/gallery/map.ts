/**
 * Gallery entries of the "Map terrain" window (src/apps/map/terrain-tool/): a map loaded on a scene whose
 * grid does not fit it, painting hexes; and a refused file with its problems listed, the road painter
 * drawing. Each context comes from the window's own pure context function, worded by the gallery's language.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import { terrainToolContext } from "../../src/apps/map/terrain-tool/context";
import { initialTerrainTool, loadData, paintAt, fromForm } from "../../src/apps/map/terrain-tool/state";
import type { TerrainToolWorld } from "../../src/apps/map/world";
import { hexCentre, mapPixelSize } from "../../src/map/hex-grid";
import { smallMap } from "../map/fixture";

const classes = "application nobc nobc-terrain-tool";
const map = smallMap();

function world(fits: boolean): TerrainToolWorld {
  const size = mapPixelSize(map.columns, map.rows, map.hexSize);
  return {
    isGM: true,
    scene: {
      name: "Hanover sector, turn 0",
      grid: fits
        ? { hexOddColumns: true, size: 100, width: Math.ceil(size.width), height: Math.ceil(size.height) }
        : { hexOddColumns: false, size: 80, width: 300, height: 200 },
      terrain: undefined,
      offset: { x: 0, y: 0 },
      document: { grid: { type: 4, size: 100 }, width: 400, height: 350, update: async () => undefined },
    },
    shipped: [{ id: "sector-hanover", label: "NOBC.TerrainTool.Shipped.hanover", load: async () => undefined }],
    overlayOn: fits,
  };
}

const brushForm = {
  painting: true,
  tool: "hex",
  "terrain.woods": true,
  "terrain.rough": true,
  country: "gdr",
  name: "",
  river: "minor",
  roadKind: "road",
};
const painted = paintAt(
  fromForm(loadData(initialTerrainTool(undefined, null), map, "test-map.json"), brushForm),
  hexCentre({ col: 2, row: 2 }, 100),
);

const refusedFile = loadData(
  fromForm(initialTerrainTool(map, "Hanover sector, turn 0"), { ...brushForm, tool: "road", roadKind: "autobahn" }),
  { ...map, hexSize: 0, hexsides: [{ hex: "0101", side: "east", river: "minor" }] },
  "broken.json",
);
const drawing = paintAt(paintAt(refusedFile, hexCentre({ col: 0, row: 2 }, 100)), hexCentre({ col: 1, row: 2 }, 100));

/** What the entries are built from: map, hex and scene names are data, not words. */
export const mapFixtureData: readonly unknown[] = [map, world(true).scene?.name, "test-map.json", "broken.json"];

/** The Map terrain window, worded by `i18n`. */
export const mapGallery = (i18n: Translator): FixtureSheet[] => [
  {
    id: "map-terrain-warnings",
    title: "Map terrain: a map loaded on a scene whose grid does not fit, painting hexes",
    template: "apps/map/terrain-tool.hbs",
    classes,
    context: terrainToolContext(painted, world(false), i18n),
  },
  {
    id: "map-terrain-problems",
    title: "Map terrain: a refused file's problems, drawing a road",
    template: "apps/map/terrain-tool.hbs",
    classes,
    context: terrainToolContext(drawing, world(true), i18n),
  },
];
