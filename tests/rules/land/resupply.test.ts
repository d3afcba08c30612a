import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  recoverHq,
  resolveResupply,
  supplyCapacity,
  unitSupplyCapacity,
  type RecoverHqInput,
  type ResupplyCandidate,
  type ResupplyInput,
} from "../../../src/rules/nobc/land/resupply";
import type { SupportCardCategory } from "../../../src/rules/nobc/land/types";
import { phrase, total, unwrap } from "../../../src/rules/resolution";

const codes = (r: { ok: boolean; refusals?: { code: string }[] }) => (r.ok ? [] : r.refusals!.map((x) => x.code));

describe("supply capacity (seed 000 Land War QRS, 6. Resupply)", () => {
  it.each([
    ["division", 3],
    ["brigade", 2],
    ["regiment", 2],
    ["battalion", 0],
  ] as const)("%s carries up to %d SP", (size, cap) => expect(supplyCapacity(size)).toBe(cap));
  it("artillery of any size carries none", () => {
    expect(unitSupplyCapacity({ size: "division", arm: "artillery" })).toBe(0);
    expect(unitSupplyCapacity({ size: "division", arm: "motorRifle" })).toBe(3);
  });
  it("rejects an unknown size", () => expect(() => supplyCapacity("corps" as never)).toThrow(RangeError));
});

const bde = (id: string, extra: Partial<ResupplyCandidate["unit"]> = {}): ResupplyCandidate["unit"] => ({
  id,
  name: `Bde ${id}`,
  side: "nato",
  size: "brigade",
  arm: "armour",
  supply: 0,
  nationality: "FRG",
  hq: "corps",
  ...extra,
});
const near = (unit: ResupplyCandidate["unit"], extra: Partial<ResupplyCandidate> = {}): ResupplyCandidate => ({
  unit,
  onOrAdjacentToRoad: true,
  distance: 2,
  ...extra,
});
const natoHq: ResupplyInput["hq"] = {
  id: "corps",
  name: "I GE Corps",
  side: "nato",
  echelon: "corps",
  level: 4,
  radius: 3,
  nationality: "FRG",
};

