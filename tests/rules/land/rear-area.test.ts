import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  REAR_AREA_RESULTS,
  rearAreaAttack,
  rearAreaResult,
  targetIdentificationProblems,
  type RearAreaAttackInput,
  type RearAreaStrike,
  type RearAreaTarget,
} from "../../../src/rules/nobc/land/rear-area";
import type { LandHq, LandUnit, SupportCard } from "../../../src/rules/nobc/land/types";
import { scriptedDice, seededDice, type Dice } from "../../../src/rules/dice";
import { phrase, total, unwrap } from "../../../src/rules/resolution";

const SEED = "seed 000 (NOBC), Land War QRS: 3. Rear Area Attacks";

function card(id: string, category: SupportCard["category"], value = 0, side: SupportCard["side"] = "wp"): SupportCard {
  return { id, side, category, value, hq: "Actor.3sa" };
}

function hq(over: Partial<LandHq> = {}): LandHq {
  return {
    id: "Actor.1corps",
    side: "nato",
    name: "I (BR) Corps",
    echelon: "corps",
    level: 5,
    maxLevel: 6,
    radius: 4,
    nationality: "UK",
    hex: "20.10",
    mayRecover: true,
    ...over,
  };
}

function unit(over: Partial<LandUnit> = {}): LandUnit {
  return {
    id: "Actor.4armd",
    side: "nato",
    name: "4 Armd Bde",
    size: "brigade",
    arm: "armour",
    strength: 10,
    mode: "combat",
    supply: 1,
    hex: "21.10",
    nationality: "UK",
    ...over,
  };
}

const intel = card("Card.intel", "intelligence");
const recce = card("Card.recce", "airRecce");
const sf = card("Card.sf", "specialForces", 3);
const sf2 = card("Card.sf2", "specialForces", 3);
const ssm = card("Card.ssm", "ssm", 3);
const ew = card("Card.ew", "ew", 2);
const cw = card("Card.cw", "chemical", 2);
const cas = (value: number, chemical?: SupportCard): RearAreaStrike => ({
  kind: "cas",
  squadron: "Actor.su24",
  name: "Su-24 sqn",
  value,
  ...(chemical ? { chemical } : {}),
});

function unitTarget(u: Partial<LandUnit> = {}, terrain: RearAreaTarget["terrain"] = ["clear"]): RearAreaTarget {
  return { kind: "unit", unit: unit(u), terrain, inContact: false };
}

function attack(over: Partial<RearAreaAttackInput> = {}): RearAreaAttackInput {
  return {
    attacker: "wp",
    target: { kind: "hq", hq: hq(), terrain: ["clear"] },
    identification: [intel, recce],
    strikes: [cas(2)],
    ...over,
  };
}

function codes(r: { ok: boolean; refusals?: { code: string }[] }): string[] {
  return r.ok ? [] : (r.refusals ?? []).map((x) => x.code);
}

describe("rearAreaResult: results table (seed 000 Land War QRS, Rear Area Attacks)", () => {
  it.each([
    [1, 0, 0, 1],
    [2, 0, 0, 1],
    [3, 0, 0, 2],
    [4, 0, 0, 2],
    [5, 0, 0, 3],
    [6, 0, 0, 3],
    [7, 1, 0, 4],
    [9, 1, 0, 4],
    [10, 1, 1, 5],
    [14, 1, 1, 5],
    [15, 2, 1, 6],
    [19, 2, 1, 6],
    [20, 3, 2, 7],
    [57, 3, 2, 7],
  ])("score %i: HQ −%i boxes, −%i cards; unit %i hits", (score, hqBoxes, supportCardsRemoved, unitHits) => {
    expect(rearAreaResult(score)).toEqual({ hqBoxes, supportCardsRemoved, unitHits });
  });

  it.each([0, -1, -30])("score %i is below the table: no effect (decision)", (score) => {
    expect(rearAreaResult(score)).toEqual({ hqBoxes: 0, supportCardsRemoved: 0, unitHits: 0 });
  });

  it.each([Number.NaN, 2.5, Number.POSITIVE_INFINITY])("throws on score %s", (score) => {
    expect(() => rearAreaResult(score)).toThrow(RangeError);
  });

  it("the table rows are contiguous from 1 upward", () => {
    REAR_AREA_RESULTS.forEach((row, i) => {
      if (i === 0) expect(row.min).toBe(1);
      else expect(row.min).toBe(REAR_AREA_RESULTS[i - 1]!.max + 1);
    });
  });

  it("property: results never fall as the score rises", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 40 }), (s) => {
        const a = rearAreaResult(s);
        const b = rearAreaResult(s + 1);
        expect(b.unitHits).toBeGreaterThanOrEqual(a.unitHits);
        expect(b.hqBoxes).toBeGreaterThanOrEqual(a.hqBoxes);
        expect(b.supportCardsRemoved).toBeGreaterThanOrEqual(a.supportCardsRemoved);
      }),
    );
  });
});

