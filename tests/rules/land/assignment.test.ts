import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkCardAssignment, unitCanTake, UNIT_SUPPORT_CATEGORIES, type AssignmentInput } from "../../../src/rules/nobc/land/assignment";
import { SUPPORT_CARD_CATEGORIES } from "../../../src/rules/nobc/land/types";
import { phrase } from "../../../src/rules/resolution";

const base: AssignmentInput = {
  card: { id: "Item.c1", name: "+2 Combat", side: "nato", category: "combatModifier" },
  unit: { id: "Actor.u1", name: "3 Pz Bde", side: "nato" },
  hq: { id: "Actor.hq", name: "I GE Corps", side: "nato", level: 3, radius: 5 },
  distance: 4,
  assignedToUnit: 1,
};

function with_(patch: Partial<AssignmentInput>): AssignmentInput {
  return { ...base, ...patch };
}

function codes(input: AssignmentInput): string[] {
  const r = checkCardAssignment(input);
  return r.ok ? [] : r.refusals.map((x) => x.code);
}

describe("support card assignment (seed 000, Land War QRS: 4. Ground Combat)", () => {
  it("accepts a card within radius and under the HQ's level, and counts what is left", () => {
    const r = checkCardAssignment(base);
    expect(r).toEqual({
      ok: true,
      value: expect.objectContaining({ card: "Item.c1", unit: "Actor.u1", hq: "Actor.hq", used: 2, left: 1 }),
    });
    if (r.ok) expect(r.value.source).toMatch(/seed 000/);
  });

  it("radius boundary: at the radius is allowed, one hex beyond is refused", () => {
    expect(codes(with_({ distance: 5 }))).toEqual([]);
    expect(codes(with_({ distance: 6 }))).toEqual(["hqOutOfRadius"]);
    expect(codes(with_({ distance: 0 }))).toEqual([]);
  });

  it("level boundary: the card that brings this unit's cards from the HQ to its level is allowed, the next is refused", () => {
    expect(codes(with_({ assignedToUnit: 2 }))).toEqual([]);
    expect(codes(with_({ assignedToUnit: 3 }))).toEqual(["hqOverLevel"]);
    expect(codes(with_({ hq: { ...base.hq!, level: 0 }, assignedToUnit: 0 }))).toEqual(["hqOverLevel"]);
  });

  it("refuses a card of the other side, naming the unit", () => {
    const r = checkCardAssignment(with_({ unit: { ...base.unit, side: "wp" } }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.refusals[0]).toMatchObject({ code: "sideMismatch", field: "unit.side" });
      expect(r.refusals[0]?.text).toEqual(
        phrase("NOBC.Rules.Land.Assignment.Refusal.sideMismatch", {
          card: "+2 Combat",
          cardSide: phrase("NOBC.Side.nato"),
          unit: "3 Pz Bde",
          unitSide: phrase("NOBC.Side.wp"),
        }),
      );
    }
  });

  it("refuses an HQ of the other side", () => {
    expect(codes(with_({ hq: { ...base.hq!, side: "wp" } }))).toEqual(["hqSideMismatch"]);
  });

  it.each(SUPPORT_CARD_CATEGORIES.map((c) => [c]))("category %s goes to a unit only if it is a unit category", (category) => {
    const refused = codes(with_({ card: { ...base.card, category } })).includes("categoryNotForUnits");
    expect(refused).toBe(!(UNIT_SUPPORT_CATEGORIES as readonly string[]).includes(category));
    expect(unitCanTake(category)).toBe(!refused);
  });

  it("refuses a card already assigned to the same unit", () => {
    expect(codes(with_({ card: { ...base.card, assignedTo: "Actor.u1" } }))).toEqual(["alreadyAssigned"]);
    expect(codes(with_({ card: { ...base.card, assignedTo: "Actor.other" } }))).toEqual([]);
  });

  it("refuses a card no HQ holds, with every other reason too", () => {
    const { hq: _hq, ...noHq } = base;
    expect(codes({ ...noHq, unit: { ...base.unit, side: "wp" } })).toEqual(["sideMismatch", "noHq"]);
  });

  it("refuses an unknown distance (a token missing from the map)", () => {
    expect(codes(with_({ distance: null }))).toEqual(["noDistance"]);
  });

  it.each([[-1], [1.5], [Number.NaN]])("refuses the distance %s", (distance) => {
    expect(codes(with_({ distance }))).toEqual(["hqDistanceInvalid"]);
  });

  it.each([[-1], [0.5], [Number.NaN]])("refuses %s cards already assigned", (assignedToUnit) => {
    expect(codes(with_({ assignedToUnit }))).toEqual(["badCount"]);
  });

  it("refuses an HQ with a broken level or radius", () => {
    expect(codes(with_({ hq: { ...base.hq!, level: -1 } }))).toEqual(["hqInvalid"]);
    expect(codes(with_({ hq: { ...base.hq!, radius: 1.5 } }))).toEqual(["hqInvalid"]);
  });

  it("never mutates its input, and accepts exactly when every condition holds (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORT_CARD_CATEGORIES),
        fc.constantFrom("nato" as const, "wp" as const),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (category, unitSide, level, radius, distance, assigned) => {
          const input = with_({
            card: { ...base.card, category },
            unit: { ...base.unit, side: unitSide },
            hq: { ...base.hq!, level, radius },
            distance,
            assignedToUnit: assigned,
          });
          const frozen = JSON.stringify(input);
          const r = checkCardAssignment(input);
          expect(JSON.stringify(input)).toBe(frozen);
          const allowed = unitCanTake(category) && unitSide === "nato" && distance <= radius && assigned < level;
          expect(r.ok).toBe(allowed);
          if (r.ok) expect(r.value.left).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
