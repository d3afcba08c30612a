import { describe, expect, it } from "vitest";
import { smallMap } from "./fixture";
import { mapView } from "../../src/map/rules-view";
import { mapStateView, emptyMapStateFlag } from "../../src/map/map-state";
import {
  HQ_KINDS,
  MAP_STATE_KINDS,
  OVERLAY_INK,
  OVERLAY_KINDS,
  TERRAIN_KINDS,
  hqOverlay,
  hqReach,
  mapStateOverlay,
  terrainOverlay,
  type ShapeGroup,
} from "../../src/map/overlay";
import { groupsSvg, overlaySvg } from "../../src/map/overlay-svg";
import { sampleMapState } from "./overlay-sample";

const view = mapView(smallMap());
const size = 100;

const group = (groups: readonly ShapeGroup[], kind: string) => groups.find((g) => g.kind === kind)!;

describe("the terrain overlay", () => {
  const groups = terrainOverlay(view, size);

  it("is one group per terrain kind, in drawing order", () => {
    expect(groups.map((g) => g.kind)).toEqual([...TERRAIN_KINDS]);
  });

  it("fills each hex by its terrain, the most telling type first", () => {
    const hexes = group(groups, "terrainHexes").shapes;
    expect(hexes).toHaveLength(12);
    // 0102 is rough and woods: woods fills it; 0401 is a city.
    const fills = hexes.map((s) => (s.type === "polygon" ? s.fill?.colour : undefined));
    expect(fills[1]).toBe(OVERLAY_INK.terrain.woods);
    expect(fills[9]).toBe(OVERLAY_INK.terrain.city);
  });

  it("draws the country border, both rivers, one bridge, the road and the autobahn, and every label", () => {
    // FRG columns 01-02, GDR 03-04: the border runs between columns 02 and 03 (3 rows: 0201-0301, 0202-0301/0302, …).
    expect(group(groups, "terrainBorders").shapes.length).toBe(5);
    expect(group(groups, "terrainRivers").shapes).toHaveLength(2);
    expect(group(groups, "terrainBridges").shapes).toHaveLength(1);
    // A road (one line) and an autobahn (its case and its core).
    expect(group(groups, "terrainRoads").shapes.map((s) => s.type === "line" && s.stroke.colour)).toEqual([
      OVERLAY_INK.road,
      OVERLAY_INK.autobahnCase,
      OVERLAY_INK.autobahnFill,
    ]);
    const texts = group(groups, "terrainLabels").shapes.map((s) => (s.type === "text" ? s.text : ""));
    expect(texts).toContain("0101");
    expect(texts).toContain("Townsville");
    expect(texts).toHaveLength(12 + 2);
  });
});

describe("the map state markers", () => {
  it("draw nothing for an empty state, one group per kind", () => {
    const groups = mapStateOverlay(mapStateView(emptyMapStateFlag()), size, view);
    expect(groups.map((g) => g.kind)).toEqual([...MAP_STATE_KINDS]);
    expect(groups.every((g) => g.shapes.length === 0)).toBe(true);
  });

  it("mark each minefield in the colour of the side that laid it, each contaminated hex, blown bridge and cut autobahn", () => {
    const groups = mapStateOverlay(sampleMapState(), size, view);
    const mines = group(groups, "mines").shapes;
    // Each minefield: a rim and three mines.
    expect(mines).toHaveLength(2 * 4);
    const rims = mines.flatMap((s) => (s.type === "polygon" ? [s.stroke?.colour] : []));
    expect(rims).toEqual([OVERLAY_INK.wp, OVERLAY_INK.nato]);
    expect(group(groups, "contamination").shapes).toHaveLength(4);
    // A cross of two bars over a halo of two.
    expect(group(groups, "blownBridges").shapes).toHaveLength(4);
    expect(group(groups, "cutAutobahn").shapes).toHaveLength(4);
  });

  it("leave out hexes the terrain lacks, but draw them all on a scene without terrain", () => {
    const state = mapStateView({ ...emptyMapStateFlag(), mines: { "0909": { side: "nato" } } });
    expect(group(mapStateOverlay(state, size, view), "mines").shapes).toHaveLength(0);
    expect(group(mapStateOverlay(state, size, null), "mines").shapes).toHaveLength(4);
  });

  it("keep the same drawing objects however many hexes are marked (one group per kind)", () => {
    const many = mapStateView({
      ...emptyMapStateFlag(),
      mines: Object.fromEntries(Object.keys(view.map.hexes).map((h) => [h, { side: "wp" as const }])),
    });
    expect(mapStateOverlay(many, size, view)).toHaveLength(MAP_STATE_KINDS.length);
  });
});

