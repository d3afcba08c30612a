/** The theatre dashboard's table (src/world/theatre-table.ts): rows from the world's snapshot, filters, sorts. */
import { describe, expect, it } from "vitest";
import { battlefield, type WorldActor } from "../../src/world/battlefield";
import { filterRows, NO_FILTER, sortRows, theatreRows, type TheatreRow } from "../../src/world/theatre-table";
import { cardSystem, hqSystem, squadronSystem, unitSystem } from "../apps/ground-combat/fixture";
import { theatre, theatreField } from "../bench/theatre";

const actor = (id: string, name: string, type: string, system: unknown, items: WorldActor["items"] = []): WorldActor => ({
  uuid: `Actor.${id}`,
  name,
  type,
  system,
  items,
});

/** A small world: an army group over a corps, two brigades of the corps, one off the map, a squadron and its airbase. */
function smallField() {
  const card = (n: number) => ({
    uuid: `Actor.corps.Item.c${n}`,
    name: `Card ${n}`,
    type: "supportCard",
    system: cardSystem("nato", "combat", 1, null),
  });
  const actors = [
    actor("ag", "NORTHAG", "hq", hqSystem("nato", { nationality: "uk", echelon: "armyGroup", level: { value: 5, max: 5 } })),
    actor("corps", "I Corps", "hq", hqSystem("nato", { parent: "Actor.ag", level: { value: 3, max: 4 }, radius: 5 }), [card(1), card(2)]),
    actor("b3", "3 PzBde", "unit", unitSystem("nato", { hq: "Actor.corps", supply: 1, noMove: true, movementPoints: 2.5 })),
    actor("b10", "10 PzBde", "unit", unitSystem("nato", { hq: "Actor.corps", strength: { value: 0, max: 6 } })),
    actor("gds", "1 Gds Tank", "unit", unitSystem("wp", { strength: { value: 6, max: 6 }, mode: "march" })),
    actor("base", "Bitburg", "airbase", {
      side: "nato",
      airZone: "4ATAF",
      baseCapacity: 2,
      hits: { repairable: 1, permanent: 1 },
      airDefence: { value: 1, max: 1 },
    }),
    actor("sq", "22 TFS", "airSquadron", squadronSystem("nato", { nationality: "us", box: "damaged", airbase: "Actor.base" })),
  ];
  const at = (col: number) => ({ x: col * 100, y: 100 });
  return battlefield({
    actors,
    tokens: [
      { actor: "Actor.ag", ...at(1) },
      { actor: "Actor.corps", ...at(2) },
      { actor: "Actor.b3", ...at(3) },
      { actor: "Actor.gds", ...at(5) },
    ],
    gridSize: 100,
  });
}

const names = (rows: readonly TheatreRow[]) => rows.map((r) => r.name);

describe("theatreRows", () => {
  it("gives every unit, HQ, squadron and airbase with the columns Control reads", () => {
    const rows = theatreRows(smallField());
    const by = new Map(rows.map((r) => [r.name, r]));
    expect(names(rows)).toEqual(["NORTHAG", "I Corps", "3 PzBde", "10 PzBde", "1 Gds Tank", "22 TFS", "Bitburg"]);
    expect(by.get("I Corps")).toMatchObject({ kind: "hq", level: 3, levelMax: 4, radius: 5, cards: 2, parentName: "NORTHAG" });
    expect(by.get("I Corps")!.hex).not.toBe("");
    expect(by.get("I Corps")!.states).toEqual(["reduced"]);
    expect(by.get("3 PzBde")).toMatchObject({
      kind: "unit",
      strength: 4,
      strengthMax: 6,
      supply: 1,
      mpLeft: 2.5,
      chip: true,
      mode: "combat",
    });
    expect(by.get("3 PzBde")!.states).toEqual(["combat", "noMove"]);
    expect(by.get("3 PzBde")!.under).toEqual(["Actor.corps", "Actor.ag"]);
    expect(by.get("10 PzBde")!.states).toEqual(["combat", "offMap", "eliminated"]);
    expect(by.get("22 TFS")).toMatchObject({ kind: "airSquadron", box: "damaged", parentName: "Bitburg", states: ["damaged"] });
    expect(by.get("Bitburg")).toMatchObject({ kind: "airbase", hits: 1, permanentHits: 1, states: ["hit"] });
  });

  it("builds one row per actor of a generated theatre, each unit under its HQ's chain", () => {
    const t = theatre(100);
    const field = theatreField(t);
    const rows = theatreRows(field);
    expect(rows).toHaveLength(field.units.length + field.hqs.length + field.squadrons.length + field.airbases.length);
    const hqIds = new Set(field.hqs.map((h) => h.id));
    for (const r of rows.filter((r) => r.kind === "unit" && r.parent !== null)) {
      expect(r.under[0]).toBe(r.parent);
      expect(r.under.every((id) => hqIds.has(id))).toBe(true);
    }
  });
});

