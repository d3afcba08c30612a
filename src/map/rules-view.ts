/**
 * The map as the land rules want to see it (src/rules/nobc/land): terrain of a hex, the river and
 * road of a step, stacking type, roads for resupply, distances, and the country for HQ recovery.
 * Minefields, contamination and blown bridges are game state, so they come in as a `MapState`
 * overlay instead of living in the terrain file. Functions throw RangeError on a hex the map lacks.
 */
import type { HexRef, HexsideRef } from "../rules/ids";
import type { GroundCombatRiver } from "../rules/nobc/land/combat";
import type { BridgeTarget } from "../rules/nobc/land/demolition";
import type { MoveCostHex, MovePathStep, RiverCrossing, RoadKind } from "../rules/nobc/land/movement";
import { stackingHexType, type StackingHexType } from "../rules/nobc/land/stacking";
import type { LandTerrain, RiverKind, Side } from "../rules/nobc/land/types";
import { hexside } from "../rules/ids";
import { directionTo, hexDistance, hexLabel, inMap, neighbour, neighbours, offsetOf } from "./hex-grid";
import type { CountryCode, MapHex, TerrainMap } from "./terrain-schema";
import { MinHeap } from "./heap";

/** What has changed on the map since the terrain file was drawn. */
export interface MapState {
  mines?: ReadonlySet<HexRef>;
  contaminated?: ReadonlySet<HexRef>;
  /** Hexsides whose bridge was destroyed (the `bridgeDestroyed` effect). */
  destroyedBridges?: ReadonlySet<HexsideRef>;
  /** Hexes where an autobahn was cut (ADM): it carries no autobahn rate there. */
  cutAutobahn?: ReadonlySet<HexRef>;
  /** Bridging Engineer cards left at river hexsides this Movement phase (the `engineersLeft` effect). */
  engineersLeft?: ReadonlyMap<HexsideRef, number>;
}

interface RiverSide {
  river: RiverKind;
  bridge: boolean;
}

/** A validated terrain map with lookups built once. */
export interface MapView {
  readonly map: TerrainMap;
  readonly sides: ReadonlyMap<HexsideRef, RiverSide>;
  /** The best road joining two neighbouring hexes, by hexside key. */
  readonly links: ReadonlyMap<HexsideRef, RoadKind>;
  /** Hexes a road or autobahn passes through. */
  readonly roadHexes: ReadonlySet<HexRef>;
}

/** Builds the lookups of a map that `validateTerrainMap` accepted. */
export function mapView(map: TerrainMap): MapView {
  const sides = new Map<HexsideRef, RiverSide>();
  for (const s of map.hexsides) {
    if (s.river === undefined) continue;
    sides.set(hexside(s.hex, hexLabel(neighbour(offsetOf(s.hex), s.side))), { river: s.river, bridge: s.bridge ?? false });
  }
  const links = new Map<HexsideRef, RoadKind>();
  const roadHexes = new Set<HexRef>();
  for (const road of map.roads) {
    road.path.forEach((label, i) => {
      roadHexes.add(label);
      const before = road.path[i - 1];
      if (before === undefined) return;
      const key = hexside(before, label);
      if (links.get(key) !== "autobahn") links.set(key, road.kind);
    });
  }
  return { map, sides, links, roadHexes };
}

function hexOf(view: MapView, label: HexRef): MapHex {
  const hex = view.map.hexes[label];
  if (hex === undefined) throw new RangeError(`hex ${label} is not on the map "${view.map.name}"`);
  return hex;
}

/** Throws unless the two hexes are on the map and neighbours. */
function checkStep(view: MapView, from: HexRef, to: HexRef): void {
  hexOf(view, from);
  hexOf(view, to);
  if (directionTo(offsetOf(from), offsetOf(to)) === undefined) {
    throw new RangeError(`hexes ${from} and ${to} are not neighbours`);
  }
}

export function terrainOf(view: MapView, hex: HexRef): readonly LandTerrain[] {
  return hexOf(view, hex).terrain;
}

export function countryOf(view: MapView, hex: HexRef): CountryCode {
  return hexOf(view, hex).country;
}

/** The map hexes next to a hex. */
export function adjacentHexes(view: MapView, hex: HexRef): HexRef[] {
  hexOf(view, hex);
  return neighbours(offsetOf(hex))
    .filter((n) => inMap(n, view.map.columns, view.map.rows))
    .map(hexLabel);
}

/** Hexes between two map hexes as the crow flies. */
export function distance(view: MapView, a: HexRef, b: HexRef): number {
  hexOf(view, a);
  hexOf(view, b);
  return hexDistance(offsetOf(a), offsetOf(b));
}

/**
 * The road a step from `from` into `to` follows, autobahn first; undefined off-road. An autobahn cut
 * in either hex (`state.cutAutobahn`, ADM) carries nothing on that step: the step is off-road
 * (docs/rules-decisions.md, "A cut autobahn").
 */
