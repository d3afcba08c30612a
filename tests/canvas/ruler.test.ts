/**
 * The drag's ruler (src/canvas/ruler/): the rules' cost of each grid step (the movement actions'
 * cost function) checked against the seed's Movement Rates table (seed 000, Land War QRS), and the
 * label of each waypoint (MP spent and left in halves, hits, the rules broken, stacking) read from
 * `planMove`. The world is the board game's (tests/turn/board-world.ts) on a map of our own with
 * every row of the table in it.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { boardMap, buildBoardWorld } from "../turn/board-world";
import { card } from "../turn/world";
import { langFileWording, speak as speakIn } from "../../src/words/phrase";
import { forgetTerrain, readBattlefield } from "../../src/world/read";
import { planMove, type MovePlan, type MovementTurn } from "../../src/world/movement";
import { stepMp, hexOfOffset } from "../../src/canvas/ruler/cost";
import { halves, rulerLabels, stepsAtWaypoints, type WaypointLabel } from "../../src/canvas/ruler/labels";
import type { TerrainMap } from "../../src/map/terrain-schema";
import type { LandUnit } from "../../src/rules/nobc/land/types";
import type { Battlefield } from "../../src/world/battlefield";
import en from "../../lang/en.json";

const MOVEMENT: MovementTurn = { phase: "movement", group: null };
const words = langFileWording(en, "en");
const speak = (p: Parameters<typeof speakIn>[0]): string => speakIn(p, words);

/**
 * The board game's 5 × 4 map with a row of the Movement Rates table in most hexes:
 *
 *   column 01: 0101 clear, 0102 woods, 0103 rough, 0104 marsh
 *   column 02: 0201 clear, 0202 clear, 0203 city (mined), 0204 rough + woods (contaminated)
 *   column 03: 0301 clear ┆minor river, unbridged┆ 0302 town, 0303 clear ┆major river, unbridged┆ 0304 clear
 *   column 04: a road 0401 → 0402 (woods) → 0403 (rough); 0404 woods + marsh
 *   column 05: an autobahn 0501 → 0502 → 0503 (rough) → 0504 (woods)
 */
function ratesMap(): TerrainMap {
  const map = boardMap();
  const terrain: Record<string, TerrainMap["hexes"][string]["terrain"]> = {
    "0102": ["woods"],
    "0103": ["rough"],
    "0104": ["marsh"],
    "0203": ["city"],
    "0204": ["rough", "woods"],
    "0302": ["town"],
    "0402": ["woods"],
    "0403": ["rough"],
    "0404": ["woods", "marsh"],
    "0503": ["rough"],
    "0504": ["woods"],
  };
  for (const [hex, t] of Object.entries(terrain)) map.hexes[hex] = { ...map.hexes[hex]!, terrain: t };
  return {
    ...map,
    hexsides: [
      ...map.hexsides,
      { hex: "0301", side: "s", river: "minor", bridge: false },
      { hex: "0303", side: "s", river: "major", bridge: false },
    ],
    roads: [
      { kind: "road", path: ["0401", "0402", "0403"] },
      { kind: "autobahn", path: ["0501", "0502", "0503", "0504"] },
    ],
  };
}

let actors: Map<string, FakeActorT>;

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  forgetTerrain();
  harness.viewScene();
  actors = buildBoardWorld();
  harness.setSceneFlag("terrain", ratesMap());
  harness.setSceneFlag("mapState", {
    format: "nobc-map-state/1",
    mines: { "0203": { side: "wp" } },
    contaminated: { "0204": true },
    destroyedBridges: {},
    cutAutobahn: {},
  });
});

function unitOf(field: Battlefield, id: string, mode?: "combat" | "march"): LandUnit {
  const unit = field.units.find((u) => u.id === `Actor.${id}`)!;
  return mode === undefined ? unit : { ...unit, mode };
}

function planned(result: ReturnType<typeof planMove>): MovePlan {
  if ("refused" in result) throw new Error(`refused: ${JSON.stringify(result.refused)}`);
  return result;
}

