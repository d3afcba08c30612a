/**
 * Draws a terrain map as one SVG document: hexes filled by terrain, rivers on hexsides, bridges,
 * roads, country borders, hex labels, place names and a legend. Pure and deterministic: the same
 * map gives the same text, so the committed image can be checked against its data.
 *
 * Every terrain type has a pattern as well as a colour, so the map reads without colour vision
 * and in greyscale print; rivers, roads and autobahns differ in width and line style too.
 */
import type { LandTerrain } from "../rules/nobc/land/types";
import { LAND_TERRAINS } from "../rules/nobc/land/types";
import {
  HEX_DIRECTIONS,
  hexCentre,
  hexCorners,
  hexLabel,
  inMap,
  mapPixelSize,
  neighbour,
  offsetOf,
  sideEnds,
  type Offset,
  type Point,
} from "./hex-grid";
import { phrase } from "../rules/resolution";
import { speak, type Wording } from "../words/phrase";
import { COUNTRIES, type TerrainMap } from "./terrain-schema";
import { OVERLAY_INK, baseTerrain, type Colour } from "./overlay";

/** Base colour of each terrain (lighter than the canvas overlay's, for print); `baseTerrain` picks the one that fills a hex. */
const TERRAIN_COLOUR: Readonly<Record<LandTerrain, string>> = {
  clear: "#f4f0dc",
  woods: "#a9cf8f",
  rough: "#d8bd8e",
  marsh: "#c4dfe3",
  town: "#f4f0dc",
  city: "#a8a29e",
};

/** The key of each terrain's name: the legend's here, and the one any other view of the map shows. */
export const TERRAIN_NAME = {
  clear: "NOBC.Map.Legend.Terrain.clear",
  woods: "NOBC.Map.Legend.Terrain.woods",
  rough: "NOBC.Map.Legend.Terrain.rough",
  marsh: "NOBC.Map.Legend.Terrain.marsh",
  town: "NOBC.Map.Legend.Terrain.town",
  city: "NOBC.Map.Legend.Terrain.city",
} as const satisfies Readonly<Record<LandTerrain, string>>;

/** A colour as CSS writes it. */
const css = (colour: Colour): string => `#${colour.toString(16).padStart(6, "0")}`;

/** The line inks are the canvas overlay's (src/map/overlay.ts); grid and labels are paler on paper. */
const INK = {
  river: css(OVERLAY_INK.river),
  road: css(OVERLAY_INK.road),
  autobahnCase: css(OVERLAY_INK.autobahnCase),
  autobahnFill: css(OVERLAY_INK.autobahnFill),
  border: css(OVERLAY_INK.border),
  grid: "#8a8578",
  label: "#5c584e",
  text: "#1c1c1c",
};

/** Room around the map and to its right for the legend, in hex sizes. */
const MARGIN = 0.3;
const LEGEND_WIDTH = 4.2;

