import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { MODE_ORDERS, resolveOrders, setMode } from "../../../src/rules/nobc/land/orders";
import type { LandUnit, SupportCard } from "../../../src/rules/nobc/land/types";
import { phrase, total, unwrap } from "../../../src/rules/resolution";

function unit(over: Partial<LandUnit> = {}): LandUnit {
  return {
    id: "Actor.pz3",
    side: "nato",
    name: "3 Pz Bde",
    size: "brigade",
    arm: "armour",
    strength: 8,
    mode: "march",
    supply: 2,
    hex: "10.10",
    nationality: "FRG",
    ...over,
  };
}

function card(over: Partial<SupportCard> = {}): SupportCard {
  return { id: "Card.eng1", side: "nato", category: "engineer", value: 0, hq: "Actor.corps1", ...over };
}

describe("orders table (seed 000 Land War QRS, 2. Orders)", () => {
  it("Combat Mode costs 1 SP and may attack; March Mode is free and may not", () => {
    expect(MODE_ORDERS.combat).toEqual({ supplyCost: 1, mayAttack: true });
    expect(MODE_ORDERS.march).toEqual({ supplyCost: 0, mayAttack: false });
  });
});

describe("setMode (seed 000, 2. Orders)", () => {
  it("Combat Mode spends one supply point and sets the marker", () => {
    const r = unwrap(setMode({ unit: unit(), mode: "combat" }));
    expect(r.outcome).toEqual({ unit: "Actor.pz3", mode: "combat", supplySpent: 1 });
    expect(r.effects).toEqual([
      { type: "supply", actor: "Actor.pz3", delta: -1 },
      { type: "mode", actor: "Actor.pz3", mode: "combat" },
    ]);
    expect(total(r.breakdown)).toBe(-1); // the change to the unit's supply points
    expect(r.rolls).toEqual([]);
  });

  it("a unit already in Combat Mode pays again but gets no new marker (decision)", () => {
    const r = unwrap(setMode({ unit: unit({ mode: "combat" }), mode: "combat" }));
    expect(r.effects).toEqual([{ type: "supply", actor: "Actor.pz3", delta: -1 }]);
  });

  it("boundary: exactly 1 SP is enough for Combat Mode", () => {
    expect(setMode({ unit: unit({ supply: 1 }), mode: "combat" }).ok).toBe(true);
  });

  it("March Mode is free", () => {
    const r = unwrap(setMode({ unit: unit({ mode: "combat", supply: 0 }), mode: "march" }));
    expect(r.outcome.supplySpent).toBe(0);
    expect(r.effects).toEqual([{ type: "mode", actor: "Actor.pz3", mode: "march" }]);
  });

  it("a unit with no SP is refused Combat Mode with a clear reason", () => {
    const r = setMode({ unit: unit({ supply: 0 }), mode: "combat" });
    expect(r).toEqual({
      ok: false,
      refusals: [
        {
          code: "noSupply",
          text: phrase("NOBC.Rules.Land.Orders.Refusal.noSupply", { unit: "3 Pz Bde" }),
          field: "unit.supply",
        },
      ],
    });
  });

  it.each([
    ["artillery", unit({ arm: "artillery", name: "110 Arty" })],
    ["battalion", unit({ size: "battalion", arm: "recce", name: "Recce Bn" })],
  ])("%s is always in March Mode and is refused Combat Mode", (_kind, u) => {
    const r = setMode({ unit: u, mode: "combat" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code)).toEqual(["alwaysMarchMode"]);
  });

  it("artillery in March Mode needs no orders and pays nothing", () => {
    const r = unwrap(setMode({ unit: unit({ arm: "artillery", supply: 0 }), mode: "march" }));
    expect(r.outcome.supplySpent).toBe(0);
    expect(r.effects).toEqual([]);
    expect(r.breakdown[0]!.text).toEqual(phrase("NOBC.Rules.Land.Orders.AlwaysMarch", { unit: "3 Pz Bde" }));
  });

  it.each([Number.NaN, -1, 1.5])("refuses supply %s", (supply) => {
    const r = setMode({ unit: unit({ supply }), mode: "combat" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals[0]!.code).toBe("invalidSupply");
  });

  it("refuses a mode that is neither combat nor march", () => {
    const r = setMode({ unit: unit(), mode: "attack" as never });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals[0]).toMatchObject({ code: "invalidMode", field: "mode" });
  });

  it("never mutates its input", () => {
    const u = unit();
    const frozen = Object.freeze({ unit: Object.freeze(u), mode: "combat" as const });
    unwrap(setMode(frozen));
    expect(u.supply).toBe(2);
  });

  it("property: Combat Mode is accepted exactly when an ordinary unit has SP, and spends 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.constantFrom("combat" as const, "march" as const), (supply, mode) => {
        const r = setMode({ unit: unit({ supply }), mode });
        expect(r.ok).toBe(mode === "march" || supply >= 1);
        if (r.ok) expect(r.value.outcome.supplySpent).toBe(mode === "combat" ? 1 : 0);
      }),
    );
  });
});

