/** Umpires and sectors (src/teams/umpires.ts): the setting's shape, what a sector covers, whose queue shows an item, and who rules. */
import { describe, expect, it } from "vitest";
import {
  covers,
  hqChain,
  inArea,
  inViewersSector,
  umpiresSchema,
  whoRules,
  type ItemSector,
  type Sector,
  type UmpireUser,
  type Umpires,
} from "../../src/teams/umpires";

const none: Sector = { wars: [], hqs: [], areas: [] };
const air: Sector = { ...none, wars: ["air"] };
const corps: Sector = { ...none, hqs: ["Actor.corps1"] };
const south: Sector = { ...none, areas: [{ from: "1010", to: "0505" }] };
const umpires: Umpires = { umpires: { airU: air, corpsU: corps, southU: south, mapU: none } };
const item = (over: Partial<ItemSector>): ItemSector => ({ war: null, hqs: [], hex: null, ...over });
const users = (active: readonly string[]): UmpireUser[] =>
  ["gm", "airU", "corpsU", "southU", "mapU", "p1"].map((id) => ({ id, isGM: id !== "p1", active: active.includes(id) }));

describe("the umpires setting", () => {
  it("keeps wars, HQs and hex rectangles, and refuses what is not one", () => {
    expect(umpiresSchema.safeParse(umpires).success).toBe(true);
    expect(umpiresSchema.safeParse({ umpires: { a: { ...none, wars: ["sea"] } } }).success).toBe(false);
    expect(umpiresSchema.safeParse({ umpires: { a: { ...none, areas: [{ from: "0101", to: "x" }] } } }).success).toBe(false);
    expect(umpiresSchema.safeParse({ umpires: { a: { ...none, hqs: ["Scene.x"] } } }).success).toBe(false);
    expect(umpiresSchema.safeParse({ umpires: { "bad id!": none } }).success).toBe(false);
    expect(umpiresSchema.safeParse({ umpires: { a: { ...none, extra: 1 } } }).success).toBe(false);
  });
});

describe("sectors", () => {
  it("walks an HQ chain up its parents once, even round a loop", () => {
    const parents = new Map([
      ["Actor.div", "Actor.corps1"],
      ["Actor.corps1", "Actor.army"],
      ["Actor.army", "Actor.div"],
    ]);
    expect(hqChain(["Actor.div"], parents)).toEqual(["Actor.div", "Actor.corps1", "Actor.army"]);
  });

  it("reads an area as a rectangle with its corners in either order", () => {
    expect(inArea({ from: "1010", to: "0505" }, "0707")).toBe(true);
    expect(inArea({ from: "1010", to: "0505" }, "0505")).toBe(true);
    expect(inArea({ from: "1010", to: "0505" }, "1105")).toBe(false);
    expect(inArea({ from: "1010", to: "0505" }, "nonsense")).toBe(false);
  });

  it("covers an item by its war, an HQ of its chain or its hex; an empty sector covers all", () => {
    expect(covers(air, item({ war: "air" }))).toBe(true);
    expect(covers(air, item({ war: "land" }))).toBe(false);
    expect(covers(corps, item({ war: "land", hqs: ["Actor.div", "Actor.corps1"] }))).toBe(true);
    expect(covers(corps, item({ war: "land", hqs: ["Actor.other"] }))).toBe(false);
    expect(covers(south, item({ hex: "0606" }))).toBe(true);
    expect(covers(south, item({ hex: "0101" }))).toBe(false);
    expect(covers(none, item({}))).toBe(true);
  });

  it("shows an item to the umpires whose sector covers it, and everything to a GM who is no umpire", () => {
    const landItem = item({ war: "land", hqs: ["Actor.corps1"], hex: "0101" });
    expect(inViewersSector(umpires, "corpsU", landItem)).toBe(true);
    expect(inViewersSector(umpires, "airU", landItem)).toBe(false);
    expect(inViewersSector(umpires, "southU", landItem)).toBe(false);
    expect(inViewersSector(umpires, "mapU", landItem)).toBe(true);
    expect(inViewersSector(umpires, "gm", landItem)).toBe(true);
    expect(inViewersSector(umpires, null, landItem)).toBe(true);
  });
});

describe("who rules", () => {
  const airItem = item({ war: "air" });
  it("is the sector's umpire when online", () => {
    expect(whoRules(umpires, airItem, users(["gm", "airU", "mapU"]), "gm")).toEqual({ by: "umpire", user: "airU" });
  });
  it("is Map Control (a whole sector) when no named sector's umpire is online", () => {
    expect(whoRules(umpires, airItem, users(["gm", "mapU"]), "gm")).toEqual({ by: "umpire", user: "mapU" });
  });
  it("is the active GM with no umpire of the sector online, and nobody with no GM connected", () => {
    expect(whoRules(umpires, airItem, users(["gm", "corpsU"]), "gm")).toEqual({ by: "activeGm", user: "gm" });
    expect(whoRules(umpires, airItem, users([]), null)).toEqual({ by: "activeGm", user: null });
  });
  it("never names a user who is no longer a GM", () => {
    const demoted = users(["gm", "airU"]).map((u) => (u.id === "airU" ? { ...u, isGM: false } : u));
    expect(whoRules(umpires, airItem, demoted, "gm")).toEqual({ by: "activeGm", user: "gm" });
  });
  it("with no umpires set, is always the active GM", () => {
    expect(whoRules({ umpires: {} }, item({ war: "land", hex: "0606" }), users(["gm", "airU"]), "gm")).toEqual({
      by: "activeGm",
      user: "gm",
    });
  });
});