describe("rearAreaAttack on an HQ (seed 000, 3. Rear Area Attacks)", () => {
  it("totals CAS, SSM, EW and SF, adds 1d6, and reads the HQ column", () => {
    const r = unwrap(
      rearAreaAttack(
        attack({ strikes: [cas(4), { kind: "ssm", card: ssm }, { kind: "ew", card: ew }, { kind: "specialForces", card: sf }] }),
        scriptedDice([3]),
      ),
    );
    // 4 + 3 + 2 + 3 + 3 = 15 → two boxes and one card.
    expect(r.outcome.score).toBe(15);
    expect(total(r.breakdown)).toBe(15);
    expect(r.rolls).toEqual([3]);
    expect(r.breakdown.every((l) => l.source === SEED)).toBe(true);
    expect(r.outcome.result).toEqual({ hqBoxes: 2, supportCardsRemoved: 1, unitHits: 6 });
    expect(r.outcome.hqBoxesLost).toBe(2);
    expect(r.effects).toEqual([
      { type: "hqLevel", actor: "Actor.1corps", delta: -2 },
      { type: "hqCardsLost", actor: "Actor.1corps", count: 1 },
      { type: "squadronBox", squadron: "Actor.su24", box: "damaged" },
      { type: "cardDiscarded", card: "Card.ssm" },
      { type: "cardDiscarded", card: "Card.ew" },
      { type: "cardDiscarded", card: "Card.sf" },
    ]);
  });

  it("Recce and Intelligence cards are kept; an SF card used to identify is kept too (decision)", () => {
    const r = unwrap(rearAreaAttack(attack({ identification: [sf, recce], strikes: [cas(1)] }), scriptedDice([1])));
    const discarded = r.effects.filter((e) => e.type === "cardDiscarded");
    expect(discarded).toEqual([]);
  });

  it("an SF card may identify targets in two attacks (reusable in that role)", () => {
    const first = rearAreaAttack(attack({ identification: [sf, intel] }), scriptedDice([2]));
    const second = rearAreaAttack(attack({ identification: [sf, recce] }), scriptedDice([2]));
    expect(first.ok && second.ok).toBe(true);
  });

  it("score 5-6 has no effect on an HQ beyond the post-combat cards", () => {
    const r = unwrap(rearAreaAttack(attack({ strikes: [cas(2)] }), scriptedDice([4])));
    expect(r.outcome.score).toBe(6);
    expect(r.effects).toEqual([{ type: "squadronBox", squadron: "Actor.su24", box: "damaged" }]);
  });

  it("an HQ never loses more boxes than its level", () => {
    const r = unwrap(
      rearAreaAttack(attack({ target: { kind: "hq", hq: hq({ level: 1 }), terrain: [] }, strikes: [cas(20)] }), scriptedDice([6])),
    );
    expect(r.outcome.result.hqBoxes).toBe(3);
    expect(r.outcome.hqBoxesLost).toBe(1);
    expect(r.effects[0]).toEqual({ type: "hqLevel", actor: "Actor.1corps", delta: -1 });
  });

  it("an HQ in a city is halved; HQs are never doubled", () => {
    const r = unwrap(rearAreaAttack(attack({ target: { kind: "hq", hq: hq(), terrain: ["city"] }, strikes: [cas(6)] }), scriptedDice([3])));
    expect(r.outcome.score).toBe(4);
    expect(r.breakdown.at(-1)).toEqual({ text: phrase("NOBC.Rules.Land.RearArea.HalvedCover"), value: -5, source: SEED });
  });
});

