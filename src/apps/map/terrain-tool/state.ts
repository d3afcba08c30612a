/**
 * The "Map terrain" window's state and how it changes, with no Foundry in it: the map being prepared
 * (loaded from a file, pasted, taken from a shipped map or from the scene), the problems of the last load
 * or edit, and the painter's brush. A click on the map (a point in scene pixels) becomes one pure edit of
 * src/map/terrain-edit.ts; a refused edit keeps the map as it was and lists its problems.
 */
import { z } from "zod";
import type { HexRef } from "../../../rules/ids";
import { LAND_TERRAINS, type LandTerrain, type RiverKind } from "../../../rules/nobc/land/types";
import type { RoadKind } from "../../../rules/nobc/land/movement";
import { phrase } from "../../../rules/resolution";
import { COUNTRIES, ROAD_KINDS, validateTerrainMap, type CountryCode, type MapProblem, type TerrainMap } from "../../../map/terrain-schema";
import { addRoad, extendRoad, paintHex, removeRoad, setHexsideBridge, setHexsideRiver, type EditResult } from "../../../map/terrain-edit";
import { pickAt } from "../../../map/hex-pick";
import type { Point } from "../../../map/hex-grid";

export const PAINT_TOOLS = ["hex", "hexside", "road"] as const;
export type PaintTool = (typeof PAINT_TOOLS)[number];
export const RIVER_CHOICES = ["none", "minor", "major"] as const;
export type RiverChoice = (typeof RIVER_CHOICES)[number];

/** The form value a canvas click hands to `change`: a point in pixels from the scene's top-left corner. */
export const PICK = "pick";

/** The most characters of terrain JSON read (a 99 × 99 map with rivers and roads is well under this). */
export const MAX_TERRAIN_TEXT = 4_000_000;

export interface Brush {
  readonly tool: PaintTool;
  readonly terrain: readonly LandTerrain[];
  readonly country: CountryCode;
  readonly name: string;
  readonly river: RiverChoice;
  readonly bridge: boolean;
  readonly roadKind: RoadKind;
}

export interface TerrainToolState {
  /** The map being prepared: checked, so Save may write it. */
  readonly draft: TerrainMap | null;
  /** Where it came from (a file name, a shipped map's name, the scene's own); shown, not read. */
  readonly source: string | null;
  /** The problems of the last load or edit (the draft is as before it). */
  readonly problems: readonly MapProblem[];
  /** Edited since loaded or saved. */
  readonly dirty: boolean;
  /** Clicks on the map paint (else they are left to Foundry alone). */
  readonly painting: boolean;
  readonly brush: Brush;
  /** The road the clicks extend, by index; null: the next two clicks start one. */
  readonly road: number | null;
  /** The first hex of a road being started. */
  readonly roadStart: HexRef | null;
  /** The last hex clicked. */
  readonly picked: HexRef | null;
  /** Pasted text, kept to be fixed when it has problems. */
  readonly text: string;
  /** The shipped map chosen in the list. */
  readonly shipped: string;
}

export const DEFAULT_BRUSH: Brush = {
  tool: "hex",
  terrain: ["clear"],
  country: "frg",
  name: "",
  river: "minor",
  bridge: false,
  roadKind: "road",
};

export function initialTerrainTool(sceneTerrain: unknown, sceneName: string | null): TerrainToolState {
  const check = sceneTerrain === undefined || sceneTerrain === null ? null : validateTerrainMap(sceneTerrain);
  return {
    draft: check?.ok === true ? check.map : null,
    source: check?.ok === true ? sceneName : null,
    problems: check?.ok === false ? check.problems : [],
    dirty: false,
    painting: false,
    brush: DEFAULT_BRUSH,
    road: null,
    roadStart: null,
    picked: null,
    text: "",
    shipped: "",
  };
}

/** A file's or a paste's text: JSON first, then the map check; the draft changes only when both pass. */
export function loadText(state: TerrainToolState, text: string, source: string): TerrainToolState {
  if (text.length > MAX_TERRAIN_TEXT) {
    return { ...state, problems: [{ path: "", text: phrase("NOBC.TerrainTool.Problem.TooLong", { max: MAX_TERRAIN_TEXT }) }] };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ...state, problems: [{ path: "", text: phrase("NOBC.TerrainTool.Problem.NotJson", { error: (error as Error).message }) }] };
  }
  return loadData(state, data, source);
}

/** Data already parsed (a shipped map): checked, then the new draft, or its problems and the draft unchanged. */
export function loadData(state: TerrainToolState, data: unknown, source: string): TerrainToolState {
  const check = validateTerrainMap(data);
  if (!check.ok) return { ...state, problems: check.problems };
  return { ...state, draft: check.map, source, problems: [], dirty: true, road: null, roadStart: null, picked: null };
}

function applied(state: TerrainToolState, result: EditResult, extra: Partial<TerrainToolState> = {}): TerrainToolState {
  if (!result.ok) return { ...state, ...extra, problems: result.problems, road: extra.road ?? state.road };
  return { ...state, ...extra, draft: result.map, problems: [], dirty: true };
}

