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
import { phrase, type Phrase } from "../rules/resolution";
import { issuePhrase, WITH_INPUT } from "../words/issues";
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

/** Countries a hex can lie in, with the lang keys of their names for the legend. */
export const COUNTRIES = {
  frg: "NOBC.Map.Country.frg",
  gdr: "NOBC.Map.Country.gdr",
  cs: "NOBC.Map.Country.cs",
  pl: "NOBC.Map.Country.pl",
  nl: "NOBC.Map.Country.nl",
  be: "NOBC.Map.Country.be",
  lu: "NOBC.Map.Country.lu",
  dk: "NOBC.Map.Country.dk",
  fr: "NOBC.Map.Country.fr",
  at: "NOBC.Map.Country.at",
  ch: "NOBC.Map.Country.ch",
  hu: "NOBC.Map.Country.hu",
  su: "NOBC.Map.Country.su",
} as const;
export type CountryCode = keyof typeof COUNTRIES;
const COUNTRY_CODES = Object.keys(COUNTRIES) as [CountryCode, ...CountryCode[]];

export const ROAD_KINDS = ["road", "autobahn"] as const satisfies readonly RoadKind[];
const RIVER_KINDS = ["minor", "major"] as const satisfies readonly RiverKind[];

// A schema's message is its lang key, filled with the value given and the choices (src/words/issues.ts).
const hexLabelSchema = z.string({ error: "NOBC.Map.Problem.HexLabel" }).regex(HEX_LABEL, { error: "NOBC.Map.Problem.HexLabel" });

const hexSchema = z.strictObject({
  terrain: z.array(z.enum(LAND_TERRAINS, { error: "NOBC.Map.Problem.TerrainType" })).min(1, { error: "NOBC.Map.Problem.NoTerrain" }),
  country: z.enum(COUNTRY_CODES, { error: "NOBC.Map.Problem.Country" }),
  /** The town or city, printed on the map. */
  name: z.string().trim().min(1, { error: "NOBC.Map.Problem.EmptyName" }).optional(),
  /** Coastal hexes stack as open terrain; the flag is drawn on the map. */
  coastal: z.boolean().optional(),
});

const hexsideSchema = z.strictObject({
  hex: hexLabelSchema,
  side: z.enum(HEX_DIRECTIONS, { error: "NOBC.Map.Problem.Side" }),
  river: z.enum(RIVER_KINDS, { error: "NOBC.Map.Problem.RiverKind" }).optional(),
  bridge: z.boolean().optional(),
  /** The river's name, for the map and for people; the rules ignore it. */
  name: z.string().trim().min(1).optional(),
});

const roadSchema = z.strictObject({
  kind: z.enum(ROAD_KINDS, { error: "NOBC.Map.Problem.RoadKind" }),
  name: z.string().trim().min(1).optional(),
  /** Hexes in travel order, each next to the one before. */
  path: z.array(hexLabelSchema).min(2, { error: "NOBC.Map.Problem.ShortRoad" }),
});

const dimension = () =>
  z
    .int({ error: "NOBC.Map.Problem.Dimension.Whole" })
    .min(1, { error: "NOBC.Map.Problem.Dimension.AtLeast" })
    .max(MAX_LABEL_INDEX, { error: "NOBC.Map.Problem.Dimension.AtMost" });

export const terrainMapSchema = z.strictObject({
  format: z.literal(TERRAIN_FORMAT, { error: "NOBC.Map.Problem.Format" }),
  name: z.string().trim().min(1),
  /** Who chose the values and how far they follow real geography. */
  notes: z.string().optional(),
  columns: dimension(),
  rows: dimension(),
  /** Height of a hex in pixels, flat side to flat side: the scene's grid size. */
  hexSize: z.number().positive({ error: "NOBC.Map.Problem.HexSize" }),
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
  /** What is wrong, for the reader. */
  readonly text: Phrase;
}

export type MapCheck = { ok: true; map: TerrainMap } | { ok: false; problems: MapProblem[] };

/** Shape, then cross-checks; returns the typed map or every problem found. */
export function validateTerrainMap(data: unknown): MapCheck {
  const parsed = terrainMapSchema.safeParse(data, WITH_INPUT);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map(problemOfIssue) };
  const problems = crossCheck(parsed.data);
  return problems.length === 0 ? { ok: true, map: parsed.data } : { ok: false, problems };
}

/**
 * The check of `map` with hex `label` set to `hex`, when `map` is a checked map (it passed
 * `validateTerrainMap`) and `label` one of its hexes: the same result as `validateTerrainMap` of the
 * edited map, found by checking the one hex (issue #35: the painter's click). A hex's own fields are
 * all that its shape and its cross-checks read; the hexsides and roads read no hex's fields.
 */
export function validateHexEdit(map: TerrainMap, label: string, hex: unknown): MapCheck {
  const parsed = hexSchema.safeParse(hex, WITH_INPUT);
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.map((i) => problemOfIssue({ ...i, path: ["hexes", label, ...i.path] })) };
  const problems: MapProblem[] = [];
  hexProblems(label, parsed.data, (path, text) => problems.push({ path: formatMapPath(path), text }));
  return problems.length === 0 ? { ok: true, map: { ...map, hexes: { ...map.hexes, [label]: parsed.data } } } : { ok: false, problems };
}

