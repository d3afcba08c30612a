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
import { stackPictureSvg } from "../../src/canvas/stack-picture";
import { stackViewerContext, type StackEntry } from "../../src/view/stack";

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

/**
 * Stacks as the canvas fans them (issue #36): two NATO units in one hex, and three in another, the top one a unit
 * that may not move; each from the board's own layout, at a 100 px hex.
 */
const STACKS: readonly (readonly CounterFace[])[] = [
  [COUNTERS[0]!, COUNTERS[2]!],
  [COUNTERS[2]!, COUNTERS[0]!, COUNTERS[1]!],
];

/** The Stack window of the three-unit stack, as its side sees it (the middle unit selected), and an enemy's as the other side does. */
const VIEWER: readonly StackEntry[] = [
  { kind: "unit", token: "t1", face: COUNTERS[2]!, supply: 0, movementPoints: 8, controlled: false },
  { kind: "unit", token: "t2", face: COUNTERS[0]!, supply: 2, movementPoints: 4, controlled: true },
  { kind: "unit", token: "t3", face: COUNTERS[1]!, supply: 1, movementPoints: 0, controlled: false },
];
const ENEMY_VIEWER: readonly StackEntry[] = [
  { kind: "unit", token: "t4", face: COUNTERS[3]!, supply: null, movementPoints: null, controlled: false },
  { kind: "unit", token: "t5", face: COUNTERS[4]!, supply: null, movementPoints: null, controlled: false },
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
    {
      id: "board-stacks",
      title: "Board: stacks of two and three units, fanned in their hex with the count",
      template,
      classes,
      context: {
        svg: `<span class="stack-row-pictures">${STACKS.map((faces) => stackPictureSvg(faces, 100, i18n)).join("")}</span>`,
        legend: [i18n.localize("NOBC.Stack.Hint")],
      },
      data: [COUNTERS],
    },
    {
      id: "board-stack-viewer",
      title: "Board: the Stack window of a three-unit stack, as its side sees it",
      template: "apps/stack-viewer.hbs",
      classes: "application nobc nobc-stack-viewer",
      context: stackViewerContext(VIEWER, i18n),
      data: [COUNTERS],
    },
    {
      id: "board-stack-viewer-enemy",
      title: "Board: the Stack window of an enemy stack, as the other side sees it (open table)",
      template: "apps/stack-viewer.hbs",
      classes: "application nobc nobc-stack-viewer",
      context: stackViewerContext(ENEMY_VIEWER, i18n),
      data: [COUNTERS],
    },
  ];
};
