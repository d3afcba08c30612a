/**
 * The Air War chart model (src/apps/air/chart/model.ts): which squadron sits in which box of one
 * zone and side's charts, each airbase's spaces, the boxes the step highlights and its "what to do
 * now" line; and that it stays one pass at 240 squadrons.
 */
import { describe, expect, it } from "vitest";
import { airChart, airbaseBoxId, allocationBoxOf, stepLine, type ChartModel } from "../../../../src/apps/air/chart/model";
import type { Airbase } from "../../../../src/rules/nobc/air/index";
import { STAGES } from "../../../../src/rules/nobc/turn";
import { squadron } from "../battle/fixtures";

const base = (id: string, over: Partial<Airbase> = {}): Airbase => ({
  id: `Actor.${id}`,
  name: id,
  side: "nato",
  airZone: "North",
  hits: 0,
  permanentHits: 0,
  ...over,
});

const squadrons = [
  squadron("f15", { box: "airSuperiority" }),
  squadron("a10", { box: "cas" }),
  squadron("rf4", { recce: true, box: "recce" }),
  squadron("f111", { box: "deepStrike" }),
  squadron("f16", { airbase: "Actor.ramstein" }),
  squadron("f4", { airbase: "Actor.ramstein" }),
  squadron("ef111", { ew: true, airbase: "Actor.ramstein" }),
  squadron("harrier", { harrier: true }),
  squadron("tornado", { box: "damaged" }),
  squadron("jaguar", { box: "holding" }),
  squadron("mirage", { box: "destroyed" }),
  // Another zone's, and the enemy's: not on this chart.
  squadron("f5", { airZone: "South", airbase: "Actor.ramstein" }),
  squadron("mig29", { side: "wp", box: "airSuperiority" }),
];
const airbases = [base("ramstein", { hits: 1 }), base("hahn", { baseCapacity: 3, permanentHits: 1 }), base("brand", { side: "wp" })];

const ids = (model: ChartModel, box: string) =>
  [...model.operations, ...model.airbases, ...model.others].find((b) => b.id === box)!.counters.map((c) => c.id);

