import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { migrateWorld, planMigration, stepUuid, type RawDocument } from "../../src/migration";
import { CURRENT_SCHEMA_VERSION, registerSettings } from "../../src/settings";
import { repairSystemSource } from "../../src/data/shape-repairs";
import { UnitData } from "../../src/data/unit";

/** Documents as an early world stored them: bare numbers for pools, "tactical" mode, "" for no reference. */
const oldActors: RawDocument[] = [
  { _id: "u1", name: "3 Pz Bde", type: "unit", system: { strength: 5, mode: "tactical", hq: "" } },
  { _id: "u2", name: "7 Pz Bde", type: "unit", system: { strength: { value: 6, max: 6 }, mode: "combat", hq: null } },
  {
    _id: "hq1",
    name: "I GE Corps",
    type: "hq",
    system: { level: 3, parent: "" },
    items: [
      { _id: "c1", name: "+2", type: "supportCard", system: { assignedTo: "" } },
      { _id: "c2", name: "Eng", type: "supportCard", system: { assignedTo: null } },
    ],
  },
  { _id: "ab1", name: "Bitburg", type: "airbase", system: { hits: 1, airDefence: 2 } },
  { _id: "sq1", name: "36 TFW", type: "airSquadron", system: { airbase: "" } },
  { _id: "x1", name: "Broken", type: "unit" },
];
const oldItems: RawDocument[] = [{ _id: "w1", name: "Loose", type: "supportCard", system: { assignedTo: "" } }];

describe("planMigration (pure)", () => {
  it("repairs every old shape and leaves current ones alone", () => {
    const steps = planMigration(oldActors, oldItems);
    expect(steps.map((s) => `${s.documentName}:${s.parentId ?? "-"}:${s.id}`)).toEqual([
      "Actor:-:u1",
      "Actor:-:hq1",
      "Item:hq1:c1",
      "Actor:-:ab1",
      "Actor:-:sq1",
      "Item:-:w1",
    ]);
    expect(steps[0]?.update.system).toEqual({ strength: { value: 5, max: 5 }, mode: "combat", hq: null });
    expect(steps[1]?.update.system).toEqual({ level: { value: 3, max: 3 }, parent: null });
    expect(steps[3]?.update.system).toEqual({ hits: { repairable: 1, permanent: 0 }, airDefence: { value: 2, max: 2 } });
  });

  it("does not touch its input", () => {
    const frozen = JSON.stringify([oldActors, oldItems]);
    planMigration(oldActors, oldItems);
    expect(JSON.stringify([oldActors, oldItems])).toBe(frozen);
  });

  it("is idempotent: a repaired world plans nothing", () => {
    const repaired = oldActors.map((a) => {
      const system = structuredClone(a.system);
      repairSystemSource(a.type, system);
      const items = a.items?.map((i) => {
        const s = structuredClone(i.system);
        repairSystemSource(i.type, s);
        return { ...i, system: s };
      });
      return { ...a, system, ...(items ? { items } : {}) };
    });
    expect(planMigration(repaired, [])).toEqual([]);
  });

  it("gives the data models the same repairs (migrateData)", () => {
    const model = new UnitData(oldActors[0]!.system as never);
    expect(model.strength).toEqual({ value: 5, max: 5 });
    expect(model.mode).toBe("combat");
  });

  it("names each step's document by UUID", () => {
    const [u1, , c1, , , w1] = planMigration(oldActors, oldItems);
    expect([stepUuid(u1!), stepUuid(c1!), stepUuid(w1!)]).toEqual(["Actor.u1", "Actor.hq1.Item.c1", "Item.w1"]);
  });

  it("ignores unknown types and non-object sources", () => {
    expect(repairSystemSource("vehicle", { strength: 3 })).toBe(false);
    expect(repairSystemSource("unit", null)).toBe(false);
    expect(repairSystemSource("unit", [1])).toBe(false);
  });
});

describe("migrateWorld over the Foundry stand-in", () => {
  beforeEach(() => {
    harness.reset();
    registerSettings();
  });

  function liveWorld() {
    const u1 = new harness.Actor({ id: "u1", name: "3 Pz Bde", type: "unit" });
    const hq = new harness.Actor({ id: "hq1", name: "I GE Corps", type: "hq" });
    const card = hq.addItem({ id: "c1", name: "+2", type: "supportCard" });
    new harness.Actor({ id: "ab1", name: "Bitburg", type: "airbase" });
    new harness.Item({ id: "w1", name: "Loose", type: "supportCard" });
    return { u1, hq, card };
  }

  it("writes each repaired document, shows progress, and records the schema version", async () => {
    const { u1, card } = liveWorld();
    harness.game["data"] = { actors: oldActors, items: oldItems };
    const report = await migrateWorld();
    // sq1 has no live document: it is reported, and the rest go on.
    expect(report.ran).toBe(true);
    expect(report.failed).toEqual([{ name: "36 TFW", error: "document not found" }]);
    expect(report.migrated).toBe(5);
    expect(card.updates).toEqual([{ system: { assignedTo: null } }]);
    expect(u1.updates).toEqual([{ system: { strength: { value: 5, max: 5 }, mode: "combat", hq: null } }]);
    expect(harness.Actor.calls.find((c) => c.method === "update")?.operation).toEqual({ diff: false });
    expect(harness.settingsStore.get("nobc.schemaVersion")).toBe(CURRENT_SCHEMA_VERSION);
    const bar = harness.notices[0]!;
    expect(bar.options).toEqual({ progress: true });
    expect(bar.progress.at(-1)).toBe(1);
    expect(bar.progress).toHaveLength(7);
    expect(harness.notices.some((n) => n.level === "warn" && n.message.startsWith("NOBC.Migration.failed"))).toBe(true);
  });

  it("keeps going when one document's update throws", async () => {
    const { u1 } = liveWorld();
    u1.update = async () => {
      throw new Error("database locked");
    };
    harness.game["data"] = { actors: oldActors.slice(0, 4), items: [] };
    const report = await migrateWorld();
    expect(report.failed).toContainEqual({ name: "3 Pz Bde", error: "database locked" });
    expect(report.migrated).toBe(3);
  });

  it("does nothing for a player, or when the world is up to date", async () => {
    harness.game["data"] = { actors: oldActors, items: [] };
    harness.game["user"] = { id: "p", isGM: false };
    expect(await migrateWorld()).toEqual({ ran: false, migrated: 0, failed: [] });
    harness.game["user"] = { id: "gm", isGM: true };
    harness.settingsStore.set("nobc.schemaVersion", CURRENT_SCHEMA_VERSION);
    expect((await migrateWorld()).ran).toBe(false);
    expect((await migrateWorld({ force: true })).ran).toBe(true);
  });

  it("runs on an empty world and still records the version", async () => {
    const report = await migrateWorld();
    expect(report).toEqual({ ran: true, migrated: 0, failed: [] });
    expect(harness.settingsStore.get("nobc.schemaVersion")).toBe(CURRENT_SCHEMA_VERSION);
  });
});
