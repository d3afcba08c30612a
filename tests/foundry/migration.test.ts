import "../harness/install";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { harness } from "../harness/foundry";
import { isOlderVersion, migrateWorld, planMigration, planWorld, stepUuid, type RawDocument } from "../../src/migration";
import { CURRENT_SCHEMA_VERSION, registerSettings } from "../../src/base/settings";
import { repairSystemSource } from "../../src/data/shape-repairs";
import { UnitData } from "../../src/data/unit";
import { SupportCardData } from "../../src/data/support-card";

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

/** The same documents marked as written by the current system version (so only shapes decide). */
function stamped(docs: readonly RawDocument[]): RawDocument[] {
  const mark = (d: RawDocument): RawDocument => ({
    ...d,
    _stats: { systemVersion: "0.1.0" },
    ...(d.items ? { items: d.items.map(mark) } : {}),
  });
  return docs.map(mark);
}

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
    expect(new Set(steps.map((s) => s.reason))).toEqual(new Set(["shape"]));
  });

  it("also plans documents an older system version wrote, or with no version recorded", () => {
    const current = { strength: { value: 6, max: 6 }, mode: "combat", hq: null };
    const actors: RawDocument[] = [
      { _id: "a", type: "unit", system: current, _stats: { systemVersion: "0.0.9" } },
      { _id: "b", type: "unit", system: current, _stats: { systemVersion: "0.1.0" } },
      { _id: "c", type: "unit", system: current },
      { _id: "d", type: "unit", system: current, _stats: { systemVersion: "0.2.0" } },
      { _id: "e", type: "unit", system: { strength: 5 }, _stats: { systemVersion: "0.1.0" } },
    ];
    expect(planMigration(actors, [], "0.1.0").map((s) => `${s.id}:${s.reason}`)).toEqual(["a:version", "c:version", "e:shape"]);
    // Without a version the planner goes by shape alone.
    expect(planMigration(actors, []).map((s) => s.id)).toEqual(["e"]);
  });

  it("compares dotted versions by number", () => {
    expect(isOlderVersion("0.9.2", "0.10.0")).toBe(true);
    expect(isOlderVersion("0.10.0", "0.9.2")).toBe(false);
    expect(isOlderVersion("1.0", "1.0.0")).toBe(false);
    expect(isOlderVersion("1.0.0", "1.0.1")).toBe(true);
    expect(isOlderVersion(null, "0.1.0")).toBe(true);
    expect(isOlderVersion("", "0.1.0")).toBe(true);
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

  it("plans each document on its own: unreadable sources are listed by name and id, the rest planned", () => {
    const actors: unknown[] = [
      null,
      "u0",
      { _id: "u1", name: "3 Pz Bde", type: "unit", system: { strength: 5 } },
      { _id: "hq1", name: "I GE Corps", type: "hq", system: {}, items: { c1: {} } },
      {
        _id: "hq2",
        name: "II GE Corps",
        type: "hq",
        system: {},
        items: [null, { _id: "c2", name: "Eng", type: "supportCard", system: { assignedTo: "" } }],
      },
      { _id: "t1", name: "Trojan", type: "constructor", system: { strength: 5 } },
      { _id: "t2", name: "Hollow", type: "__proto__", system: { strength: 5 } },
      { _id: "n1", name: "No type", system: { strength: 5 } },
    ];
    const plan = planWorld(actors, [{ _id: "w1", name: "Loose", type: "toString", system: {} }]);
    expect(plan.steps.map((s) => s.id)).toEqual(["u1", "c2"]);
    expect(plan.corrupt.map((p) => `${p.documentName}:${p.name}:${p.id}:${p.error}`)).toEqual([
      "Actor:::not a stored document with an id",
      "Actor:::not a stored document with an id",
      "Actor:I GE Corps:hq1:its items are not a list",
      "Actor:II GE Corps:hq2:items[0] is not a stored document with an id",
      "Actor:No type:n1:its type is not a string",
    ]);
    // With a version, a prototype-named type is planned by version like any other (Foundry could not load it).
    expect(planWorld(actors.slice(5, 7), [], "0.1.0").steps.map((s) => `${s.id}:${s.reason}`)).toEqual(["t1:version", "t2:version"]);
  });

  it("ignores unknown types and non-object sources", () => {
    expect(repairSystemSource("vehicle", { strength: 3 })).toBe(false);
    expect(repairSystemSource("unit", null)).toBe(false);
    expect(repairSystemSource("unit", [1])).toBe(false);
    expect(repairSystemSource("constructor", { strength: 3 })).toBe(false);
    expect(repairSystemSource("hasOwnProperty", { strength: 3 })).toBe(false);
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

  it("writes each group in one batch from the live source, with diff: false, shows progress, and leaves the version behind while one failed", async () => {
    const { u1, hq } = liveWorld();
    harness.game["data"] = { actors: stamped(oldActors), items: stamped(oldItems) };
    // Each document not migrated is logged with why; the log is this test's to read, not the console's.
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const report = await migrateWorld();
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([
      'nobc | migration of Actor "Broken" [x1] failed (corrupt): it has no system data',
      'nobc | migration of Actor "36 TFW" [sq1] failed (write): document not found',
    ]);
    errors.mockRestore();
    // x1's stored source has no system data, and sq1 has no live document: both are reported, and the rest go on.
    expect(report.ran).toBe(true);
    expect(report.failed).toEqual([
      { kind: "corrupt", documentName: "Actor", id: "x1", name: "Broken", parentId: null, error: "it has no system data" },
      { kind: "write", documentName: "Actor", id: "sq1", name: "36 TFW", parentId: null, error: "document not found" },
    ]);
    expect(report.migrated).toBe(5);
    expect(report.complete).toBe(false);
    expect(harness.Actor.calls).toEqual([
      {
        method: "updateDocuments",
        data: [
          { _id: "u1", system: u1.toObject()["system"] },
          { _id: "hq1", system: {} },
          { _id: "ab1", system: {} },
        ],
        operation: { diff: false },
      },
    ]);
    expect(harness.Item.calls).toEqual([
      { method: "updateDocuments", data: [{ _id: "c1", system: {} }], operation: { parent: hq, diff: false } },
      { method: "updateDocuments", data: [{ _id: "w1", system: {} }], operation: { diff: false } },
    ]);
    // Not recorded: the next load tries x1 and sq1 again.
    expect(harness.settingsStore.get("nobc.schemaVersion")).toBe(0);
    const bar = harness.notices[0]!;
    expect(bar.options).toEqual({ progress: true });
    expect(bar.progress).toEqual([4 / 6, 5 / 6, 1]);
    const warning = harness.notices.find((n) => n.level === "warn" && n.message.startsWith("NOBC.Migration.failed"));
    expect(warning?.message).toContain("36 TFW [sq1]");
    expect(warning?.options).toEqual({ permanent: true });
    const unread = harness.notices.find((n) => n.level === "warn" && n.message.startsWith("NOBC.Migration.corrupt"));
    expect(unread?.message).toContain("Broken [x1]");
  });

  it("when a batch fails, writes its documents one by one and keeps going past a broken one", async () => {
    // The GM's console is told of the batch and of each document that failed: the test's own spies, not stderr.
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    onTestFinished(() => {
      expect(warned.mock.calls.map((c) => String(c[0]))).toEqual([
        "nobc | batched migration write failed, retrying each document on its own",
      ]);
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringContaining('Actor "3 Pz Bde" [u1] failed (write): database locked'),
      ]);
      warned.mockRestore();
      logged.mockRestore();
    });
    const { u1, hq } = liveWorld();
    const ab1 = new harness.Actor({ id: "ab2", name: "Hahn", type: "airbase" });
    u1.update = async () => {
      throw new Error("database locked");
    };
    const batch = vi.spyOn(harness.Actor, "updateDocuments").mockImplementation(async () => {
      throw new Error("batch refused");
    });
    try {
      harness.game["data"] = {
        actors: [oldActors[0]!, { ...oldActors[2]!, items: [] }, { _id: "ab2", name: "Hahn", type: "airbase", system: { hits: 1 } }],
        items: [],
      };
      const report = await migrateWorld();
      expect(report.failed).toEqual([
        { kind: "write", documentName: "Actor", id: "u1", name: "3 Pz Bde", parentId: null, error: "database locked" },
      ]);
      expect(report.migrated).toBe(2);
      expect(hq.updates).toEqual([{ system: {} }]);
      expect(ab1.updates).toEqual([{ system: {} }]);
      expect(harness.Actor.calls.filter((c) => c.method === "update").map((c) => c.operation)).toEqual([{ diff: false }, { diff: false }]);
    } finally {
      batch.mockRestore();
    }
  });

  it("writes a document in the current shape that an older system version stored", async () => {
    const u2 = new harness.Actor({ id: "u2", name: "7 Pz Bde", type: "unit", system: { mode: "combat" } });
    harness.game["data"] = { actors: [{ ...oldActors[1]!, _stats: { systemVersion: "0.0.1" } }], items: [] };
    const report = await migrateWorld();
    expect(report.migrated).toBe(1);
    expect(harness.Actor.calls[0]?.data).toEqual([{ _id: "u2", system: u2.toObject()["system"] }]);
    // Every document migrated: the version is recorded, and the write stamped the document.
    expect(report.complete).toBe(true);
    expect(harness.settingsStore.get("nobc.schemaVersion")).toBe(CURRENT_SCHEMA_VERSION);
    expect(u2.toObject()["_stats"]).toMatchObject({ systemVersion: "0.1.0" });
  });

  it("does nothing for a player, or when the world is up to date", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    onTestFinished(() => logged.mockRestore());
    harness.game["data"] = { actors: oldActors, items: [] };
    harness.game["user"] = { id: "p", isGM: false };
    expect(await migrateWorld()).toEqual({ ran: false, migrated: 0, failed: [], complete: false });
    harness.game["user"] = { id: "gm", isGM: true };
    harness.settingsStore.set("nobc.schemaVersion", CURRENT_SCHEMA_VERSION);
    expect((await migrateWorld()).ran).toBe(false);
    expect((await migrateWorld({ force: true })).ran).toBe(true);
  });

  it("with nothing to write, records the version and shows no notification", async () => {
    harness.game["data"] = { actors: [{ ...oldActors[1]!, _stats: { systemVersion: "0.1.0" } }], items: [] };
    const report = await migrateWorld();
    expect(report).toEqual({ ran: true, migrated: 0, failed: [], complete: true });
    expect(harness.settingsStore.get("nobc.schemaVersion")).toBe(CURRENT_SCHEMA_VERSION);
    expect(harness.notices).toEqual([]);
    expect(harness.Actor.calls).toEqual([]);
  });
});