describe("rearAreaAttack on a unit", () => {
  it("hits a unit out of contact with the unit column", () => {
    const r = unwrap(rearAreaAttack(attack({ target: unitTarget(), strikes: [{ kind: "ssm", card: ssm }] }), scriptedDice([5])));
    expect(r.outcome.score).toBe(8);
    expect(r.outcome.hitsApplied).toBe(4);
    expect(r.effects).toEqual([
      { type: "hits", actor: "Actor.4armd", amount: 4 },
      { type: "cardDiscarded", card: "Card.ssm" },
    ]);
  });

  it("step C: an artillery target is halved, rounding down, and takes the hits", () => {
    const r = unwrap(
      rearAreaAttack(attack({ target: unitTarget({ arm: "artillery", mode: "march" }), strikes: [cas(4)] }), scriptedDice([3])),
    );
    expect(r.outcome.score).toBe(3);
    expect(r.effects[0]).toEqual({ type: "hits", actor: "Actor.4armd", amount: 2 });
  });

  it("step C: artillery in woods is halved once only (not cumulative)", () => {
    const r = unwrap(
      rearAreaAttack(
        attack({ target: unitTarget({ arm: "artillery", mode: "march" }, ["woods", "city"]), strikes: [cas(8)] }),
        scriptedDice([4]),
      ),
    );
    expect(r.outcome.score).toBe(6);
    expect(r.breakdown.filter((l) => l.text.key.startsWith("NOBC.Rules.Land.RearArea.Halved")).map((l) => l.text)).toEqual([
      phrase("NOBC.Rules.Land.RearArea.HalvedArtillery"),
    ]);
  });

  it.each([["woods"], ["city"]] as const)("step C: a unit in %s is halved", (terrain) => {
    const r = unwrap(rearAreaAttack(attack({ target: unitTarget({}, [terrain]), strikes: [cas(4)] }), scriptedDice([1])));
    expect(r.outcome.score).toBe(2);
  });

  it("step C: town and rough do not halve", () => {
    const r = unwrap(rearAreaAttack(attack({ target: unitTarget({}, ["town", "rough"]), strikes: [cas(4)] }), scriptedDice([1])));
    expect(r.outcome.score).toBe(5);
  });

  it("step C: a combat unit in March Mode is doubled", () => {
    const r = unwrap(rearAreaAttack(attack({ target: unitTarget({ mode: "march" }), strikes: [cas(3)] }), scriptedDice([2])));
    expect(r.outcome.score).toBe(10);
    expect(r.breakdown.at(-1)).toEqual({ text: phrase("NOBC.Rules.Land.RearArea.Doubled"), value: 5, source: SEED });
  });

  it("step C: a battalion counts as March Mode whatever its marker says", () => {
    const r = unwrap(
      rearAreaAttack(attack({ target: unitTarget({ size: "battalion", mode: "combat" }), strikes: [cas(3)] }), scriptedDice([2])),
    );
    expect(r.outcome.score).toBe(10);
  });

  it("step C: halve first, then double (unit in woods in March Mode: 7 → 3 → 6)", () => {
    const r = unwrap(rearAreaAttack(attack({ target: unitTarget({ mode: "march" }, ["woods"]), strikes: [cas(4)] }), scriptedDice([3])));
    expect(r.outcome.score).toBe(6);
    expect(total(r.breakdown)).toBe(6);
  });

  it("a score halved to 0 has no effect (decision), post-combat still applies", () => {
    const r = unwrap(
      rearAreaAttack(attack({ target: unitTarget({ arm: "artillery", mode: "march" }), strikes: [cas(0)] }), scriptedDice([1])),
    );
    expect(r.outcome.score).toBe(0);
    expect(r.outcome.hitsApplied).toBe(0);
    expect(r.effects).toEqual([{ type: "squadronBox", squadron: "Actor.su24", box: "damaged" }]);
  });

  it("hits stop at the unit's strength and a unit brought to nothing is eliminated", () => {
    const r = unwrap(rearAreaAttack(attack({ target: unitTarget({ strength: 3 }), strikes: [cas(20)] }), scriptedDice([6])));
    expect(r.outcome.result.unitHits).toBe(7);
    expect(r.outcome.hitsApplied).toBe(3);
    expect(r.outcome.eliminated).toBe(true);
    expect(r.effects.slice(0, 2)).toEqual([
      { type: "hits", actor: "Actor.4armd", amount: 3 },
      { type: "eliminated", actor: "Actor.4armd" },
    ]);
  });
});

