/**
 * A move card's headline says what its body says (issue #36, finding 10): a GM's override of a path
 * the rules refused (over the allowance) spends what the path's steps cost, as the overridden rule
 * says it ("would need 5 MP … has 4"), not only the 4 MP that came off the unit.
 */
import { describe, expect, it } from "vitest";
import { moveOutcome, pathCostOf } from "../../../src/apps/land/move/state";

type Plan = Parameters<typeof moveOutcome>[0];

const plan = (over: Partial<Record<keyof Plan, unknown>>): Plan =>
  ({
    unit: { id: "Actor.u1", name: "34 PzBrig" },
    from: "0201",
    to: "0204",
    priced: null,
    steps: [],
    mpBefore: 4,
    mpAfter: 0,
    effects: [],
    ...over,
  }) as unknown as Plan;

describe("a move card's headline", () => {
  it("spends the path's cost on an override past the allowance, its MP left at 0", () => {
    const overridden = plan({
      steps: [
        { hex: "0202", mp: 1, hits: 0 },
        { hex: "0203", mp: 2, hits: 0 },
        { hex: "0204", mp: 2, hits: 0 },
      ],
    });
    expect(pathCostOf(overridden)).toBe(5);
    expect(moveOutcome(overridden)).toEqual({
      key: "NOBC.Move.Card.Outcome",
      data: { unit: "34 PzBrig", from: "0201", to: "0204", spent: 5, left: 0 },
    });
  });

  it("spends the rules' price on a priced path", () => {
    const priced = plan({ priced: { outcome: { mpSpent: 3 } }, steps: [{ hex: "0204", mp: 3, hits: 0 }], mpAfter: 1 });
    expect(moveOutcome(priced).data).toMatchObject({ spent: 3, left: 1 });
  });
});