export function renderMapSvg(map: TerrainMap, words: Wording): string {
  const size = map.hexSize;
  const margin = size * MARGIN;
  const area = mapPixelSize(map.columns, map.rows, size);
  const legendX = margin * 2 + area.width;
  // The title is the widest line of the legend; about 0.14 hex sizes per character at its font size.
  const width = legendX + size * Math.max(LEGEND_WIDTH, 0.15 * map.name.length) + margin;
  const legend = legendLayer(map, legendX, margin, words);
  const height = Math.max(area.height, legend.height) + margin * 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" font-family="DejaVu Sans, Arial, sans-serif">`,
    `<title>${esc(map.name)}</title>`,
    defs(size),
    `<rect width="${n(width)}" height="${n(height)}" fill="#ffffff"/>`,
    `<g transform="translate(${n(margin)} ${n(margin)})">`,
    hexLayer(map),
    riverLayer(map),
    // Over the rivers, so a border that follows a river (the Elbe) still shows.
    borderLayer(map),
    roadLayer(map),
    bridgeLayer(map),
    labelLayer(map),
    `</g>`,
    legend.svg,
    `</svg>`,
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Layers

function hexLayer(map: TerrainMap): string {
  const size = map.hexSize;
  const out = [`<g id="hexes" stroke="${INK.grid}" stroke-width="${n(size * 0.012)}">`];
  forEachHex(map, (off, label) => {
    const hex = map.hexes[label];
    if (hex === undefined) return;
    const points = polygon(hexCorners(off, size));
    out.push(`<polygon points="${points}" fill="${TERRAIN_COLOUR[baseTerrain(hex.terrain)]}"/>`);
    for (const t of LAND_TERRAINS) {
      if (t !== "clear" && hex.terrain.includes(t)) out.push(`<polygon points="${points}" fill="url(#terrain-${t})" stroke="none"/>`);
    }
    if (hex.coastal) out.push(wave(hexCentre(off, size), size));
  });
  out.push("</g>");
  return out.join("\n");
}

function borderLayer(map: TerrainMap): string {
  const size = map.hexSize;
  const out = [`<g id="borders" fill="none" stroke-linecap="round">`];
  forEachInnerSide(map, (off, other, dir) => {
    const a = map.hexes[hexLabel(off)]?.country;
    const b = map.hexes[hexLabel(other)]?.country;
    if (a === undefined || b === undefined || a === b) return;
    const d = segment(sideEnds(off, dir, size));
    out.push(`<path d="${d}" stroke="${INK.border}" stroke-opacity="0.3" stroke-width="${n(size * 0.16)}"/>`);
    out.push(
      `<path d="${d}" stroke="${INK.border}" stroke-width="${n(size * 0.035)}" stroke-dasharray="${n(size * 0.12)} ${n(size * 0.06)}"/>`,
    );
  });
  out.push("</g>");
  return out.join("\n");
}

function riverLayer(map: TerrainMap): string {
  const size = map.hexSize;
  const out = [`<g id="rivers" fill="none" stroke="${INK.river}" stroke-linecap="round">`];
  for (const side of map.hexsides) {
    if (side.river === undefined) continue;
    const d = segment(sideEnds(offsetOf(side.hex), side.side, size));
    out.push(`<path d="${d}" stroke-width="${n(size * riverWidth(side.river))}"/>`);
  }
  out.push("</g>");
  return out.join("\n");
}

function riverWidth(kind: "minor" | "major"): number {
  return kind === "major" ? 0.13 : 0.055;
}

function roadLayer(map: TerrainMap): string {
  const size = map.hexSize;
  const out = [`<g id="roads" fill="none" stroke-linecap="round" stroke-linejoin="round">`];
  // Roads first, so autobahns sharing their hexes stay on top.
  for (const kind of ["road", "autobahn"] as const) {
    for (const road of map.roads) {
      if (road.kind !== kind) continue;
      const d = road.path.map((label, i) => `${i === 0 ? "M" : "L"}${pt(hexCentre(offsetOf(label), size))}`).join(" ");
      out.push(roadPath(d, kind, size));
    }
  }
  out.push("</g>");
  return out.join("\n");
}

function roadPath(d: string, kind: "road" | "autobahn", size: number): string {
  if (kind === "road") return `<path d="${d}" stroke="${INK.road}" stroke-width="${n(size * 0.045)}"/>`;
  return [
    `<path d="${d}" stroke="${INK.autobahnCase}" stroke-width="${n(size * 0.12)}"/>`,
    `<path d="${d}" stroke="${INK.autobahnFill}" stroke-width="${n(size * 0.06)}"/>`,
  ].join("\n");
}

function bridgeLayer(map: TerrainMap): string {
  const size = map.hexSize;
  const out = [`<g id="bridges" fill="#ffffff" stroke="${INK.text}" stroke-width="${n(size * 0.018)}">`];
  for (const side of map.hexsides) {
    if (side.river === undefined || side.bridge !== true) continue;
    const off = offsetOf(side.hex);
    out.push(bridge(hexCentre(off, size), hexCentre(neighbour(off, side.side), size), side.river, size));
  }
  out.push("</g>");
  return out.join("\n");
}

/** A deck across the river at the middle of the hexside, running from one hex centre towards the other. */
function bridge(a: Point, b: Point, kind: "minor" | "major", size: number): string {
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  const length = size * (riverWidth(kind) + 0.2);
  const deck = size * 0.09;
  return `<rect x="${n(-length / 2)}" y="${n(-deck / 2)}" width="${n(length)}" height="${n(deck)}" transform="translate(${pt(mid, " ")}) rotate(${n(angle)})"/>`;
}

function labelLayer(map: TerrainMap): string {
  const size = map.hexSize;
  const out = [`<g id="labels" text-anchor="middle">`];
  forEachHex(map, (off, label) => {
    const c = hexCentre(off, size);
    // A white halo under the number, so a city's street grid (or any pattern) never covers it (issue #36).
    out.push(
      `<text x="${n(c.x)}" y="${n(c.y - size * 0.3)}" font-size="${n(size * 0.15)}" fill="${INK.label}" stroke="#ffffff" stroke-width="${n(size * 0.04)}" paint-order="stroke">${label}</text>`,
    );
    const hex = map.hexes[label];
    if (hex?.name === undefined) return;
    const city = hex.terrain.includes("city");
    out.push(
      `<text x="${n(c.x)}" y="${n(c.y + size * 0.38)}" font-size="${n(size * (city ? 0.19 : 0.16))}"${city ? ' font-weight="bold"' : ""} fill="${INK.text}" stroke="#ffffff" stroke-width="${n(size * 0.04)}" paint-order="stroke">${esc(hex.name)}</text>`,
    );
  });
  out.push("</g>");
  return out.join("\n");
}

function legendLayer(map: TerrainMap, x: number, y: number, words: Wording): { svg: string; height: number } {
  const say = (key: string) => words.localize(key);
  const size = map.hexSize;
  const row = size * 0.42;
  const swatch = size * 0.3;
  const text = (dy: number, s: string, extra = "") =>
    `<text x="${n(size * 0.85)}" y="${n(dy + size * 0.06)}" font-size="${n(size * 0.17)}" fill="${INK.text}"${extra}>${esc(s)}</text>`;
  const out = [`<g id="legend" transform="translate(${n(x)} ${n(y)})">`];
  out.push(`<text x="0" y="${n(size * 0.25)}" font-size="${n(size * 0.24)}" font-weight="bold" fill="${INK.text}">${esc(map.name)}</text>`);
  out.push(
    `<text x="0" y="${n(size * 0.55)}" font-size="${n(size * 0.15)}" fill="${INK.label}">${esc(say("NOBC.Map.Legend.Scale"))}</text>`,
  );
  let dy = size * 1.0;
  for (const t of LAND_TERRAINS) {
    const c = { x: size * 0.4, y: dy };
    const points = polygon(
      [0, 1, 2, 3, 4, 5].map((i) => ({ x: c.x + swatch * Math.cos((Math.PI / 3) * i), y: c.y + swatch * Math.sin((Math.PI / 3) * i) })),
    );
    out.push(`<polygon points="${points}" fill="${TERRAIN_COLOUR[t]}" stroke="${INK.grid}" stroke-width="${n(size * 0.012)}"/>`);
    if (t !== "clear") out.push(`<polygon points="${points}" fill="url(#terrain-${t})"/>`);
    out.push(text(dy, say(TERRAIN_NAME[t])));
    dy += row * 1.5;
  }
  const line = (body: string, label: string) => {
    out.push(`<g fill="none" stroke-linecap="round">${body}</g>`, text(dy, label));
    dy += row;
  };
  const from = { x: size * 0.1, y: 0 };
  const to = { x: size * 0.7, y: 0 };
  const at = (p: Point) => ({ x: p.x, y: p.y + dy });
  const d = () => segment([at(from), at(to)]);
  line(`<path d="${d()}" stroke="${INK.river}" stroke-width="${n(size * riverWidth("minor"))}"/>`, say("NOBC.Map.Legend.MinorRiver"));
  line(`<path d="${d()}" stroke="${INK.river}" stroke-width="${n(size * riverWidth("major"))}"/>`, say("NOBC.Map.Legend.MajorRiver"));
  line(
    `<path d="${d()}" stroke="${INK.river}" stroke-width="${n(size * riverWidth("major"))}"/><g fill="#ffffff" stroke="${INK.text}" stroke-width="${n(size * 0.018)}">${bridge(at({ x: size * 0.4, y: -size * 0.1 }), at({ x: size * 0.4, y: size * 0.1 }), "major", size)}</g>`,
    say("NOBC.Map.Legend.Bridge"),
  );
  line(roadPath(d(), "road", size), say("NOBC.Map.Legend.Road"));
  line(roadPath(d(), "autobahn", size), say("NOBC.Map.Legend.Autobahn"));
  line(
    `<path d="${d()}" stroke="${INK.border}" stroke-opacity="0.3" stroke-width="${n(size * 0.16)}"/><path d="${d()}" stroke="${INK.border}" stroke-width="${n(size * 0.035)}" stroke-dasharray="${n(size * 0.12)} ${n(size * 0.06)}"/>`,
    say("NOBC.Map.Legend.Border"),
  );
  if (Object.values(map.hexes).some((h) => h.coastal)) {
    out.push(wave(at({ x: size * 0.4, y: 0 }), size), text(dy, say("NOBC.Map.Legend.Coastal")));
    dy += row;
  }
  dy += row * 0.5;
  out.push(
    `<text x="0" y="${n(dy)}" font-size="${n(size * 0.17)}" font-weight="bold" fill="${INK.text}">${esc(say("NOBC.Map.Legend.Countries"))}</text>`,
  );
  dy += row;
  const countries = [...new Set(Object.values(map.hexes).map((h) => h.country))].sort();
  for (const code of countries) {
    out.push(
      `<text x="0" y="${n(dy)}" font-size="${n(size * 0.16)}" fill="${INK.text}">${esc(speak(phrase("NOBC.Map.Legend.Country", { code: code.toUpperCase(), name: phrase(COUNTRIES[code]) }), words))}</text>`,
    );
    dy += row * 0.8;
  }
  out.push("</g>");
  return { svg: out.join("\n"), height: dy };
}

// ---------------------------------------------------------------------------------------------
// Patterns: drawn in user space so they keep their scale whatever the hex size.

function defs(size: number): string {
  const u = size / 10;
  const pattern = (t: LandTerrain, w: number, body: string) =>
    `<pattern id="terrain-${t}" width="${n(w)}" height="${n(w)}" patternUnits="userSpaceOnUse">${body}</pattern>`;
  return [
    "<defs>",
    // Woods: small round tree crowns on trunks.
    pattern(
      "woods",
      u * 2.4,
      `<circle cx="${n(u * 0.7)}" cy="${n(u * 0.7)}" r="${n(u * 0.45)}" fill="#2f6b2a"/><path d="M${n(u * 0.7)} ${n(u * 1.1)}V${n(u * 1.5)}" stroke="#2f6b2a" stroke-width="${n(u * 0.15)}"/><circle cx="${n(u * 1.9)}" cy="${n(u * 1.9)}" r="${n(u * 0.45)}" fill="#2f6b2a"/>`,
    ),
    // Rough: chevrons like hill hachures.
    pattern(
      "rough",
      u * 2,
      `<path d="M${n(u * 0.2)} ${n(u * 1.3)}L${n(u * 0.8)} ${n(u * 0.5)}L${n(u * 1.4)} ${n(u * 1.3)}" fill="none" stroke="#7a4f1d" stroke-width="${n(u * 0.16)}"/>`,
    ),
    // Marsh: short dashes with reed tufts.
    pattern(
      "marsh",
      u * 2,
      `<path d="M${n(u * 0.2)} ${n(u * 1.2)}H${n(u * 1.4)}M${n(u * 0.8)} ${n(u * 1.2)}V${n(u * 0.6)}M${n(u * 0.8)} ${n(u * 1.2)}L${n(u * 0.5)} ${n(u * 0.75)}M${n(u * 0.8)} ${n(u * 1.2)}L${n(u * 1.1)} ${n(u * 0.75)}" fill="none" stroke="#1f6f78" stroke-width="${n(u * 0.12)}"/>`,
    ),
    // Town: scattered house blocks.
    pattern(
      "town",
      u * 3,
      `<rect x="${n(u * 0.5)}" y="${n(u * 0.5)}" width="${n(u * 0.7)}" height="${n(u * 0.7)}" fill="#3d3a36"/><rect x="${n(u * 2)}" y="${n(u * 1.9)}" width="${n(u * 0.6)}" height="${n(u * 0.6)}" fill="#3d3a36"/>`,
    ),
    // City: a dense street grid.
    pattern(
      "city",
      u * 1.2,
      `<path d="M0 ${n(u * 0.6)}H${n(u * 1.2)}M${n(u * 0.6)} 0V${n(u * 1.2)}" stroke="#2b2926" stroke-width="${n(u * 0.25)}"/>`,
    ),
    "</defs>",
  ].join("");
}

function wave(c: Point, size: number): string {
  const x = c.x - size * 0.42;
  const y = c.y;
  const w = size * 0.08;
  return `<path d="M${n(x)} ${n(y)}q${n(w / 2)} ${n(-w)} ${n(w)} 0t${n(w)} 0t${n(w)} 0" fill="none" stroke="${INK.river}" stroke-width="${n(size * 0.025)}"/>`;
}

// ---------------------------------------------------------------------------------------------
// Helpers

function forEachHex(map: TerrainMap, visit: (off: Offset, label: string) => void): void {
  for (let col = 0; col < map.columns; col++) {
    for (let row = 0; row < map.rows; row++) visit({ col, row }, hexLabel({ col, row }));
  }
}

/** Each hexside between two map hexes once (sides n, ne and se of every hex). */
function forEachInnerSide(map: TerrainMap, visit: (off: Offset, other: Offset, dir: (typeof HEX_DIRECTIONS)[number]) => void): void {
  forEachHex(map, (off) => {
    for (const dir of HEX_DIRECTIONS.slice(0, 3)) {
      const other = neighbour(off, dir);
      if (inMap(other, map.columns, map.rows)) visit(off, other, dir);
    }
  });
}

/** A number for SVG: at most two decimals, no trailing zeros, never "-0". */
function n(v: number): string {
  const s = (Math.round(v * 100) / 100).toFixed(2).replace(/\.?0+$/, "");
  return s === "-0" ? "0" : s;
}

function pt(p: Point, sep = ","): string {
  return `${n(p.x)}${sep}${n(p.y)}`;
}

function polygon(points: readonly Point[]): string {
  return points.map((p) => pt(p)).join(" ");
}

function segment([a, b]: readonly [Point, Point]): string {
  return `M${pt(a)}L${pt(b)}`;
}

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
