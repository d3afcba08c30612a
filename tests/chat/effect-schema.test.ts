import { describe, expect, it } from "vitest";
import { EFFECT_TYPES, MAX_EFFECT_REF, effectListProblems, effectSchema, isEffect } from "../../src/schemas/effects";
import type { Effect } from "../../src/rules/effects";
import type { Phrase } from "../../src/rules/resolution";
import { unitSystem } from "../apps/ground-combat/fixture";

type Variant<K extends Effect["type"]> = Extract<Effect, { type: K }>;

/** One valid effect of every type: the mapped type makes `tsc` ask for a new type's example. */
const EXAMPLES: { [K in Effect["type"]]: Variant<K> } = {
  hits: { type: "hits", actor: "Actor.a", amount: 2 },
  eliminated: { type: "eliminated", actor: "Actor.a" },
  supply: { type: "supply", actor: "Actor.a", delta: -1 },
  mode: { type: "mode", actor: "Actor.a", mode: "march" },
  retreat: { type: "retreat", actor: "Actor.a", hexes: 2 },
  moved: { type: "moved", actor: "Actor.a", path: ["0102", "0103"] },
  noMove: { type: "noMove", actor: "Actor.a" },
  noMoveCleared: { type: "noMoveCleared", actor: "Actor.a" },
  movementPoints: { type: "movementPoints", actor: "Actor.a", value: 3 },
  hqLevel: { type: "hqLevel", actor: "Actor.hq", delta: -1 },
  hqCardsLost: { type: "hqCardsLost", actor: "Actor.hq", count: 1 },
  cardDiscarded: { type: "cardDiscarded", card: "Actor.hq.Item.c" },
  cardAssignment: { type: "cardAssignment", card: "Actor.hq.Item.c", assignedTo: null },
  minefield: { type: "minefield", hex: "12.07", present: true },
  engineersLeft: { type: "engineersLeft", hexside: "0602|0702", count: 1 },
  bridgeDestroyed: { type: "bridgeDestroyed", hexside: "12.07|12.08" },
  autobahnCut: { type: "autobahnCut", hex: "12.07" },
  contaminated: { type: "contaminated", hex: "12.07" },
  supplyCountersEliminated: { type: "supplyCountersEliminated", hexes: ["12.07", "12.08"] },
  squadronBox: { type: "squadronBox", squadron: "Actor.s", box: "damaged" },
  weaponDiscarded: { type: "weaponDiscarded", squadron: "Actor.s", weapon: "AIM-9L" },
  airbaseHits: { type: "airbaseHits", airbase: "Actor.ab", repairable: 1, permanent: 0 },
  airDefence: { type: "airDefence", chart: "Actor.chart", delta: -2 },
  targetHits: { type: "targetHits", target: "Actor.t", hits: 3 },
  weaponAttached: { type: "weaponAttached", squadron: "Actor.s", kind: "cas", weapon: "Maverick" },
  squadronZone: { type: "squadronZone", squadron: "Actor.s", airZone: "north" },
  squadronAirbase: { type: "squadronAirbase", squadron: "Actor.s", airbase: "Actor.ab" },
  pins: { type: "pins", actor: "Actor.a", red: 1, black: 0 },
  standsLost: { type: "standsLost", actor: "Actor.a", count: 1 },
  disorganised: { type: "disorganised", actor: "Actor.a", value: true, hours: 2 },
  harassed: { type: "harassed", actor: "Actor.a", hours: 1 },
  ammo: { type: "ammo", actor: "Actor.a", delta: -1 },
  surrendered: { type: "surrendered", actor: "Actor.a" },
  withdrawn: { type: "withdrawn", actor: "Actor.a" },
  supplyUnits: { type: "supplyUnits", actor: "Actor.dump", kind: "pol", delta: -1 },
  inSupply: { type: "inSupply", actor: "Actor.a", value: false },
  playsheetSupply: { type: "playsheetSupply", actor: "Actor.a", delta: -1, kind: "fuel" },
  squadronsLost: { type: "squadronsLost", actor: "Actor.a", count: 1 },
  playsheetStatus: { type: "playsheetStatus", actor: "Actor.a", delta: -1 },
  playsheetRetire: { type: "playsheetRetire", actor: "Actor.a", km: 5 },
  playsheetFallBack: { type: "playsheetFallBack", actor: "Actor.a" },
  playsheetImmobilised: { type: "playsheetImmobilised", actor: "Actor.a" },
  playsheetSuppressed: { type: "playsheetSuppressed", actor: "Actor.a" },
  airDamage: { type: "airDamage", actor: "Actor.a", delta: 1 },
  airUnitLost: { type: "airUnitLost", actor: "Actor.a" },
  serialsOutOfAction: { type: "serialsOutOfAction", actor: "Actor.a", count: 2 },
  reservesArrive: { type: "reservesArrive", actor: "Actor.force", count: 2 },
  reserveEntry: { type: "reserveEntry", actor: "Actor.u", at: { kind: "corner", corner: "enemyLeft" } },
  victoryPoints: { type: "victoryPoints", actor: "Actor.force", points: 5 },
  missionSelected: { type: "missionSelected", mission: "dustUp", attacker: "wp" },
  missionLight: { type: "missionLight", light: "darkness" },
  delayCounters: { type: "delayCounters", actor: "Actor.force", count: 3 },
  teamBailedOut: { type: "teamBailedOut", actor: "Actor.u" },
  teamDestroyed: { type: "teamDestroyed", actor: "Actor.u" },
  unitPinned: { type: "unitPinned", actor: "Actor.u" },
  ambushRevealed: { type: "ambushRevealed", actor: "Actor.u" },
  missionTrack: { type: "missionTrack", combat: "Combat.m", set: { turn: 2, light: "darkness", attackerForce: { reserves: 1 } } },
  missionJournal: {
    type: "missionJournal",
    combat: "Combat.m",
    id: "aaaaaaaaaaaaaaaa",
    name: "Contact",
    pages: [{ name: "Deployment", text: "<p>x</p>" }],
  },
  arrived: { type: "arrived", actor: "Actor.u", hex: "0405", token: "tttttttttttttttt" },
  leftMap: { type: "leftMap", actor: "Actor.u" },
  hqMobilised: { type: "hqMobilised", actor: "Actor.hq", level: 3 },
  cardDealt: { type: "cardDealt", card: "Item.c", actor: "Actor.hq", id: "cccccccccccccccc" },
  folderCreated: { type: "folderCreated", id: "aaaaaaaaaaaaaaaa", name: "V Corps", parent: null, sort: 100 },
  actorCreated: {
    type: "actorCreated",
    id: "bbbbbbbbbbbbbbbb",
    name: "3 PzBde",
    actorType: "unit",
    system: unitSystem("nato"),
    folder: "aaaaaaaaaaaaaaaa",
    sort: 100,
  },
  actorSet: { type: "actorSet", actor: "Actor.a", set: { "strength.value": 5 }, cells: [{ column: "strength", from: "6", to: "5" }] },
};

