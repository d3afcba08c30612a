/**
 * The terrain of a map as data (docs/map-format.md): what the land rules read through
 * `rules-view.ts` and what `render-svg.ts` draws. A file is checked in two passes: its shape with
 * zod, then what only the whole map can show (hexes inside the map, roads that step between
 * neighbours, each hexside once, no bridge without a river). Every problem comes back with its path.
 */
import { z } from "zod";
import { LAND_TERRAINS, type LandTerrain, type RiverKind } from "../rules/nobc/land/types";
import type { RoadKind } from "../rules/nobc/land/movement";
import { hexside, type HexsideRef } from "../rules/ids";
import {
  HEX_DIRECTIONS,
  HEX_LABEL,
  MAX_LABEL_INDEX,
  directionTo,
  hexLabel,
  inMap,
  neighbour,
  parseHexLabel,
  type HexDirection,
} from "./hex-grid";

export const TERRAIN_FORMAT = "nobc-terrain/1";

/** Countries a hex can lie in; names are for the legend. */
export const COUNTRIES = {
  frg: "West Germany",
  gdr: "East Germany",
  cs: "Czechoslovakia",
  pl: "Poland",
  nl: "Netherlands",
  be: "Belgium",
  lu: "Luxembourg",
  dk: "Denmark",
  fr: "France",
  at: "Austria",
  ch: "Switzerland",
  hu: "Hungary",
  su: "Soviet Union",
} as const;
export type CountryCode = keyof typeof COUNTRIES;
const COUNTRY_CODES = Object.keys(COUNTRIES) as [CountryCode, ...CountryCode[]];

export const ROAD_KINDS = ["road", "autobahn"] as const satisfies readonly RoadKind[];
const RIVER_KINDS = ["minor", "major"] as const satisfies readonly RiverKind[];

// JSON.stringify gives undefined for undefined, functions and symbols, which its lib type does not say.
const quoted = (input: unknown) => (JSON.stringify(input) as string | undefined) ?? String(input);

const hexLabelSchema = z
  .string({ error: (i) => `${quoted(i.input)} is not a hex label (four digits, column then row, e.g. 0712)` })
  .regex(HEX_LABEL, { error: (i) => `${quoted(i.input)} is not a hex label (four digits, column then row, e.g. 0712)` });

const hexSchema = z.strictObject({
  terrain: z
    .array(z.enum(LAND_TERRAINS, { error: (i) => `${quoted(i.input)} is not a terrain type (${LAND_TERRAINS.join(", ")})` }))
    .min(1, { error: "a hex needs at least one terrain type" }),
  country: z.enum(COUNTRY_CODES, { error: (i) => `${quoted(i.input)} is not a country code (${COUNTRY_CODES.join(", ")})` }),
  /** The town or city, printed on the map. */
  name: z.string().trim().min(1, { error: "a name, when given, must not be empty" }).optional(),
  /** Coastal hexes stack as open terrain; the flag is drawn on the map. */
  coastal: z.boolean().optional(),
});

const hexsideSchema = z.strictObject({
  hex: hexLabelSchema,
  side: z.enum(HEX_DIRECTIONS, { error: (i) => `${quoted(i.input)} is not a side of a hex (${HEX_DIRECTIONS.join(", ")})` }),
  river: z.enum(RIVER_KINDS, { error: (i) => `${quoted(i.input)} is not a river kind (minor, major)` }).optional(),
  bridge: z.boolean().optional(),
  /** The river's name, for the map and for people; the rules ignore it. */
  name: z.string().trim().min(1).optional(),
});

const roadSchema = z.strictObject({
  kind: z.enum(ROAD_KINDS, { error: (i) => `${quoted(i.input)} is not a road kind (road, autobahn)` }),
  name: z.string().trim().min(1).optional(),
  /** Hexes in travel order, each next to the one before. */
  path: z.array(hexLabelSchema).min(2, { error: "a road needs at least two hexes" }),
});

const dimension = (what: string) =>
  z
    .int({ error: `${what} must be a whole number` })
    .min(1, { error: `${what} must be at least 1` })
    .max(MAX_LABEL_INDEX, {
      error: `${what} can be at most ${MAX_LABEL_INDEX} (hex labels have two digits each)`,
    });

export const terrainMapSchema = z.strictObject({
  format: z.literal(TERRAIN_FORMAT, { error: `format must be "${TERRAIN_FORMAT}"` }),
  name: z.string().trim().min(1),
  /** Who chose the values and how far they follow real geography. */
  notes: z.string().optional(),
  columns: dimension("columns"),
  rows: dimension("rows"),
  /** Height of a hex in pixels, flat side to flat side: the scene's grid size. */
  hexSize: z.number().positive({ error: "hexSize must be a positive number of pixels" }),
  /** Every hex of the map, keyed by label. */
  hexes: z.record(hexLabelSchema, hexSchema),
  /** Rivers and bridges, one entry per hexside, named from either hex. */
  hexsides: z.array(hexsideSchema),
  roads: z.array(roadSchema),
});

export type TerrainMap = z.infer<typeof terrainMapSchema>;
export type MapHex = z.infer<typeof hexSchema>;
export type MapHexside = z.infer<typeof hexsideSchema>;
export type MapRoad = z.infer<typeof roadSchema>;
export type { HexDirection, LandTerrain };

export interface MapProblem {
  /** Where in the file, e.g. `hexes["0712"].terrain[1]`; empty for the file as a whole. */
  readonly path: string;
  readonly message: string;
}

