/**
 * What the board draws over a scene, as plain shapes: the terrain overlay (for the GM to check that
 * the terrain lines up with the map image), the map state markers (drawn for everyone) and an HQ's
 * radius. Pure: from a `MapView`, a `MapStateView` and a grid size it returns shapes grouped by
 * kind, one group per kind whatever the number of hexes, so a renderer makes one drawing object
 * per kind (src/canvas/ for Foundry's canvas, ./overlay-svg.ts for the gallery and the docs).
 *
 * Coordinates are pixels from the top-left corner of hex 0101's bounding box (`hexCentre`), so a
 * renderer places the whole group at the scene's top-left hex.
 *
 * The markers are our own design, made to be read at megagame zoom (a 100 px hex seen at 25-50 %):
 * thick strokes, solid colours and a shape for each kind, so they differ without colour too.
 */
import type { HexRef, HexsideRef } from "../rules/ids";
import type { LandTerrain, Side } from "../rules/nobc/land/types";
import {
  HEX_DIRECTIONS,
  cornerRadius,
  hexCentre,
  hexCorners,
  hexDistance,
  hexLabel,
  inMap,
  neighbour,
  offsetOf,
  sideEnds,
  type Offset,
  type Point,
} from "./hex-grid";
import type { MapStateView } from "./map-state";
import { resupplyRoutes, type MapState, type MapView } from "./rules-view";

export const TERRAIN_KINDS = [
  "terrainHexes",
  "terrainBorders",
  "terrainRivers",
  "terrainRoads",
  "terrainBridges",
  "terrainLabels",
] as const;
export const HQ_KINDS = ["hqResupply", "hqSupport"] as const;
export const MAP_STATE_KINDS = ["contamination", "mines", "blownBridges", "cutAutobahn"] as const;
/** Every kind of shape group, in drawing order (later kinds on top). */
export const OVERLAY_KINDS = [...TERRAIN_KINDS, ...HQ_KINDS, ...MAP_STATE_KINDS] as const;
export type OverlayKind = (typeof OVERLAY_KINDS)[number];

/** A colour as 0xRRGGBB (what PIXI takes; the SVG renderer writes it as #rrggbb). */
export type Colour = number;

export interface Fill {
  readonly colour: Colour;
  readonly alpha: number;
}

export interface Stroke {
  readonly colour: Colour;
  readonly width: number;
  readonly alpha: number;
}

/** One primitive. `points` are flat pairs: x0, y0, x1, y1, … */
export type Shape =
  | { readonly type: "polygon"; readonly points: readonly number[]; readonly fill?: Fill; readonly stroke?: Stroke }
  | { readonly type: "line"; readonly points: readonly number[]; readonly stroke: Stroke }
  | { readonly type: "circle"; readonly x: number; readonly y: number; readonly r: number; readonly fill?: Fill; readonly stroke?: Stroke }
  | {
      readonly type: "text";
      readonly x: number;
      readonly y: number;
      readonly text: string;
      readonly size: number;
      readonly colour: Colour;
      readonly bold?: boolean;
    };

export interface ShapeGroup {
  readonly kind: OverlayKind;
  readonly shapes: readonly Shape[];
}

/** The colours of the overlays, one place for both renderers. */
export const OVERLAY_INK = {
  terrain: {
    clear: 0xf4f0dc,
    woods: 0x6fae4f,
    rough: 0xc89a55,
    marsh: 0x7fc4cf,
    town: 0xe0b0a0,
    city: 0x8a8480,
  } satisfies Record<LandTerrain, Colour>,
  grid: 0x5c584e,
  river: 0x1f5fa8,
  road: 0x9b2f1b,
  autobahnCase: 0x1c1c1c,
  autobahnFill: 0xf2c200,
  border: 0x6a2c91,
  label: 0x1c1c1c,
  halo: 0xffffff,
  nato: 0x1f4e9c,
  wp: 0xb3261e,
  mine: 0x1c1c1c,
  contamination: 0xe6c700,
  danger: 0xd0021b,
  support: 0x2b7bd6,
  resupply: 0x1d8a4a,
} as const;

