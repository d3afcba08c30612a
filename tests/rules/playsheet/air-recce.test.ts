import { describe, expect, it } from "vitest";
import { airRecce, resolveAirRecce, type ReconReport, type ReconTarget } from "../../../src/rules/playsheet";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";

// seed 003, Air Recce table: die 6..1 for each target column
const COLUMNS: Record<ReconTarget, ReconReport[]> = {
  vehiclesMoving: ["directionTypeSize", "directionType", "direction", "direction", "enemySpotted", "none"],
  vehiclesStationary: ["typeSize", "type", "enemySpotted", "none", "none", "none"],
  infantryStationary: ["type", "enemySpotted", "none", "none", "none", "none"],
  infantryMoving: ["directionTypeSize", "directionType", "enemySpotted", "enemySpotted", "none", "none"],
};
const ROWS = (Object.keys(COLUMNS) as ReconTarget[]).flatMap((t) => COLUMNS[t].map((report, i) => [t, 6 - i, report] as const));

describe("air recce table (seed 003 Air Recce)", () => {
  it.each(ROWS)("%s, die %i: %s", (target, die, report) => {
    expect(airRecce(target, die)).toBe(report);
  });

  it("rejects bad dice and columns", () => {
    expect(() => airRecce("vehiclesMoving", 0)).toThrow(RangeError);
    expect(() => airRecce("vehiclesMoving", 7)).toThrow(RangeError);
    expect(() => airRecce("ships" as ReconTarget, 3)).toThrow(RangeError);
  });
});

describe("resolveAirRecce", () => {
  it("+1 when more than 3 units share the square (seed 003 Air Recce)", () => {
    const r = unwrap(resolveAirRecce({ target: { kind: "vehicles", moving: false, place: "open" }, unitsInSquare: 4 }, scriptedDice([4])));
    expect(r.outcome).toEqual({ column: "vehiclesStationary", modifiedRoll: 5, report: "type" });
    expect(
      unwrap(resolveAirRecce({ target: { kind: "vehicles", moving: false, place: "open" }, unitsInSquare: 3 }, scriptedDice([4]))).outcome
        .report,
    ).toBe("enemySpotted");
  });

  it("a 6 stays a 6 with the crowd bonus (decision: air recce cap)", () => {
    const r = unwrap(resolveAirRecce({ target: { kind: "infantry", moving: true, place: "open" }, unitsInSquare: 5 }, scriptedDice([6])));
    expect(r.outcome.modifiedRoll).toBe(6);
    expect(r.breakdown.map((l) => l.value)).toEqual([6, 1, -1]);
  });

  it("armour in a built-up area cannot claim cover and is read as in the open (seed 003 Air Recce)", () => {
    const r = unwrap(
      resolveAirRecce(
        { target: { kind: "vehicles", moving: true, place: "builtUp", armoured: true }, unitsInSquare: 1 },
        scriptedDice([2]),
      ),
    );
    expect(r.outcome.report).toBe("enemySpotted");
    expect(r.breakdown).toHaveLength(2);
    expect(r.effects).toEqual([]);
  });

  it("refuses targets the table does not cover, and a bad unit count", () => {
    const r = resolveAirRecce({ target: { kind: "infantry", moving: false, place: "builtUp" }, unitsInSquare: 0 }, scriptedDice([]));
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(["badNumber", "noRecceRow"]);
  });
});