describe("migrateWorld over documents Foundry could not load", () => {
  /** 16-character ids, as Foundry's loader requires. */
  const id = (s: string): string => s.padEnd(16, "0");
  const OLD = { systemVersion: "0.0.1" };

  beforeEach(() => {
    harness.reset();
    registerSettings();
  });

  it("writes one from its raw source when the repair makes it valid, and it loads", async () => {
    // Data models whose migrateData does not repair old shapes: the old sources then fail to load.
    const cfg = CONFIG as unknown as Record<"Actor" | "Item", { dataModels: Record<string, unknown> }>;
    cfg.Actor.dataModels["unit"] = class extends UnitData {
      static override migrateData(source: Record<string, unknown>) {
        return source;
      }
    };
    cfg.Item.dataModels["supportCard"] = class extends SupportCardData {
      static override migrateData(source: Record<string, unknown>) {
        return source;
      }
    };
    try {
      const card = { _id: id("card"), name: "Eng", type: "supportCard", system: { assignedTo: "" }, _stats: OLD };
      const hq = { _id: id("hq"), name: "I GE Corps", type: "hq", system: { level: 3 }, items: [card], _stats: OLD };
      const unit = { _id: id("unit"), name: "3 Pz Bde", type: "unit", system: { strength: 5, mode: "tactical" }, _stats: OLD };
      harness.loadWorld({ actors: [unit, hq], items: [] });
      const actors = harness.game["actors"] as {
        invalidDocumentIds: Set<string>;
        get(id: string): { items: { invalidDocumentIds: Set<string> } };
      };
      expect([...actors.invalidDocumentIds]).toEqual([id("unit")]);
      expect([...actors.get(id("hq")).items.invalidDocumentIds]).toEqual([id("card")]);

      const report = await migrateWorld();
      expect(report).toEqual({ ran: true, migrated: 3, failed: [], complete: true });
      expect(actors.invalidDocumentIds.size).toBe(0);
      expect(harness.documents().find((d) => d.id === id("unit"))?.system).toMatchObject({
        strength: { value: 5, max: 5 },
        mode: "combat",
      });
      expect(harness.documents().find((d) => d.id === id("card"))?.system).toMatchObject({ assignedTo: null });
      expect(harness.settingsStore.get("nobc.schemaVersion")).toBe(CURRENT_SCHEMA_VERSION);
    } finally {
      delete cfg.Actor.dataModels["unit"];
      delete cfg.Item.dataModels["supportCard"];
    }
  });

  it("names one the repair leaves invalid to the GM (Foundry refuses the write) and keeps the version behind", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    onTestFinished(() => {
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringContaining('Actor "Ghost Bde" [ghost00000000000] failed (invalid)'),
      ]);
      logged.mockRestore();
    });
    const ghost = { _id: id("ghost"), name: "Ghost Bde", type: "unit", system: { strength: 5, mode: "sideways" }, _stats: OLD };
    harness.loadWorld({ actors: [ghost], items: [] });
    const report = await migrateWorld();
    expect(report.failed).toMatchObject([{ kind: "invalid", documentName: "Actor", id: id("ghost"), name: "Ghost Bde", parentId: null }]);
    expect(report.failed[0]?.error).toMatch(/^Foundry could not load it, and the repair does not make it valid: .*sideways/s);
    expect((harness.game["actors"] as { invalidDocumentIds: Set<string> }).invalidDocumentIds.has(id("ghost"))).toBe(true);
    expect(
      harness.notices.some((n) => n.message.startsWith("NOBC.Migration.invalid.one") && n.message.includes(`Ghost Bde [${id("ghost")}]`)),
    ).toBe(true);
    expect(harness.settingsStore.get("nobc.schemaVersion")).toBe(0);
  });
});
