/**
 * Edits of a checked terrain map, as the GM's painter makes them (docs/map-format.md, "Painting fixes"): set a
 * hex's terrain, country or name; set or clear a river or a bridge on a hexside; add, extend or remove
 * a road. Each edit is pure: it returns the new map, the old one untouched, or every problem found, each
 * with its path, and then changes nothing. The new map passes the same check as a loaded file
 * (`validateTerrainMap`), so an edit can never make a map the rules could not read (a road across a
 * river without a bridge, a name on a hex that is no town).
 */
import { hexside, type HexRef, type HexsideRef } from "../rules/ids";
import type { LandTerrain, RiverKind } from "../rules/nobc/land/types";
import type { RoadKind } from "../rules/nobc/land/movement";
import { phrase } from "../rules/resolution";
import { directionTo, hexLabel, inMap, neighbour, parseHexLabel, type Offset } from "./hex-grid";
import {
  formatMapPath,
  validateHexEdit,
  validateTerrainMap,
  type CountryCode,
  type MapCheck,
  type MapHex,
  type MapHexside,
  type MapProblem,
  type TerrainMap,
} from "./terrain-schema";

/** The new map, or why the edit was refused (nothing changed). */
export type EditResult = MapCheck;

function refusedAt(path: readonly PropertyKey[], key: string, data?: Readonly<Record<string, string>>): EditResult {
  return { ok: false, problems: [{ path: formatMapPath(path), text: phrase(key, data) }] };
}

/** The offset of a label on this map, or undefined (not a label, or off the map). */
function onMap(map: TerrainMap, label: string): Offset | undefined {
  const off = parseHexLabel(label);
  return off !== undefined && inMap(off, map.columns, map.rows) ? off : undefined;
}

function notOnMap(path: readonly PropertyKey[], map: TerrainMap, label: string): EditResult {
  return refusedAt(path, "NOBC.TerrainTool.Problem.OffMap", {
    hex: label,
    columns: String(map.columns).padStart(2, "0"),
    rows: String(map.rows).padStart(2, "0"),
  });
}

/** The edited map, checked whole. */
function checked(map: TerrainMap): EditResult {
  return validateTerrainMap(map);
}

function withHex(map: TerrainMap, label: HexRef, edit: (hex: MapHex) => MapHex): EditResult {
  if (onMap(map, label) === undefined) return notOnMap(["hexes", label], map, label);
  const hex = map.hexes[label];
  if (hex === undefined) return refusedAt(["hexes", label], "NOBC.Map.Problem.MissingHex", { hex: label });
  // The map given is a checked one (the painter's draft): only the edited hex needs checking (issue #35).
  return validateHexEdit(map, label, edit(hex));
}

/** Sets the terrain of a hex (one or more types; `clear` alone). A hex edit checks only that hex: `map` must be a checked map. */
export function setHexTerrain(map: TerrainMap, label: HexRef, terrain: readonly LandTerrain[]): EditResult {
  return withHex(map, label, (hex) => ({ ...hex, terrain: [...terrain] }));
}

/** Sets the country a hex lies in. */
export function setHexCountry(map: TerrainMap, label: HexRef, country: CountryCode): EditResult {
  return withHex(map, label, (hex) => ({ ...hex, country }));
}

/** Names a town or city hex; an empty name (or null) removes the name. */
export function setHexName(map: TerrainMap, label: HexRef, name: string | null): EditResult {
  const trimmed = name?.trim() ?? "";
  return withHex(map, label, (hex) => {
    const { name: _old, ...rest } = hex;
    return trimmed === "" ? rest : { ...rest, name: trimmed };
  });
}

export interface HexPaint {
  readonly terrain?: readonly LandTerrain[];
  readonly country?: CountryCode;
  /** A town's or city's name; empty (or null) removes it. */
  readonly name?: string | null;
}