describe("the chart of a zone and side", () => {
  it("puts each squadron of the side based in the zone in its box, the ready ones on their airbase", () => {
    const model = airChart({ side: "nato", zone: "North", squadrons, airbases, stage: "airAllocation" });
    expect(model.count).toBe(11);
    expect(model.operations.map((b) => [b.id, b.inside])).toEqual([
      ["airSuperiority", null],
      ["cas", null],
      ["recce", "cas"],
      ["paradrop", "cas"],
      ["deepStrike", null],
    ]);
    expect(ids(model, "airSuperiority")).toEqual(["Actor.f15"]);
    expect(ids(model, "recce")).toEqual(["Actor.rf4"]);
    expect(ids(model, airbaseBoxId("Actor.ramstein"))).toEqual(["Actor.f16", "Actor.f4", "Actor.ef111"]);
    // A squadron with no airbase of this zone and side (a Harrier on its field sites) waits beside them.
    expect(ids(model, "unbased")).toEqual(["Actor.harrier"]);
    expect(ids(model, "damaged")).toEqual(["Actor.tornado"]);
    expect(ids(model, "holding")).toEqual(["Actor.jaguar"]);
    expect(ids(model, "destroyed")).toEqual(["Actor.mirage"]);
  });

  it("gives each airbase its capacity from the rules (2 less one per hit), the spaces used and whether it is over", () => {
    const model = airChart({ side: "nato", zone: "North", squadrons, airbases, stage: null });
    expect(model.airbases.map((b) => b.airbase)).toEqual([
      // The EW squadron needs no space: two of the three take one, at a base that holds one after its hit.
      { id: "Actor.ramstein", name: "ramstein", capacity: 1, used: 2, hits: 1, permanentHits: 0, over: true },
      { id: "Actor.hahn", name: "hahn", capacity: 2, used: 0, hits: 0, permanentHits: 1, over: false },
    ]);
  });

  it("shows the window's draft in its mission box, with the target zone when it is another", () => {
    const drafted = new Map([
      ["Actor.f16", { box: "cas" as const, targetZone: "South" }],
      ["Actor.f4", { box: "" as const, targetZone: "North" }],
      // A draft for a squadron no longer ready is not drawn: the squadron is where the documents say.
      ["Actor.tornado", { box: "cas" as const, targetZone: "North" }],
    ]);
    const model = airChart({ side: "nato", zone: "North", squadrons, airbases, stage: "airAllocation", drafted });
    expect(model.operations[1]!.counters).toEqual([
      { id: "Actor.a10", drafted: false, targetZone: null },
      { id: "Actor.f16", drafted: true, targetZone: "South" },
    ]);
    expect(ids(model, airbaseBoxId("Actor.ramstein"))).toEqual(["Actor.f4", "Actor.ef111"]);
    expect(model.airbases[0]!.airbase!.used).toBe(1);
    expect(ids(model, "damaged")).toEqual(["Actor.tornado"]);
  });

  it("shows the draft basing of step 10 on its airbase, or in Holding, and counts its space", () => {
    const based = new Map([
      ["Actor.jaguar", "Actor.hahn"],
      ["Actor.f4", ""],
      ["Actor.a10", "Actor.hahn"], // on a mission: not based now, drawn where it is
    ]);
    const model = airChart({ side: "nato", zone: "North", squadrons, airbases, stage: "airCapacity", based });
    expect(model.airbases[1]!.counters).toEqual([{ id: "Actor.jaguar", drafted: true, targetZone: null }]);
    expect(model.airbases[1]!.airbase!.used).toBe(1);
    expect(ids(model, airbaseBoxId("Actor.ramstein"))).toEqual(["Actor.f16", "Actor.ef111"]);
    expect(ids(model, "holding")).toEqual(["Actor.f4"]);
    expect(ids(model, "cas")).toEqual(["Actor.a10"]);
  });

  it("names the zone a squadron on a mission flies to", () => {
    const model = airChart({
      side: "nato",
      zone: "North",
      squadrons,
      airbases,
      stage: "airSorties",
      missionZones: new Map([
        ["Actor.a10", "South"],
        ["Actor.f111", "North"],
      ]),
    });
    expect(model.operations[1]!.counters).toEqual([{ id: "Actor.a10", drafted: false, targetZone: "South" }]);
    expect(model.operations[4]!.counters).toEqual([{ id: "Actor.f111", drafted: false, targetZone: null }]);
  });

  it("holds the other side's chart apart: the WP side sees its own squadrons and airbases only", () => {
    const model = airChart({ side: "wp", zone: "North", squadrons, airbases, stage: "airLineup" });
    expect(model.count).toBe(1);
    expect(ids(model, "airSuperiority")).toEqual(["Actor.mig29"]);
    expect(model.airbases.map((b) => b.airbase!.name)).toEqual(["brand"]);
  });
});