describe("chemical weapons in rear-area attacks (seed 000, CW notes)", () => {
  it("CAS paired with a CW card is doubled; the hex is contaminated and the CW card spent", () => {
    const r = unwrap(
      rearAreaAttack(attack({ target: unitTarget(), strikes: [cas(3, cw)], chemicalReleaseConfirmed: true }), scriptedDice([2])),
    );
    expect(r.outcome.score).toBe(8);
    expect(r.breakdown[1]).toEqual({ text: phrase("NOBC.Rules.Land.RearArea.CasDoubled", { card: "Card.cw" }), value: 3, source: SEED });
    expect(r.effects).toEqual([
      { type: "hits", actor: "Actor.4armd", amount: 4 },
      { type: "contaminated", hex: "21.10" },
      { type: "squadronBox", squadron: "Actor.su24", box: "damaged" },
      { type: "cardDiscarded", card: "Card.cw" },
    ]);
  });

  it("an SSM paired with a CW card adds the CW value", () => {
    const r = unwrap(
      rearAreaAttack(attack({ strikes: [{ kind: "ssm", card: ssm, chemical: cw }], chemicalReleaseConfirmed: true }), scriptedDice([4])),
    );
    expect(r.outcome.score).toBe(9);
    expect(r.effects).toContainEqual({ type: "contaminated", hex: "20.10" });
    expect(r.effects).toContainEqual({ type: "cardDiscarded", card: "Card.cw" });
  });

  it("refuses a CW card without Control's release", () => {
    const r = rearAreaAttack(attack({ strikes: [cas(3, cw)] }), scriptedDice([]));
    expect(codes(r)).toEqual(["releaseNotConfirmed"]);
  });

  it("refuses a card paired as CW that is not chemical, and a CW card with a bad value", () => {
    const r = rearAreaAttack(
      attack({
        strikes: [cas(1, card("Card.x", "ew")), { kind: "ssm", card: ssm, chemical: card("Card.cw2", "chemical", -1) }],
        chemicalReleaseConfirmed: true,
      }),
      scriptedDice([]),
    );
    expect(codes(r)).toEqual(["wrongCardCategory", "invalidValue"]);
  });
});

