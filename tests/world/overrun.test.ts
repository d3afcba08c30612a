/**
 * Moving into an enemy's hex (src/world/overrun.ts; seed 000, Land War QRS, 5. Movement): battalions
 * overrun at the counter's cost plus the seed's extra hits, HQs and artillery met alone, the refusals,
 * and the card's effects written through the one write path and undone.
 *
 * The world, on a 5 × 4 map of clear hexes (terrain, roads and rivers set per test):
 *
 *   0101 (start of longer moves)   0201 34 PzBrig (NATO, cost 1 MP / 1 hit)   0301 the hex entered
 *   0102                           0202                                       0302 (a WP unit next to 0201, when placed)
 *
 * 0201's neighbours in column 03 are 0301 and 0302; 0101 and 0201 are neighbours.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { readBattlefield, forgetTerrain } from "../../src/world/read";
import { planMove, type MovePlan } from "../../src/world/movement";
import { overrunnable, planOverrun, type OverrunPlanOptions } from "../../src/world/overrun";
import { applyEffects, applyPlan } from "../../src/effects/apply";
import { readBoard } from "../../src/world/board";
import { offsetOf } from "../../src/map/hex-grid";
import type { TerrainMap } from "../../src/map/terrain-schema";
import type { LandTerrain } from "../../src/rules/nobc/land/types";
import { langFileWording, speak, type LangTree } from "../../src/words/phrase";
import { rulerLabels, rulerOverrun, type WaypointLabel } from "../../src/canvas/ruler/labels";
import { readFileSync } from "node:fs";

type Raw = Record<string, unknown>;

const MOVEMENT = { phase: "movement", group: null } as const;
const words = langFileWording(JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree);

interface MapExtras {
  readonly terrain?: readonly LandTerrain[];
  readonly roads?: TerrainMap["roads"];
  readonly hexsides?: TerrainMap["hexsides"];
}

function overrunMap(extra: MapExtras = {}): TerrainMap {
  const hexes: TerrainMap["hexes"] = {};
  for (let col = 1; col <= 5; col++)
    for (let row = 1; row <= 4; row++) {
      const label = `${String(col).padStart(2, "0")}${String(row).padStart(2, "0")}`;
      hexes[label] = { terrain: ["clear"], country: col <= 2 ? "frg" : "gdr" };
    }
  if (extra.terrain !== undefined) hexes["0301"] = { terrain: [...extra.terrain] as ["clear"], country: "gdr" };
  return {
    format: "nobc-terrain/1",
    name: "Overrun",
    columns: 5,
    rows: 4,
    hexSize: 100,
    hexes,
    hexsides: [...(extra.hexsides ?? [])],
    roads: [...(extra.roads ?? [])],
  };
}

const COST = { mp: 1, hits: 1 };

function place(id: string, name: string, type: "unit" | "hq", hex: string, system: Raw, owner: string): FakeActorT {
  const actor = new harness.Actor({ id, name, type, system });
  const { col, row } = offsetOf(hex);
  harness.placeToken(actor, col, row);
  sheetsFake.actors.push(actor);
  chatFake.own(actor, owner);
  return actor;
}

/** The mover: 34 PzBrig, a NATO brigade in Combat Mode, 6 strength, 4 MP, overrun cost 1 MP / 1 hit unless told. */
function mover(hex = "0201", extra: Raw = {}): FakeActorT {
  return place(
    "n34",
    "34 PzBrig",
    "unit",
    hex,
    unitSystem("nato", { strength: { value: 6, max: 6 }, movementPoints: 4, overrunCost: COST, ...extra }),
    "p1",
  );
}

const battalion = (extra: Raw = {}): Raw =>
  unitSystem("wp", { size: "battalion", arm: "motorRifle", mode: "march", supply: 0, strength: { value: 3, max: 3 }, ...extra });
const artillery = (strength: number): Raw =>
  unitSystem("wp", { size: "brigade", arm: "artillery", mode: "march", supply: 0, strength: { value: strength, max: 4 } });

function planned(path: readonly string[], unit = "Actor.n34"): MovePlan {
  const result = planMove(readBattlefield(), MOVEMENT, { unit, path });
  if ("refused" in result) throw new Error(`refused: ${JSON.stringify(result.refused)}`);
  return result;
}