/** The terrain whose colour fills a hex: the most telling type it has (the first of this order present). */
const FILL_ORDER: readonly LandTerrain[] = ["city", "marsh", "woods", "rough", "town", "clear"];
export const baseTerrain = (terrain: readonly LandTerrain[]): LandTerrain => FILL_ORDER.find((t) => terrain.includes(t)) ?? "clear";

const flat = (points: readonly Point[]): number[] => points.flatMap((p) => [p.x, p.y]);

/** Corners of a hex shrunk towards its centre by `inset` (a share of the corner radius). */
function insetCorners(off: Offset, size: number, inset: number): number[] {
  const c = hexCentre(off, size);
  return flat(hexCorners(off, size).map((p) => ({ x: c.x + (p.x - c.x) * (1 - inset), y: c.y + (p.y - c.y) * (1 - inset) })));
}

function forEachHex(view: MapView, visit: (off: Offset, label: HexRef) => void): void {
  const { columns, rows } = view.map;
  for (let col = 0; col < columns; col++) for (let row = 0; row < rows; row++) visit({ col, row }, hexLabel({ col, row }));
}

/** The two hex centres of a hexside key "a|b". */
function hexsideCentres(key: HexsideRef, size: number): [Point, Point] {
  const [a, b] = key.split("|") as [HexRef, HexRef];
  return [hexCentre(offsetOf(a), size), hexCentre(offsetOf(b), size)];
}

/** A rectangle of `length` × `width` centred on `mid`, its length along `angle` (radians), as polygon points. */
function bar(mid: Point, angle: number, length: number, width: number): number[] {
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const hl = length / 2;
  const hw = width / 2;
  return [
    mid.x - ux * hl - uy * hw,
    mid.y - uy * hl + ux * hw,
    mid.x + ux * hl - uy * hw,
    mid.y + uy * hl + ux * hw,
    mid.x + ux * hl + uy * hw,
    mid.y + uy * hl - ux * hw,
    mid.x - ux * hl + uy * hw,
    mid.y - uy * hl - ux * hw,
  ];
}

// ---------------------------------------------------------------------------------------------
// The terrain overlay

export interface TerrainOverlayOptions {
  /** How opaque the hex fills are: low on the canvas (the map image shows through), 1 for a plain picture. */
  readonly fillAlpha?: number;
}

/** The terrain overlay: hex fills, country borders, rivers, roads and autobahns, bridges, hex labels and place names. */
export function terrainOverlay(view: MapView, size: number, options: TerrainOverlayOptions = {}): ShapeGroup[] {
  const [hexes, borders, labels] = terrainHexGroups(view, size, options);
  const [rivers, bridges] = terrainSideGroups(view, size);
  return [hexes, borders, rivers, terrainRoadGroup(view, size), bridges, labels];
}

/** The fill of one hex, its country borders (its sides n, ne and se: each side between two hexes once), its texts. */
function hexParts(
  view: MapView,
  off: Offset,
  label: HexRef,
  size: number,
  alpha: number,
  out: { hexes?: Shape[]; borders?: Shape[]; labels?: Shape[] },
): void {
  const { map } = view;
  const hex = map.hexes[label];
  if (hex === undefined) return;
  out.hexes?.push({
    type: "polygon",
    points: flat(hexCorners(off, size)),
    fill: { colour: OVERLAY_INK.terrain[baseTerrain(hex.terrain)], alpha },
    stroke: { colour: OVERLAY_INK.grid, width: size * 0.015, alpha: 0.8 },
  });
  if (out.labels !== undefined) {
    const c = hexCentre(off, size);
    out.labels.push({ type: "text", x: c.x, y: c.y - size * 0.32, text: label, size: size * 0.16, colour: OVERLAY_INK.label });
    if (hex.name !== undefined) {
      out.labels.push({
        type: "text",
        x: c.x,
        y: c.y + size * 0.3,
        text: hex.name,
        size: size * 0.17,
        colour: OVERLAY_INK.label,
        bold: true,
      });
    }
  }
  if (out.borders === undefined) return;
  for (const dir of HEX_DIRECTIONS.slice(0, 3)) {
    const other = neighbour(off, dir);
    if (!inMap(other, map.columns, map.rows)) continue;
    const theirs = map.hexes[hexLabel(other)]?.country;
    if (theirs === undefined || theirs === hex.country) continue;
    out.borders.push({
      type: "line",
      points: flat(sideEnds(off, dir, size)),
      stroke: { colour: OVERLAY_INK.border, width: size * 0.06, alpha: 0.85 },
    });
  }
}