describe("rearAreaAttack refusals", () => {
  it("refuses a unit in contact", () => {
    const r = rearAreaAttack(attack({ target: { ...unitTarget(), inContact: true } as RearAreaTarget }), scriptedDice([]));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.refusals).toEqual([
        {
          code: "targetInContact",
          text: phrase("NOBC.Rules.Land.RearArea.Refusal.targetInContact", { unit: "4 Armd Bde" }),
          field: "target.inContact",
        },
      ]);
    }
  });

  it("refuses EW against a unit, and SF both identifying and striking", () => {
    const r = rearAreaAttack(
      attack({
        target: unitTarget(),
        identification: [sf, intel],
        strikes: [
          { kind: "ew", card: ew },
          { kind: "specialForces", card: sf },
        ],
      }),
      scriptedDice([]),
    );
    expect(codes(r)).toEqual(["ewNeedsHq", "specialForcesIdentifying"]);
  });

  it("a second SF card may strike while another SF card identifies", () => {
    const r = rearAreaAttack(attack({ identification: [sf, intel], strikes: [{ kind: "specialForces", card: sf2 }] }), scriptedDice([1]));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.effects).toEqual([{ type: "cardDiscarded", card: "Card.sf2" }]);
  });

  it("refuses identification that is not two distinct cards of the right kinds and side", () => {
    expect(codes(rearAreaAttack(attack({ identification: [intel] }), scriptedDice([])))).toEqual(["identificationCount"]);
    expect(codes(rearAreaAttack(attack({ identification: [intel, intel] }), scriptedDice([])))).toEqual(["cardReused"]);
    expect(codes(rearAreaAttack(attack({ identification: [intel, ssm] }), scriptedDice([])))).toEqual(["notIdentificationCard"]);
    expect(codes(rearAreaAttack(attack({ identification: [intel, card("Card.n", "airRecce", 0, "nato")] }), scriptedDice([])))).toEqual([
      "wrongSide",
    ]);
  });

  it("targetIdentificationProblems names the field it is given", () => {
    expect(targetIdentificationProblems("wp", [intel], "id")[0]!.field).toBe("id");
    expect(targetIdentificationProblems("wp", [intel, recce])).toEqual([]);
  });

  it("refuses a friendly target, no strikes, and bad numbers, all at once", () => {
    const r = rearAreaAttack(
      attack({
        attacker: "nato",
        identification: [card("Card.i", "intelligence", 0, "nato"), card("Card.r", "airRecce", 0, "nato")],
        strikes: [],
      }),
      scriptedDice([]),
    );
    expect(codes(r)).toEqual(["friendlyTarget", "noStrikes"]);
    const bad = rearAreaAttack(
      attack({
        target: { kind: "hq", hq: hq({ level: -1 }), terrain: [] },
        strikes: [cas(1.5), { kind: "ssm", card: card("Card.s", "ssm", Number.NaN) }],
      }),
      scriptedDice([]),
    );
    expect(codes(bad)).toEqual(["invalidLevel", "invalidValue", "invalidValue"]);
    expect(codes(rearAreaAttack(attack({ target: unitTarget({ strength: Number.NaN }) }), scriptedDice([])))).toEqual(["invalidStrength"]);
  });

  it("refuses a strike card of the wrong category or side, and any card or squadron used twice", () => {
    const r = rearAreaAttack(
      attack({
        strikes: [
          { kind: "ssm", card: ew },
          { kind: "ew", card: ew },
          { kind: "specialForces", card: card("Card.n", "specialForces", 3, "nato") },
          cas(1),
          cas(2),
        ],
      }),
      scriptedDice([]),
    );
    expect(codes(r)).toEqual(["wrongCardCategory", "cardReused", "wrongSide", "squadronReused"]);
  });

  it("throws when the injected dice give a face outside 1..6", () => {
    const broken: Dice = { d6: () => 7, roll: () => [7] };
    expect(() => rearAreaAttack(attack(), broken)).toThrow(RangeError);
  });
});

describe("rear-area invariants (property)", () => {
  const strikeArb = fc.oneof(
    fc.integer({ min: 0, max: 12 }).map((v) => cas(v)),
    fc.integer({ min: 0, max: 6 }).map((v): RearAreaStrike => ({ kind: "ssm", card: card("Card.p", "ssm", v) })),
  );
  it("the breakdown sums to the score, the score is never negative, hits never exceed strength", () => {
    fc.assert(
      fc.property(
        strikeArb,
        fc.integer(),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom("combat" as const, "march" as const),
        fc.constantFrom("armour" as const, "artillery" as const),
        fc.subarray(["clear", "woods", "city", "rough"] as const),
        (strike, seed, strength, mode, arm, terrain) => {
          const r = unwrap(
            rearAreaAttack(attack({ target: unitTarget({ strength, mode, arm }, terrain), strikes: [strike] }), seededDice(seed)),
          );
          expect(total(r.breakdown)).toBe(r.outcome.score);
          expect(r.outcome.score).toBeGreaterThanOrEqual(0);
          expect(r.outcome.hitsApplied).toBeLessThanOrEqual(strength);
          expect(r.outcome.hitsApplied).toBe(Math.min(strength, rearAreaResult(r.outcome.score).unitHits));
        },
      ),
    );
  });
});