describe("the HQ radius", () => {
  it("reaches within the radius as the crow flies for support, and further along the autobahn for resupply", () => {
    // From 0102 with radius 1: support is 0102 and its neighbours on the map.
    const reach = hqReach(view, "0102", 1);
    expect([...reach.support].sort()).toEqual(["0101", "0102", "0103", "0201", "0202"]);
    // The autobahn 0102-0202-0302 counts half a hex a step: 0302 is two autobahn steps, cost 1 hex.
    expect(reach.resupply.has("0302")).toBe(true);
    expect(reach.support.has("0302")).toBe(false);
    for (const hex of reach.support) expect(reach.resupply.has(hex)).toBe(true);
    // An autobahn cut in 0202 (the scene's map state) doubles nothing there: 0302 is out of reach again.
    const cut = hqReach(view, "0102", 1, { cutAutobahn: new Set(["0202"]) });
    expect(cut.resupply.has("0302")).toBe(false);
    expect(cut.support).toEqual(reach.support);
  });

  it("reaches nothing with a radius that is not a whole number ≥ 0, or from a hex off the map", () => {
    expect(hqReach(view, "0102", -1).support.size).toBe(0);
    expect(hqReach(view, "0102", 1.5).resupply.size).toBe(0);
    expect(hqReach(view, "0909", 2).support.size).toBe(0);
  });

  it("draws support and resupply as two groups that differ in colour, with a ring round the HQ", () => {
    const groups = hqOverlay(hqReach(view, "0102", 1), "0102", size);
    expect(groups.map((g) => g.kind)).toEqual([...HQ_KINDS]);
    const support = group(groups, "hqSupport").shapes;
    const resupply = group(groups, "hqResupply").shapes;
    expect(support.filter((s) => s.type === "polygon")).toHaveLength(5);
    expect(support.filter((s) => s.type === "circle")).toHaveLength(1);
    // Only the hexes the autobahn adds are washed green.
    expect(resupply.filter((s) => s.type === "polygon")).toHaveLength(1);
    const colours = (shapes: typeof support) =>
      new Set(shapes.map((s) => (s.type === "line" ? s.stroke.colour : undefined)).filter(Boolean));
    expect([...colours(support)]).toEqual([OVERLAY_INK.support]);
    expect([...colours(resupply)]).toEqual([OVERLAY_INK.resupply]);
  });
});

describe("the overlay as SVG", () => {
  it("writes one <g> per kind with the kind named", () => {
    const groups = [...terrainOverlay(view, size), ...mapStateOverlay(sampleMapState(), size, view)];
    const svg = groupsSvg(groups);
    expect(svg.match(/<g data-kind="/g)).toHaveLength(TERRAIN_KINDS.length + MAP_STATE_KINDS.length);
    expect(svg).toContain('<g data-kind="mines">');
  });

  it("is a whole picture, escaped and deterministic", () => {
    const make = () => overlaySvg(terrainOverlay(view, size), view.map, size, 'Map "A" & B', 400);
    const svg = make();
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("<title>Map &quot;A&quot; &amp; B</title>");
    expect(svg).toContain('width="400"');
    expect(make()).toBe(svg);
    expect(svg).not.toMatch(/NaN|undefined/);
  });

  it("names every kind once across the three overlays", () => {
    const all = [
      ...terrainOverlay(view, size),
      ...hqOverlay(hqReach(view, "0202", 1), "0202", size),
      ...mapStateOverlay(sampleMapState(), size, view),
    ];
    expect(new Set(all.map((g) => g.kind))).toEqual(new Set(OVERLAY_KINDS));
  });
});