/** The cross-checks of one hex's own fields (its terrain list, and a name only on a town or city). */
function hexProblems(label: string, hex: MapHex, add: (path: readonly PropertyKey[], text: Phrase) => void): void {
  checkTerrain(hex, (i, text) => add(i === undefined ? ["hexes", label, "terrain"] : ["hexes", label, "terrain", i], text));
  if (hex.name !== undefined && !hex.terrain.includes("town") && !hex.terrain.includes("city")) {
    add(["hexes", label, "name"], phrase("NOBC.Map.Problem.NamedNoTown", { hex: label, name: hex.name }));
  }
}

/** Like `validateTerrainMap`, but throws one error listing every problem's path and key (for tests and scripts: developers). */
export function parseTerrainMap(data: unknown, source = "terrain map"): TerrainMap {
  const check = validateTerrainMap(data);
  if (check.ok) return check.map;
  throw new Error(`${source}:\n${check.problems.map((p) => `${p.path || "(map)"}: ${p.text.key}`).join("\n")}`);
}

/** `path: problem`, the path `(map)` for the file as a whole. */
export function formatMapProblem(p: MapProblem): Phrase {
  return phrase("NOBC.Validation.Problem", { field: p.path === "" ? phrase("NOBC.Validation.Whole.Map") : p.path, problem: p.text });
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
  return { path: formatMapPath(issue.path), text: issuePhrase(issue) };
}

const ROAD_LABELS: Record<RoadKind, string> = { road: "NOBC.Map.Problem.Road.road", autobahn: "NOBC.Map.Problem.Road.autobahn" };
const RIVER_LABELS: Record<RiverKind, string> = { minor: "NOBC.Map.Problem.River.minor", major: "NOBC.Map.Problem.River.major" };

// ---------------------------------------------------------------------------------------------
// Cross-checks

function crossCheck(map: TerrainMap): MapProblem[] {
  const problems: MapProblem[] = [];
  const add = (path: readonly PropertyKey[], text: Phrase) => problems.push({ path: formatMapPath(path), text });
  const inside = (label: string) => {
    const off = parseHexLabel(label);
    return off !== undefined && inMap(off, map.columns, map.rows);
  };
  const outside = (label: string) => phrase("NOBC.Map.Problem.Outside", { hex: label, columns: pad(map.columns), rows: pad(map.rows) });

  for (const [label, hex] of Object.entries(map.hexes)) {
    if (!inside(label)) add(["hexes", label], outside(label));
    hexProblems(label, hex, add);
  }
  for (let col = 0; col < map.columns; col++) {
    for (let row = 0; row < map.rows; row++) {
      const label = hexLabel({ col, row });
      if (map.hexes[label] === undefined) add(["hexes"], phrase("NOBC.Map.Problem.MissingHex", { hex: label }));
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
      add(["hexsides", i, "side"], phrase("NOBC.Map.Problem.OnEdge", { side: side.side, hex: side.hex }));
      return;
    }
    const key = hexside(side.hex, hexLabel(other));
    const first = sides.get(key);
    if (first !== undefined) add(["hexsides", i], phrase("NOBC.Map.Problem.HexsideTwice", { hexside: key, index: String(first) }));
    else sides.set(key, i);
    if (side.river === undefined) {
      if (side.bridge === undefined) add(["hexsides", i, "river"], phrase("NOBC.Map.Problem.NoRiver", { hexside: key }));
      else add(["hexsides", i, "bridge"], phrase("NOBC.Map.Problem.BridgeNoRiver", { hexside: key }));
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
        add(
          ["roads", r, "path", i],
          phrase("NOBC.Map.Problem.NotNeighbours", { road: phrase(ROAD_LABELS[road.kind]), from: before, to: label }),
        );
        return;
      }
      const crossed = map.hexsides[sides.get(hexside(before, label)) ?? -1];
      if (crossed?.river !== undefined && crossed.bridge !== true) {
        add(
          ["roads", r, "path", i],
          phrase("NOBC.Map.Problem.NoBridge", {
            road: phrase(ROAD_LABELS[road.kind]),
            river: phrase(RIVER_LABELS[crossed.river]),
            from: before,
            to: label,
          }),
        );
      }
    });
  });
  return problems;
}

/** Terrain lists that say two things at once: a type twice, clear with another, town with city. */
function checkTerrain(hex: MapHex, add: (index: number | undefined, text: Phrase) => void): void {
  hex.terrain.forEach((t, i) => {
    if (hex.terrain.indexOf(t) !== i) add(i, phrase("NOBC.Map.Problem.TerrainTwice", { terrain: t }));
  });
  if (hex.terrain.includes("clear") && hex.terrain.some((t) => t !== "clear")) {
    add(undefined, phrase("NOBC.Map.Problem.ClearCombined", { terrain: hex.terrain.join(", ") }));
  }
  if (hex.terrain.includes("town") && hex.terrain.includes("city")) {
    add(undefined, phrase("NOBC.Map.Problem.TownAndCity"));
  }
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