function overrun(path: readonly string[] = ["0301"], options: OverrunPlanOptions = {}) {
  return planOverrun(readBattlefield(), planned(path), options);
}

function resolved(path: readonly string[] = ["0301"], options: OverrunPlanOptions = {}) {
  const r = overrun(path, options);
  if (!r.ok) throw new Error(`refused: ${r.refusals.map((x) => x.code).join(", ")}`);
  return r.value;
}

function codes(r: ReturnType<typeof overrun>): string[] {
  return r.ok ? [] : r.refusals.map((x) => x.code);
}

function setMap(extra: MapExtras = {}): void {
  harness.setSceneFlag("terrain", overrunMap(extra));
}

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  forgetTerrain();
  harness.viewScene();
});

describe("overrunning battalions", () => {
  it("eliminates the battalion; the mover pays the path, the counter's MP and hits, and moves in (the brief's card)", () => {
    setMap();
    mover();
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    place("b2", "2/1 MRR Bn", "unit", "0301", battalion(), "p2");
    const r = resolved();
    // Clear hex 1 MP + the counter's 1 MP; the counter's 1 hit and nothing else in a clear hex in Combat Mode.
    expect(r.outcome).toMatchObject({ kind: "overrun", mpSpent: 2, total: 2, mpLeft: 2, hits: 1, hitsApplied: 1, entersHex: true });
    expect(r.outcome.eliminated).toEqual(["Actor.b1", "Actor.b2"]);
    expect(r.effects).toEqual([
      { type: "movementPoints", actor: "Actor.n34", value: 2 },
      { type: "hits", actor: "Actor.n34", amount: 1 },
      { type: "eliminated", actor: "Actor.b1" },
      { type: "eliminated", actor: "Actor.b2" },
      { type: "moved", actor: "Actor.n34", from: "0201", path: ["0301"] },
    ]);
    // The breakdown adds up to the MP spent; the hits are notes.
    expect(r.breakdown.reduce((s, l) => s + l.value, 0)).toBe(2);
    expect(speak(r.outcome.title, words)).toBe("Overrun: 34 PzBrig into 0301");
    expect(speak(r.outcome.line, words)).toBe("34 PzBrig overruns 1/1 MRR Bn, 2/1 MRR Bn in 0301: 2 MP, 1 hit");
    expect(overrunnable(readBattlefield(), planned(["0301"])).ok).toBe(true);
  });

  const light: [string, MapExtras, Raw][] = [
    ["woods", { terrain: ["woods"] }, {}],
    ["rough", { terrain: ["rough"] }, {}],
    ["marsh", { terrain: ["marsh"] }, {}],
    ["town", { terrain: ["town"] }, {}],
    ["a minor road in the hex", { roads: [{ kind: "road", path: ["0301", "0401"] }] }, {}],
    ["March Mode", {}, { mode: "march", movementPoints: 6 }],
  ];
  it.each(light)("+1 hit for %s (seed 000: +1 Woods/Rough/Marsh/Town/Minor Road/March Mode)", (_, map, unit) => {
    setMap(map);
    mover("0201", unit);
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    const r = resolved();
    expect(r.outcome.hits).toBe(COST.hits + 1);
    expect(r.effects).toContainEqual({ type: "hits", actor: "Actor.n34", amount: 2 });
  });

  it("an autobahn alone is not a minor road", () => {
    setMap({ roads: [{ kind: "autobahn", path: ["0301", "0401"] }] });
    mover();
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    expect(resolved().outcome.hits).toBe(1);
  });

  it("+4 hits in a city", () => {
    setMap({ terrain: ["city"] });
    mover();
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    // City costs 2 MP to enter, +1 MP from the counter.
    expect(resolved().outcome).toMatchObject({ hits: 5, mpSpent: 3 });
  });

  it("+3 hits across a major river (bridged, so the crossing costs no MP)", () => {
    setMap({ hexsides: [{ hex: "0201", side: "ne", river: "major", bridge: true }] });
    mover();
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    expect(resolved().outcome).toMatchObject({ hits: 4, mpSpent: 2 });
  });

  it("the +1 list counts once by default, each item with the world setting; city and river add to it", () => {
    setMap({ terrain: ["woods", "rough"], roads: [{ kind: "road", path: ["0301", "0401"] }] });
    mover("0201", { mode: "march", movementPoints: 6 });
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    expect(resolved().outcome.hits).toBe(1 + 1);
    expect(resolved(["0301"], { rules: { overrun: { lightExtrasCumulative: true } } }).outcome.hits).toBe(1 + 4);
  });

  it("refuses when the mover has too few MP left for the counter's cost", () => {
    setMap();
    mover("0201", { movementPoints: 1 });
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    // 1 MP left; entering the clear hex takes it, and the counter asks 1 more.
    expect(codes(overrun())).toEqual(["overrunMpShort"]);
  });

  it("refuses while the counter's cost is not entered, naming the unit and the missing part", () => {
    setMap();
    mover("0201", { overrunCost: { mp: 2, hits: null } });
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    const r = overrun();
    expect(codes(r)).toEqual(["overrunCostNotEntered"]);
    if (r.ok) return;
    expect(r.refusals[0]!.field).toBe("overrunCost");
    expect(speak(r.refusals[0]!.text, words)).toBe(
      "The overrun cost printed on the counter of 34 PzBrig is not entered (hits): the umpire enters it on the unit's sheet before it can overrun battalions.",
    );
  });

  it("with neither part entered, both are named", () => {
    setMap();
    mover("0201", { overrunCost: { mp: null, hits: null } });
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    const r = overrun();
    expect(r.ok ? "" : speak(r.refusals[0]!.text, words)).toContain("is not entered (MP, hits)");
  });

  it("a unit whose stored data predates the field reads as not entered", () => {
    setMap();
    const system = unitSystem("nato", { strength: { value: 6, max: 6 } });
    delete system["overrunCost"];
    place("n34", "34 PzBrig", "unit", "0201", system, "p1");
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    expect(readBattlefield().markers.get("Actor.n34")!.overrunCost).toEqual({ mp: null, hits: null });
    expect(codes(overrun())).toEqual(["overrunCostNotEntered"]);
  });

  it("is refused when a brigade stands in the hex: it must be attacked in combat", () => {
    setMap();
    mover();
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    place("w1", "1 MRR", "unit", "0301", unitSystem("wp", { arm: "motorRifle" }), "p2");
    const check = overrunnable(readBattlefield(), planned(["0301"]));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(speak(check.refusals[0]!.text, words)).toContain("1 MRR is a brigade");
    expect(codes(overrun())).toEqual(["notOverrunnable"]);
  });

  it("is refused for a move that ends in no enemy's hex", () => {
    setMap();
    mover();
    expect(codes(overrun(["0301"]))).toEqual(["noEnemy"]);
  });

  it("the mover brought to 0 by the overrun is eliminated and does not move in", () => {
    setMap({ terrain: ["city"] });
    mover("0201", { strength: { value: 3, max: 6 } });
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    const r = resolved();
    expect(r.outcome).toMatchObject({ unitEliminated: true, entersHex: false, hits: 5, hitsApplied: 3 });
    expect(r.effects.filter((e) => e.type === "moved")).toEqual([]);
    expect(r.effects).toContainEqual({ type: "eliminated", actor: "Actor.n34" });
    expect(speak(r.outcome.line, words)).toBe("34 PzBrig overruns 1/1 MRR Bn in 0301 and is eliminated: 3 MP, 3 hits");
  });
});

