import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  MOVEMENT_TABLE,
  canFightAfterMoving,
  movementAllowance,
  movementRow,
  resolvePlaysheetMove,
  usesFuel,
  type PlaysheetGround,
  type PlaysheetTroops,
} from "../../../src/rules/playsheet";
import { unwrap } from "../../../src/rules/resolution";

// seed 003, Movement table: troops, ground, tactical, non-tactical, road column, river crossing
const ROWS: [PlaysheetTroops, PlaysheetGround, number | null, number | null, number, boolean][] = [
  ["horseDrawnInfantry", "open", 15, 25, 30, true],
  ["horseDrawnInfantry", "marsh", 15, 25, 30, true],
  ["mechanised", "close", 18, 28, 64, false],
  ["mechanised", "open", 30, 32, 64, false],
  ["mechanised", "woodTown", 18, 28, 64, false],
  ["tanks", "marsh", 8, 18, 64, false],
  ["tanks", "open", 30, 32, 64, false],
  ["motorTowedArtillery", "close", null, null, 75, false],
  ["recce", "close", 18, 28, 100, true],
  ["recce", "open", 30, 35, 100, true],
];

describe("movement table (seed 003 Movement)", () => {
  it("carries nine printed rows", () => {
    expect(MOVEMENT_TABLE).toHaveLength(9);
  });

  it.each(ROWS)(
    "%s on %s: %s tactical, %s non-tactical, %s road column, river %s (seed 003 Movement)",
    (troops, ground, tac, non, road, river) => {
      expect(movementAllowance(troops, ground, "tactical")).toBe(tac);
      expect(movementAllowance(troops, ground, "nonTactical")).toBe(non);
      expect(movementAllowance(troops, ground, "roadColumn")).toBe(road);
      expect(movementRow(troops, ground)?.row.riverCrossing).toBe(river);
      expect(movementRow(troops, ground)?.borrowed).toBe(false);
    },
  );

  it("tanks borrow the mechanised close and wood/town rows; mechanised borrow the tanks' marsh row (decision: shared vehicle rows)", () => {
    expect(movementAllowance("tanks", "close", "tactical")).toBe(18);
    expect(movementAllowance("tanks", "woodTown", "nonTactical")).toBe(28);
    expect(movementAllowance("mechanised", "marsh", "tactical")).toBe(8);
    expect(movementRow("tanks", "close")?.borrowed).toBe(true);
  });

  it("recce has no wood/town or marsh row", () => {
    expect(movementRow("recce", "marsh")).toBeUndefined();
    expect(() => movementAllowance("recce", "woodTown", "tactical")).toThrow(RangeError);
  });

  it("horse-drawn infantry alone uses no fuel (seed 003 Combat: mechanised units 1 fuel per turn moved)", () => {
    expect(usesFuel("horseDrawnInfantry")).toBe(false);
    expect(usesFuel("tanks")).toBe(true);
  });

  it("moving more than half a turn forbids fighting, except overruns (seed 003 Movement note)", () => {
    expect(canFightAfterMoving(15, 30, false)).toBe(true);
    expect(canFightAfterMoving(16, 30, false)).toBe(false);
    expect(canFightAfterMoving(30, 30, true)).toBe(true);
  });
});

describe("resolvePlaysheetMove", () => {
  const tank = { ref: "a1", name: "6 Pz Regt", troops: "tanks" as const };

  it("a tank move within range costs 1 fuel and may still fight at half", () => {
    const r = unwrap(resolvePlaysheetMove({ unit: tank, ground: "open", mode: "tactical", distanceKm: 15, crossesRiver: false }));
    expect(r.outcome).toEqual({ allowanceKm: 30, canFightThisTurn: true, fuelSpent: 1 });
    expect(r.effects).toEqual([{ type: "playsheetSupply", actor: "a1", delta: -1, kind: "fuel" }]);
    expect(r.breakdown[0]!.source).toContain("seed 003");
  });

  it("a borrowed row cites the decision", () => {
    const r = unwrap(resolvePlaysheetMove({ unit: tank, ground: "close", mode: "roadColumn", distanceKm: 40, crossesRiver: false }));
    expect(r.breakdown[0]!.source).toContain("shared vehicle rows");
    expect(r.outcome.canFightThisTurn).toBe(false);
  });

  it("horse-drawn infantry standing still spends nothing", () => {
    const r = unwrap(
      resolvePlaysheetMove({
        unit: { ref: "i", name: "Inf", troops: "horseDrawnInfantry" },
        ground: "close",
        mode: "tactical",
        distanceKm: 0,
        crossesRiver: true,
      }),
    );
    expect(r.effects).toEqual([]);
    expect(r.outcome.fuelSpent).toBe(0);
  });

  it("refuses a move too far, a river it cannot cross and a bad distance together", () => {
    const r = resolvePlaysheetMove({ unit: tank, ground: "open", mode: "tactical", distanceKm: 31, crossesRiver: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code)).toEqual(["tooFar", "noRiverCrossing"]);
    const bad = resolvePlaysheetMove({ unit: tank, ground: "open", mode: "tactical", distanceKm: Number.NaN, crossesRiver: false });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.refusals[0]!.code).toBe("badDistance");
  });

  it("refuses a tactical move for motor-towed artillery and ground with no row", () => {
    const arty = resolvePlaysheetMove({
      unit: { ref: "g", name: "Arty", troops: "motorTowedArtillery" },
      ground: "open",
      mode: "tactical",
      distanceKm: 1,
      crossesRiver: false,
    });
    expect(arty.ok ? [] : arty.refusals.map((x) => x.code)).toEqual(["modeUnavailable"]);
    const recce = resolvePlaysheetMove({
      unit: { ref: "r", name: "Recce", troops: "recce" },
      ground: "marsh",
      mode: "tactical",
      distanceKm: 1,
      crossesRiver: true,
    });
    expect(recce.ok ? [] : recce.refusals.map((x) => x.code)).toEqual(["noMovementRow"]);
  });

  it("never mutates its input", () => {
    const input = Object.freeze({
      unit: Object.freeze({ ...tank }),
      ground: "open" as const,
      mode: "nonTactical" as const,
      distanceKm: 10,
      crossesRiver: false,
    });
    expect(() => resolvePlaysheetMove(input)).not.toThrow();
  });

  it("property: any distance within the allowance is accepted, anything beyond refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (d) => {
        const r = resolvePlaysheetMove({ unit: tank, ground: "open", mode: "nonTactical", distanceKm: d, crossesRiver: false });
        expect(r.ok).toBe(d <= 32);
      }),
    );
  });
});
