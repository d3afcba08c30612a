import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";
import {
  COMMAND_REACTION_TABLE,
  MOVEMENT_RATES_TABLE,
  REAL_ESTATE_TABLE,
  SUPPORT_DELAY,
  TASK_TIMINGS_TABLE,
  ammoCapacity,
  campaignDayKm,
  commandReactionHours,
  frontage,
  fuelChainIntact,
  moveRate,
  rangeFromDice,
  resolveHourlySupplyCheck,
  resolveResupply,
  resolveTaskTime,
  responseHour,
  supplyLimits,
  type Formation,
  type MoverType,
  type Task,
} from "../../../src/rules/nqm/index";

describe("Table 5, Command Reaction (seed 004)", () => {
  it("Div to Corps 1 h, Corps to Army 2 h, Army to Army Group 2 h going up (seed 004 Table 5)", () => {
    expect(COMMAND_REACTION_TABLE).toEqual({ divisionToCorps: 1, corpsToArmy: 2, armyToArmyGroup: 2 });
  });
  it("orders take as long to come back down", () => {
    expect(commandReactionHours("division", "corps")).toBe(2);
    expect(commandReactionHours("division", "army")).toBe(6);
    expect(commandReactionHours("division", "armyGroup")).toBe(10);
    expect(commandReactionHours("corps", "corps")).toBe(0);
  });
  it("halved (rounded up) for veteran armoured or motorised units; nothing with a general present", () => {
    expect(commandReactionHours("division", "army", { veteranMobile: true })).toBe(3);
    expect(commandReactionHours("corps", "army", { veteranMobile: true })).toBe(2);
    expect(commandReactionHours("division", "armyGroup", { generalPresent: true })).toBe(0);
  });
  it("rejects asking a lower level", () => {
    expect(() => commandReactionHours("army", "corps")).toThrow(RangeError);
  });
  it("support delays and response hours (seed 004 Order of Battle and Command Reaction Times)", () => {
    expect(SUPPORT_DELAY).toEqual({ underCommand: 0, inDirectSupport: 0, inSupport: 1 });
    expect(responseHour("divisionFire", true)).toBe(1);
    expect(responseHour("divisionCounterattack", true)).toBe(2);
    expect(responseHour("corpsFire", true)).toBe(2);
    expect(responseHour("otherDivisionCounterattack", true)).toBe(3);
    expect(responseHour("otherDivisionCounterattack", false)).toBe(4);
    // Without orders only counter-attacks wait an hour; fire support needs no new orders.
    expect(responseHour("divisionCounterattack", false)).toBe(3);
    expect(responseHour("divisionFire", false)).toBe(1);
    expect(responseHour("corpsFire", false)).toBe(2);
  });
});

describe("Task Timings (seed 004, unnumbered table after Table 5)", () => {
  const fixed: [Task, number][] = [
    ["airSupportCorps", 4],
    ["airSupportArmy", 8],
    ["planMajorRiverCrossing", 8],
    ["digIn", 6],
    ["fortify", 24],
  ];
  it.each(fixed)("%s: %i hours (seed 004 Task Timings)", (task, hours) => {
    expect(TASK_TIMINGS_TABLE[task]).toEqual({ kind: "fixed", hours });
    expect(resolveTaskTime(task, scriptedDice([])).outcome.hours).toBe(hours);
  });
  it("infantry bridgehead 1-3 hours on one die (seed 004 Task Timings, note 2)", () => {
    expect(TASK_TIMINGS_TABLE.infantryBridgehead).toEqual({ kind: "range", min: 1, max: 3 });
    expect([1, 2, 3, 4, 5, 6].map((d) => resolveTaskTime("infantryBridgehead", scriptedDice([d])).outcome.hours)).toEqual([
      1, 1, 2, 2, 3, 3,
    ]);
  });
  it("vehicle bridge 2-12 hours on two dice", () => {
    expect(TASK_TIMINGS_TABLE.vehicleBridge).toEqual({ kind: "range", min: 2, max: 12 });
    const r = resolveTaskTime("vehicleBridge", scriptedDice([6, 5]));
    expect(r.outcome.hours).toBe(11);
    expect(r.rolls).toEqual([6, 5]);
  });
  it("minefields 8 engineer company hours per km; demolitions 8 and 1 platoon hours", () => {
    expect(TASK_TIMINGS_TABLE.layMinefield).toEqual({ kind: "work", hours: 8, team: "engineerCompany", perKm: true });
    expect(TASK_TIMINGS_TABLE.majorBridgeDemolition).toEqual({ kind: "work", hours: 8, team: "engineerPlatoon", perKm: false });
    expect(TASK_TIMINGS_TABLE.minorBridgeDemolition).toEqual({ kind: "work", hours: 1, team: "engineerPlatoon", perKm: false });
    expect(resolveTaskTime("layMinefield", scriptedDice([]), { km: 2, teams: 4 }).outcome.hours).toBe(4);
    expect(resolveTaskTime("majorBridgeDemolition", scriptedDice([]), { km: 5, teams: 2 }).outcome.hours).toBe(4);
    expect(resolveTaskTime("minorBridgeDemolition", scriptedDice([])).outcome.hours).toBe(1);
    expect(() => resolveTaskTime("layMinefield", scriptedDice([]), { teams: 0 })).toThrow(RangeError);
    expect(() => resolveTaskTime("layMinefield", scriptedDice([]), { km: -1 })).toThrow(RangeError);
  });
  it("range rule refuses spans it has no dice for", () => {
    expect(() => rangeFromDice(1, 9, scriptedDice([]))).toThrow(RangeError);
    expect(() => rangeFromDice(3, 2, scriptedDice([]))).toThrow(RangeError);
  });
});