describe("the move into the hex is the overrun", () => {
  it("a NATO mover is not stopped next to the battalions it overruns (planMove alone stops it)", () => {
    setMap();
    mover("0101");
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    expect(planned(["0201", "0301"]).breaks.map((b) => b.code)).toEqual(["rules"]);
    const r = resolved(["0201", "0301"]);
    expect(r.outcome).toMatchObject({ mpSpent: 3, mpLeft: 1, hits: 1 });
    expect(r.effects).toContainEqual({ type: "moved", actor: "Actor.n34", from: "0101", path: ["0201", "0301"] });
  });

  it("the drag's ruler shows the overrun as the card prices it: no NATO stop warning, the counter's cost and the outcome at the last waypoint", () => {
    setMap();
    mover("0101");
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    const field = readBattlefield();
    const plan = planned(["0201", "0301"]);
    const waypoints = ["0101", "0201", "0301"];
    // planMove alone warns of the NATO stop at 0201 (next to the battalion).
    const alone = rulerLabels(plan, waypoints)[2] as WaypointLabel;
    expect(alone.warnings.map((w) => w.key)).toEqual(["NOBC.Rules.Land.Movement.Refusal.mustStopAdjacent", "NOBC.Ruler.EnemyHex"]);
    const labels = rulerLabels(plan, waypoints, rulerOverrun(field, plan, {}));
    const [, first, last] = labels as [null, WaypointLabel, WaypointLabel];
    expect([first.spent, first.left, first.hits]).toEqual([1, 3, 0]);
    // 0301: clear 1 MP + the counter's 1 MP and 1 hit: 3 MP spent in all, 1 left, as the card (mpSpent 3, hits 1).
    expect([last.spent, last.leg, last.left, last.hits, last.warn]).toEqual([3, 2, 1, 1, false]);
    expect(last.warnings).toEqual([]);
    expect(last.lines.at(-1)).toEqual(resolved(["0201", "0301"]).outcome.line);
  });

  it("the drag's ruler names why an overrun cannot be", () => {
    setMap();
    mover("0201", { overrunCost: null });
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    const plan = planned(["0301"]);
    const last = rulerLabels(plan, ["0201", "0301"], rulerOverrun(readBattlefield(), plan, {}))[1] as WaypointLabel;
    expect(last.warn).toBe(true);
    expect(last.warnings.map((w) => w.key)).toEqual(["NOBC.Overrun.Refused.costNotEntered"]);
  });

  it("but it stops next to any other Warsaw Pact unit on the way", () => {
    setMap();
    mover("0101");
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    place("w2", "2 MRR", "unit", "0302", unitSystem("wp", { arm: "motorRifle" }), "p2");
    expect(codes(overrun(["0201", "0301"]))).toEqual(["mustStopAdjacent"]);
  });

  it("moving from next to the battalion into it is not leaving contact; leaving another WP unit is (+1 MP, 1 hit)", () => {
    setMap();
    mover();
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    expect(resolved().outcome).toMatchObject({ mpSpent: 2, hits: 1 });
    // 2 MRR in 0202 is next to 0201 but not to 0301: the mover leaves it.
    place("w2", "2 MRR", "unit", "0202", unitSystem("wp", { arm: "motorRifle" }), "p2");
    expect(resolved().outcome).toMatchObject({ mpSpent: 3, hits: 2 });
  });
});