export function roadBetween(view: MapView, from: HexRef, to: HexRef, state: MapState = {}): RoadKind | undefined {
  checkStep(view, from, to);
  const road = view.links.get(hexside(from, to));
  if (road === "autobahn" && state.cutAutobahn !== undefined && (state.cutAutobahn.has(from) || state.cutAutobahn.has(to)))
    return undefined;
  return road;
}

/** The `hex` argument of `moveCost` for a step from `from` into `to`, with the scene's map state (mines, contamination, cut autobahn). */
export function moveCostHex(view: MapView, from: HexRef, to: HexRef, state: MapState = {}): MoveCostHex {
  const out: MoveCostHex = { terrain: terrainOf(view, to) };
  const road = roadBetween(view, from, to, state);
  if (road !== undefined) out.road = road;
  if (state.mines?.has(to)) out.mines = true;
  if (state.contaminated?.has(to)) out.contaminated = true;
  return out;
}

/** The river crossed stepping from `from` into `to`, with its bridge unless destroyed; undefined when none. */
export function riverCrossing(view: MapView, from: HexRef, to: HexRef, state: MapState = {}): RiverCrossing | undefined {
  checkStep(view, from, to);
  const key = hexside(from, to);
  const side = view.sides.get(key);
  if (side === undefined) return undefined;
  const bridged = side.bridge && !(state.destroyedBridges?.has(key) ?? false);
  const left = bridged ? 0 : (state.engineersLeft?.get(key) ?? 0);
  return left > 0 ? { kind: side.river, bridged, bridgingEngineers: left } : { kind: side.river, bridged };
}

/**
 * The `steps` of `movePath` for a unit moving along `path` (its start hex first). Enemy adjacency,
 * ignored minefields and bridging engineers are the caller's to add.
 */
export function movePathSteps(view: MapView, path: readonly HexRef[], state: MapState = {}): MovePathStep[] {
  if (path.length > 0) hexOf(view, path[0]!);
  return path.slice(1).map((to, i) => {
    const from = path[i]!;
    const step: MovePathStep = { hex: to, ...moveCostHex(view, from, to, state) };
    const river = riverCrossing(view, from, to, state);
    if (river !== undefined) step.river = river;
    return step;
  });
}

/** The `rivers` of a ground combat: for each attacking hex, the river between it and the target. */
export function combatRivers(
  view: MapView,
  target: HexRef,
  attackingHexes: readonly HexRef[],
  state: MapState = {},
): Record<HexRef, GroundCombatRiver> {
  const out: Record<HexRef, GroundCombatRiver> = {};
  for (const from of attackingHexes) {
    const river = riverCrossing(view, from, target, state);
    if (river !== undefined) out[from] = { kind: river.kind, bridged: river.bridged };
  }
  return out;
}

/** The bridge on the hexside between two hexes as a demolition target, if one stands there. */
export function bridgeBetween(view: MapView, a: HexRef, b: HexRef, state: MapState = {}): BridgeTarget | undefined {
  const river = riverCrossing(view, a, b, state);
  return river?.bridged ? { hexside: hexside(a, b), kind: river.kind } : undefined;
}

/** The Stacking table row of a hex. */
export function stackingType(view: MapView, hex: HexRef): StackingHexType {
  return stackingHexType(terrainOf(view, hex));
}

/** Resupply needs a unit on or next to a road (an autobahn counts as a road). */
export function onOrAdjacentToRoad(view: MapView, hex: HexRef): boolean {
  return view.roadHexes.has(hex) || adjacentHexes(view, hex).some((n) => view.roadHexes.has(n));
}

/** How far an HQ reaches a unit for resupply: hexes in all, and how many of them run along an autobahn. */
export interface ResupplyRoute {
  distance: number;
  autobahnHexes: number;
}

/**
 * The route from HQ to unit that spends least of the HQ's radius, where a step along an autobahn
 * counts half (seed 000, Land War QRS, 6. Resupply: radius ×2 on autobahn). Ties go to the route
 * with fewer hexes. The result feeds `ResupplyCandidate.distance` and `.autobahnHexes`.
 */
export function resupplyRoute(view: MapView, from: HexRef, to: HexRef, state: MapState = {}): ResupplyRoute {
  return resupplyRoutes(view, from, [to], Infinity, state).get(to)!;
}

// A search key packs the cost in half-hexes and the steps into one number: cost first, then steps.
// Steps never exceed the cost (every step costs at least one half-hex), and a map has < 99 × 99 hexes.
const STEPS = 16384;

/**
 * What the route searches keep of a `MapView`, built once per view at the cost of its roads (not
 * of its hexes): hex `i` is column `i / rows`, row `i % rows`; the autobahn steps as pairs of such
 * numbers; and stamps marking what the current search has touched, so that a search costs what it
 * visits, not the size of the map.
 */