describe("the cost of a grid step (seed 000, Land War QRS: Movement Rates)", () => {
  it("prices each terrain type, the same in both modes off the roads", () => {
    const field = readBattlefield();
    for (const mode of ["combat", "march"] as const) {
      const unit = unitOf(field, "n34", mode);
      expect(stepMp(field, unit, "0101", "0102"), `woods, ${mode}`).toBe(2);
      expect(stepMp(field, unit, "0102", "0103"), `rough, ${mode}`).toBe(2);
      expect(stepMp(field, unit, "0103", "0104"), `marsh, ${mode}`).toBe(2);
      expect(stepMp(field, unit, "0102", "0101"), `clear, ${mode}`).toBe(1);
      expect(stepMp(field, unit, "0301", "0302") !== null, mode).toBe(true);
      expect(stepMp(field, unit, "0404", "0403") !== null, mode).toBe(true);
    }
    const unit = unitOf(field, "n34");
    expect(stepMp(field, unit, "0403", "0404"), "woods + marsh: the dearer").toBe(2);
  });

  it("takes the road and the autobahn rates in March Mode only", () => {
    const field = readBattlefield();
    const march = unitOf(field, "n34", "march");
    const combat = unitOf(field, "n34", "combat");
    expect(stepMp(field, march, "0401", "0402"), "road into woods, March Mode").toBe(1);
    expect(stepMp(field, combat, "0401", "0402"), "road into woods, Combat Mode").toBe(2);
    expect(stepMp(field, march, "0502", "0503"), "autobahn into rough, March Mode").toBe(0.5);
    expect(stepMp(field, march, "0503", "0504"), "autobahn into woods, March Mode").toBe(0.5);
    expect(stepMp(field, combat, "0502", "0503"), "autobahn into rough, Combat Mode").toBe(2);
  });

  it("adds a river crossing: bridged nothing, unbridged minor 2 and major 4, less with the unit's Bridging Engineers", () => {
    let field = readBattlefield();
    const unit = () => unitOf(field, "n34");
    // 2 MRR (Warsaw Pact: no disengaging) crossing the bridged Aller into clear 0201.
    expect(stepMp(field, unitOf(field, "w2"), "0301", "0201"), "bridged Aller").toBe(1);
    expect(stepMp(field, unit(), "0301", "0302"), "unbridged minor into town").toBe(1 + 2);
    expect(stepMp(field, unit(), "0303", "0304"), "unbridged major").toBe(1 + 4);
    const icorps = actors.get("icorps")!;
    icorps.addItem({
      id: "br1",
      name: "Brücke 1",
      type: "supportCard",
      system: card("nato", "bridgingEngineer", 1, "discard", "Actor.n34"),
    });
    field = readBattlefield();
    expect(stepMp(field, unit(), "0301", "0302"), "minor, one engineer").toBe(1 + 1);
    expect(stepMp(field, unit(), "0303", "0304"), "major, one engineer: not enough").toBe(1 + 4);
    icorps.addItem({
      id: "br2",
      name: "Brücke 2",
      type: "supportCard",
      system: card("nato", "bridgingEngineer", 1, "discard", "Actor.n34"),
    });
    field = readBattlefield();
    expect(stepMp(field, unit(), "0303", "0304"), "major, two engineers").toBe(1 + 2);
    expect(stepMp(field, unitOf(field, "n36"), "0303", "0304"), "another unit's engineers do not help").toBe(1 + 4);
  });

  it("adds a minefield and contamination on top of the terrain", () => {
    const field = readBattlefield();
    expect(field.mapStateProblems).toEqual([]);
    const unit = unitOf(field, "w1");
    expect(stepMp(field, unit, "0202", "0203"), "city + mines").toBe(2 + 1);
    expect(stepMp(field, unit, "0203", "0204"), "rough + woods, contaminated").toBe(2 + 1);
  });

  it("charges a NATO unit +1 MP leaving a Warsaw Pact unit it started next to, on the step out of its own hex only", () => {
    const field = readBattlefield();
    const n36 = unitOf(field, "n36");
    // 36 PzBrig (0202) starts next to 2 MRR (0303); 0102 (woods) is not next to it.
    expect(stepMp(field, n36, "0202", "0102")).toBe(2 + 1);
    expect(stepMp(field, unitOf(field, "n34"), "0202", "0102"), "another unit passing through 0202").toBe(2);
    const plan = planned(planMove(field, MOVEMENT, { unit: "Actor.n36", path: ["0102"] }));
    expect(plan.steps.map((s) => s.mp)).toEqual([3]);
  });

  it("agrees with planMove step by step, and answers null where the rules cannot say", () => {
    const field = readBattlefield();
    const n34 = unitOf(field, "n34");
    const plan = planned(planMove(field, MOVEMENT, { unit: "Actor.n34", path: ["0101", "0102", "0103"] }));
    const path = plan.path;
    expect(path.slice(1).map((hex, i) => stepMp(field, n34, path[i]!, hex))).toEqual(plan.steps.map((s) => s.mp));
    expect(stepMp(field, n34, "0101", "0103"), "not neighbours").toBeNull();
    expect(stepMp(field, n34, "0104", "0105"), "off the map").toBeNull();
    harness.setSceneFlag("terrain", undefined);
    forgetTerrain();
    expect(stepMp(readBattlefield(), n34, "0101", "0102"), "no map").toBeNull();
  });

  it("reads a grid offset as a map hex from the scene's top-left hex", () => {
    expect(hexOfOffset({ i: 3, j: 4 }, { i: 2, j: 2 })).toBe("0302");
    expect(hexOfOffset({ i: 1, j: 4 }, { i: 2, j: 2 })).toBeNull();
  });
});

