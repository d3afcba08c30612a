import { describe, expect, it } from "vitest";
import { moveCost, movePath, resolveOverrun } from "../../src/rules/nobc/land/movement";
import { resolveResupply, recoverHq } from "../../src/rules/nobc/land/resupply";
import { checkStacking } from "../../src/rules/nobc/land/stacking";
import { unwrap } from "../../src/rules/resolution";
import {
  adjacentHexes,
  bridgeBetween,
  combatRivers,
  countryOf,
  distance,
  hqMayRecover,
  mapView,
  moveCostHex,
  movePathSteps,
  onOrAdjacentToRoad,
  resupplyRoute,
  resupplyRoutes,
  riverCrossing,
  roadBetween,
  stackingType,
  terrainOf,
} from "../../src/map/rules-view";
import { parseTerrainMap } from "../../src/map/terrain-schema";
import { smallMap } from "./fixture";

const view = mapView(parseTerrainMap(smallMap()));
const mover = { id: "u1", name: "1 Pz Bde", side: "nato" as const, strength: 6 };

describe("rules view: movement (seed 000, Land War QRS: Movement Rates)", () => {
  it("gives moveCost the terrain of the hex entered and the road the step follows", () => {
    expect(moveCostHex(view, "0101", "0102")).toEqual({ terrain: ["rough", "woods"] });
    expect(moveCost(moveCostHex(view, "0101", "0102"), "march")).toBe(2);
    expect(moveCostHex(view, "0201", "0202")).toEqual({ terrain: ["clear"], road: "road" });
    expect(moveCostHex(view, "0102", "0202")).toEqual({ terrain: ["clear"], road: "autobahn" });
    expect(moveCost(moveCostHex(view, "0102", "0202"), "march")).toBe(0.5);
    expect(moveCost(moveCostHex(view, "0102", "0202"), "combat")).toBe(1);
    expect(roadBetween(view, "0101", "0102")).toBeUndefined();
  });

  it("adds mines and contamination from the game state", () => {
    const state = { mines: new Set(["0302"]), contaminated: new Set(["0302"]) };
    expect(moveCostHex(view, "0202", "0302", state)).toEqual({ terrain: ["marsh"], road: "autobahn", mines: true, contaminated: true });
    expect(moveCost(moveCostHex(view, "0202", "0302", state), "combat")).toBe(4);
  });

  it("reports the river of a step, bridged unless the bridge was destroyed", () => {
    expect(riverCrossing(view, "0101", "0201")).toEqual({ kind: "minor", bridged: true });
    expect(riverCrossing(view, "0201", "0101", { destroyedBridges: new Set(["0101|0201"]) })).toEqual({ kind: "minor", bridged: false });
    expect(riverCrossing(view, "0303", "0202")).toEqual({ kind: "major", bridged: false });
    expect(riverCrossing(view, "0101", "0102")).toBeUndefined();
  });

  it("builds movePath steps that the rules price: road, bridge, unbridged major river", () => {
    const steps = movePathSteps(view, ["0101", "0201", "0202", "0303"]);
    expect(steps.map((s) => s.hex)).toEqual(["0201", "0202", "0303"]);
    const path = unwrap(movePath({ unit: { ...mover, mode: "march" }, steps: steps.slice(0, 2) }));
    // Road 1 + road 1 (the bridge over the minor river adds nothing).
    expect(path.outcome.mpSpent).toBe(2);
    const across = movePath({ unit: { ...mover, mode: "march" }, steps });
    // Clear 1 + unbridged major river 4 takes the total past 6.
    expect(across.ok).toBe(false);
    expect(movePathSteps(view, ["0101"])).toEqual([]);
  });

  it("feeds the river of the overrun hex", () => {
    const result = unwrap(
      resolveOverrun({
        unit: { ...mover, mode: "combat" },
        overrunCost: { mp: 1, hits: 1 },
        mpLeft: 4,
        hex: { hex: "0303", terrain: terrainOf(view, "0303") },
        river: riverCrossing(view, "0202", "0303")?.kind,
        defenders: [{ id: "e1", name: "Recce Bn", side: "wp", size: "battalion", arm: "recce", strength: 2 }],
      }),
    );
    expect(result.outcome.hitsToUnit).toBe(1 + 3);
  });

  it("throws on hexes the map lacks or steps between non-neighbours", () => {
    expect(() => terrainOf(view, "0909")).toThrow(/not on the map "Test map"/);
    expect(() => moveCostHex(view, "0101", "0103")).toThrow(/not neighbours/);
    expect(() => movePathSteps(view, ["0909", "0101"])).toThrow(RangeError);
  });
});

