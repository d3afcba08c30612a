import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyHits } from "../../../src/rules/nobc/land/hits";

// The one cap-and-eliminate rule used by ground combat, rear-area and nuclear strikes, and movement.
describe("applyHits (seed 000 Land War QRS: hits reduce Combat Strength)", () => {
  it("applies hits below strength without eliminating", () => {
    expect(applyHits({ id: "a", strength: 5 }, 3)).toEqual({
      applied: 3,
      eliminated: false,
      effects: [{ type: "hits", actor: "a", amount: 3 }],
    });
  });

  it("caps hits at strength and eliminates at 0 (boundary: hits equal to strength)", () => {
    const expected = {
      applied: 4,
      eliminated: true,
      effects: [
        { type: "hits", actor: "a", amount: 4 },
        { type: "eliminated", actor: "a" },
      ],
    };
    expect(applyHits({ id: "a", strength: 4 }, 4)).toEqual(expected);
    expect(applyHits({ id: "a", strength: 4 }, 9)).toEqual(expected);
  });

  it("0 hits, or a unit already at nothing, changes nothing", () => {
    expect(applyHits({ id: "a", strength: 4 }, 0)).toEqual({ applied: 0, eliminated: false, effects: [] });
    expect(applyHits({ id: "a", strength: 0 }, 3)).toEqual({ applied: 0, eliminated: false, effects: [] });
  });

  it("throws on hits or strength that are not whole numbers of 0 or more", () => {
    expect(() => applyHits({ id: "a", strength: 4 }, -1)).toThrow(RangeError);
    expect(() => applyHits({ id: "a", strength: 4 }, 1.5)).toThrow(RangeError);
    expect(() => applyHits({ id: "a", strength: Number.NaN }, 1)).toThrow(RangeError);
    expect(() => applyHits({ id: "a", strength: -2 }, 1)).toThrow(RangeError);
  });

  it("property: applied = min(hits, strength), eliminated exactly when it reaches 0 from above", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), (strength, hits) => {
        const r = applyHits({ id: "a", strength }, hits);
        expect(r.applied).toBe(Math.min(hits, strength));
        expect(r.eliminated).toBe(strength > 0 && hits >= strength);
      }),
    );
  });
});