describe("Bridging Engineers along a path (seed 000, Land War QRS, 5. Movement: left behind, not re-used)", () => {
  /** Bridging Engineer cards in 1 GTA's hand, assigned to `unit`. */
  function bridging(ids: string[], unit: string): void {
    for (const id of ids)
      actors
        .get("gta")!
        .addItem({ id, name: id, type: "supportCard", system: card("wp", "bridgingEngineer", 1, "discard", `Actor.${unit}`) });
  }
  const cardUuid = (id: string) => `Actor.gta.Item.${id}`;

  it("a mover's card bridges the first unbridged river it helps at and is left there: discarded, counted at the hexside", () => {
    bridging(["b1", "b2"], "w1");
    const plan = planned(planMove(readBattlefield(), MOVEMENT, { unit: "Actor.w1", path: ["0302"] }));
    // Into the town (1, as clear) over the minor river: +1 (not +2) with one Bridging Engineer; one card is enough.
    expect(plan.steps.map((s) => s.mp)).toEqual([1 + 1]);
    expect(plan.engineersUsed).toEqual([{ hexside: "0301|0302", cards: [cardUuid("b1")], left: 1 }]);
    expect(plan.effects).toEqual([
      { type: "movementPoints", actor: "Actor.w1", value: 2 },
      { type: "cardDiscarded", card: cardUuid("b1") },
      { type: "engineersLeft", hexside: "0301|0302", count: 1 },
      { type: "moved", actor: "Actor.w1", from: "0301", path: ["0302"] },
    ]);
  });

  it("a card used at one river is not used again further on: the next river is crossed with what the mover has left", () => {
    bridging(["b1", "b2"], "w1");
    // 0302 over the minor river (one card), 0303, 0304 over the major river: one card is not the two it needs.
    const plan = planned(planMove(readBattlefield(), MOVEMENT, { unit: "Actor.w1", path: ["0302", "0303", "0304"] }));
    expect(plan.steps.map((s) => s.mp)).toEqual([1 + 1, 1, 1 + 4]);
    expect(plan.engineersUsed).toEqual([{ hexside: "0301|0302", cards: [cardUuid("b1")], left: 1 }]);
  });

  it("cards left at a hexside serve every later mover there; the mover's own make up what they lack", () => {
    harness.setSceneFlag("mapState", {
      format: "nobc-map-state/1",
      mines: {},
      contaminated: {},
      destroyedBridges: {},
      cutAutobahn: {},
      engineersLeft: { "0301|0302": 1, "0303|0304": 1 },
    });
    bridging(["b3"], "w2");
    const field = readBattlefield();
    expect(field.mapStateProblems).toEqual([]);
    // Any unit over the minor river where one card stands: +1, none of its own spent.
    expect(stepMp(field, unitOf(field, "w1"), "0301", "0302"), "minor, one left there").toBe(1 + 1);
    expect(planned(planMove(field, MOVEMENT, { unit: "Actor.w1", path: ["0302"] })).engineersUsed).toEqual([]);
    // The major river: one left there and 2 MRR's one make the two it needs (+2); its card stays there too.
    const plan = planned(planMove(field, MOVEMENT, { unit: "Actor.w2", path: ["0304"] }));
    expect(plan.steps.map((s) => s.mp)).toEqual([1 + 2]);
    expect(plan.engineersUsed).toEqual([{ hexside: "0303|0304", cards: [cardUuid("b3")], left: 2 }]);
  });

  it("a path that crosses back over the hexside where it left its card uses that card again, not another", () => {
    bridging(["b1", "b2"], "w1");
    // 0302 over the minor river (one card left there), back to 0301 over it, and over it again.
    const plan = planned(planMove(readBattlefield(), MOVEMENT, { unit: "Actor.w1", path: ["0302", "0301", "0302"] }));
    expect(plan.steps.map((s) => s.mp)).toEqual([1 + 1, 1 + 1, 1 + 1]);
    expect(plan.engineersUsed).toEqual([{ hexside: "0301|0302", cards: [cardUuid("b1")], left: 1 }]);
  });

  it("a card that cannot bring the cost down is kept", () => {
    bridging(["b4"], "w2");
    const plan = planned(planMove(readBattlefield(), MOVEMENT, { unit: "Actor.w2", path: ["0304"] }));
    expect(plan.steps.map((s) => s.mp)).toEqual([1 + 4]);
    expect(plan.engineersUsed).toEqual([]);
    expect(plan.effects.some((e) => e.type === "cardDiscarded")).toBe(false);
  });
});

