import { phrase } from "../../../../src/rules/resolution";
import { describe, expect, it } from "vitest";
import { airDefencePools, bridgesOf, missionWorld } from "../../../../src/apps/air/missions/world";
import { choosableSides, gmOnly, ownedSides, sideFor } from "../../../../src/apps/air/missions/world";
import { mapView } from "../../../../src/map/rules-view";
import { battlefield } from "../../../../src/world/battlefield";
import { smallMap } from "../../../map/fixture";
import { fixtureWorld } from "./fixture";

describe("reading the world for the air dialogs", () => {
  it("keeps each airbase's air-defence track; odd values read as 0", () => {
    const pools = airDefencePools([
      { uuid: "Actor.a", name: "A", type: "airbase", system: { airDefence: { value: 2, max: 4 } } },
      { uuid: "Actor.b", name: "B", type: "airbase", system: { airDefence: { value: -1, max: 1.5 } } },
      { uuid: "Actor.c", name: "C", type: "airbase", system: {} },
      { uuid: "Actor.u", name: "U", type: "unit", system: {} },
    ]);
    expect([...pools]).toEqual([
      ["Actor.a", { value: 2, max: 4 }],
      ["Actor.b", { value: 0, max: 0 }],
      ["Actor.c", { value: 0, max: 0 }],
    ]);
  });

  it("lists the terrain map's bridges by hexside key (none without a map)", () => {
    expect(bridgesOf(mapView(smallMap()))).toEqual([{ hexside: "0101|0201", name: "Brook 0101–0201" }]);
    // A bridge the scene's map state marks destroyed is not a target any more.
    expect(bridgesOf(mapView(smallMap()), new Set(["0101|0201"]))).toEqual([]);
    const unnamed = smallMap();
    unnamed.hexsides = [{ hex: "0101", side: "se", river: "minor", bridge: true }];
    expect(bridgesOf(mapView(unnamed))).toEqual([{ hexside: "0101|0201", name: "0101–0201" }]);
    expect(bridgesOf(null)).toEqual([]);
  });

  it("adds the tracks, bridges and ownership to the battlefield snapshot", () => {
    const field = battlefield({
      actors: [
        {
          uuid: "Actor.b",
          name: "Bitburg",
          type: "airbase",
          system: {
            side: "nato",
            airZone: "2ATAF",
            baseCapacity: 2,
            hits: { repairable: 1, permanent: 0 },
            airDefence: { value: 2, max: 4 },
          },
        },
      ],
      terrain: smallMap(),
    });
    const world = missionWorld(field, { airDefence: new Map(), owned: new Set(["Actor.b"]), isGM: false });
    expect(world.airbases[0]).toMatchObject({ name: "Bitburg", hits: 1, airDefence: { value: 0, max: 0 } });
    expect(world.bridges).toHaveLength(1);
    expect(world.owned.has("Actor.b")).toBe(true);
  });
});

describe("who may act", () => {
  const player = (owned: string[]) => fixtureWorld({ isGM: false, owned: new Set(owned) });

  it("a GM may act for either side and runs the umpire's steps", () => {
    expect(sideFor(fixtureWorld(), "squadrons", "wp")).toEqual({ ok: true, side: "wp" });
    expect(sideFor(fixtureWorld(), "squadrons")).toEqual({ ok: true, side: "nato" });
    expect(gmOnly(fixtureWorld()).ok).toBe(true);
    expect(choosableSides(fixtureWorld(), "airbases")).toEqual(["nato", "wp"]);
  });

  it("a player acts for the side whose squadrons or airbases they own", () => {
    const p = player(["Actor.mig23"]);
    expect(ownedSides(p, "squadrons")).toEqual(["wp"]);
    expect(sideFor(p, "squadrons")).toEqual({ ok: true, side: "wp" });
    expect(choosableSides(p, "squadrons")).toEqual(["wp"]);
    expect(sideFor(p, "squadrons", "nato")).toEqual({
      ok: false,
      reason: "NOBC.AirMissions.NotYourSide",
      data: { side: phrase("NOBC.Side.nato") },
    });
    expect(sideFor(p, "airbases")).toEqual({ ok: false, reason: "NOBC.AirMissions.NoSide", data: {} });
    expect(sideFor(player(["Actor.templin"]), "airbases", "wp")).toEqual({ ok: true, side: "wp" });
    expect(gmOnly(p)).toEqual({ ok: false, reason: "NOBC.AirMissions.GmOnly", data: {} });
  });

  it("a player owning both sides acts for NATO unless they ask", () => {
    const both = player(["Actor.mig23", "Actor.f15"]);
    expect(sideFor(both, "squadrons")).toEqual({ ok: true, side: "nato" });
    expect(sideFor(both, "squadrons", "wp")).toEqual({ ok: true, side: "wp" });
  });
});