describe("resolveOrders: the whole Orders phase", () => {
  const a = unit({ id: "Actor.a", name: "A Bde" });
  const b = unit({ id: "Actor.b", name: "B Bde", supply: 3 });
  const arty = unit({ id: "Actor.c", name: "C Arty", arm: "artillery", supply: 0 });

  it("sets every mode, totals supply, lays minefields and discards the Engineer cards", () => {
    const r = unwrap(
      resolveOrders({
        orders: [
          { unit: a, mode: "combat" },
          { unit: b, mode: "combat" },
          { unit: arty, mode: "march" },
        ],
        minefields: [
          { card: card(), hex: "11.10" },
          { card: card({ id: "Card.mine", category: "minelayingEngineer" }), hex: "11.11" },
        ],
      }),
    );
    expect(r.outcome.supplySpent).toBe(2);
    expect(r.outcome.modes.map((m) => m.mode)).toEqual(["combat", "combat", "march"]);
    expect(r.outcome.minefields).toEqual(["11.10", "11.11"]);
    expect(r.effects).toEqual([
      { type: "supply", actor: "Actor.a", delta: -1 },
      { type: "mode", actor: "Actor.a", mode: "combat" },
      { type: "supply", actor: "Actor.b", delta: -1 },
      { type: "mode", actor: "Actor.b", mode: "combat" },
      { type: "minefield", hex: "11.10", present: true, side: "nato" },
      { type: "cardDiscarded", card: "Card.eng1" },
      { type: "minefield", hex: "11.11", present: true, side: "nato" },
      { type: "cardDiscarded", card: "Card.mine" },
    ]);
  });

  it("an empty phase resolves to nothing", () => {
    const r = unwrap(resolveOrders({ orders: [] }));
    expect(r.effects).toEqual([]);
    expect(r.outcome).toEqual({ modes: [], supplySpent: 0, minefields: [] });
  });

  it("refuses with every problem listed, and applies nothing", () => {
    const r = resolveOrders({
      orders: [
        { unit: unit({ id: "Actor.x", name: "X Bde", supply: 0 }), mode: "combat" },
        { unit: arty, mode: "combat" },
        { unit: a, mode: "combat" },
        { unit: a, mode: "march" },
      ],
      minefields: [
        { card: card({ category: "bridgingEngineer" }), hex: "" },
        { card: card({ category: "bridgingEngineer" }), hex: "1.1" },
      ],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.refusals.map((x) => [x.code, x.field])).toEqual([
      ["noSupply", "orders[0].unit.supply"],
      ["alwaysMarchMode", "orders[1].mode"],
      ["duplicateUnit", "orders[3].unit.id"],
      ["notMinefieldCard", "minefields[0].card.category"],
      ["missingHex", "minefields[0].hex"],
      ["notMinefieldCard", "minefields[1].card.category"],
      ["cardReused", "minefields[1].card.id"],
    ]);
  });
});
