import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderMapSvg } from "../../src/map/render-svg";
import { hexside } from "../../src/rules/ids";
import { mapView, resupplyRoute, stackingType } from "../../src/map/rules-view";
import { parseTerrainMap, validateTerrainMap, formatMapProblem } from "../../src/map/terrain-schema";
import { smallMap } from "./fixture";
import { langFileWording, type LangTree } from "../../src/words/phrase";

/** The legend is drawn in English from lang/en.json, as `npm run map` draws it. */
const english = langFileWording(JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree);

const ROOT = path.resolve(__dirname, "../..");
const SAMPLE = path.join(ROOT, "packs/_map/sector-hanover.json");
const IMAGE = path.join(ROOT, "assets/maps/sector-hanover.svg");

/**
 * Checks XML well-formedness as far as our SVG needs: tags balance, attributes are quoted, and
 * every `&` starts a known entity. Returns the problems found.
 */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<\?[^>]*\?>|<!--[\s\S]*?-->/g;
  let last = 0;
  for (const m of xml.matchAll(tag)) {
    const text = xml.slice(last, m.index);
    if (text.includes("<") || text.includes(">")) problems.push(`stray angle bracket near offset ${last}`);
    for (const amp of text.matchAll(/&(?!(amp|lt|gt|quot|apos);)/g)) problems.push(`bare & at offset ${last + amp.index}`);
    last = m.index + m[0].length;
    if (m[2] === undefined) continue;
    if (m[1] === "/") {
      if (open.pop() !== m[2]) problems.push(`</${m[2]}> closes the wrong element at offset ${m.index}`);
    } else if (m[4] !== "/") {
      open.push(m[2]);
    }
  }
  if (xml.slice(last).trim() !== "") problems.push("text after the root element");
  if (open.length > 0) problems.push(`unclosed: ${open.join(", ")}`);
  return problems;
}

describe("the map image", () => {
  it("draws the small map as well-formed SVG with every layer and the legend", () => {
    const svg = renderMapSvg(parseTerrainMap(smallMap()), english);
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    for (const id of ["hexes", "rivers", "borders", "roads", "bridges", "labels", "legend"]) expect(svg).toContain(`<g id="${id}"`);
    for (const t of ["woods", "rough", "marsh", "town", "city"]) expect(svg).toContain(`url(#terrain-${t})`);
    expect(svg).toContain(">0403</text>");
    expect(svg).toContain(">Big City</text>");
    expect(svg).toContain("Coastal hex");
    expect(svg).toContain("GDR: East Germany");
    // One bridge, the bridged minor river.
    expect(svg.match(/<rect x=[^>]*rotate/g)?.length).toBe(2); // the map's bridge and the legend's
  });

  it("draws every hex number over a white halo, so a city's street grid does not cover it (issue #36)", () => {
    const svg = renderMapSvg(parseTerrainMap(smallMap()), english);
    const labels = svg.slice(svg.indexOf('<g id="labels"'), svg.indexOf("</g>", svg.indexOf('<g id="labels"')));
    const numbers = [...labels.matchAll(/<text ([^>]*)>(\d{4})<\/text>/g)];
    expect(numbers.length).toBe(Object.keys(smallMap().hexes).length);
    for (const [, attributes] of numbers) expect(attributes).toMatch(/stroke="#ffffff" stroke-width="[\d.]+" paint-order="stroke"/);
    // The labels are drawn after the hexes and their patterns.
    const hexes = svg.slice(svg.indexOf('<g id="hexes"'), svg.indexOf("</g>", svg.indexOf('<g id="hexes"')));
    expect(hexes).toContain("url(#terrain-city)");
    expect(svg.indexOf('<g id="labels"')).toBeGreaterThan(svg.indexOf('<g id="hexes"') + hexes.length);
  });

  it("escapes text and leaves the coastal legend out when no hex is coastal", () => {
    const map = smallMap();
    map.name = 'Fish & "Chips" <map>';
    delete map.hexes["0403"]!.coastal;
    const svg = renderMapSvg(parseTerrainMap(map), english);
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toContain("Fish &amp; &quot;Chips&quot; &lt;map&gt;");
    expect(svg).not.toContain("Coastal hex");
  });

  it("finds the problems a broken document has (the checker itself)", () => {
    expect(xmlProblems("<svg><g></svg>")).not.toEqual([]);
    expect(xmlProblems("<svg>a & b</svg>")).toEqual(["bare & at offset 7"]);
    expect(xmlProblems("<svg></svg>tail")).toEqual(["text after the root element"]);
  });
});

describe("sample sector: Hanover – Brunswick – Magdeburg (packs/_map/sector-hanover.json)", () => {
  const data: unknown = JSON.parse(readFileSync(SAMPLE, "utf8"));

  it("is a valid terrain map", () => {
    const check = validateTerrainMap(data);
    expect(check.ok ? [] : check.problems.map(formatMapProblem)).toEqual([]);
  });

  const map = parseTerrainMap(data);
  const view = mapView(map);
  const named = (name: string) => Object.entries(map.hexes).find(([, h]) => h.name === name)![0];

  it("says in its notes that the values are the scenario designer's", () => {
    expect(map.notes).toMatch(/scenario designer/);
    expect([map.columns, map.rows]).toEqual([30, 24]);
  });

  it("holds the features the sector is drawn for", () => {
    const rivers = new Map<string, Set<string>>();
    for (const s of map.hexsides) rivers.set(s.name ?? "", (rivers.get(s.name ?? "") ?? new Set()).add(s.river ?? ""));
    expect(rivers.get("Elbe")).toEqual(new Set(["major"]));
    for (const minor of ["Weser", "Leine", "Aller", "Oker"]) expect(rivers.get(minor)).toEqual(new Set(["minor"]));
    expect(map.roads.filter((r) => r.kind === "autobahn").map((r) => r.name)).toEqual(expect.arrayContaining(["A2", "A7"]));
    for (const city of ["Hanover", "Brunswick", "Magdeburg"]) expect(stackingType(view, named(city))).toBe("city");
    expect(map.hexes[named("Hanover")]!.country).toBe("frg");
    expect(map.hexes[named("Magdeburg")]!.country).toBe("gdr");
    expect(Object.values(map.hexes).some((h) => h.terrain.includes("marsh"))).toBe(true);
    expect(Object.values(map.hexes).filter((h) => h.terrain.includes("rough") && h.terrain.includes("woods")).length).toBeGreaterThan(5);
  });

  it("runs the A2 from Hanover to Magdeburg, so resupply along it counts half", () => {
    const route = resupplyRoute(view, named("Hanover"), named("Magdeburg"));
    expect(route.autobahnHexes).toBeGreaterThan(route.distance / 2);
    const a2 = map.roads.find((r) => r.name === "A2")!;
    const crossings = a2.path.slice(1).filter((h, i) => map.hexes[h]!.country !== map.hexes[a2.path[i]!]!.country);
    expect(crossings.length).toBe(1);
    expect(hexside(a2.path[0]!, a2.path[1]!)).toContain("|");
  });

  it("draws the committed image exactly, the same each time", () => {
    const svg = renderMapSvg(map, english);
    expect(renderMapSvg(parseTerrainMap(data), english)).toBe(svg);
    expect(xmlProblems(svg)).toEqual([]);
    expect(readFileSync(IMAGE, "utf8")).toBe(svg);
  });
});
