import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { UnitData } from "../../src/data/unit";
import { HqData } from "../../src/data/hq";
import { AirSquadronData } from "../../src/data/air-squadron";
import { AirbaseData } from "../../src/data/airbase";
import { SupportCardData } from "../../src/data/support-card";
import { registerDataModels, TRACKABLE_ATTRIBUTES } from "../../src/data/register";
import { NATIONALITIES, sideOfNationality } from "../../src/data/nationalities";
import { subordinatesOf } from "../../src/data/subordinates";

type Raw = Record<string, unknown>;
function unit(source: Raw = {}): UnitData {
  const model = new UnitData(source);
  model.prepareDerivedData();
  return model;
}

beforeEach(() => harness.reset());

describe("unit data model", () => {
  it("starts from sensible defaults", () => {
    const u = unit();
    expect(u.side).toBe("nato");
    expect(u.nationality).toBe("us");
    expect(u.hq).toBeNull();
    expect(u.strength).toEqual({ value: 6, max: 6 });
    expect(u.mode).toBe("combat");
    expect([u.supply, u.movementPoints]).toEqual([0, 0]);
    expect([u.minelaying, u.noMove]).toEqual([false, false]);
    expect("underMine" in u || "contaminated" in u).toBe(false);
    // The overrun cost printed on the counter is not entered until the umpire types it.
    expect(u.overrunCost).toEqual({ mp: null, hits: null });
  });

  it("keeps an overrun cost in halves of MP and whole hits", () => {
    expect(unit({ overrunCost: { mp: 1.5, hits: 2 } }).overrunCost).toEqual({ mp: 1.5, hits: 2 });
  });

  it("keeps movement points in halves (an autobahn hex costs ½ MP)", () => {
    expect(unit({ movementPoints: 2.5 }).movementPoints).toBe(2.5);
  });

  it.each<[string, Raw]>([
    ["a fractional strength", { strength: { value: 1.5, max: 6 } }],
    ["a negative strength", { strength: { value: -1, max: 6 } }],
    ["strength above its maximum", { strength: { value: 7, max: 6 } }],
    ["negative supply", { supply: -1 }],
    ["movement points between halves", { movementPoints: 2.25 }],
    ["an unknown mode", { mode: "dug-in" }],
    ["an unknown side", { side: "neutral" }],
    ["an unknown nationality", { nationality: "xx" }],
    ["an unknown size", { size: "corps" }],
    ["an HQ that is not a UUID", { hq: "3rd Shock Army" }],
    ["an HQ that is an Item's UUID", { hq: "Actor.h1.Item.c1" }],
    ["an HQ that is a Scene's UUID", { hq: "Scene.s1" }],
    ["a string for a boolean", { noMove: "yes" }],
    ["an overrun MP cost off the halves", { overrunCost: { mp: 1.25, hits: 1 } }],
    ["a fractional overrun hit cost", { overrunCost: { mp: 1, hits: 0.5 } }],
    ["a negative overrun cost", { overrunCost: { mp: -1, hits: 1 } }],
  ])("refuses %s", (_what, source) => {
    expect(() => unit(source)).toThrow(/validation errors/);
  });

  it("derives strength ratio, supply capacity and movement (seed 000: 6 Resupply, 5 Movement)", () => {
    const div = unit({ size: "division", arm: "armour", strength: { value: 3, max: 12 }, mode: "combat" });
    expect(div.strengthRatio).toBe(0.25);
    expect(div.supplyCapacity).toBe(3);
    expect(div.forcedMarch).toBe(false);
    expect(div.movementAllowance).toBe(4);
    expect(unit({ size: "brigade", mode: "march" }).movementAllowance).toBe(6);
    expect(unit({ size: "brigade" }).supplyCapacity).toBe(2);
    // Regiments carry what brigades do (the resupply reading in src/rules/nobc/land/resupply.ts).
    expect(unit({ size: "regiment" }).supplyCapacity).toBe(2);
  });

  it("forces artillery and battalions into March Mode, with no supply", () => {
    const arty = unit({ arm: "artillery", size: "division", mode: "combat" });
    expect(arty.forcedMarch).toBe(true);
    expect(arty.movementAllowance).toBe(6);
    expect(arty.supplyCapacity).toBe(0);
    const bn = unit({ size: "battalion" });
    expect(bn.forcedMarch).toBe(true);
    expect(bn.supplyCapacity).toBe(0);
  });

  it("gives a strength ratio of 0 to a counter with no maximum", () => {
    expect(unit({ strength: { value: 0, max: 0 } }).strengthRatio).toBe(0);
  });

  it("repairs old shapes: a bare strength number and Tactical Mode", () => {
    const u = unit({ strength: 5, mode: "tactical", hq: "" });
    expect(u.strength).toEqual({ value: 5, max: 5 });
    expect(u.mode).toBe("combat");
    expect(u.hq).toBeNull();
  });
});