const examples = Object.values(EXAMPLES) as Effect[];

/** The fields a list's problems name, e.g. `effects[0].actor`. */
const fields = (problems: readonly Phrase[]): unknown[] => problems.map((p) => p.data?.["field"]);

describe("the effect schema", () => {
  it("knows every effect type of the rules, once each", () => {
    expect([...EFFECT_TYPES].sort()).toEqual(Object.keys(EXAMPLES).sort());
    expect(new Set(EFFECT_TYPES).size).toBe(EFFECT_TYPES.length);
    expect(EFFECT_TYPES.length).toBeGreaterThanOrEqual(54);
  });

  it.each(examples.map((e) => [e.type, e] as const))("accepts a valid %s effect as it is", (_type, example) => {
    expect(effectSchema.parse(example)).toEqual(example);
    expect(effectListProblems([example])).toEqual([]);
  });

  it("accepts the optional and nullable fields left out or null", () => {
    expect(isEffect({ type: "disorganised", actor: "Actor.a", value: true })).toBe(true);
    expect(isEffect({ type: "squadronAirbase", squadron: "Actor.s", airbase: null })).toBe(true);
    expect(isEffect({ type: "reserveEntry", actor: "Actor.u", at: { kind: "edge", edge: "ownLong" } })).toBe(true);
  });

  it.each(examples.filter((e) => Object.keys(e).length > 1).map((e) => [e.type, e] as const))(
    "refuses a %s effect with each field wrong or missing, naming the field",
    (_type, example) => {
      for (const key of Object.keys(example).filter((k) => k !== "type")) {
        const wrong = { ...example, [key]: { nested: true } };
        expect(isEffect(wrong), key).toBe(false);
        const named = fields(effectListProblems([example, wrong]));
        expect(named.length, key).toBeGreaterThan(0);
        for (const field of named) expect(String(field), key).toMatch(new RegExp(`^effects\\[1\\]\\.${key}\\b`));
        const { [key]: _dropped, ...missing } = example as unknown as Record<string, unknown>;
        if (key === "hours" && example.type === "disorganised") continue;
        expect(fields(effectListProblems([missing])), key).toContain(`effects[0].${key}`);
      }
    },
  );

  it("refuses the card from the fuzz: a known type with a wrong-typed field", () => {
    const problems = effectListProblems([{ type: "mode", actor: 3 }]);
    expect(fields(problems)).toEqual(["effects[0].actor", "effects[0].mode"]);
    expect(problems[0]).toMatchObject({ key: "NOBC.Validation.Problem", data: { problem: { key: "NOBC.Validation.InvalidType" } } });
  });

  it("refuses an unknown type, an unknown field, a value off the rules' lists, a long ref and a number that is not finite", () => {
    expect(fields(effectListProblems([{ type: "nuke", actor: "Actor.a" }]))).toEqual(["effects[0].type"]);
    expect(fields(effectListProblems([{ ...EXAMPLES.hits, extra: 1 }]))).toEqual(["effects[0]"]);
    expect(fields(effectListProblems([{ ...EXAMPLES.mode, mode: "attack" }]))).toEqual(["effects[0].mode"]);
    expect(fields(effectListProblems([{ ...EXAMPLES.squadronBox, box: "hangar" }]))).toEqual(["effects[0].box"]);
    expect(fields(effectListProblems([{ ...EXAMPLES.missionSelected, mission: "picnic" }]))).toEqual(["effects[0].mission"]);
    expect(fields(effectListProblems([{ ...EXAMPLES.reserveEntry, at: { kind: "edge", edge: "top" } }]))).toEqual(["effects[0].at.edge"]);
    expect(fields(effectListProblems([{ ...EXAMPLES.hits, actor: "x".repeat(MAX_EFFECT_REF + 1) }]))).toEqual(["effects[0].actor"]);
    expect(isEffect({ ...EXAMPLES.hits, actor: "x".repeat(MAX_EFFECT_REF) })).toBe(true);
    expect(fields(effectListProblems([{ ...EXAMPLES.hits, actor: "" }]))).toEqual(["effects[0].actor"]);
    expect(fields(effectListProblems([{ ...EXAMPLES.hits, amount: Infinity }]))).toEqual(["effects[0].amount"]);
    expect(fields(effectListProblems([{ ...EXAMPLES.hits, amount: NaN }]))).toEqual(["effects[0].amount"]);
    expect(fields(effectListProblems([{ ...EXAMPLES.supplyCountersEliminated, hexes: Array(101).fill("1") }]))).toEqual([
      "effects[0].hexes",
    ]);
    expect(fields(effectListProblems(["hits", null]))).toEqual(["effects[0]"]);
  });

  it("reports the first malformed effect of a list only", () => {
    const problems = effectListProblems([EXAMPLES.hits, { type: "hits" }, { type: "mode" }]);
    expect(fields(problems)).toEqual(["effects[1].actor", "effects[1].amount"]);
  });
});