describe("rules view: combat and demolition", () => {
  it("lists the rivers between each attacking hex and the target", () => {
    expect(combatRivers(view, "0202", ["0201", "0303", "0102"])).toEqual({ "0303": { kind: "major", bridged: false } });
    expect(combatRivers(view, "0201", ["0101"], { destroyedBridges: new Set(["0101|0201"]) })).toEqual({
      "0101": { kind: "minor", bridged: false },
    });
  });

  it("names a standing bridge as a demolition target", () => {
    expect(bridgeBetween(view, "0201", "0101")).toEqual({ hexside: "0101|0201", kind: "minor" });
    expect(bridgeBetween(view, "0202", "0303")).toBeUndefined();
    expect(bridgeBetween(view, "0101", "0201", { destroyedBridges: new Set(["0101|0201"]) })).toBeUndefined();
  });
});

describe("rules view: stacking (seed 000, Land War QRS: Stacking)", () => {
  it("maps each hex to its Stacking table row", () => {
    expect(stackingType(view, "0101")).toBe("open");
    expect(stackingType(view, "0201")).toBe("open");
    expect(stackingType(view, "0102")).toBe("close");
    expect(stackingType(view, "0302")).toBe("close");
    expect(stackingType(view, "0401")).toBe("city");
  });

  it("lets checkStacking use the map's terrain", () => {
    const division = (id: string) => ({ id, name: id, size: "division" as const, arm: "armour" as const, mode: "combat" as const });
    const units = [division("a"), division("b")];
    expect(checkStacking([{ hex: "0101", terrain: terrainOf(view, "0101"), units }])).toEqual([]);
    expect(checkStacking([{ hex: "0102", terrain: terrainOf(view, "0102"), units }]).map((v) => v.rule)).toEqual(["divisions"]);
  });
});

