import { describe, expect, it } from "vitest";
import { onceHolder, withEntry, type LedgerEntry } from "../../src/queries/ledger";
import { driftedDocuments, type DocumentSnapshot, type WritePlan } from "../../src/effects/apply";

const empty: WritePlan = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };
const entry = (state: LedgerEntry["state"]): LedgerEntry => ({ state, forward: empty, inverse: empty, touched: ["Actor.a"] });

describe("withEntry (the GM's card ledger)", () => {
  it("adds or replaces the card's entry and drops the entries of deleted messages", () => {
    const ledger = { m1: entry("applied"), m2: entry("applied"), gone: entry("reverted"), goneToo: entry("applied") };
    const next = withEntry(ledger, "m2", entry("reverted"), (id) => !id.startsWith("gone"));
    expect(next).toEqual({ m1: entry("applied"), m2: entry("reverted") });
    expect(ledger).toHaveProperty("gone");
  });

  it("keeps a deleted card's once-only key while it stands applied (its effects stand), without its writes", () => {
    const orders: LedgerEntry = { ...entry("applied"), once: "orders:h1:2" };
    const next = withEntry({ gone: orders, undone: { ...orders, state: "reverted" } }, "m9", entry("applied"), (id) => id === "m9");
    expect(next).toEqual({
      gone: { state: "applied", forward: empty, inverse: empty, touched: [], once: "orders:h1:2" },
      m9: entry("applied"),
    });
  });
});

describe("onceHolder", () => {
  it("names the other card standing applied with the key, deleted or not; reverted ones and the card itself do not count", () => {
    const ledger = {
      m1: { ...entry("reverted"), once: "orders:h1:2" },
      m2: { ...entry("applied"), once: "orders:h1:2" },
      m3: { ...entry("applied"), once: "orders:h2:2" },
      gone: { state: "applied" as const, forward: empty, inverse: empty, touched: [], once: "resupply:h1:2" },
    };
    expect(onceHolder(ledger, "orders:h1:2")).toBe("m2");
    expect(onceHolder(ledger, "orders:h1:2", "m2")).toBeUndefined();
    expect(onceHolder(ledger, "orders:h1:3")).toBeUndefined();
    expect(onceHolder(ledger, "resupply:h1:2")).toBe("gone");
  });
});

describe("driftedDocuments", () => {
  const snap = (uuid: string, name: string, system: Record<string, unknown>): DocumentSnapshot => ({
    uuid,
    id: uuid.split(".").at(-1)!,
    documentName: "Actor",
    type: "unit",
    name,
    system,
  });
  const plan: WritePlan = {
    ...empty,
    actorUpdates: [
      { uuid: "Actor.a", id: "a", parentUuid: null, changes: { "system.strength.value": 3, "system.mode": "march" } },
      { uuid: "Actor.b", id: "b", parentUuid: null, changes: { "system.supply": 0 } },
    ],
    itemDeletions: [{ uuid: "Actor.h.Item.c", id: "c", parentUuid: "Actor.h" }],
  };

  it("is empty while every written value still stands and the deleted card is still gone", () => {
    const docs = new Map([
      ["Actor.a", snap("Actor.a", "3 Pz Bde", { strength: { value: 3, max: 4 }, mode: "march" })],
      ["Actor.b", snap("Actor.b", "11 ACR", { supply: 0 })],
      ["Actor.h", snap("Actor.h", "V Corps", {})],
    ]);
    expect(driftedDocuments(plan, (u) => docs.get(u))).toEqual([]);
  });

  it("names the HQ that held a discarded card when it is gone (Undo could not give the card back)", () => {
    const docs = new Map([
      ["Actor.a", snap("Actor.a", "3 Pz Bde", { strength: { value: 3, max: 4 }, mode: "march" })],
      ["Actor.b", snap("Actor.b", "11 ACR", { supply: 0 })],
    ]);
    expect(driftedDocuments(plan, (u) => docs.get(u))).toEqual(["Actor.h"]);
  });

  it("names each document changed since, gone since, or re-created since, once", () => {
    const docs = new Map([
      ["Actor.a", snap("Actor.a", "3 Pz Bde", { strength: { value: 2, max: 4 }, mode: "combat" })],
      ["Actor.h.Item.c", { ...snap("Actor.h.Item.c", "Engineers", {}), documentName: "Item" as const }],
    ]);
    expect(driftedDocuments(plan, (u) => docs.get(u))).toEqual(["3 Pz Bde", "Actor.b", "Engineers"]);
  });
});