describe("MP in halves", () => {
  it("writes halves with the ½ sign, whole numbers plain, and a minus for a debt", () => {
    expect([0, 0.5, 1, 2.5, 6, -1.5, -0.5].map(halves)).toEqual(["0", "½", "1", "2½", "6", "−1½", "−½"]);
  });
});

describe("the ruler's labels", () => {
  const text = (label: WaypointLabel) => label.lines.map((l) => speak(l));

  it("counts the hexes entered at each waypoint as the path is filled in", () => {
    expect(stepsAtWaypoints(["0201", "0201", "0203", "0403"])).toEqual([0, 0, 2, 4]);
  });

  it("shows MP spent and left at every waypoint in halves, and nothing at the start", () => {
    const field = readBattlefield();
    // In March Mode with its 6 MP (the marker says so: a new turn's reset).
    const markers = new Map(field.markers);
    markers.set("Actor.n34", { ...markers.get("Actor.n34")!, movementPoints: 6 });
    const march = { ...field, markers, units: field.units.map((u) => (u.id === "Actor.n34" ? { ...u, mode: "march" as const } : u)) };
    // 34 PzBrig in March Mode (6 MP): 0201 → 0101 clear (1; leaving 1 MRR next door costs +1 and 1 hit) → 0102 woods (2).
    const waypoints = ["0201", "0101", "0102"];
    const plan = planMove(march, MOVEMENT, { unit: "Actor.n34", path: ["0101", "0102"] });
    const labels = rulerLabels(plan, waypoints);
    expect(labels[0]).toBeNull();
    const [, first, second] = labels as [null, WaypointLabel, WaypointLabel];
    expect(first).toMatchObject({ spent: 2, left: 4, allowance: 6, hits: 1, warn: false });
    expect(text(first)).toEqual(["2 MP spent (+2)", "4 of 6 MP left", "1 hit taken"]);
    expect(second).toMatchObject({ spent: 4, leg: 2, left: 2, warnings: [], warn: false });
  });

  it("keeps counting past the allowance, and warns at the last waypoint with the rules' words", () => {
    const field = readBattlefield();
    // 36 PzBrig, Combat Mode (4 MP): 0102 woods 2 + disengaging 1, 0103 rough 2: 5 MP, over by 1.
    const plan = planned(planMove(field, MOVEMENT, { unit: "Actor.n36", path: ["0102", "0103"] }));
    expect(plan.priced).toBeNull();
    const [, first, last] = rulerLabels(plan, ["0202", "0102", "0103"]) as [null, WaypointLabel, WaypointLabel];
    expect(first).toMatchObject({ spent: 3, left: 1, warn: false });
    expect(last).toMatchObject({ spent: 5, left: -1, warn: true });
    expect(text(last)).toEqual(["5 MP spent (+2)", "1 MP more than the unit has left (allowance 4 MP)", "1 hit taken"]);
    expect(last.warnings.map((w) => speak(w)).join(" ")).toMatch(/36 PzBrig/);
  });

  it("warns of moving out of turn, through an enemy, into an enemy's hex, and of stacking in the last hex", () => {
    const field = readBattlefield();
    const out = planned(planMove(field, { phase: "other" }, { unit: "Actor.n36", path: ["0201"] }));
    const codes = (p: MovePlan) => p.breaks.map((b) => b.code);
    expect(codes(out)).toContain("outOfPhase");
    const outLabel = rulerLabels(out, ["0202", "0201"])[1] as WaypointLabel;
    expect(outLabel.warn).toBe(true);
    expect(outLabel.warnings.map((w) => w.key)).toContain("NOBC.Movement.Refused.outOfPhase");

    const into = planned(planMove(field, MOVEMENT, { unit: "Actor.n34", path: ["0301"] }));
    const intoLabel = rulerLabels(into, ["0201", "0301"])[1] as WaypointLabel;
    expect(intoLabel.warnings.map((w) => speak(w))).toContain("Enemies stand in 0301: only an overrun may enter it.");

    const through = planned(planMove(field, MOVEMENT, { unit: "Actor.w1", path: ["0201", "0101"] }));
    const throughLabels = rulerLabels(through, ["0301", "0101"]);
    expect((throughLabels[1] as WaypointLabel).warnings.map((w) => w.key)).toContain("NOBC.Movement.Refused.throughEnemy");

    // A third brigade into a woods hex (close terrain: two brigades at most, seed 000 Stacking table).
    const n34 = field.units.find((u) => u.id === "Actor.n34")!;
    const crowded = {
      ...field,
      units: [
        ...field.units,
        { ...n34, id: "Actor.n35", name: "35 PzBrig", hex: "0102" },
        { ...n34, id: "Actor.n37", name: "37 PzBrig", hex: "0102" },
      ],
    };
    const stacked = planned(planMove(crowded, MOVEMENT, { unit: "Actor.n36", path: ["0102"] }));
    expect(stacked.stacking).not.toEqual([]);
    const stackLabel = rulerLabels(stacked, ["0202", "0102"])[1] as WaypointLabel;
    expect(stackLabel.warnings.map((w) => w.key)).toContain("NOBC.Ruler.Stacking");
    expect(stackLabel.warnings.map((w) => speak(w)).find((w) => w.startsWith("Stacking in 0102: "))).toBeDefined();
    expect(stackLabel.warn).toBe(true);
  });

  it("shows only why when the board cannot read the path", () => {
    const field = readBattlefield();
    const refused = planMove(field, MOVEMENT, { unit: "Actor.n34", path: ["0203"] });
    expect(refused).toMatchObject({ refused: { code: "notAdjacent" } });
    expect(rulerLabels(refused, ["0201", "0203"])).toEqual([null, { refused: (refused as { refused: { text: unknown } }).refused.text }]);
  });
});