describe("rules view: resupply and HQ recovery (seed 000, Land War QRS: 6. Resupply & HQ Recovery)", () => {
  it("knows which hexes are on or next to a road", () => {
    expect(onOrAdjacentToRoad(view, "0201")).toBe(true);
    expect(onOrAdjacentToRoad(view, "0103")).toBe(true);
    expect(onOrAdjacentToRoad(view, "0403")).toBe(true);
    const bare = mapView(parseTerrainMap({ ...smallMap(), roads: [{ kind: "road", path: ["0101", "0201"] }] }));
    expect(onOrAdjacentToRoad(bare, "0403")).toBe(false);
  });

  it("counts autobahn hexes on the cheapest route for the radius", () => {
    expect(resupplyRoute(view, "0102", "0402")).toEqual({ distance: 3, autobahnHexes: 3 });
    expect(resupplyRoute(view, "0101", "0103")).toEqual({ distance: 2, autobahnHexes: 0 });
    expect(resupplyRoute(view, "0202", "0202")).toEqual({ distance: 0, autobahnHexes: 0 });
    // From 0101, 1 + 3 × ½ along the autobahn ties 2 + 1 × ½; the tie goes to fewer hexes.
    expect(resupplyRoute(view, "0101", "0402")).toEqual({ distance: 3, autobahnHexes: 1 });
    expect(distance(view, "0101", "0402")).toBe(3);
  });

  it("gives no autobahn rate for a step into or out of a hex where the autobahn is cut", () => {
    const cut = (...hexes: string[]) => ({ cutAutobahn: new Set(hexes) });
    expect(resupplyRoute(view, "0102", "0402", cut("0302"))).toEqual({ distance: 3, autobahnHexes: 1 });
    expect(resupplyRoute(view, "0102", "0402", cut("0402"))).toEqual({ distance: 3, autobahnHexes: 2 });
    // A cut elsewhere, or off the map, changes nothing.
    expect(resupplyRoute(view, "0102", "0402", cut("0103", "9999"))).toEqual({ distance: 3, autobahnHexes: 3 });
    expect(resupplyRoutes(view, "0102", ["0202", "0402"], Infinity, cut("0202"))).toEqual(
      new Map([
        ["0202", { distance: 1, autobahnHexes: 0 }],
        ["0402", { distance: 3, autobahnHexes: 1 }],
      ]),
    );
  });

  it("moves off-road on a step into or out of a cut autobahn hex; a plain road elsewhere is kept", () => {
    const state = { cutAutobahn: new Set(["0202"]) };
    expect(roadBetween(view, "0102", "0202", state)).toBeUndefined();
    expect(roadBetween(view, "0202", "0302", state)).toBeUndefined();
    expect(roadBetween(view, "0302", "0402", state)).toBe("autobahn");
    expect(roadBetween(view, "0201", "0202", state)).toBe("road");
    expect(moveCostHex(view, "0102", "0202", state)).toEqual({ terrain: ["clear"] });
    expect(movePathSteps(view, ["0102", "0202", "0302"], state).map((s) => s.road)).toEqual([undefined, undefined]);
    expect(movePathSteps(view, ["0102", "0202", "0302"]).map((s) => s.road)).toEqual(["autobahn", "autobahn"]);
  });

  it("reads a destroyed bridge and a minefield on a path's steps", () => {
    const state = { destroyedBridges: new Set(["0101|0201"]), mines: new Set(["0201"]) };
    const [step] = movePathSteps(view, ["0101", "0201"], state);
    expect(step).toMatchObject({ hex: "0201", river: { kind: "minor", bridged: false }, mines: true });
    expect(movePathSteps(view, ["0101", "0201"])[0]).toMatchObject({ river: { kind: "minor", bridged: true } });
  });

  it("lets resolveResupply reach a unit at radius 2 along the autobahn", () => {
    const route = resupplyRoute(view, "0102", "0402");
    const input = (radius: number) => ({
      hq: { id: "hq", name: "I Corps", side: "nato" as const, echelon: "corps" as const, level: 3, radius, nationality: "FRG" },
      candidates: [
        {
          unit: {
            id: "u1",
            name: "1 Pz Div",
            side: "nato" as const,
            size: "division" as const,
            arm: "armour" as const,
            supply: 0,
            nationality: "FRG",
          },
          onOrAdjacentToRoad: onOrAdjacentToRoad(view, "0402"),
          ...route,
        },
      ],
      allocation: { u1: 1 },
    });
    expect(resolveResupply(input(1.5)).ok).toBe(true);
    expect(resolveResupply(input(1)).ok).toBe(false);
  });

  it("sets mayRecover from the country of the HQ's hex", () => {
    expect(countryOf(view, "0101")).toBe("frg");
    expect(hqMayRecover(view, "wp", "0301")).toBe(true);
    expect(hqMayRecover(view, "wp", "0101")).toBe(false);
    expect(hqMayRecover(view, "nato", "0101")).toBe(true);
    const hq = (hex: string) => ({
      id: "hq",
      name: "3 Shock Army",
      side: "wp" as const,
      level: 2,
      maxLevel: 5,
      mayRecover: hqMayRecover(view, "wp", hex),
    });
    expect(unwrap(recoverHq({ hq: hq("0101") })).outcome.gained).toBe(0);
    expect(unwrap(recoverHq({ hq: hq("0301") })).outcome.gained).toBe(1);
  });

  it("lists the neighbours on the map", () => {
    expect(adjacentHexes(view, "0101")).toEqual(["0201", "0102"]);
    expect(adjacentHexes(view, "0202").sort()).toEqual(
      ["0102", "0201", "0203", "0301", "0302", "0303", "0103"].filter((h) => h !== "0301").sort(),
    );
  });
});
