/**
 * Issue #35 item 6: the Resupply entry card counts the units each HQ may resupply with the rules' yes or
 * no (`resupplyAccepts`), not their whole resolution. The yes or no is the resolution's for any hand-out to
 * one unit (random inputs, bad ones too), and the entry's counts are the full offers' on seeded theatres,
 * on a map that grows with the units and on one that does not.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolveResupply, resupplyAccepts, type ResupplyCandidate, type ResupplyInput } from "../../../src/rules/nobc/land/resupply";
import { resupplyEntryOffers, resupplyIndex, resupplyOffers } from "../../../src/apps/land/resupply/state";
import { theatre, theatreField } from "../../bench/theatre";

describe("resupplyAccepts", () => {
  it("says yes exactly when resolveResupply accepts the hand-out to the one unit", () => {
    const num = fc.oneof(fc.integer({ min: -1, max: 6 }), fc.constantFrom(0.5, Number.NaN, Number.POSITIVE_INFINITY));
    const hq = fc.record({
      id: fc.constantFrom("Actor.h1", "Actor.h2"),
      name: fc.constant("HQ"),
      side: fc.constantFrom("nato", "wp"),
      echelon: fc.constantFrom("corps", "army", "front"),
      level: num,
      radius: num,
      nationality: fc.constantFrom("us", "frg"),
    }) as fc.Arbitrary<ResupplyInput["hq"]>;
    const candidate = fc.record({
      unit: fc.record({
        id: fc.constant("Actor.u1"),
        name: fc.constant("Unit"),
        side: fc.constantFrom("nato", "wp"),
        size: fc.constantFrom("division", "brigade", "regiment", "battalion"),
        arm: fc.constantFrom("armour", "infantry", "artillery"),
        supply: num,
        nationality: fc.constantFrom("us", "frg"),
        hq: fc.constantFrom("Actor.h1", "Actor.h2"),
      }),
      front: fc.constantFrom("Actor.h1", "Actor.h2"),
      onOrAdjacentToRoad: fc.boolean(),
      distance: num,
      autobahnHexes: num,
    }) as fc.Arbitrary<ResupplyCandidate>;
    fc.assert(
      fc.property(hq, candidate, num, (h, c, counters) => {
        const full = resolveResupply({ hq: h, candidates: [c], allocation: { [c.unit.id]: counters } });
        expect(resupplyAccepts(h, c, counters)).toBe(full.ok);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("the entry card's counts", () => {
  for (const [units, fixedMap] of [
    [100, false],
    [400, false],
    [400, true],
    [1600, true],
  ] as const) {
    it(`equal the full offers' (${String(units)} units${fixedMap ? ", fixed map" : ""})`, () => {
      const field = theatreField(theatre(units, 20, { fixedMap }));
      const index = resupplyIndex(field);
      let eligibleSeen = 0;
      for (const hq of field.hqs) {
        const full = resupplyOffers(field, hq).filter((o) => o.eligible);
        const entry = resupplyEntryOffers(field, hq, index).eligible;
        expect(entry.map((o) => [o.unit.id, o.room])).toEqual(full.map((o) => [o.unit.id, o.room]));
        eligibleSeen += entry.length;
      }
      expect(eligibleSeen).toBeGreaterThan(0);
    });
  }
});
