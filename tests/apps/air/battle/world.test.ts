import { describe, expect, it } from "vitest";
import { defaultScope, knownZones, notOwned, readSquadrons, userSides, zoneSquadrons } from "../../../../src/apps/air/battle/world";
import { card, i18n, squadron, world } from "./fixtures";
import { allocatable } from "../../../../src/apps/air/battle/allocation/state";
import { allocationController } from "../../../../src/apps/air/battle/allocation/controller";
import { sortiesController } from "../../../../src/apps/air/battle/sorties/controller";

const system = (over: Record<string, unknown> = {}) => ({
  side: "nato",
  nationality: "us",
  aircraft: "F-15C",
  role: "airSuperiority",
  airToAir: 5,
  cas: 0,
  deepStrike: 0,
  weapons: [{ kind: "aam", name: "AIM-7" }],
  range: 2,
  recce: false,
  ew: false,
  harrier: false,
  box: "ready",
  airbase: null,
  airZone: "North",
  ...over,
});

describe("reading the world", () => {
  it("reads squadron actors into rules squadrons and names those without an air force", () => {
    const { squadrons, skipped } = readSquadrons([
      { uuid: "Actor.a", name: "36 TFW", type: "airSquadron", system: system() },
      { uuid: "Actor.b", name: "Mystery", type: "airSquadron", system: system({ nationality: "xx" }) },
      { uuid: "Actor.c", name: "3 Pz Bde", type: "unit", system: {} },
    ]);
    expect(squadrons).toHaveLength(1);
    expect(squadrons[0]).toMatchObject({ id: "Actor.a", name: "36 TFW", airToAir: 5, weapons: [{ kind: "aam", name: "AIM-7" }] });
    expect(skipped).toEqual(["Mystery"]);
  });

  it("knows every zone a squadron is based in or flies to", () => {
    const a10 = squadron("a10", { box: "cas", airZone: "North" });
    const w = world([a10, squadron("b", { airZone: "Centre" })], {
      records: [
        card(
          { kind: "allocation", side: "nato", zone: "North", missions: [{ squadron: a10.id, box: "cas", targetZone: "South" }] },
          "applied",
        ),
      ],
    });
    expect(knownZones(w)).toEqual(["Centre", "North", "South"]);
    expect(zoneSquadrons(w, "South")).toEqual([a10]);
    expect(zoneSquadrons(w, "North")).toEqual([]);
  });
});

describe("who the user is", () => {
  const nato = squadron("f15");
  const wp = squadron("mig", { side: "wp", airZone: "South" });

  it("a GM acts for both sides; a player for the sides of the squadrons they own", () => {
    expect(userSides(world([nato, wp]))).toEqual(["nato", "wp"]);
    expect(userSides(world([nato, wp], { isGM: false, owned: new Set([wp.id]) }))).toEqual(["wp"]);
    expect(userSides(world([nato, wp], { isGM: false }))).toEqual([]);
  });

  it("a player the teams put on a side plays it with no squadron of their own, and a dialog opens there, not on NATO's", () => {
    const pact = world([nato, wp], { isGM: false, teamSides: ["wp"] });
    expect(userSides(pact)).toEqual(["wp"]);
    expect(defaultScope(pact, {})).toEqual({ side: "wp", zone: "South" });
  });

  it("opens on the side and zone asked, else the user's side and its first zone", () => {
    const player = world([nato, wp], { isGM: false, owned: new Set([wp.id]) });
    expect(defaultScope(player, {})).toEqual({ side: "wp", zone: "South" });
    expect(defaultScope(player, { side: "nato", zone: "X" })).toEqual({ side: "nato", zone: "X" });
    expect(defaultScope(world([]), {})).toEqual({ side: "nato", zone: "" });
    expect(defaultScope(world([wp]), { side: "nato" })).toEqual({ side: "nato", zone: "South" });
  });

  it("names every squadron the player does not own; a GM owns all", () => {
    const player = world([nato, wp], { isGM: false, owned: new Set([wp.id]) });
    expect(notOwned(player, [nato, wp], i18n)).toEqual(['NOBC.AirBattle.Refused.notOwned {"name":"f15"}']);
    expect(notOwned(world([nato]), [nato], i18n)).toEqual([]);
  });
});

describe("the zone a dialog opens on (issue #36: the zone where the side has something to do)", () => {
  // NATO has a squadron flying a mission in a Warsaw Pact zone (first by name) and one ready at home.
  const away = squadron("f111", { box: "deepStrike", airZone: "16VA" });
  const home = squadron("f16", { box: "ready", airZone: "2ATAF" });
  const mig = squadron("mig", { side: "wp", box: "ready", airZone: "16VA" });
  const player = world([away, home, mig], { isGM: false, owned: new Set([away.id, home.id]) });

  it("takes the first zone with work for the side, else the first with its squadrons", () => {
    expect(defaultScope(player, {})).toEqual({ side: "nato", zone: "16VA" });
    expect(defaultScope(player, {}, (side, zone) => allocatable(player, side, zone).length > 0)).toEqual({ side: "nato", zone: "2ATAF" });
    expect(defaultScope(player, {}, () => false)).toEqual({ side: "nato", zone: "16VA" });
    expect(defaultScope(player, { zone: "16VA" }, () => true)).toEqual({ side: "nato", zone: "16VA" });
  });

  it("allocation opens where the side has squadrons ready; sorties where it has squadrons on a mission", () => {
    const allocation = allocationController.open(player, {});
    expect(allocation.ok && allocation.state).toMatchObject({ side: "nato", zone: "2ATAF" });
    const sorties = sortiesController.open(player, {});
    expect(sorties.ok && sorties.state).toMatchObject({ side: "nato", zone: "16VA" });
  });
});
