import { describe, expect, it } from "vitest";
import { airbaseRepairContext, repairSpread } from "../../../../src/apps/air/missions/airbase-repair/context";
import {
  airbaseRepairInput,
  chartsOf,
  defaultBoxes,
  initialAirbaseRepair,
  readAirbaseRepair,
  rollAirbaseRepair,
} from "../../../../src/apps/air/missions/airbase-repair/state";
import { initialOverrun, postOverrun, readOverrun } from "../../../../src/apps/air/missions/overrun/state";
import { overrunContext } from "../../../../src/apps/air/missions/overrun/context";
import { overrunController } from "../../../../src/apps/air/missions/overrun/controller";
import { constantDice } from "../../../../src/apps/air/missions/view";
import { scriptedDice } from "../../../../src/rules/dice";
import { AIRBASES, fixtureWorld, i18n } from "./fixture";
import { phrase } from "../../../../src/rules/resolution";
import { speak } from "../../../../src/words/phrase";

const world = fixtureWorld();

describe("step 11: airbase and air-defence repair (seed 000, Air War QRS 11)", () => {
  it("an airbase is a chart whose lost boxes are its track's maximum less its value", () => {
    expect(chartsOf(AIRBASES).map((c) => [c.name, c.lost])).toEqual([
      ["Bitburg", 2],
      ["Ramstein", 2],
      ["Templin", 1],
    ]);
  });

  it("the starting split serves the charts in order, three boxes per zone", () => {
    expect(defaultBoxes(world, "nato")).toEqual({ "Actor.bitburg": 2, "Actor.ramstein": 1 });
    expect(initialAirbaseRepair(world, "wp").boxes).toEqual({ "Actor.templin": 1 });
  });

  it("the chance of repairing k of n hits is binomial over the die and sums to 1", () => {
    const nato = repairSpread(2, 4);
    expect(nato).toEqual([expect.closeTo(4 / 36, 12), expect.closeTo(16 / 36, 12), expect.closeTo(16 / 36, 12)]);
    for (let n = 0; n <= 6; n++) expect(repairSpread(n, 3).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it("shows the target, each airbase's hits and the boxes to restore", () => {
    const ctx = airbaseRepairContext(initialAirbaseRepair(world, "nato"), world, i18n);
    expect(ctx).toMatchObject({ target: 4, chance: "66.7 %", canRoll: true, perZone: 3 });
    expect(ctx.airbases.map((a) => [a.name, a.hits, a.spread.length])).toEqual([
      ["Bitburg", 1, 2],
      ["Ramstein", 2, 3],
    ]);
    expect(ctx.charts.map((c) => c.boxes)).toEqual([2, 1]);
    expect(airbaseRepairContext(initialAirbaseRepair(world, "wp"), world, i18n).target).toBe(3);
  });

  it("reads the boxes typed; over the zone's three is refused before the roll", () => {
    const s = readAirbaseRepair(initialAirbaseRepair(world, "nato"), { "boxes:Actor.bitburg": "2", "boxes:Actor.ramstein": 2 }, world);
    expect(s.boxes).toEqual({ "Actor.bitburg": 2, "Actor.ramstein": 2 });
    const ctx = airbaseRepairContext(s, world, i18n);
    expect(ctx.canRoll).toBe(false);
    expect(ctx.refusals).toEqual([
      speak(phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.zoneLimit", { zone: "2ATAF", count: 3, chart: "Ramstein" }), i18n),
    ]);
    expect(readAirbaseRepair(s, { "boxes:Actor.ramstein": "" }, world).boxes["Actor.ramstein"]).toBe(0);
    expect(readAirbaseRepair(s, { side: "wp" }, world)).toEqual(initialAirbaseRepair(world, "wp"));
    const odd = readAirbaseRepair(s, { "boxes:Actor.ramstein": "1.5" }, world);
    expect(airbaseRepairContext(odd, world, i18n).refusals).toEqual([
      speak(phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.badRepair", { chart: "Ramstein", count: 1.5, lost: 2 }), i18n),
    ]);
  });

  it("one die per hit; failures become permanent; boxes restored; one card", () => {
    const post = rollAirbaseRepair(initialAirbaseRepair(world, "nato"), world, scriptedDice([4, 5, 1]), i18n);
    expect(post.ok).toBe(true);
    if (!post.ok) return;
    expect(post.value.resolution.rolls).toEqual([4, 5, 1]);
    expect(post.value.resolution.effects).toEqual([
      { type: "airbaseHits", airbase: "Actor.bitburg", repairable: -1, permanent: 0 },
      { type: "airbaseHits", airbase: "Actor.ramstein", repairable: -2, permanent: 1 },
      { type: "airDefence", chart: "Actor.bitburg", delta: 2 },
      { type: "airDefence", chart: "Actor.ramstein", delta: 1 },
    ]);
    expect(post.value.outcome).toBe(
      speak(
        phrase("NOBC.AirMissions.AirbaseRepair.Outcome", {
          repaired: phrase("NOBC.AirMissions.AirbaseRepair.Repaired", { count: 2 }),
          permanent: 1,
          boxes: phrase("NOBC.AirMissions.AirbaseRepair.Boxes", { count: 3 }),
        }),
        i18n,
      ),
    );
    expect(post.value.inputs.map((l) => l.label)).toEqual(["Bitburg", "Ramstein"]);
    expect(post.value.inputs.map((l) => l.value)).toEqual(
      [1, 2].map((count) => speak(phrase("NOBC.AirMissions.AirbaseRepair.HitsLine", { count }), i18n)),
    );
  });

  it("refuses a side with nothing to repair", () => {
    const whole = fixtureWorld({
      airbases: AIRBASES.map((a) => ({ ...a, hits: 0, airDefence: { value: a.airDefence.max, max: a.airDefence.max } })),
    });
    expect(airbaseRepairInput(initialAirbaseRepair(whole, "nato"), whole)).toMatchObject({
      ok: false,
      refusals: [{ code: "nothingToRepair", text: phrase("NOBC.AirMissions.Check.nothingToRepair", { side: phrase("NOBC.Side.nato") }) }],
    });
    expect(airbaseRepairContext(initialAirbaseRepair(whole, "nato"), whole, i18n).canRoll).toBe(false);
    expect(rollAirbaseRepair(initialAirbaseRepair(whole, "wp"), whole, constantDice(1), i18n).ok).toBe(false);
    expect(rollAirbaseRepair({ side: "nato", boxes: { "Actor.bitburg": 9 } }, world, constantDice(1), i18n).ok).toBe(false);
  });
});

describe("step 11: airfield overrun (seed 000, Air War QRS 11)", () => {
  it("permanent hits at once, shown before posting", async () => {
    const s = readOverrun(initialOverrun(world), { airbase: "Actor.templin", hits: 2 });
    expect(s).toEqual({ airbase: "Actor.templin", hits: "2" });
    const ctx = overrunContext(s, world, i18n);
    expect(ctx.canRoll).toBe(true);
    expect(ctx.rows[0]!.valueText).toBe("+2");
    expect(ctx.airbases.find((a) => a.selected)!.label).toBe("Templin (NOBC.Side.wp)");
    const post = postOverrun(s, world, i18n);
    expect(post.ok && post.value.resolution.effects).toEqual([
      { type: "airbaseHits", airbase: "Actor.templin", repairable: 0, permanent: 2 },
    ]);
    expect(post.ok && post.value.outcome).toBe(speak(phrase("NOBC.AirMissions.Overrun.Outcome", { name: "Templin", count: 2 }), i18n));
    expect((await overrunController.submit(s, world, i18n, constantDice(1))).ok).toBe(true);
    expect(await overrunController.change(s, {}, world)).toEqual(s);
  });

  it("refuses no airbase, and hits that are not a whole number of 1 or more", () => {
    expect(overrunContext(readOverrun(initialOverrun(world), { hits: "" }), world, i18n).refusals).toEqual([
      speak(phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.badOverrunHits", { airbase: "Bitburg", value: Number.NaN }), i18n),
    ]);
    expect(overrunContext(readOverrun(initialOverrun(world), { hits: "0" }), world, i18n).canRoll).toBe(false);
    const none = fixtureWorld({ airbases: [] });
    expect(overrunContext(initialOverrun(none), none, i18n).refusals).toEqual(["NOBC.AirMissions.Check.noOverrunAirbase"]);
    expect(postOverrun(initialOverrun(none), none, i18n).ok).toBe(false);
    expect(overrunController.open(world, { side: "wp" })).toEqual({ ok: true, state: initialOverrun(world) });
  });
});