/** Sets what is given of a hex in one edit (one check of the map, as the painter's click does). */
export function paintHex(map: TerrainMap, label: HexRef, paint: HexPaint): EditResult {
  return withHex(map, label, (hex) => {
    const { name: old, ...rest } = hex;
    const given = paint.name?.trim() ?? "";
    const name = paint.name === undefined ? old : given === "" ? undefined : given;
    return {
      ...rest,
      ...(paint.terrain === undefined ? {} : { terrain: [...paint.terrain] }),
      ...(paint.country === undefined ? {} : { country: paint.country }),
      ...(name === undefined ? {} : { name }),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Hexsides

/** The hexside key of two labels on the map, or the problem (off the map, not neighbours). */
function sideKey(map: TerrainMap, a: HexRef, b: HexRef): { ok: true; key: HexsideRef } | { ok: false; result: EditResult } {
  const from = onMap(map, a);
  if (from === undefined) return { ok: false, result: notOnMap(["hexsides"], map, a) };
  const to = onMap(map, b);
  if (to === undefined) return { ok: false, result: notOnMap(["hexsides"], map, b) };
  if (directionTo(from, to) === undefined) {
    return { ok: false, result: refusedAt(["hexsides"], "NOBC.TerrainTool.Problem.NotNeighbours", { from: a, to: b }) };
  }
  return { ok: true, key: hexside(a, b) };
}

/** The index of the entry for this hexside, whichever hex it is named from; -1 when there is none. */
export function hexsideIndex(map: TerrainMap, key: HexsideRef): number {
  return map.hexsides.findIndex((entry) => {
    const off = parseHexLabel(entry.hex);
    if (off === undefined) return false;
    const other = neighbour(off, entry.side);
    return other.col >= 0 && other.row >= 0 && other.col < 99 && other.row < 99 && hexside(entry.hex, hexLabel(other)) === key;
  });
}

function replaceSide(map: TerrainMap, index: number, entry: MapHexside | null): TerrainMap {
  const hexsides = entry === null ? map.hexsides.filter((_, i) => i !== index) : map.hexsides.map((s, i) => (i === index ? entry : s));
  return { ...map, hexsides };
}

/**
 * Sets the river on the hexside between two neighbouring hexes (`null` clears it, with its bridge and
 * name). A new entry is named from `a`; an existing one keeps its bridge and name.
 */
export function setHexsideRiver(map: TerrainMap, a: HexRef, b: HexRef, river: RiverKind | null): EditResult {
  const side = sideKey(map, a, b);
  if (!side.ok) return side.result;
  const index = hexsideIndex(map, side.key);
  if (river === null) return index < 0 ? checked(map) : checked(replaceSide(map, index, null));
  if (index >= 0) return checked(replaceSide(map, index, { ...map.hexsides[index]!, river }));
  const dir = directionTo(parseHexLabel(a)!, parseHexLabel(b)!)!;
  return checked({ ...map, hexsides: [...map.hexsides, { hex: a, side: dir, river }] });
}

/** Sets or clears the bridge on a hexside; the hexside must have a river. */
export function setHexsideBridge(map: TerrainMap, a: HexRef, b: HexRef, bridge: boolean): EditResult {
  const side = sideKey(map, a, b);
  if (!side.ok) return side.result;
  const index = hexsideIndex(map, side.key);
  if (index < 0 || map.hexsides[index]!.river === undefined) {
    if (!bridge) return checked(map);
    return refusedAt(["hexsides"], "NOBC.Map.Problem.BridgeNoRiver", { hexside: side.key });
  }
  const { bridge: _old, ...rest } = map.hexsides[index]!;
  return checked(replaceSide(map, index, bridge ? { ...rest, bridge: true } : rest));
}

// ---------------------------------------------------------------------------------------------
// Roads

/** Adds a road or autobahn along a path of neighbouring hexes (at least two). */
export function addRoad(map: TerrainMap, kind: RoadKind, path: readonly HexRef[], name?: string): EditResult {
  const trimmed = name?.trim() ?? "";
  const road = { kind, ...(trimmed === "" ? {} : { name: trimmed }), path: [...path] };
  return checked({ ...map, roads: [...map.roads, road] });
}

/** Removes the road at `index`. */
export function removeRoad(map: TerrainMap, index: number): EditResult {
  if (map.roads[index] === undefined) return refusedAt(["roads", index], "NOBC.TerrainTool.Problem.NoRoad", { index: String(index) });
  return checked({ ...map, roads: map.roads.filter((_, i) => i !== index) });
}

/**
 * Extends the road at `index` by one hex: after its last hex when the hex is next to it, else before
 * its first. A hex next to neither end, or already the end it would follow, is refused.
 */
export function extendRoad(map: TerrainMap, index: number, label: HexRef): EditResult {
  const road = map.roads[index];
  if (road === undefined) return refusedAt(["roads", index], "NOBC.TerrainTool.Problem.NoRoad", { index: String(index) });
  const at = onMap(map, label);
  if (at === undefined) return notOnMap(["roads", index, "path", road.path.length], map, label);
  const first = road.path[0]!;
  const last = road.path[road.path.length - 1]!;
  const touches = (end: HexRef) => {
    const off = parseHexLabel(end);
    return off !== undefined && directionTo(off, at) !== undefined;
  };
  let path: HexRef[];
  if (touches(last)) path = [...road.path, label];
  else if (touches(first)) path = [label, ...road.path];
  else return refusedAt(["roads", index, "path"], "NOBC.TerrainTool.Problem.NotAtEnd", { hex: label, first, last });
  return checked({ ...map, roads: map.roads.map((r, i) => (i === index ? { ...r, path } : r)) });
}

/** The problems of a refused edit, or none. */
export function editProblems(result: EditResult): readonly MapProblem[] {
  return result.ok ? [] : result.problems;
}