/** Edits in a row, each on the map the one before made; the first refusal stops them. */
function chain(map: TerrainMap, edits: readonly ((m: TerrainMap) => EditResult)[]): EditResult {
  let result: EditResult = { ok: true, map };
  for (const edit of edits) {
    if (!result.ok) break;
    result = edit(result.map);
  }
  return result;
}

/** A click at `point` (pixels from the scene's top-left corner) with the brush, on the draft. */
export function paintAt(state: TerrainToolState, point: Point): TerrainToolState {
  const map = state.draft;
  if (map === null || !state.painting) return state;
  const pick = pickAt(point, map.hexSize);
  if (pick === undefined) return { ...state, problems: [{ path: "", text: phrase("NOBC.TerrainTool.Problem.NoHexThere") }] };
  const { brush } = state;
  const picked = pick.hex;
  switch (brush.tool) {
    case "hex":
      return applied(state, paintHex(map, pick.hex, { terrain: brush.terrain, country: brush.country, name: brush.name }), { picked });
    case "hexside": {
      const across = pick.across;
      if (across === undefined) return { ...state, picked, problems: [{ path: "", text: phrase("NOBC.TerrainTool.Problem.NoHexThere") }] };
      const river: RiverKind | null = brush.river === "none" ? null : brush.river;
      const edits =
        river === null
          ? [(m: TerrainMap) => setHexsideRiver(m, pick.hex, across, null)]
          : [
              (m: TerrainMap) => setHexsideRiver(m, pick.hex, across, river),
              (m: TerrainMap) => setHexsideBridge(m, pick.hex, across, brush.bridge),
            ];
      return applied(state, chain(map, edits), { picked });
    }
    case "road": {
      if (state.road !== null) return applied(state, extendRoad(map, state.road, pick.hex), { picked });
      if (state.roadStart === null) return { ...state, picked, roadStart: pick.hex, problems: [] };
      const result = addRoad(map, brush.roadKind, [state.roadStart, pick.hex]);
      return result.ok
        ? applied(state, result, { picked, roadStart: null, road: result.map.roads.length - 1 })
        : applied(state, result, { picked, roadStart: null });
    }
  }
}

/** Ends the road being drawn: the next clicks start another. */
export function endRoad(state: TerrainToolState): TerrainToolState {
  return { ...state, road: null, roadStart: null };
}

/** Removes a road by index; the road being drawn is let go. */
export function dropRoad(state: TerrainToolState, index: number): TerrainToolState {
  if (state.draft === null) return state;
  return applied(endRoad(state), removeRoad(state.draft, index));
}

const COUNTRY_CODES = Object.keys(COUNTRIES) as [CountryCode, ...CountryCode[]];
const BRUSH_FIELDS = {
  tool: z.enum(PAINT_TOOLS),
  country: z.enum(COUNTRY_CODES),
  name: z.string().max(100),
  river: z.enum(RIVER_CHOICES),
  roadKind: z.enum(ROAD_KINDS),
  bridge: z.boolean(),
} as const;

/** A form value checked by `schema`; the old value when the form does not show the field (another tool's) or sends nonsense. */
function field<T>(values: Readonly<Record<string, unknown>>, key: string, schema: z.ZodType<T>, old: T): T {
  if (!(key in values)) return old;
  const parsed = schema.safeParse(values[key]);
  return parsed.success ? parsed.data : old;
}

/** The brush and the paste box from the form (the terrain types are one box each: `terrain.<type>`). */
export function fromForm(state: TerrainToolState, values: Readonly<Record<string, unknown>>): TerrainToolState {
  const old = state.brush;
  const shown = LAND_TERRAINS.some((t) => `terrain.${t}` in values);
  const terrain = LAND_TERRAINS.filter((t) => values[`terrain.${t}`] === true);
  const brush: Brush = {
    tool: field(values, "tool", BRUSH_FIELDS.tool, old.tool),
    country: field(values, "country", BRUSH_FIELDS.country, old.country),
    name: field(values, "name", BRUSH_FIELDS.name, old.name),
    river: field(values, "river", BRUSH_FIELDS.river, old.river),
    roadKind: field(values, "roadKind", BRUSH_FIELDS.roadKind, old.roadKind),
    bridge: field(values, "bridge", BRUSH_FIELDS.bridge, old.bridge),
    // A hex needs a terrain type: unticking every box keeps the last ones.
    terrain: shown && terrain.length > 0 ? terrain : old.terrain,
  };
  return {
    ...state,
    painting: field(values, "painting", z.boolean(), state.painting),
    brush,
    text: field(values, "text", z.string(), state.text).slice(0, MAX_TERRAIN_TEXT + 1),
    shipped: field(values, "shipped", z.string().max(100), state.shipped),
    // Changing tools lets go of a road being drawn.
    ...(brush.tool !== old.tool ? { road: null, roadStart: null } : {}),
  };
}