describe("filterRows", () => {
  const rows = theatreRows(smallField());

  it("by side, kind, state and text; no filter keeps every row", () => {
    expect(filterRows(rows, NO_FILTER)).toEqual(rows);
    expect(names(filterRows(rows, { ...NO_FILTER, side: "wp" }))).toEqual(["1 Gds Tank"]);
    expect(names(filterRows(rows, { ...NO_FILTER, kind: "unit", side: "nato" }))).toEqual(["3 PzBde", "10 PzBde"]);
    expect(names(filterRows(rows, { ...NO_FILTER, state: "march" }))).toEqual(["1 Gds Tank"]);
    expect(names(filterRows(rows, { ...NO_FILTER, state: "offMap" }))).toEqual(["10 PzBde"]);
    expect(names(filterRows(rows, { ...NO_FILTER, text: "  i corps " }))).toEqual(["I Corps", "3 PzBde", "10 PzBde"]);
  });

  it("by HQ: the HQ itself and everything under it, down the chain", () => {
    expect(names(filterRows(rows, { ...NO_FILTER, hq: "Actor.ag" }))).toEqual(["NORTHAG", "I Corps", "3 PzBde", "10 PzBde"]);
    expect(names(filterRows(rows, { ...NO_FILTER, hq: "Actor.corps" }))).toEqual(["I Corps", "3 PzBde", "10 PzBde"]);
  });

  it("by an umpire's sector: a war (Air: squadrons and airbases; Land: units and HQs), an HQ's chain, an area of hexes", () => {
    const sector = (wars: ("air" | "land")[], hqs: string[], areas: { from: string; to: string }[]) => ({
      ...NO_FILTER,
      sector: { umpire: "u1", sector: { wars, hqs, areas } },
    });
    expect(names(filterRows(rows, sector(["air"], [], [])))).toEqual(["22 TFS", "Bitburg"]);
    expect(names(filterRows(rows, sector(["land"], [], [])))).toEqual(["NORTHAG", "I Corps", "3 PzBde", "10 PzBde", "1 Gds Tank"]);
    expect(names(filterRows(rows, sector([], ["Actor.corps"], [])))).toEqual(["I Corps", "3 PzBde", "10 PzBde"]);
    const hexOf = new Map(rows.map((r) => [r.name, r.hex]));
    const hex = hexOf.get("1 Gds Tank")!;
    expect(names(filterRows(rows, sector([], [], [{ from: hex, to: hex }])))).toEqual(rows.filter((r) => r.hex === hex).map((r) => r.name));
  });
});

describe("sortRows", () => {
  const rows = theatreRows(smallField());

  it("sorts names as a reader does, numbers by value, rows without the value last either way", () => {
    const units = rows.filter((r) => r.kind === "unit");
    expect(names(sortRows(units, { key: "name", descending: false }))).toEqual(["1 Gds Tank", "3 PzBde", "10 PzBde"]);
    expect(names(sortRows(rows, { key: "strength", descending: false })).slice(0, 3)).toEqual(["10 PzBde", "3 PzBde", "1 Gds Tank"]);
    expect(names(sortRows(rows, { key: "strength", descending: true })).slice(0, 3)).toEqual(["1 Gds Tank", "3 PzBde", "10 PzBde"]);
    expect(names(sortRows(rows, { key: "strength", descending: true })).slice(3)).toEqual(["22 TFS", "Bitburg", "I Corps", "NORTHAG"]);
    expect(names(sortRows(rows, { key: "hex", descending: false })).slice(-3)).toEqual(["10 PzBde", "22 TFS", "Bitburg"]);
  });

  it("leaves its input alone", () => {
    const copy = [...rows];
    sortRows(rows, { key: "level", descending: true });
    expect(rows).toEqual(copy);
  });
});