/** The parts of the terrain overlay drawn from the hexes alone: fills, country borders, labels and names (in that order). */
export function terrainHexGroups(view: MapView, size: number, options: TerrainOverlayOptions = {}): [ShapeGroup, ShapeGroup, ShapeGroup] {
  const alpha = options.fillAlpha ?? 0.45;
  const out = { hexes: [] as Shape[], borders: [] as Shape[], labels: [] as Shape[] };
  forEachHex(view, (off, label) => hexParts(view, off, label, size, alpha, out));
  return [
    { kind: "terrainHexes", shapes: out.hexes },
    { kind: "terrainBorders", shapes: out.borders },
    { kind: "terrainLabels", shapes: out.labels },
  ];
}

/** Hexes a side of the map's blocks holds (`terrainBlocks`): the board redraws a block, not the map, when one hex changes. */
export const TERRAIN_BLOCK = 16;

/** A hex's block, as `terrainBlocks` keys it. */
export function terrainBlockOf(off: Offset): string {
  return `${Math.floor(off.col / TERRAIN_BLOCK)}:${Math.floor(off.row / TERRAIN_BLOCK)}`;
}

/** The blocks a changed hex asks to redraw: its own, and those of its neighbours (their borders with it). */
export function blocksTouchedBy(label: HexRef): string[] {
  const off = offsetOf(label);
  return [...new Set([terrainBlockOf(off), ...HEX_DIRECTIONS.map((d) => terrainBlockOf(neighbour(off, d)))])];
}

/** The hexes of one block (by its key) that lie on the map; none for a key off the map. */
export function terrainBlockHexes(view: MapView, key: string): { off: Offset; label: HexRef }[] {
  const [bc, br] = key.split(":").map(Number) as [number, number];
  const out: { off: Offset; label: HexRef }[] = [];
  if (!(bc >= 0 && br >= 0)) return out;
  const { columns, rows } = view.map;
  for (let col = bc * TERRAIN_BLOCK; col < Math.min(columns, (bc + 1) * TERRAIN_BLOCK); col++)
    for (let row = br * TERRAIN_BLOCK; row < Math.min(rows, (br + 1) * TERRAIN_BLOCK); row++)
      out.push({ off: { col, row }, label: hexLabel({ col, row }) });
  return out;
}

/** Every block of the map (`TERRAIN_BLOCK` hexes a side), with its hexes. */
export function terrainBlocks(view: MapView): Map<string, { off: Offset; label: HexRef }[]> {
  const blocks = new Map<string, { off: Offset; label: HexRef }[]>();
  forEachHex(view, (off, label) => {
    const key = terrainBlockOf(off);
    const list = blocks.get(key);
    if (list === undefined) blocks.set(key, [{ off, label }]);
    else list.push({ off, label });
  });
  return blocks;
}

/** The fills and borders of one block's hexes (the same shapes `terrainHexGroups` gives them). */
export function terrainBlockShapes(
  view: MapView,
  hexes: readonly { off: Offset; label: HexRef }[],
  size: number,
  options: TerrainOverlayOptions = {},
): { hexes: Shape[]; borders: Shape[] } {
  const alpha = options.fillAlpha ?? 0.45;
  const out = { hexes: [] as Shape[], borders: [] as Shape[] };
  for (const h of hexes) hexParts(view, h.off, h.label, size, alpha, out);
  return out;
}