describe("hq data model", () => {
  it("has defaults and a level ratio", () => {
    const hq = new HqData({ level: { value: 2, max: 4 } });
    hq.prepareDerivedData();
    expect(hq.echelon).toBe("corps");
    expect(hq.mayRecover).toBe(true);
    expect(hq.levelRatio).toBe(0.5);
    const empty = new HqData({ level: { value: 0, max: 0 } });
    empty.prepareDerivedData();
    expect(empty.levelRatio).toBe(0);
  });

  it("repairs a bare level number and an empty parent", () => {
    const hq = new HqData({ level: 3, parent: "" } as never);
    expect(hq.level).toEqual({ value: 3, max: 3 });
    expect(hq.parent).toBeNull();
  });

  it.each<[string, Raw]>([
    ["level above its maximum", { level: { value: 5, max: 4 } }],
    ["a negative radius", { radius: -1 }],
    ["an unknown echelon", { echelon: "platoon" }],
  ])("refuses %s", (_what, source) => {
    expect(() => new HqData(source as never)).toThrow(/validation errors/);
  });
});

describe("air squadron data model", () => {
  it("defaults to the ready box with no weapons", () => {
    const sq = new AirSquadronData({});
    sq.prepareDerivedData();
    expect(sq.box).toBe("ready");
    expect(sq.weapons).toEqual([]);
    expect(sq.airbase).toBeNull();
    expect(sq.needsBaseSpace).toBe(true);
  });

  it("EW, recce and Harrier squadrons need no base space (seed 000, Air War QRS: 10)", () => {
    for (const flag of ["ew", "recce", "harrier"]) {
      const sq = new AirSquadronData({ [flag]: true });
      sq.prepareDerivedData();
      expect(sq.needsBaseSpace).toBe(false);
    }
  });

  it.each<[string, Raw]>([
    ["an air-to-air factor above 6", { airToAir: 7 }],
    ["a negative CAS factor", { cas: -1 }],
    ["an unknown box", { box: "hangar" }],
    ["an unknown weapon kind", { weapons: [{ kind: "laser", name: "X" }] }],
    ["an unknown role", { role: "bomber" }],
  ])("refuses %s", (_what, source) => {
    expect(() => new AirSquadronData(source as never)).toThrow(/validation errors/);
  });

  it("repairs an empty airbase reference", () => {
    expect(new AirSquadronData({ airbase: "" }).airbase).toBeNull();
  });
});

