import "../harness/install";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { harness } from "../harness/foundry";
import { adjacencyAround, battlefield, unitsIn, type WorldActor } from "../../src/world/battlefield";
import { forgetTerrain, readBattlefield, registerTerrainCache } from "../../src/world/read";
import { emptyMapStateFlag, MAP_STATE_FLAG } from "../../src/map/map-state";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { smallMap } from "../map/fixture";
import { cardSystem as cardFixture, hqSystem as hqFixture, squadronSystem, unitSystem } from "../apps/ground-combat/fixture";

const SIZE = 100;
const at = (label: string) => hexCentre(offsetOf(label), SIZE);

const hqSystem = hqFixture("nato", { level: { value: 3, max: 4 } });
const cardSystem = cardFixture("nato", "combatModifier", 2, "Actor.u1");

function world(): WorldActor[] {
  return [
    { uuid: "Actor.u1", name: "PzBrig 1", type: "unit", system: unitSystem("nato") },
    { uuid: "Actor.w1", name: "MRR 1", type: "unit", system: unitSystem("wp") },
    {
      uuid: "Actor.h1",
      name: "I Corps",
      type: "hq",
      system: hqSystem,
      items: [{ uuid: "Actor.h1.Item.c1", name: "PAH-1", type: "supportCard", system: cardSystem }],
    },
    {
      uuid: "Actor.s1",
      name: "JaBoG 31",
      type: "airSquadron",
      system: squadronSystem("nato", { nationality: "frg", cas: 3, deepStrike: 2 }),
    },
    {
      uuid: "Actor.s2",
      name: "Mystery",
      type: "airSquadron",
      system: squadronSystem("nato", { nationality: "xx", cas: 3, deepStrike: 2 }),
    },
    {
      uuid: "Actor.a1",
      name: "Nörvenich",
      type: "airbase",
      system: { side: "nato", airZone: "2ATAF", baseCapacity: 2, hits: { repairable: 1, permanent: 0 }, airDefence: { value: 3, max: 3 } },
    },
  ];
}