describe("resolveResupply (seed 000 Land War QRS, 6. Resupply)", () => {
  it("hands out counters as supply effects and reports what is left", () => {
    const r = unwrap(
      resolveResupply({
        hq: natoHq,
        candidates: [near(bde("a")), near(bde("b", { size: "division", supply: 1 }))],
        allocation: { a: 2, b: 1 },
      }),
    );
    expect(r.outcome).toEqual({
      given: [
        { unit: "a", counters: 2 },
        { unit: "b", counters: 1 },
      ],
      countersUsed: 3,
      total: 3,
      countersLeft: 1,
    });
    expect(r.effects).toEqual([
      { type: "supply", actor: "a", delta: 2 },
      { type: "supply", actor: "b", delta: 1 },
    ]);
    expect(r.breakdown.map((l) => [l.text, l.value])).toEqual([
      [phrase("NOBC.Rules.Land.Resupply.HandOut", { hq: "I GE Corps", count: 4 }), 0],
      [phrase("NOBC.Rules.Land.Resupply.To", { unit: "Bde a" }), 2],
      [phrase("NOBC.Rules.Land.Resupply.To", { unit: "Bde b" }), 1],
    ]);
    // The breakdown adds up to the counters handed out, not to the level plus them.
    expect(total(r.breakdown)).toBe(r.outcome.countersUsed);
  });

  it("may hand out exactly its level (boundary) but not one more", () => {
    const candidates = [near(bde("a")), near(bde("b")), near(bde("c"))];
    expect(unwrap(resolveResupply({ hq: natoHq, candidates, allocation: { a: 2, b: 2 } })).outcome.countersLeft).toBe(0);
    expect(codes(resolveResupply({ hq: natoHq, candidates, allocation: { a: 2, b: 2, c: 1 } }))).toEqual(["overAllocation"]);
  });

  it("zero counters to a unit is no hand-out", () => {
    const r = unwrap(resolveResupply({ hq: natoHq, candidates: [near(bde("a", { supply: 2 }))], allocation: { a: 0 } }));
    expect(r.effects).toEqual([]);
  });

  it("a unit already at capacity gains nothing; filling it exactly is fine", () => {
    expect(codes(resolveResupply({ hq: natoHq, candidates: [near(bde("a", { supply: 2 }))], allocation: { a: 1 } }))).toEqual([
      "overCapacity",
    ]);
    expect(
      unwrap(resolveResupply({ hq: natoHq, candidates: [near(bde("a", { supply: 1 }))], allocation: { a: 1 } })).outcome.countersUsed,
    ).toBe(1);
    expect(
      codes(resolveResupply({ hq: natoHq, candidates: [near(bde("a", { size: "division", supply: 1 }))], allocation: { a: 3 } })),
    ).toEqual(["overCapacity"]);
  });

  it("HQs are not candidates; battalions and artillery carry no SP", () => {
    const candidates = [near(bde("bn", { size: "battalion" })), near(bde("art", { arm: "artillery" }))];
    expect(codes(resolveResupply({ hq: natoHq, candidates, allocation: { bn: 1, art: 1 } }))).toEqual([
      "carriesNoSupply",
      "carriesNoSupply",
    ]);
  });

  it("units must be on or next to a road", () => {
    expect(
      codes(resolveResupply({ hq: natoHq, candidates: [near(bde("a"), { onOrAdjacentToRoad: false })], allocation: { a: 1 } })),
    ).toEqual(["offRoad"]);
  });

  it("radius: at the edge is fine, one hex beyond is not", () => {
    expect(resolveResupply({ hq: natoHq, candidates: [near(bde("a"), { distance: 3 })], allocation: { a: 1 } }).ok).toBe(true);
    const r = resolveResupply({ hq: natoHq, candidates: [near(bde("a"), { distance: 4 })], allocation: { a: 1 } });
    expect(codes(r)).toEqual(["outOfRadius"]);
  });

  it("radius doubles along an autobahn (autobahn hexes count half)", () => {
    expect(resolveResupply({ hq: natoHq, candidates: [near(bde("a"), { distance: 6, autobahnHexes: 6 })], allocation: { a: 1 } }).ok).toBe(
      true,
    );
    expect(resolveResupply({ hq: natoHq, candidates: [near(bde("a"), { distance: 4, autobahnHexes: 2 })], allocation: { a: 1 } }).ok).toBe(
      true,
    );
    const r = resolveResupply({ hq: natoHq, candidates: [near(bde("a"), { distance: 7, autobahnHexes: 6 })], allocation: { a: 1 } });
    expect(codes(r)).toEqual(["outOfRadius"]);
    if (!r.ok)
      expect(r.refusals[0]!.text).toMatchObject({
        key: "NOBC.Rules.Land.Resupply.Refusal.outOfRadiusAutobahn",
        data: { count: 7, autobahn: 6 },
      });
  });

  it("NATO HQs supply their own nationality only", () => {
    expect(codes(resolveResupply({ hq: natoHq, candidates: [near(bde("a", { nationality: "NL" }))], allocation: { a: 1 } }))).toEqual([
      "wrongNationality",
    ]);
  });

  it("never supplies the other side", () => {
    expect(codes(resolveResupply({ hq: natoHq, candidates: [near(bde("a", { side: "wp" }))], allocation: { a: 1 } }))).toEqual([
      "wrongSide",
    ]);
  });

  const armyHq: ResupplyInput["hq"] = {
    id: "army8",
    name: "8 Gds Army",
    side: "wp",
    echelon: "army",
    level: 5,
    radius: 4,
    nationality: "USSR",
  };
  const div = (id: string, hq: string, nationality = "USSR") => bde(id, { side: "wp", size: "division", nationality, hq });

  it("WP army HQs supply any unit of their Army, whatever its nationality", () => {
    const r = resolveResupply({
      hq: armyHq,
      candidates: [near(div("d1", "army8", "DDR")), near(div("d2", "army1"))],
      allocation: { d1: 3, d2: 1 },
    });
    expect(codes(r)).toEqual(["notInArmy"]);
    expect(resolveResupply({ hq: armyHq, candidates: [near(div("d1", "army8", "DDR"))], allocation: { d1: 3 } }).ok).toBe(true);
  });

  it("a WP Front adds resupply to one Army of its own", () => {
    const front: ResupplyInput["hq"] = { ...armyHq, id: "front", name: "1 Western Front", echelon: "front" };
    const candidates = [
      near(div("d1", "army8"), { front: "front" }),
      near(div("d2", "army8"), { front: "front" }),
      near(div("d3", "army1"), { front: "front" }),
      near(div("d4", "army2"), { front: "other" }),
    ];
    expect(resolveResupply({ hq: front, candidates, allocation: { d1: 2, d2: 2 } }).ok).toBe(true);
    expect(codes(resolveResupply({ hq: front, candidates, allocation: { d1: 2, d3: 2 } }))).toEqual(["frontOneArmy"]);
    expect(codes(resolveResupply({ hq: front, candidates, allocation: { d4: 1 } }))).toEqual(["notInFront"]);
  });

  it("refuses unknown units, bad numbers and bad HQ values, all at once", () => {
    const r = resolveResupply({
      hq: { ...natoHq, level: -1, radius: Number.NaN },
      candidates: [near(bde("a", { supply: 0.5 }), { distance: 2, autobahnHexes: 3 })],
      allocation: { a: 1, b: 1, c: -1, d: 1.5 },
    });
    expect(codes(r)).toEqual([
      "badHqLevel",
      "badRadius",
      "badDistance",
      "badSupply",
      "unknownUnit",
      "badCounters",
      "badCounters",
      "overAllocation",
    ]);
    expect(codes(resolveResupply({ hq: natoHq, candidates: [near(bde("a"), { distance: -1 })], allocation: { a: 1 } }))).toEqual([
      "badDistance",
    ]);
    expect(
      codes(resolveResupply({ hq: natoHq, candidates: [near(bde("a"), { distance: 1, autobahnHexes: -1 })], allocation: { a: 1 } })),
    ).toEqual(["badDistance"]);
  });

  it("property: never exceeds a unit's capacity nor the HQ's counters", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.array(
          fc.record({
            size: fc.constantFrom("battalion" as const, "brigade" as const, "regiment" as const, "division" as const),
            supply: fc.integer({ min: 0, max: 3 }),
            counters: fc.integer({ min: 0, max: 4 }),
          }),
          { maxLength: 5 },
        ),
        (level, rows) => {
          const candidates = rows.map((row, i) => near(bde(`u${i}`, { size: row.size, supply: row.supply })));
          const allocation = Object.fromEntries(rows.map((row, i) => [`u${i}`, row.counters]));
          const r = resolveResupply({ hq: { ...natoHq, level }, candidates, allocation });
          if (!r.ok) return;
          expect(r.value.outcome.countersUsed).toBeLessThanOrEqual(level);
          for (const effect of r.value.effects) {
            const i = Number((effect as { actor: string }).actor.slice(1));
            const row = rows[i]!;
            expect(row.supply + (effect as { delta: number }).delta).toBeLessThanOrEqual(supplyCapacity(row.size));
          }
        },
      ),
    );
  });
});

