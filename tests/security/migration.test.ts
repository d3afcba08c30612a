/**
 * Issue #16, "Migrations": one corrupt stored document must not stop the world migration, and a
 * document Foundry could not load must not be marked as migrated. Each test loads a world through
 * the stand-in (`harness.loadWorld`, which puts what Foundry refuses in `invalidDocumentIds`) with
 * one corrupt document among sound ones, and checks that the sound ones are written, the corrupt
 * one is named (name and id) to the GM, and the world's schema version stays behind so the next
 * load tries again.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { migrateWorld } from "../../src/migration";
import { CURRENT_SCHEMA_VERSION, registerSettings } from "../../src/base/settings";

type Raw = Record<string, unknown>;

/** A 16-character document id, as Foundry requires. */
const id = (s: string): string => s.padEnd(16, "0");
const OLD = { systemVersion: "0.0.1" };

/** A sound unit stored by an old system version in an old shape (a bare number for strength). */
function oldUnit(key: string, name: string): Raw {
  return { _id: id(key), name, type: "unit", system: { strength: 5, mode: "tactical", hq: "" }, _stats: OLD };
}

function warnings(): string[] {
  return harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
}

function schemaVersion(): unknown {
  return harness.settingsStore.get("nobc.schemaVersion");
}

function live(key: string): FakeActorT {
  return (harness.game["actors"] as { get(id: string): FakeActorT }).get(id(key));
}

/** The sound units were written in their repaired shape. */
function expectRepaired(...keys: string[]): void {
  for (const key of keys) expect(live(key).system).toMatchObject({ strength: { value: 5, max: 5 }, mode: "combat", hq: null });
}

/** The GM was told of the document by name and id. */
function expectNamed(name: string, docId: string): void {
  expect(warnings().some((m) => m.includes(name) && m.includes(docId))).toBe(true);
}

beforeEach(() => {
  harness.reset();
  registerSettings();
});

describe("a corrupt stored document does not stop the migration", () => {
  it("an actor whose items is not a list", async () => {
    const broken = {
      _id: id("hqbroken"),
      name: "Broken HQ",
      type: "hq",
      system: { level: 3 },
      items: { c1: { _id: id("c1"), name: "+2" } },
      _stats: OLD,
    };
    harness.loadWorld({ actors: [oldUnit("a", "3 Pz Bde"), broken, oldUnit("c", "7 Pz Bde")], items: [] });
    const report = await migrateWorld();
    expectRepaired("a", "c");
    expect(report.failed.some((f) => f.name === "Broken HQ" && f.id === id("hqbroken"))).toBe(true);
    expectNamed("Broken HQ", id("hqbroken"));
    expect(schemaVersion()).not.toBe(CURRENT_SCHEMA_VERSION);
  });

  it("an actor with a null entry in items", async () => {
    const card = { _id: id("card"), name: "Eng", type: "supportCard", system: { assignedTo: "" }, _stats: OLD };
    const hq = { _id: id("hq"), name: "I GE Corps", type: "hq", system: { level: 3 }, items: [null, card], _stats: OLD };
    harness.loadWorld({ actors: [oldUnit("a", "3 Pz Bde"), hq, oldUnit("c", "7 Pz Bde")], items: [] });
    const report = await migrateWorld();
    expectRepaired("a", "c");
    expect(report.failed.some((f) => f.name === "I GE Corps" && f.id === id("hq"))).toBe(true);
    expectNamed("I GE Corps", id("hq"));
    expect(schemaVersion()).not.toBe(CURRENT_SCHEMA_VERSION);
  });

  it("documents whose type is named like an Object prototype member", async () => {
    const actor = { _id: id("trojan"), name: "Trojan", type: "constructor", system: { strength: 5 }, _stats: OLD };
    const item = { _id: id("horse"), name: "Wooden horse", type: "toString", system: { assignedTo: "" }, _stats: OLD };
    harness.loadWorld({ actors: [actor, oldUnit("a", "3 Pz Bde")], items: [item] });
    const report = await migrateWorld();
    expectRepaired("a");
    expect(report.failed.map((f) => f.name).sort()).toEqual(["Trojan", "Wooden horse"]);
    expectNamed("Trojan", id("trojan"));
    expectNamed("Wooden horse", id("horse"));
    expect(schemaVersion()).not.toBe(CURRENT_SCHEMA_VERSION);
  });

  it("a document Foundry could not load is listed for the GM and retried at the next load, without redoing the rest", async () => {
    // Its strength is not a number: no repair makes it valid, so Foundry keeps it out of game.actors.
    const ghost = { _id: id("ghost"), name: "Ghost Bde", type: "unit", system: { strength: { value: "lots", max: 6 } }, _stats: OLD };
    harness.loadWorld({ actors: [oldUnit("a", "3 Pz Bde"), ghost], items: [] });
    const actors = harness.game["actors"] as { invalidDocumentIds: Set<string> };
    expect([...actors.invalidDocumentIds]).toEqual([id("ghost")]);

    const report = await migrateWorld();
    expectRepaired("a");
    expect(schemaVersion()).not.toBe(CURRENT_SCHEMA_VERSION);
    expect(report.failed).toMatchObject([{ name: "Ghost Bde", id: id("ghost") }]);
    expectNamed("Ghost Bde", id("ghost"));

    // The next load: the server now sends the written unit as stamped by this version.
    const stored = [{ ...live("a").toObject() }, ghost];
    harness.reset();
    registerSettings();
    harness.loadWorld({ actors: stored, items: [] });
    const again = await migrateWorld();
    expect(harness.Actor.calls).toEqual([]);
    expect(again.migrated).toBe(0);
    expect(again.failed).toMatchObject([{ name: "Ghost Bde", id: id("ghost") }]);
    expect(schemaVersion()).not.toBe(CURRENT_SCHEMA_VERSION);
  });
});
