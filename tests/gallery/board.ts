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
import { counterPreviewContext } from "../../src/view/counter";
import type { CounterFace } from "../../src/symbols/counter";

const classes = "application nobc nobc-board";
const template = "apps/board-preview.hbs";
const map = smallMap();
const view = mapView(map);
const size = map.hexSize;
const HQ = { name: "I Corps", hex: "0102", radius: 1 };

/**
 * Counters as their tokens show them, at 50 px: each side, a unit in March Mode, a long designation set
 * smaller, a unit with the black chip (may not move), and an enemy unit with the chip as a player who may
 * not read its sheet sees it (symbol, designation and chip only).
 */
const COUNTERS: readonly CounterFace[] = [
  { side: "nato", arm: "armour", size: "brigade", designation: "34 PzBrig", strength: { value: 3, max: 5 }, mode: "combat", noMove: false },
  {
    side: "nato",
    arm: "mechanised",
    size: "division",
    designation: "3 Armd Div",
    strength: { value: 6, max: 6 },
    mode: "march",
    noMove: true,
  },
  {
    side: "nato",
    arm: "artillery",
    size: "regiment",
    designation: "12 AD Regt",
    strength: { value: 12, max: 12 },
    mode: "march",
    noMove: false,
  },
  { side: "wp", arm: "motorRifle", size: "regiment", designation: "73 MRR", strength: { value: 2, max: 4 }, mode: "combat", noMove: false },
  { side: "wp", arm: "armour", size: "division", designation: "10 GTD", strength: null, mode: null, noMove: true },
];

/** What the entries are built from: the map's names, the HQ's name and the units' designations are data. */
export const boardFixtureData: readonly unknown[] = [map, HQ, COUNTERS.map((c) => ({ name: c.designation }))];

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
    {
      id: "board-counters",
      title: "Board: unit counters on their tokens, at 50 px",
      template,
      classes,
      context: counterPreviewContext(COUNTERS, 50, i18n),
      data: [COUNTERS],
    },
  ];
};