describe("what the step asks for", () => {
  const highlighted = (stage: Parameters<typeof airChart>[0]["stage"]) => {
    const model = airChart({ side: "nato", zone: "North", squadrons, airbases, stage });
    return [...model.operations, ...model.airbases, ...model.others].filter((b) => b.highlighted).map((b) => b.id);
  };

  it("lights the boxes each step places, reads or empties", () => {
    expect(highlighted("airAllocation")).toEqual(["airSuperiority", "cas", "recce", "paradrop", "deepStrike", "holding"]);
    expect(highlighted("airLineup")).toEqual(["airSuperiority"]);
    expect(highlighted("airCombat")).toEqual(["airSuperiority", "damaged"]);
    expect(highlighted("airSorties")).toEqual(["cas", "recce", "paradrop", "deepStrike"]);
    expect(highlighted("airReturn")).toEqual(["airSuperiority", "cas", "recce", "paradrop", "deepStrike", "damaged", "holding"]);
    expect(highlighted("airHandOver")).toEqual(["cas", "paradrop"]);
    expect(highlighted("airDeepStrike")).toEqual(["deepStrike"]);
    expect(highlighted("airRepair")).toEqual(["damaged"]);
    expect(highlighted("airCapacity")).toEqual([airbaseBoxId("Actor.ramstein"), airbaseBoxId("Actor.hahn"), "unbased", "holding"]);
    expect(highlighted("airbaseRepair")).toEqual([airbaseBoxId("Actor.ramstein"), airbaseBoxId("Actor.hahn")]);
    expect(highlighted("groundCombat")).toEqual([]);
    expect(highlighted(null)).toEqual([]);
  });

  it("has a line for every stage: each air step its own, the Land War one, no turn one", () => {
    const air = STAGES.filter((s) => s.war === "air").map((s) => stepLine(s.id));
    expect(air).toEqual(STAGES.filter((s) => s.war === "air").map((s) => `NOBC.AirChart.Step.${s.id}`));
    expect(new Set(STAGES.filter((s) => s.war === "land").map((s) => stepLine(s.id)))).toEqual(new Set(["NOBC.AirChart.Step.landWar"]));
    expect(stepLine(null)).toBe("NOBC.AirChart.Step.noTurn");
  });

  it("opens the boxes to drops in step 1 only, never Damaged or Destroyed", () => {
    const open = (stage: Parameters<typeof airChart>[0]["stage"]) => {
      const model = airChart({ side: "nato", zone: "North", squadrons, airbases, stage });
      return [...model.operations, ...model.airbases, ...model.others].filter((b) => b.open).map((b) => b.id);
    };
    expect(open("airAllocation")).toEqual([
      "airSuperiority",
      "cas",
      "recce",
      "paradrop",
      "deepStrike",
      airbaseBoxId("Actor.ramstein"),
      airbaseBoxId("Actor.hahn"),
      "unbased",
      "holding",
    ]);
    // Step 10: the airbases and Holding, for the basing.
    expect(open("airCapacity")).toEqual([airbaseBoxId("Actor.ramstein"), airbaseBoxId("Actor.hahn"), "holding"]);
    expect(open("airSorties")).toEqual([]);
  });

  it("reads a drop's box as the allocation's: a mission box, or staying ready on an airbase", () => {
    expect(["airSuperiority", "recce", "holding", "unbased", airbaseBoxId("Actor.x"), "damaged", "nowhere"].map(allocationBoxOf)).toEqual([
      "airSuperiority",
      "recce",
      "holding",
      "",
      "",
      undefined,
      undefined,
    ]);
  });
});

describe("at scale", () => {
  it("draws 240 squadrons over four zones in one pass each: every squadron on exactly one chart", () => {
    const zones = ["North", "Centre", "South", "Baltic"];
    const many = Array.from({ length: 240 }, (_, i) =>
      squadron(`s${i}`, {
        side: i % 2 === 0 ? "nato" : "wp",
        airZone: zones[i % 4]!,
        box: (["ready", "airSuperiority", "cas", "damaged", "holding"] as const)[i % 5]!,
        airbase: `Actor.b${i % 8}`,
      }),
    );
    const bases = Array.from({ length: 8 }, (_, i) => base(`b${i}`, { side: i % 2 === 0 ? "nato" : "wp", airZone: zones[i % 4]! }));
    let total = 0;
    for (const zone of zones) {
      for (const side of ["nato", "wp"] as const) {
        const model = airChart({ side, zone, squadrons: many, airbases: bases, stage: "airAllocation" });
        const placed = [...model.operations, ...model.airbases, ...model.others].reduce((n, b) => n + b.counters.length, 0);
        expect(placed).toBe(model.count);
        total += placed;
      }
    }
    expect(total).toBe(240);
  });
});
