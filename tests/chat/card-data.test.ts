import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cardDigest, mayApply, mayUndo, readCard, touchedDocuments, type CardFlags } from "../../src/chat/card-data";
import type { Effect } from "../../src/rules/effects";
import { cardBoundsProblem } from "../../src/data/card-limits";

const effects: Effect[] = [
  { type: "hits", actor: "Actor.a", amount: 1 },
  { type: "cardDiscarded", card: "Actor.b.Item.c" },
  { type: "minefield", hex: "0101", present: true },
  { type: "hits", actor: "Actor.a", amount: 2 },
];
const inverse = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };
const gm = { id: "gm", isGM: true };
const player = { id: "p1", isGM: false };

describe("card data", () => {
  it("lists every document the effects touch, once, and no hexes", () => {
    expect(touchedDocuments(effects)).toEqual(["Actor.a", "Actor.b.Item.c"]);
  });

  it("reads card flags and rejects anything else", () => {
    expect(readCard({ effects, state: "pending" })).toEqual({ effects, state: "pending" });
    expect(readCard({ effects, state: "applied", applied: inverse })).toEqual({ effects, state: "applied", applied: inverse });
    expect(readCard(undefined)).toBeUndefined();
    expect(readCard({ effects, state: "done" })).toBeUndefined();
    expect(readCard({ effects: "x", state: "pending" })).toBeUndefined();
  });

  it("keeps the scene a card's map effects were decided on; none when it names none", () => {
    expect(readCard({ effects, state: "pending", scene: "scene0000000001" })?.scene).toBe("scene0000000001");
    expect(readCard({ effects, state: "pending", scene: null })).not.toHaveProperty("scene");
    expect(readCard({ effects, state: "pending", scene: "" })).not.toHaveProperty("scene");
    expect(cardBoundsProblem({ scene: "s".repeat(65) })).toEqual({
      key: "NOBC.Validation.Card.LongerThan",
      data: { field: "scene", max: 64 },
    });
  });

  it("a GM may apply a pending card; a player only when owning every touched document", () => {
    const card: CardFlags = { effects, state: "pending" };
    expect(mayApply(gm, card, new Map())).toEqual({ ok: true });
    expect(
      mayApply(
        player,
        card,
        new Map([
          ["Actor.a", true],
          ["Actor.b.Item.c", true],
        ]),
      ),
    ).toEqual({ ok: true });
    expect(mayApply(player, card, new Map([["Actor.a", true]]))).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
  });

  it("nobody applies a card twice, and only an applied card is undone", () => {
    for (const state of ["applied", "reverted"] as const) {
      expect(mayApply(gm, { effects, state, applied: inverse }, new Map())).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notPending" });
    }
    expect(mayUndo(gm, { effects, state: "pending" }, new Map())).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notApplied" });
    expect(mayUndo(gm, { effects, state: "applied" }, new Map())).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notApplied" });
    expect(mayUndo(gm, { effects, state: "applied", applied: inverse }, new Map())).toEqual({ ok: true });
    expect(mayUndo(player, { effects, state: "applied", applied: inverse }, new Map())).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.notOwner",
    });
  });

  it("property: a player who owns nothing may never act on a card that touches a document", () => {
    fc.assert(
      fc.property(fc.constantFrom("pending", "applied", "reverted"), fc.integer({ min: 1, max: 5 }), (state, amount) => {
        const card: CardFlags = { effects: [{ type: "hits", actor: "Actor.z", amount }], state, applied: inverse };
        expect(mayApply(player, card, new Map()).ok).toBe(false);
        expect(mayUndo(player, card, new Map()).ok).toBe(false);
      }),
    );
  });
});

describe("cardDigest", () => {
  const hits: Effect = { type: "hits", actor: "Actor.a", amount: 2 };
  it("is the same for the same effects and key, whatever the order of each effect's fields", () => {
    const reordered = JSON.parse('{"amount":2,"actor":"Actor.a","type":"hits"}') as Effect;
    expect(cardDigest({ effects: [reordered] })).toBe(cardDigest({ effects: [hits] }));
    expect(cardDigest({ effects: [hits] })).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes with any effect, their order, or the once-only key", () => {
    const base = cardDigest({ effects: [hits] });
    expect(cardDigest({ effects: [{ ...hits, amount: 3 }] })).not.toBe(base);
    expect(cardDigest({ effects: [hits, hits] })).not.toBe(base);
    expect(cardDigest({ effects: [hits], once: "orders:Actor.h:1" })).not.toBe(base);
    const mode: Effect = { type: "mode", actor: "Actor.a", mode: "march" };
    expect(cardDigest({ effects: [hits, mode] })).not.toBe(cardDigest({ effects: [mode, hits] }));
  });
});