describe("what the hex holds beside the defenders", () => {
  it("a minefield in the hex costs +1 MP to enter, or 1 hit when the mover ignores it (the move's choice)", () => {
    setMap();
    const mines = { "0301": { side: "wp" } };
    harness.setSceneFlag("mapState", { format: "nobc-map-state/1", mines, contaminated: {}, destroyedBridges: {}, cutAutobahn: {} });
    mover();
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    expect(resolved().outcome).toMatchObject({ mpSpent: 3, hits: 1 });
    expect(resolved(["0301"], { ignoreMines: ["0301"] }).outcome).toMatchObject({ mpSpent: 2, hits: 2 });
  });
});

describe("HQs and artillery met alone", () => {
  it("an HQ loses 2 levels and retreats 4 hexes; the mover moves in at the hex's cost alone", () => {
    setMap();
    mover("0201", { overrunCost: { mp: null, hits: null } });
    place("gta", "1 GTA", "hq", "0301", hqSystem("wp", { level: { value: 3, max: 4 } }), "p2");
    const r = resolved();
    expect(r.outcome).toMatchObject({ kind: "displaced", mpSpent: 1, hits: 0, entersHex: true, retreated: ["Actor.gta"] });
    expect(r.effects).toEqual([
      { type: "movementPoints", actor: "Actor.n34", value: 3 },
      { type: "hqLevel", actor: "Actor.gta", delta: -2 },
      { type: "retreat", actor: "Actor.gta", hexes: 4 },
      { type: "moved", actor: "Actor.n34", from: "0201", path: ["0301"] },
    ]);
    expect(speak(r.outcome.line, words)).toBe("34 PzBrig enters 0301, meeting 1 GTA alone: 1 MP, 0 hits");
  });

  it("artillery takes 2 hits and retreats 4 hexes, or is eliminated by them", () => {
    setMap();
    mover();
    place("a1", "1 Art", "unit", "0301", artillery(3), "p2");
    expect(resolved().effects).toEqual([
      { type: "movementPoints", actor: "Actor.n34", value: 3 },
      { type: "hits", actor: "Actor.a1", amount: 2 },
      { type: "retreat", actor: "Actor.a1", hexes: 4 },
      // It owes the retreat: the black chip keeps it from moving on its own first.
      { type: "noMove", actor: "Actor.a1" },
      { type: "moved", actor: "Actor.n34", from: "0201", path: ["0301"] },
    ]);
    harness.reset();
    sheetsFake.reset();
    chatFake.reset();
    forgetTerrain();
    harness.viewScene();
    setMap();
    mover();
    place("a1", "1 Art", "unit", "0301", artillery(2), "p2");
    const r = resolved();
    expect(r.outcome.eliminated).toEqual(["Actor.a1"]);
    expect(r.effects.filter((e) => e.type === "retreat")).toEqual([]);
    expect(r.effects).toContainEqual({ type: "eliminated", actor: "Actor.a1" });
  });

  it("an HQ stacked with a battalion is alone once the battalion is overrun", () => {
    setMap();
    mover();
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    place("gta", "1 GTA", "hq", "0301", hqSystem("wp", { level: { value: 1, max: 4 } }), "p2");
    const r = resolved();
    expect(r.outcome).toMatchObject({ kind: "overrun", eliminated: ["Actor.b1"], retreated: ["Actor.gta"] });
    expect(r.effects).toContainEqual({ type: "hqLevel", actor: "Actor.gta", delta: -1 });
  });
});