const hq = (level: number, maxLevel = 6, mayRecover = true): RecoverHqInput["hq"] => ({
  id: "hq",
  name: "I Corps",
  side: "nato",
  level,
  maxLevel,
  mayRecover,
});
const card = (id: string, category: SupportCardCategory = "signals") => ({ id, side: "nato" as const, category, hq: "hq" });

describe("recoverHq (seed 000 Land War QRS, 6. HQ Recovery)", () => {
  it("recovers one level with no card", () => {
    const r = unwrap(recoverHq({ hq: hq(2) }));
    expect(r.outcome).toEqual({ gained: 1, newLevel: 3, kept: [] });
    expect(r.effects).toEqual([{ type: "hqLevel", actor: "hq", delta: 1 }]);
  });

  it.each(["signals", "logistics", "rearTroops"] as const)("+1 more for a %s card, which is discarded", (category) => {
    const r = unwrap(recoverHq({ hq: hq(2), cards: [card("c1", category)] }));
    expect(r.outcome.gained).toBe(2);
    expect(r.effects).toEqual([
      { type: "hqLevel", actor: "hq", delta: 2 },
      { type: "cardDiscarded", card: "c1" },
    ]);
  });

  it("two cards at most (+3 in all)", () => {
    expect(unwrap(recoverHq({ hq: hq(0), cards: [card("c1"), card("c2", "logistics")] })).outcome.gained).toBe(3);
    expect(codes(recoverHq({ hq: hq(0), cards: [card("c1"), card("c2"), card("c3")] }))).toEqual(["tooManyCards"]);
  });

  it("never rises above the maximum level", () => {
    const r = unwrap(recoverHq({ hq: hq(6) }));
    expect(r.outcome).toEqual({ gained: 0, newLevel: 6, kept: [] });
    expect(r.effects).toEqual([]);
    expect(r.breakdown.at(-1)).toMatchObject({ text: phrase("NOBC.Rules.Land.Resupply.Capped"), value: -1 });
  });

  it("caps at the maximum and keeps in hand the cards that add no level, the ones played last (default reading)", () => {
    const one = unwrap(recoverHq({ hq: hq(4), cards: [card("c1"), card("c2", "logistics")] }));
    expect(one.outcome).toEqual({ gained: 2, newLevel: 6, kept: ["c2"] });
    // Only the card that counts is discarded: the kept one stays in the HQ's hand.
    expect(one.effects).toEqual([
      { type: "hqLevel", actor: "hq", delta: 2 },
      { type: "cardDiscarded", card: "c1" },
    ]);
    expect(one.breakdown.map((l) => [l.text.key, l.value])).toEqual([
      ["NOBC.Rules.Land.Resupply.Recovery", 1],
      ["NOBC.Rules.Land.Resupply.Card", 1],
      ["NOBC.Rules.Land.Resupply.CardKept", 0],
    ]);
    // At the maximum already: the free level is capped, every card is kept.
    const full = unwrap(recoverHq({ hq: hq(6), cards: [card("c1")] }));
    expect(full.outcome).toEqual({ gained: 0, newLevel: 6, kept: ["c1"] });
    expect(full.effects).toEqual([]);
    // One below: the free level counts, both cards are kept.
    const below = unwrap(recoverHq({ hq: hq(5), cards: [card("c1"), card("c2")] }));
    expect(below.outcome).toEqual({ gained: 1, newLevel: 6, kept: ["c1", "c2"] });
    expect(below.effects).toEqual([{ type: "hqLevel", actor: "hq", delta: 1 }]);
  });

  it("the strict reading (world setting) refuses the whole recovery when a card could add no level", () => {
    const strict = { refuseWastedCards: true };
    expect(codes(recoverHq({ hq: hq(5), cards: [card("c1")] }, strict))).toEqual(["cardsWasted"]);
    expect(codes(recoverHq({ hq: hq(4), cards: [card("c1"), card("c2")] }, strict))).toEqual(["cardsWasted"]);
    const fits = unwrap(recoverHq({ hq: hq(4), cards: [card("c1")] }, strict));
    expect(fits.outcome).toEqual({ gained: 2, newLevel: 6, kept: [] });
    expect(unwrap(recoverHq({ hq: hq(4), cards: [card("c1"), card("c2")] }, { refuseWastedCards: false })).outcome.kept).toEqual(["c2"]);
  });

  it("WP HQs outside East Germany and Czechoslovakia recover nothing, and may not waste cards", () => {
    const r = unwrap(recoverHq({ hq: { ...hq(2, 6, false), side: "wp" } }));
    expect(r.outcome).toEqual({ gained: 0, newLevel: 2, kept: [] });
    expect(r.effects).toEqual([]);
    expect(r.breakdown).toHaveLength(1);
    expect(codes(recoverHq({ hq: { ...hq(2, 6, false), side: "wp" }, cards: [{ ...card("c1"), side: "wp" }] }))).toEqual(["cannotRecover"]);
  });

  it("refuses wrong, duplicate or foreign cards and bad levels, all at once", () => {
    const r = recoverHq({ hq: hq(2), cards: [card("c1", "engineer"), card("c1")] });
    expect(codes(r)).toEqual(["wrongCard", "duplicateCard"]);
    expect(codes(recoverHq({ hq: hq(2), cards: [{ ...card("c1"), hq: "other" }] }))).toEqual(["cardNotHeld"]);
    expect(codes(recoverHq({ hq: hq(2), cards: [{ ...card("c1"), side: "wp" }] }))).toEqual(["cardNotHeld"]);
    expect(unwrap(recoverHq({ hq: hq(2), cards: [{ id: "c9", side: "nato", category: "rearTroops" }] })).outcome.gained).toBe(2);
    expect(codes(recoverHq({ hq: hq(7) }))).toEqual(["badHqLevel"]);
    expect(codes(recoverHq({ hq: hq(-1) }))).toEqual(["badHqLevel"]);
    expect(codes(recoverHq({ hq: hq(1.5) }))).toEqual(["badHqLevel"]);
    expect(codes(recoverHq({ hq: hq(1, Number.NaN) }))).toEqual(["badMaxLevel"]);
  });

  it("property: recovery never exceeds the maximum level", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        (a, b, n, may) => {
          const [level, max] = a <= b ? [a, b] : [b, a];
          const cards = Array.from({ length: n }, (_, i) => card(`c${i}`));
          const r = recoverHq({ hq: hq(level, max, may), cards });
          if (!r.ok) return;
          expect(r.value.outcome.newLevel).toBeLessThanOrEqual(max);
          expect(r.value.outcome.gained).toBeGreaterThanOrEqual(0);
          // Every card played is either discarded (it added a level) or kept in hand, never both.
          const discarded = r.value.effects.filter((e) => e.type === "cardDiscarded").length;
          expect(discarded + r.value.outcome.kept.length).toBe(n);
        },
      ),
    );
  });
});