describe("airbase data model", () => {
  function base(source: Raw): AirbaseData {
    const b = new AirbaseData(source);
    b.prepareDerivedData();
    return b;
  }

  it("capacity is 2 less one per unrepaired hit, never below 0 (seed 000, Air War QRS: 10)", () => {
    expect(base({}).capacity).toBe(2);
    expect(base({ hits: { repairable: 1, permanent: 0 } }).capacity).toBe(1);
    expect(base({ hits: { repairable: 1, permanent: 1 } }).capacity).toBe(0);
    expect(base({ hits: { repairable: 3, permanent: 2 } }).capacity).toBe(0);
    expect(base({ baseCapacity: 4, hits: { repairable: 1, permanent: 0 } }).capacity).toBe(3);
  });

  it("repairs a bare hit count and a bare air-defence number", () => {
    const b = base({ hits: 2, airDefence: 3 });
    expect(b.hits).toEqual({ repairable: 2, permanent: 0 });
    expect(b.airDefence).toEqual({ value: 3, max: 3 });
  });

  it("refuses air defence above its maximum", () => {
    expect(() => base({ airDefence: { value: 4, max: 3 } })).toThrow(/above its maximum/);
  });
});

describe("support card data model", () => {
  it("keeps a signed modifier and repairs an empty assignment", () => {
    const card = new SupportCardData({ modifier: -2, assignedTo: "" });
    expect(card.modifier).toBe(-2);
    expect(card.assignedTo).toBeNull();
    expect(card.afterUse).toBe("discard");
  });

  it.each<[string, Raw]>([
    ["an unknown category", { category: "artilleryStrike" }],
    ["a fractional value", { value: 1.5 }],
    ["an unknown after-use rule", { afterUse: "burn" }],
    ["an assignment to another card (an Item's UUID)", { assignedTo: "Actor.h1.Item.c2" }],
  ])("refuses %s", (_what, source) => {
    expect(() => new SupportCardData(source as never)).toThrow(/validation errors/);
  });
});

describe("registration and helpers", () => {
  it("registers every subtype and the token bars", () => {
    registerDataModels();
    const cfg = CONFIG as unknown as { Actor: { dataModels: Raw; trackableAttributes: Raw }; Item: { dataModels: Raw } };
    expect(Object.keys(cfg.Actor.dataModels).sort()).toEqual(["airSquadron", "airbase", "hq", "nqmUnit", "unit"]);
    expect(cfg.Item.dataModels["supportCard"]).toBe(SupportCardData);
    expect(cfg.Actor.trackableAttributes["unit"]).toEqual({ bar: ["strength"], value: ["supply", "movementPoints"] });
    expect(cfg.Actor.trackableAttributes["hq"]).toEqual({ bar: ["level"], value: ["supplyCounters", "radius"] });
    expect(cfg.Actor.trackableAttributes["nqmUnit"]).toEqual({ bar: ["strength"], value: ["pins.red", "pins.black", "combatUnits"] });
    expect(Object.keys(TRACKABLE_ATTRIBUTES)).toHaveLength(5);
  });

  it("declares the same types in system.json", async () => {
    const { readFileSync } = await import("node:fs");
    const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as {
      documentTypes: { Actor: Raw; Item: Raw };
    };
    expect(Object.keys(manifest.documentTypes.Actor).sort()).toEqual(["airSquadron", "airbase", "hq", "nqmUnit", "unit"]);
    expect(manifest.documentTypes.Actor["unit"]).toEqual({ htmlFields: ["notes"] });
    expect(manifest.documentTypes.Item).toEqual({ supportCard: { htmlFields: ["description"] } });
  });

  it("knows each nationality's side", () => {
    expect(NATIONALITIES).toHaveLength(12);
    expect(sideOfNationality("gdr")).toBe("wp");
    expect(sideOfNationality("dk")).toBe("nato");
    expect(sideOfNationality("xx")).toBeUndefined();
  });

  it("finds an HQ's subordinate units", () => {
    const actors = [
      { uuid: "Actor.a", type: "unit", system: { hq: "Actor.hq1" } },
      { uuid: "Actor.b", type: "unit", system: { hq: "Actor.hq2" } },
      { uuid: "Actor.c", type: "hq", system: { hq: "Actor.hq1" } },
      { uuid: "Actor.d", type: "unit", system: { hq: "Actor.hq1" } },
    ];
    expect(subordinatesOf("Actor.hq1", actors).map((a) => a.uuid)).toEqual(["Actor.a", "Actor.d"]);
  });
});