describe("battlefield: the world read into rules snapshots", () => {
  it("places units and HQs in the hex under their token, and reads cards, squadrons and airbases", () => {
    const field = battlefield({
      actors: world(),
      items: [{ uuid: "Item.c9", name: "Loose card", type: "supportCard", system: { ...cardSystem, assignedTo: null } }],
      tokens: [
        { actor: "Actor.u1", ...at("0101") },
        { actor: "Actor.w1", ...at("0201") },
        { actor: "Actor.h1", x: at("0202").x + 20, y: at("0202").y - 20 },
      ],
      gridSize: SIZE,
      terrain: smallMap(),
    });
    expect(field.mapProblems).toEqual([]);
    expect(field.units.map((u) => [u.id, u.hex, u.strength])).toEqual([
      ["Actor.u1", "0101", 4],
      ["Actor.w1", "0201", 4],
    ]);
    expect(field.hqs).toMatchObject([{ id: "Actor.h1", hex: "0202", level: 3, radius: 3 }]);
    expect(field.cards).toMatchObject([
      { id: "Actor.h1.Item.c1", hq: "Actor.h1", assignedTo: "Actor.u1", value: 2, name: "PAH-1" },
      { id: "Item.c9", assignedTo: null },
    ]);
    expect(field.cards[1]).not.toHaveProperty("hq");
    expect(field.squadrons.map((s) => s.id)).toEqual(["Actor.s1"]);
    expect(field.unknownAir).toEqual(["Actor.s2"]);
    expect(field.airbases).toEqual([
      { id: "Actor.a1", name: "Nörvenich", side: "nato", airZone: "2ATAF", baseCapacity: 2, hits: 1, permanentHits: 0 },
    ]);
    // Minefields and contamination are the scene's alone: a unit carries no marker of them.
    expect([...field.mapState.mines]).toEqual([]);
    expect(field.markers.get("Actor.w1")).toEqual({
      noMove: false,
      minelaying: false,
      movementPoints: 4,
      strengthMax: 6,
      overrunCost: { mp: null, hits: null },
    });
    expect(field.names.get("Actor.h1.Item.c1")).toBe("PAH-1");
    expect(unitsIn(field, "0201").map((u) => u.id)).toEqual(["Actor.w1"]);
  });

  it("gives the neighbours of each hex asked for, from the terrain map", () => {
    const field = battlefield({ actors: [], terrain: smallMap(), gridSize: SIZE });
    const adjacency = adjacencyAround(field, ["0101", "0101", "", "9999"]);
    expect(Object.keys(adjacency)).toEqual(["0101"]);
    expect([...adjacency["0101"]!].sort()).toEqual(["0102", "0201"]);
  });

  it("says why there is no map, and leaves actors without a token (or off the grid) without a hex", () => {
    const none = battlefield({ actors: world(), tokens: [{ actor: "Actor.u1", x: -500, y: -500 }], gridSize: SIZE });
    expect(none.map).toBeNull();
    expect(none.mapProblems).toEqual([{ key: "NOBC.World.MapProblem.missing" }]);
    expect(none.units.every((u) => u.hex === "")).toBe(true);
    expect(adjacencyAround(none, ["0101"])).toEqual({});
    const bad = battlefield({ actors: [], terrain: { format: "nope" } });
    expect(bad.map).toBeNull();
    expect(bad.mapProblems.length).toBeGreaterThan(0);
    expect(bad.mapProblems.every((p) => p.key === "NOBC.World.MapProblem.invalid")).toBe(true);
    expect(bad.mapProblems[0]!.data?.["problem"]).toMatchObject({ key: "NOBC.Validation.Problem", data: { field: "format" } });
    const noGrid = battlefield({ actors: world(), tokens: [{ actor: "Actor.u1", ...at("0101") }], gridSize: null });
    expect(noGrid.units[0]!.hex).toBe("");
  });
});