export type MapCheck = { ok: true; map: TerrainMap } | { ok: false; problems: MapProblem[] };

/** Shape, then cross-checks; returns the typed map or every problem found. */
export function validateTerrainMap(data: unknown): MapCheck {
  const parsed = terrainMapSchema.safeParse(data);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map(problemOfIssue) };
  const problems = crossCheck(parsed.data);
  return problems.length === 0 ? { ok: true, map: parsed.data } : { ok: false, problems };
}

/** Like `validateTerrainMap`, but throws one error listing every problem. */
export function parseTerrainMap(data: unknown, source = "terrain map"): TerrainMap {
  const check = validateTerrainMap(data);
  if (check.ok) return check.map;
  throw new Error(`${source} has ${check.problems.length} problem(s):\n${check.problems.map(formatMapProblem).join("\n")}`);
}

export function formatMapProblem(p: MapProblem): string {
  return `${p.path || "(map)"}: ${p.message}`;
}

/** `["hexes", "0712", "terrain", 1]` → `hexes["0712"].terrain[1]`. */
export function formatMapPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    const name = String(key);
    if (/^[A-Za-z_$][\w$]*$/.test(name)) return out ? `${out}.${name}` : name;
    return `${out}[${JSON.stringify(name)}]`;
  }, "");
}

function problemOfIssue(issue: z.core.$ZodIssue): MapProblem {
  // A bad record key carries its own issue inside; its message is the useful one.
  const message = issue.code === "invalid_key" ? (issue.issues[0]?.message ?? issue.message) : issue.message;
  return { path: formatMapPath(issue.path), message };
}

// ---------------------------------------------------------------------------------------------
// Cross-checks

function crossCheck(map: TerrainMap): MapProblem[] {
  const problems: MapProblem[] = [];
  const add = (path: readonly PropertyKey[], message: string) => problems.push({ path: formatMapPath(path), message });
  const inside = (label: string) => {
    const off = parseHexLabel(label);
    return off !== undefined && inMap(off, map.columns, map.rows);
  };
  const outside = (label: string) => `hex ${label} lies outside the map (columns 01-${pad(map.columns)}, rows 01-${pad(map.rows)})`;

  for (const [label, hex] of Object.entries(map.hexes)) {
    if (!inside(label)) add(["hexes", label], outside(label));
    checkTerrain(hex, (i, message) => add(i === undefined ? ["hexes", label, "terrain"] : ["hexes", label, "terrain", i], message));
    if (hex.name !== undefined && !hex.terrain.includes("town") && !hex.terrain.includes("city")) {
      add(["hexes", label, "name"], `hex ${label} is named "${hex.name}" but has no town or city terrain`);
    }
  }
  for (let col = 0; col < map.columns; col++) {
    for (let row = 0; row < map.rows; row++) {
      const label = hexLabel({ col, row });
      if (map.hexes[label] === undefined) add(["hexes"], `hex ${label} is missing; every hex of the map needs an entry`);
    }
  }

  const sides = new Map<HexsideRef, number>();
  map.hexsides.forEach((side, i) => {
    const off = parseHexLabel(side.hex);
    if (off === undefined || !inMap(off, map.columns, map.rows)) {
      add(["hexsides", i, "hex"], outside(side.hex));
      return;
    }
    const other = neighbour(off, side.side);
    if (!inMap(other, map.columns, map.rows)) {
      add(["hexsides", i, "side"], `side ${side.side} of hex ${side.hex} is on the map edge; a hexside needs a hex on both sides`);
      return;
    }
    const key = hexside(side.hex, hexLabel(other));
    const first = sides.get(key);
    if (first !== undefined) add(["hexsides", i], `hexside ${key} is already given at hexsides[${first}]`);
    else sides.set(key, i);
    if (side.river === undefined) {
      if (side.bridge === undefined) add(["hexsides", i, "river"], `hexside ${key} has no river; an entry is only needed for a river`);
      else add(["hexsides", i, "bridge"], `hexside ${key} has a bridge but no river`);
    }
  });

  map.roads.forEach((road, r) => {
    road.path.forEach((label, i) => {
      if (!inside(label)) {
        add(["roads", r, "path", i], outside(label));
        return;
      }
      const before = road.path[i - 1];
      if (before === undefined || !inside(before)) return;
      if (directionTo(parseHexLabel(before)!, parseHexLabel(label)!) === undefined) {
        add(["roads", r, "path", i], `the ${road.kind} steps from ${before} to ${label}, which are not neighbours`);
        return;
      }
      const crossed = map.hexsides[sides.get(hexside(before, label)) ?? -1];
      if (crossed?.river !== undefined && crossed.bridge !== true) {
        add(
          ["roads", r, "path", i],
          `the ${road.kind} crosses the ${crossed.river} river between ${before} and ${label}, where there is no bridge`,
        );
      }
    });
  });
  return problems;
}

/** Terrain lists that say two things at once: a type twice, clear with another, town with city. */
function checkTerrain(hex: MapHex, add: (index: number | undefined, message: string) => void): void {
  hex.terrain.forEach((t, i) => {
    if (hex.terrain.indexOf(t) !== i) add(i, `"${t}" is listed twice`);
  });
  if (hex.terrain.includes("clear") && hex.terrain.some((t) => t !== "clear")) {
    add(undefined, `clear cannot be combined with other terrain (${hex.terrain.join(", ")})`);
  }
  if (hex.terrain.includes("town") && hex.terrain.includes("city")) {
    add(undefined, "a hex is a town or a city, not both");
  }
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