interface SearchGrid {
  readonly columns: number;
  readonly rows: number;
  readonly autobahn: ReadonlySet<number>;
  readonly best: Float64Array;
  readonly seen: Uint32Array;
  readonly done: Uint32Array;
  search: number;
}

const grids = new WeakMap<MapView, SearchGrid>();

function searchGrid(view: MapView): SearchGrid {
  const known = grids.get(view);
  if (known !== undefined) return known;
  const { columns, rows } = view.map;
  const n = columns * rows;
  const autobahn = new Set<number>();
  for (const [key, kind] of view.links) {
    if (kind !== "autobahn") continue;
    const [a, b] = key.split("|").map((label) => cellIndex(offsetOf(label), rows));
    autobahn.add(stepKey(a!, b!, n));
  }
  const grid: SearchGrid = {
    columns,
    rows,
    autobahn,
    best: new Float64Array(n),
    seen: new Uint32Array(n),
    done: new Uint32Array(n),
    search: 0,
  };
  grids.set(view, grid);
  return grid;
}

const cellIndex = ({ col, row }: { col: number; row: number }, rows: number) => col * rows + row;
const stepKey = (a: number, b: number, n: number) => (a < b ? a * n + b : b * n + a);

/** Cube steps (q, r) to the six neighbours. */
const CUBE_STEPS: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

/**
 * `resupplyRoute` from one HQ's hex to every hex in `to`, in one search (Dijkstra with a binary
 * heap, costs in half-hexes: 2 a hex, 1 an autobahn hex). It stops once every target is reached;
 * a target whose cheapest route would cost more than `maxCost` half-hexes is left out of the result
 * (the map is a full grid, so a target `d` hexes away as the crow flies always costs at most `2d`).
 */
export function resupplyRoutes(
  view: MapView,
  from: HexRef,
  to: Iterable<HexRef>,
  maxCost = Infinity,
  state: MapState = {},
): Map<HexRef, ResupplyRoute> {
  hexOf(view, from);
  const grid = searchGrid(view);
  const { columns, rows, autobahn, best, seen, done } = grid;
  const n = columns * rows;
  // Hexes where the autobahn is cut (ADM): a step into or out of one gets no autobahn rate. Read only on autobahn steps.
  const cut = new Set<number>();
  for (const hex of state.cutAutobahn ?? []) if (view.map.hexes[hex] !== undefined) cut.add(cellIndex(offsetOf(hex), rows));
  const left = new Map<number, HexRef>();
  for (const hex of to) {
    hexOf(view, hex);
    left.set(cellIndex(offsetOf(hex), rows), hex);
  }
  const out = new Map<HexRef, ResupplyRoute>();
  if (left.size === 0) return out;
  const stamp = ++grid.search;
  const start = cellIndex(offsetOf(from), rows);
  best[start] = 0;
  seen[start] = stamp;
  const open = new MinHeap<number>();
  open.push(0, start);
  while (open.size > 0) {
    const key = open.peekKey()!;
    const here = open.pop()!;
    if (done[here] === stamp || best[here] !== key) continue;
    const cost = Math.floor(key / STEPS);
    if (cost > maxCost) break;
    done[here] = stamp;
    const steps = key % STEPS;
    const target = left.get(here);
    if (target !== undefined) {
      left.delete(here);
      // cost = 2 × hexes − autobahn hexes
      out.set(target, { distance: steps, autobahnHexes: 2 * steps - cost });
      if (left.size === 0) break;
    }
    const col = Math.floor(here / rows);
    const q = col;
    const r = (here % rows) - (col - (col & 1)) / 2;
    for (const [dq, dr] of CUBE_STEPS) {
      const nq = q + dq;
      const nrow = r + dr + (nq - (nq & 1)) / 2;
      if (nq < 0 || nq >= columns || nrow < 0 || nrow >= rows) continue;
      const there = nq * rows + nrow;
      if (done[there] === stamp) continue;
      const fast = autobahn.has(stepKey(here, there, n)) && (cut.size === 0 || (!cut.has(here) && !cut.has(there)));
      const candidate = (cost + (fast ? 1 : 2)) * STEPS + steps + 1;
      if (seen[there] !== stamp || candidate < best[there]!) {
        seen[there] = stamp;
        best[there] = candidate;
        open.push(candidate, there);
      }
    }
  }
  return out;
}

/** Countries where a Warsaw Pact HQ recovers levels after resupply (seed 000, Land War QRS, 6.). */
export const WP_RECOVERY_COUNTRIES: readonly CountryCode[] = ["gdr", "cs"];

/** The `mayRecover` flag of an HQ standing in `hex`: NATO always, the Warsaw Pact only in East Germany or Czechoslovakia. */
export function hqMayRecover(view: MapView, side: Side, hex: HexRef): boolean {
  return side === "nato" || WP_RECOVERY_COUNTRIES.includes(countryOf(view, hex));
}