/** The hex labels and place names alone. */
export function terrainLabelGroup(view: MapView, size: number): ShapeGroup {
  const labels: Shape[] = [];
  forEachHex(view, (off, label) => hexParts(view, off, label, size, 0, { labels }));
  return { kind: "terrainLabels", shapes: labels };
}

/** The parts of the terrain overlay drawn from the hexsides alone: rivers and bridges. */
export function terrainSideGroups(view: MapView, size: number): [ShapeGroup, ShapeGroup] {
  const { map } = view;
  const rivers: Shape[] = [];
  const bridges: Shape[] = [];
  for (const side of map.hexsides) {
    if (side.river === undefined) continue;
    const off = offsetOf(side.hex);
    const width = size * (side.river === "major" ? 0.13 : 0.06);
    rivers.push({ type: "line", points: flat(sideEnds(off, side.side, size)), stroke: { colour: OVERLAY_INK.river, width, alpha: 1 } });
    if (side.bridge !== true) continue;
    const a = hexCentre(off, size);
    const b = hexCentre(neighbour(off, side.side), size);
    bridges.push({
      type: "polygon",
      points: bar({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, Math.atan2(b.y - a.y, b.x - a.x), width + size * 0.2, size * 0.1),
      fill: { colour: OVERLAY_INK.halo, alpha: 1 },
      stroke: { colour: OVERLAY_INK.label, width: size * 0.02, alpha: 1 },
    });
  }
  return [
    { kind: "terrainRivers", shapes: rivers },
    { kind: "terrainBridges", shapes: bridges },
  ];
}

/** The part of the terrain overlay drawn from the roads alone. */
export function terrainRoadGroup(view: MapView, size: number): ShapeGroup {
  const roads: Shape[] = [];
  // Roads first, so an autobahn sharing their hexes stays on top; an autobahn is a dark case with a yellow core.
  for (const kind of ["road", "autobahn"] as const) {
    for (const road of view.map.roads) {
      if (road.kind !== kind) continue;
      const points = flat(road.path.map((label) => hexCentre(offsetOf(label), size)));
      if (kind === "road") roads.push({ type: "line", points, stroke: { colour: OVERLAY_INK.road, width: size * 0.05, alpha: 1 } });
      else {
        roads.push({ type: "line", points, stroke: { colour: OVERLAY_INK.autobahnCase, width: size * 0.12, alpha: 1 } });
        roads.push({ type: "line", points, stroke: { colour: OVERLAY_INK.autobahnFill, width: size * 0.06, alpha: 1 } });
      }
    }
  }
  return { kind: "terrainRoads", shapes: roads };
}

// ---------------------------------------------------------------------------------------------
// Map state markers

/**
 * The map state markers. A hex or hexside the map lacks is left out (the state may name a hex of
 * another map; the scene's flag is checked for shape, not against the terrain), so `view` decides
 * what is on the board; without terrain, every well-formed hex is drawn on the scene's grid.
 */
export function mapStateOverlay(state: MapStateView, size: number, view: MapView | null = null): ShapeGroup[] {
  const onMap = (label: HexRef) => view === null || view.map.hexes[label] !== undefined;
  const contamination: Shape[] = [];
  for (const label of [...state.contaminated].sort()) {
    if (!onMap(label)) continue;
    const off = offsetOf(label);
    const c = hexCentre(off, size);
    // A yellow wash with a black and yellow rim, and a warning triangle.
    contamination.push({ type: "polygon", points: flat(hexCorners(off, size)), fill: { colour: OVERLAY_INK.contamination, alpha: 0.3 } });
    contamination.push({
      type: "polygon",
      points: insetCorners(off, size, 0.08),
      stroke: { colour: OVERLAY_INK.mine, width: size * 0.09, alpha: 1 },
    });
    contamination.push({
      type: "polygon",
      points: insetCorners(off, size, 0.08),
      stroke: { colour: OVERLAY_INK.contamination, width: size * 0.05, alpha: 1 },
    });
    // The triangle stands by the west corner, clear of the hex label (top) and the mines (bottom).
    const t = size * 0.11;
    const tx = c.x - size * 0.34;
    const base = c.y + t * 0.8;
    contamination.push({
      type: "polygon",
      points: [tx, base - t * 1.6, tx + t, base, tx - t, base],
      fill: { colour: OVERLAY_INK.contamination, alpha: 1 },
      stroke: { colour: OVERLAY_INK.mine, width: size * 0.025, alpha: 1 },
    });
  }
  const mines: Shape[] = [];
  for (const label of [...state.mines].sort()) {
    if (!onMap(label)) continue;
    const off = offsetOf(label);
    const c = hexCentre(off, size);
    const side: Side = state.mineSides.get(label) ?? "nato";
    // A thick rim in the colour of the side that laid it, and a row of three mines along the bottom edge
    // (the top is the hex label's).
    mines.push({
      type: "polygon",
      points: insetCorners(off, size, 0.14),
      stroke: { colour: OVERLAY_INK[side], width: size * 0.07, alpha: 1 },
    });
    const r = size * 0.075;
    for (const dx of [-1, 0, 1]) {
      mines.push({
        type: "circle",
        x: c.x + dx * r * 2.6,
        y: c.y + size * 0.3,
        r,
        fill: { colour: OVERLAY_INK.mine, alpha: 1 },
        stroke: { colour: OVERLAY_INK.halo, width: size * 0.02, alpha: 1 },
      });
    }
  }
  const blown: Shape[] = [];
  for (const key of [...state.destroyedBridges].sort()) {
    const [a, b] = key.split("|") as [HexRef, HexRef];
    if (!onMap(a) || !onMap(b)) continue;
    const [ca, cb] = hexsideCentres(key, size);
    const mid = { x: (ca.x + cb.x) / 2, y: (ca.y + cb.y) / 2 };
    const along = Math.atan2(cb.y - ca.y, cb.x - ca.x);
    // A red cross over the bridge, on a white halo.
    for (const [colour, width, length] of [
      [OVERLAY_INK.halo, 0.13, 0.46],
      [OVERLAY_INK.danger, 0.08, 0.4],
    ] as const) {
      for (const turn of [Math.PI / 4, -Math.PI / 4]) {
        blown.push({ type: "polygon", points: bar(mid, along + turn, size * length, size * width), fill: { colour, alpha: 1 } });
      }
    }
  }
  const cut: Shape[] = [];
  for (const label of [...state.cutAutobahn].sort()) {
    if (!onMap(label)) continue;
    const c = hexCentre(offsetOf(label), size);
    // Two red bars across the hex's middle: the road is broken here.
    for (const dx of [-1, 1]) {
      const mid = { x: c.x + dx * size * 0.08, y: c.y };
      cut.push({ type: "polygon", points: bar(mid, Math.PI / 2.6, size * 0.5, size * 0.12), fill: { colour: OVERLAY_INK.halo, alpha: 1 } });
      cut.push({
        type: "polygon",
        points: bar(mid, Math.PI / 2.6, size * 0.44, size * 0.07),
        fill: { colour: OVERLAY_INK.danger, alpha: 1 },
      });
    }
  }
  return [
    { kind: "contamination", shapes: contamination },
    { kind: "mines", shapes: mines },
    { kind: "blownBridges", shapes: blown },
    { kind: "cutAutobahn", shapes: cut },
  ];
}

// ---------------------------------------------------------------------------------------------
// HQ radius

export interface HqReach {
  /** Hexes within the radius as the crow flies: support (cards, CAS) and demolition. */
  readonly support: ReadonlySet<HexRef>;
  /** Hexes a resupply route reaches within the radius, a step along an autobahn counting half. */
  readonly resupply: ReadonlySet<HexRef>;
}

/**
 * The hexes an HQ in `hex` reaches with `radius`: support and demolition count hexes as the crow
 * flies (seed 000, Land War QRS, 4. and 5.); resupply counts the route, an autobahn doubling the
 * radius (6. Resupply), found in one search (`resupplyRoutes` with its cost bound) over the scene's
 * map state, so an autobahn cut in a hex doubles nothing there, as the resupply dialog reads it. A
 * radius that is not a whole number ≥ 0 reaches nothing.
 */
export function hqReach(view: MapView, hex: HexRef, radius: number, state: MapState = {}): HqReach {
  if (!Number.isInteger(radius) || radius < 0 || view.map.hexes[hex] === undefined) return { support: new Set(), resupply: new Set() };
  const from = offsetOf(hex);
  const support = new Set<HexRef>();
  // A route of cost 2 × radius half-hexes is at most 2 × radius hexes long (all autobahn).
  const candidates: HexRef[] = [];
  const { columns, rows } = view.map;
  const far = 2 * radius;
  for (let col = Math.max(0, from.col - far); col <= Math.min(columns - 1, from.col + far); col++) {
    for (let row = Math.max(0, from.row - far - 1); row <= Math.min(rows - 1, from.row + far + 1); row++) {
      const d = hexDistance(from, { col, row });
      if (d > far) continue;
      const label = hexLabel({ col, row });
      if (d <= radius) support.add(label);
      candidates.push(label);
    }
  }
  const routes = resupplyRoutes(view, hex, candidates, 2 * radius, state);
  return { support, resupply: new Set(routes.keys()) };
}

/** The outline of a set of hexes: every side whose neighbour is outside the set, as one line each. */
function outline(hexes: ReadonlySet<HexRef>, size: number, stroke: Stroke): Shape[] {
  const out: Shape[] = [];
  for (const label of [...hexes].sort()) {
    const off = offsetOf(label);
    for (const dir of HEX_DIRECTIONS) {
      const other = neighbour(off, dir);
      if (other.col >= 0 && other.row >= 0 && other.col < 99 && other.row < 99 && hexes.has(hexLabel(other))) continue;
      out.push({ type: "line", points: flat(sideEnds(off, dir, size)), stroke });
    }
  }
  return out;
}

/**
 * The HQ radius drawn: support as a blue wash with a solid rim and a ring round the HQ's hex; the
 * resupply reach as a green rim, and a green wash on the hexes only an autobahn brings within reach.
 */
export function hqOverlay(reach: HqReach, hqHex: HexRef | null, size: number): ShapeGroup[] {
  const support: Shape[] = [];
  for (const label of [...reach.support].sort()) {
    support.push({ type: "polygon", points: flat(hexCorners(offsetOf(label), size)), fill: { colour: OVERLAY_INK.support, alpha: 0.18 } });
  }
  support.push(...outline(reach.support, size, { colour: OVERLAY_INK.support, width: size * 0.07, alpha: 1 }));
  if (hqHex !== null) {
    const c = hexCentre(offsetOf(hqHex), size);
    support.push({
      type: "circle",
      x: c.x,
      y: c.y,
      r: cornerRadius(size) * 0.8,
      stroke: { colour: OVERLAY_INK.support, width: size * 0.06, alpha: 1 },
    });
  }
  const resupply: Shape[] = [];
  for (const label of [...reach.resupply].sort()) {
    if (reach.support.has(label)) continue;
    resupply.push({
      type: "polygon",
      points: flat(hexCorners(offsetOf(label), size)),
      fill: { colour: OVERLAY_INK.resupply, alpha: 0.22 },
    });
  }
  // Drawn a little wider and under the support rim, so where both run together both show.
  resupply.push(...outline(reach.resupply, size, { colour: OVERLAY_INK.resupply, width: size * 0.12, alpha: 0.9 }));
  return [
    { kind: "hqResupply", shapes: resupply },
    { kind: "hqSupport", shapes: support },
  ];
}

/** The number of shapes of each kind (for tests and the benchmark). */
export function shapeCount(groups: readonly ShapeGroup[]): number {
  return groups.reduce((sum, g) => sum + g.shapes.length, 0);
}