describe("Table 1, Movement Rates (seed 004)", () => {
  const rows: [MoverType, number, number, number][] = [
    ["lightRecce", 5, 2, 10],
    ["armoured", 3, 1, 6],
    ["foot", 1, 0.5, 2],
    ["motorised", 3, 0.5, 9],
    ["cavalryCycle", 2, 0.5, 3],
    ["horsedrawnTransport", 1, 0.5, 2],
  ];
  it.each(rows)("%s: %s / %s / %s kph (seed 004 Table 1)", (type, mtc, aic, road) => {
    expect(MOVEMENT_RATES_TABLE[type]).toEqual({ moveToContact: mtc, advanceInContact: aic, roadMarch: road });
  });
  it("light recce advance in contact: 2 against light recce, otherwise as armour or foot", () => {
    expect(moveRate("lightRecce", "advanceInContact", { againstLightRecce: true })).toBe(2);
    expect(moveRate("lightRecce", "advanceInContact")).toBe(1);
    expect(moveRate("lightRecce", "advanceInContact", { recceMovesAs: "foot" })).toBe(0.5);
  });
  it("armour on tank transporters road-marches at 10", () => {
    expect(moveRate("armoured", "roadMarch", { onTankTransporter: true })).toBe(10);
    expect(moveRate("armoured", "roadMarch")).toBe(6);
  });
  it("campaign days: six to twelve times the hourly rate", () => {
    expect(campaignDayKm("foot", "moveToContact", 12)).toBe(12);
    expect(campaignDayKm("motorised", "roadMarch", 6)).toBe(54);
    expect(() => campaignDayKm("foot", "roadMarch", 5)).toThrow(RangeError);
    expect(() => campaignDayKm("foot", "roadMarch", 13)).toThrow(RangeError);
  });
});

describe("Table 2, Real Estate (seed 004)", () => {
  const rows: [Formation, number, number, number][] = [
    ["company", 300, 300, 300],
    ["companyInDefence", 300, 500, 300],
    ["battalion", 1000, 2000, 2000],
    ["battalionInDefence", 1000, 2000, 1000],
    ["brigadeOrRegiment", 4000, 7000, 8000],
    ["division", 10000, 15000, 24000],
  ];
  it.each(rows)("%s: frontage %i-%i m, depth %i m (seed 004 Table 2)", (f, lo, hi, depth) => {
    expect(REAL_ESTATE_TABLE[f]).toEqual({ frontage: [lo, hi], columnDepth: depth });
    expect(frontage(f, "close")).toBe(lo);
    expect(frontage(f, "open")).toBe(hi);
  });
});

describe("Logistics (seed 004)", () => {
  it("a stand carries dice equal to its strength", () => {
    expect(ammoCapacity(3)).toBe(3);
    expect(() => ammoCapacity(-1)).toThrow(RangeError);
  });
  it("out of fuel cannot move (tracked only); out of ammunition cannot attack", () => {
    expect(supplyLimits({ needsFuel: true, hasFuel: false, hasAmmunition: true })).toEqual({ canMove: false, canAttack: true });
    expect(supplyLimits({ needsFuel: false, hasFuel: false, hasAmmunition: false })).toEqual({ canMove: true, canAttack: false });
    expect(fuelChainIntact([true, true])).toBe(true);
    expect(fuelChainIntact([true, false])).toBe(false);
  });
  const input = {
    dump: { actor: "dump", name: "Div dump", divLog: 2 },
    stands: [
      { actor: "s1", name: "1 Coy", strength: 3, ammo: 1 },
      { actor: "s2", name: "2 Coy", strength: 2, ammo: 2 },
      // Lost a base since its last resupply: it holds more than it can carry, and gets nothing.
      { actor: "s3", name: "3 Coy", strength: 2, ammo: 3 },
    ],
    overnight: true,
    vehicleSentBack: false,
  };
  it("resupply spends one DIV LOG and fills stands to capacity", () => {
    const r = unwrap(resolveResupply(input));
    expect(r.outcome.diceIssued).toBe(2);
    expect(r.effects).toEqual([
      { type: "supplyUnits", actor: "dump", kind: "log", delta: -1 },
      { type: "ammo", actor: "s1", delta: 2 },
    ]);
  });
  it("by day only when a battalion vehicle went back", () => {
    expect(resolveResupply({ ...input, overnight: false, vehicleSentBack: true }).ok).toBe(true);
    const r = resolveResupply({
      ...input,
      overnight: false,
      dump: { ...input.dump, divLog: 0 },
      stands: [{ actor: "x", name: "4 Coy", strength: 1, ammo: 1.5 }],
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code).sort()).toEqual(["badStand", "noDivLog", "notOvernight"]);
    expect(resolveResupply({ ...input, dump: { ...input.dump, divLog: 0.5 } }).ok).toBe(false);
  });
  it("hourly supply check (house rule): out on a 1", () => {
    const out = resolveHourlySupplyCheck({ actor: "bn", name: "2 Bn" }, scriptedDice([1]));
    expect(out.outcome.outOfSupply).toBe(true);
    expect(out.effects).toEqual([
      { type: "inSupply", actor: "bn", value: false },
      { type: "disorganised", actor: "bn", value: true },
    ]);
    expect(resolveHourlySupplyCheck({ actor: "bn", name: "2 Bn" }, scriptedDice([2])).effects).toEqual([]);
  });
});