/** Foundry's `updateScene` hook with these changes (the harness's hooks run as Foundry's do). */
const updateScene = (changes: object) =>
  (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks.callAll(
    "updateScene",
    {},
    changes,
    {},
    "gm",
  );

describe("readBattlefield: from the Foundry world and the viewed scene", () => {
  beforeEach(() => harness.reset());

  it("reads the actors, the scene's terrain flag and each token's hex", () => {
    const unit = new harness.Actor({ name: "PzBrig 1", type: "unit", system: unitSystem("nato") });
    harness.game["actors"] = [unit];
    harness.game["items"] = [];
    harness.setSceneFlag("terrain", smallMap());
    harness.placeTokenAt(unit, at("0202"));
    const field = readBattlefield();
    expect(field.map?.map.name).toBe("Test map");
    expect(field.units).toMatchObject([{ id: unit.uuid, hex: "0202" }]);
  });

  it("checks the terrain flag once and keeps its read while the flag stays the same object and no scene update touches flags", () => {
    registerTerrainCache();
    const flag = smallMap();
    harness.setSceneFlag("terrain", flag);
    const first = readBattlefield();
    expect(first.map?.map.name).toBe("Test map");
    // Broken in place with no update hook (no write would do that): the kept read stands, so nothing was checked again.
    (flag as { format: string }).format = "broken";
    const second = readBattlefield();
    expect(second.map).toBe(first.map);
    expect(second.mapProblems).toEqual([]);
  });

  it("reads the flag again when the scene holds another flag object", () => {
    harness.setSceneFlag("terrain", smallMap());
    const first = readBattlefield();
    const renamed = { ...smallMap(), name: "Renamed map" };
    harness.setSceneFlag("terrain", renamed);
    const second = readBattlefield();
    expect(second.map?.map.name).toBe("Renamed map");
    expect(second.map).not.toBe(first.map);
    harness.setSceneFlag("terrain", undefined);
    expect(readBattlefield()).toMatchObject({ map: null, mapProblems: [{ key: "NOBC.World.MapProblem.missing" }] });
  });

  it("reads the flag again after a scene update that changes flags, even when Foundry changed the object in place", () => {
    registerTerrainCache();
    const flag = smallMap();
    harness.setSceneFlag("terrain", flag);
    expect(readBattlefield().map?.map.name).toBe("Test map");
    Object.assign(flag, { name: "Updated in place" });
    updateScene({ name: "Other scene title" });
    expect(readBattlefield().map?.map.name).toBe("Test map");
    updateScene({ flags: { nobc: { terrain: { name: "Updated in place" } } } });
    expect(readBattlefield().map?.map.name).toBe("Updated in place");
    (flag as { format: string }).format = "broken";
    updateScene({ flags: { nobc: { terrain: { format: "broken" } } } });
    expect(readBattlefield()).toMatchObject({ map: null, mapProblems: [{ key: "NOBC.World.MapProblem.invalid" }] });
  });

  it("drops only the read of the flag an update writes: a map state write keeps the terrain's read (issue #35)", async () => {
    registerTerrainCache();
    const terrain = smallMap();
    const state = emptyMapStateFlag();
    harness.setSceneFlag("terrain", terrain);
    harness.setSceneFlag(MAP_STATE_FLAG, state);
    const first = readBattlefield();
    // A minefield laid in place (as Foundry may update the flag's object): the map state is read again, the terrain is not.
    state.mines["0202"] = { side: "wp" };
    updateScene({ flags: { nobc: { [MAP_STATE_FLAG]: { mines: { "0202": { side: "wp" } } } } } });
    const second = readBattlefield();
    expect(second.map).toBe(first.map);
    expect([...second.mapState.mines]).toEqual(["0202"]);
    // v13's spellings name the flag whole: a removal of the map state, a replacement of the terrain.
    Reflect.deleteProperty(state.mines, "0202");
    updateScene({ flags: { nobc: { [`-=${MAP_STATE_FLAG}`]: null } } });
    expect(readBattlefield().map).toBe(first.map);
    expect(readBattlefield().mapState.mines.size).toBe(0);
    Object.assign(terrain, { name: "Replaced" });
    updateScene({ flags: { nobc: { "==terrain": terrain } } });
    expect(readBattlefield().map?.map.name).toBe("Replaced");
    // The GM's write through the scene (the stand-in, like Foundry may, hands out new flag objects after it): the terrain's read stands.
    const before = readBattlefield().map;
    await harness.scene!.update({ flags: { nobc: { [MAP_STATE_FLAG]: { ...emptyMapStateFlag(), mines: { "0303": { side: "nato" } } } } } });
    expect(harness.scene!.getFlag("nobc", "terrain")).not.toBe(terrain);
    expect(readBattlefield().map).toBe(before);
    expect([...readBattlefield().mapState.mines]).toEqual(["0303"]);
    await harness.scene!.update({ flags: { nobc: { terrain: { name: "Written" } } } });
    expect(readBattlefield().map?.map.name).toBe("Written");
    // Another system's flags drop nothing; this system's whole scope drops both.
    const kept = readBattlefield().map;
    updateScene({ flags: { other: { terrain: 1 } } });
    expect(readBattlefield().map).toBe(kept);
    updateScene({ flags: { "-=nobc": null } });
    expect(readBattlefield().map).not.toBe(kept);
  });

  it("after random edits of either flag, in place or written through the scene, the kept reads equal a fresh read (issue #35)", async () => {
    registerTerrainCache();
    harness.setSceneFlag("terrain", smallMap());
    harness.setSceneFlag(MAP_STATE_FLAG, emptyMapStateFlag());
    const scene = harness.scene!;
    const hexes = Object.keys(smallMap().hexes);
    // The flags as the scene holds them now (a write through the scene gives new objects).
    const terrain = () => scene.getFlag("nobc", "terrain") as ReturnType<typeof smallMap>;
    const state = () => scene.getFlag("nobc", MAP_STATE_FLAG) as ReturnType<typeof emptyMapStateFlag>;
    const fresh = () => {
      forgetTerrain();
      return readBattlefield();
    };
    let seed = 11;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    let reread = 0;
    let terrainWrites = 0;
    for (let step = 0; step < 80; step++) {
      const hex = hexes[next(hexes.length)]!;
      const kind = next(6);
      const before = readBattlefield().map;
      if (kind === 0 || kind === 3) terrainWrites++;
      if (kind === 0) {
        // In place, as Foundry may, then its hook.
        const t = terrain();
        t.hexes[hex] = { ...t.hexes[hex]!, terrain: [next(2) === 0 ? "clear" : "woods"] };
        updateScene({ flags: { nobc: { terrain: { hexes: { [hex]: t.hexes[hex] } } } } });
      } else if (kind === 1) {
        const mines = state().mines;
        if (hex in mines) Reflect.deleteProperty(mines, hex);
        else mines[hex] = { side: next(2) === 0 ? "wp" : "nato" };
        updateScene({ flags: { nobc: { [MAP_STATE_FLAG]: { mines: { [hex]: mines[hex] ?? null } } } } });
      } else if (kind === 2) {
        await scene.update({ flags: { nobc: { [MAP_STATE_FLAG]: { contaminated: { [hex]: next(2) === 0 } } } } });
      } else if (kind === 3) {
        await scene.update({ flags: { nobc: { terrain: { hexes: { [hex]: { terrain: [next(2) === 0 ? "clear" : "woods"] } } } } } });
      } else if (kind === 4) await scene.update({ name: `Scene ${String(step)}` });
      else updateScene({ flags: { other: { x: step } } });
      const kept = readBattlefield();
      if (kept.map !== before) reread++;
      const again = fresh();
      expect({ map: kept.map, state: kept.mapState, problems: kept.mapProblems }).toEqual({
        map: again.map,
        state: again.mapState,
        problems: again.mapProblems,
      });
    }
    // The terrain was read again after its own writes only, and stayed a map the rules read.
    expect(reread).toBe(terrainWrites);
    expect(readBattlefield().mapProblems).toEqual([]);
    expect(terrainWrites).toBeGreaterThan(5);
  });

  it("places tokens through Foundry's grid (getOffset), past the scene's padding, in every kind of column", () => {
    const grid = harness.grid;
    const asked = vi.spyOn(grid, "getOffset");
    const units = ["0101", "0201", "0302", "0403", "0704"].map((hex) => {
      const unit = new harness.Actor({ name: hex, type: "unit", system: unitSystem("nato") });
      const col = Number(hex.slice(0, 2)) - 1;
      const row = Number(hex.slice(2)) - 1;
      // Off the centre, towards a corner, still inside the hex.
      const centre = grid.getCenterPoint(harness.offsetOfHex(col, row));
      harness.placeTokenOnCanvas(unit, { x: centre.x + 0.3 * grid.sizeX, y: centre.y + 0.2 * grid.sizeY });
      return unit;
    });
    harness.game["actors"] = units;
    harness.game["items"] = [];
    harness.setSceneFlag("terrain", smallMap());
    expect(harness.dimensions().sceneX).toBeGreaterThan(0);
    const field = readBattlefield();
    expect(field.units.map((u) => [u.id, u.hex])).toEqual(units.map((u) => [u.uuid, u.name]));
    expect(asked).toHaveBeenCalled();
    asked.mockRestore();
  });

  it("on a grid other than flat-topped odd columns, places tokens by their pixels and never asks the grid", () => {
    const grid = harness.grid as { type: number };
    const asked = vi.spyOn(harness.grid, "getOffset");
    const unit = new harness.Actor({ name: "PzBrig 1", type: "unit", system: unitSystem("nato") });
    harness.game["actors"] = [unit];
    harness.game["items"] = [];
    harness.setSceneFlag("terrain", smallMap());
    harness.placeTokenAt(unit, { x: -150, y: 40 });
    grid.type = CONST.GRID_TYPES.SQUARE;
    try {
      expect(readBattlefield().units).toMatchObject([{ id: unit.uuid, hex: "" }]);
      expect(asked).not.toHaveBeenCalled();
    } finally {
      grid.type = CONST.GRID_TYPES.HEXODDQ;
      asked.mockRestore();
    }
  });

  it("a token in the scene's padding stands in no hex", () => {
    const unit = new harness.Actor({ name: "PzBrig 1", type: "unit", system: unitSystem("nato") });
    harness.game["actors"] = [unit];
    harness.game["items"] = [];
    harness.setSceneFlag("terrain", smallMap());
    harness.placeTokenAt(unit, { x: -150, y: 40 });
    expect(readBattlefield().units).toMatchObject([{ id: unit.uuid, hex: "" }]);
  });

  it("with no scene viewed, reads the actors without hexes or map", () => {
    const unit = new harness.Actor({ name: "PzBrig 1", type: "unit", system: unitSystem("nato") });
    harness.game["actors"] = [unit];
    harness.viewNoScene();
    const field = readBattlefield();
    expect(field.map).toBeNull();
    expect(field.units).toMatchObject([{ id: unit.uuid, hex: "" }]);
  });

  it("a scene named is read from its documents: with the canvas off, or another scene viewed", () => {
    const unit = new harness.Actor({ name: "PzBrig 1", type: "unit", system: unitSystem("nato") });
    harness.game["actors"] = [unit];
    const board = harness.scene!;
    harness.placeToken(unit, 2, 1);
    harness.canvasOff();
    expect(readBattlefield().units).toMatchObject([{ id: unit.uuid, hex: "" }]);
    expect(readBattlefield(board).units).toMatchObject([{ id: unit.uuid, hex: "0302" }]);
    harness.canvasOn();
    harness.view(new harness.Scene({ name: "Air board" }));
    expect(readBattlefield().units).toMatchObject([{ id: unit.uuid, hex: "" }]);
    expect(readBattlefield(harness.scenes.get(board.id)).units).toMatchObject([{ id: unit.uuid, hex: "0302" }]);
  });
});

describe("readBattlefield: the scene's map state (flag nobc.mapState)", () => {
  beforeEach(() => {
    harness.reset();
    harness.game["actors"] = [];
    harness.game["items"] = [];
    harness.setSceneFlag("terrain", smallMap());
  });

  it("reads minefields with their side, contamination, destroyed bridges and cut autobahn hexes", () => {
    harness.setSceneFlag("mapState", {
      format: "nobc-map-state/1",
      mines: { "0202": { side: "wp" } },
      contaminated: { "0303": true },
      destroyedBridges: { "0202|0203": true },
      cutAutobahn: { "0101": true },
    });
    const { mapState, mapStateProblems } = readBattlefield();
    expect(mapStateProblems).toEqual([]);
    expect([...mapState.mines]).toEqual(["0202"]);
    expect(mapState.mineSides.get("0202")).toBe("wp");
    expect([...mapState.contaminated]).toEqual(["0303"]);
    expect([...mapState.destroyedBridges]).toEqual(["0202|0203"]);
    expect([...mapState.cutAutobahn]).toEqual(["0101"]);
  });

  it("no flag is an empty state; a flag out of shape reads as empty with each problem and its path", () => {
    expect(readBattlefield().mapState.mines.size).toBe(0);
    harness.setSceneFlag("mapState", {
      format: "nobc-map-state/1",
      mines: { "12": { side: "usa" } },
      contaminated: {},
      destroyedBridges: {},
      cutAutobahn: {},
    });
    const field = readBattlefield();
    expect(field.mapState.mines.size).toBe(0);
    const fields = field.mapStateProblems.map((p) => p.data?.["field"]);
    expect(fields).toContain('mines["12"]');
    expect(field.mapStateProblems.every((p) => p.key === "NOBC.Validation.Problem")).toBe(true);
  });
});