describe("written through the one write path, and undone", () => {
  it("an overrun: the battalion's token leaves, the mover's MP, hits and token change; Undo puts all back", async () => {
    setMap();
    const unit = mover();
    const bn = place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    const token = harness.scene!.tokens.find((t) => t.actorId === "n34")!;
    const before = { x: token.x, y: token.y };
    const r = resolved();
    const plan = await applyEffects(r.effects, readBoard(r.effects));
    expect(unit.system["movementPoints"]).toBe(2);
    expect((unit.system["strength"] as Raw)["value"]).toBe(5);
    expect((bn.system["strength"] as Raw)["value"]).toBe(0);
    expect(harness.scene!.tokens.map((t) => t.actorId)).toEqual(["n34"]);
    expect(readBattlefield().units.find((u) => u.id === "Actor.n34")!.hex).toBe("0301");

    await applyPlan(plan.inverse, plan);
    expect(unit.system["movementPoints"]).toBe(4);
    expect((unit.system["strength"] as Raw)["value"]).toBe(6);
    expect((bn.system["strength"] as Raw)["value"]).toBe(3);
    expect({ x: token.x, y: token.y }).toEqual(before);
    expect(harness.scene!.tokens.map((t) => t.actorId).sort()).toEqual(["b1", "n34"]);
  });

  it("an HQ met alone: its level is written, its retreat left as a note for the retreat to carry out; Undo restores the level", async () => {
    setMap();
    mover();
    const hq = place("gta", "1 GTA", "hq", "0301", hqSystem("wp", { level: { value: 3, max: 4 } }), "p2");
    const r = resolved();
    const plan = await applyEffects(r.effects, readBoard(r.effects));
    expect((hq.system["level"] as Raw)["value"]).toBe(1);
    expect(plan.notes.map((n) => n.effect.type)).toEqual(["retreat"]);
    await applyPlan(plan.inverse, plan);
    expect((hq.system["level"] as Raw)["value"]).toBe(3);
  });
});

describe("words", () => {
  it("every phrase of a resolution is in the German file too", () => {
    const german = langFileWording(JSON.parse(readFileSync("lang/de.json", "utf8")) as LangTree, "de");
    setMap();
    mover();
    place("b1", "1/1 MRR Bn", "unit", "0301", battalion(), "p2");
    const r = resolved();
    expect(speak(r.outcome.line, german)).toBe("34 PzBrig überrennt 1/1 MRR Bn in 0301: 2 BP, 1 Treffer");
    for (const line of r.breakdown) expect(speak(line.text, german)).not.toContain("NOBC.");
  });
});
