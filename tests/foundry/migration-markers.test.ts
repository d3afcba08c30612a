/**
 * Schema 2 (issue #17): the units' old `underMine` / `contaminated` markers move to the map state of
 * every scene where the unit has a token on a terrain map; a marked unit with no such token loses its
 * mark and the GM is told by name. One Scene write for the scenes, one Actor write for the units;
 * planning again adds nothing.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { plainKey, removals } from "../../src/base/compat";
import { migrateWorld, planMapMarkers, type MarkerScene } from "../../src/migration";
import { CURRENT_SCHEMA_VERSION, registerSettings, SETTING_KEYS } from "../../src/base/settings";
import { emptyMapStateFlag } from "../../src/map/map-state";
import { smallMap } from "../map/fixture";
import { readBattlefield } from "../../src/world/read";

const id = (s: string) => s.padEnd(16, "0");
const unit = (key: string, name: string, side: "nato" | "wp", marks: Record<string, boolean>) => ({
  _id: id(key),
  name,
  type: "unit",
  system: { side, nationality: side === "nato" ? "frg" : "su", mode: "combat", ...marks },
  _stats: { systemVersion: "9.9.9" },
});

describe("planMapMarkers (pure)", () => {
  const actors = [
    unit("u1", "PzBrig 1", "nato", { underMine: true, contaminated: false }),
    unit("u2", "MRR 2", "wp", { underMine: false, contaminated: true }),
    unit("u3", "Lost Bde", "nato", { underMine: true }),
    unit("u4", "Plain Bde", "nato", { underMine: false, contaminated: false }),
    { _id: id("h1"), name: "HQ", type: "hq", system: { underMine: true } },
  ];
  const scene = (mapState: unknown, terrain = true): MarkerScene => ({
    id: "s1",
    name: "Front",
    terrain,
    mapState,
    tokens: [
      { actorId: id("u1"), hex: "0202" },
      { actorId: id("u2"), hex: "0302" },
      { actorId: id("u4"), hex: "0101" },
      { actorId: id("u3"), hex: undefined },
    ],
  });

  it("puts each mark in its unit's hex, the minefield laid by the unit's side; drops the unit without a hex; deletes every stored marker", () => {
    const plan = planMapMarkers(actors, [scene(undefined)]);
    expect(plan.scenes).toEqual([
      {
        _id: "s1",
        name: "Front",
        mapState: { ...emptyMapStateFlag(), mines: { "0202": { side: "nato" } }, contaminated: { "0302": true } },
      },
    ]);
    expect(plan.actors).toEqual(
      // Each stored marker removed, as the generation spells a removal (src/base/compat.ts).
      ["u1", "u2", "u3", "u4"].map((k) => ({ _id: id(k), ...removals(["system.underMine", "system.contaminated"]) })),
    );
    expect(plan.dropped).toEqual(["Lost Bde"]);
    expect(plan.unreadable).toEqual([]);
  });

  it("keeps what the scene has and adds nothing twice; a scene without terrain places nothing; an unreadable state is named", () => {
    const first = planMapMarkers(actors, [
      scene({ ...emptyMapStateFlag(), mines: { "0202": { side: "wp" } }, cutAutobahn: { "0402": true } }),
    ]);
    expect(first.scenes[0]!.mapState).toEqual({
      ...emptyMapStateFlag(),
      mines: { "0202": { side: "wp" } },
      contaminated: { "0302": true },
      cutAutobahn: { "0402": true },
    });
    expect(planMapMarkers(actors, [scene(first.scenes[0]!.mapState)]).scenes).toEqual([]);
    const bare = planMapMarkers(actors, [scene(undefined, false)]);
    expect([bare.scenes, bare.dropped]).toEqual([[], ["PzBrig 1", "MRR 2", "Lost Bde"]]);
    const broken = planMapMarkers(actors, [scene({ format: "nope" })]);
    expect([broken.scenes, broken.unreadable]).toEqual([[], [{ id: "s1", name: "Front" }]]);
    // Its marked units keep their markers, for the next load; none is counted as dropped but the one with no hex.
    expect(broken.actors.map((row) => row["_id"])).toEqual([id("u3"), id("u4")]);
    expect(broken.dropped).toEqual(["Lost Bde"]);
    // Units that carry no retired field any more: nothing at all to write.
    const clean = planMapMarkers([{ ...actors[3]!, system: { side: "nato" } }], [scene(undefined)]);
    expect([clean.scenes, clean.actors, clean.dropped]).toEqual([[], [], []]);
  });
});

describe("migrateWorld moves the markers to the scenes", () => {
  beforeEach(() => {
    harness.reset();
    registerSettings();
  });

  it("one Scene write for every scene of the world that gains a mark, one Actor write; the rules then read the scene; the GM is told of the dropped mark; run once", async () => {
    const sources = [
      unit("u1", "PzBrig 1", "nato", { underMine: true, contaminated: false }),
      unit("u2", "MRR 2", "wp", { underMine: false, contaminated: true }),
      unit("u3", "Lost Bde", "nato", { underMine: true, contaminated: false }),
    ];
    harness.loadWorld({ actors: sources, items: [] });
    const actors = game.actors as unknown as { get(id: string): never };
    // The viewed scene has terrain and the tokens of PzBrig 1 and MRR 2.
    const front = harness.scene!;
    harness.setSceneFlag("terrain", smallMap());
    harness.placeToken(actors.get(id("u1")), 1, 1); // 0202
    harness.placeToken(actors.get(id("u2")), 2, 1); // 0302
    // A second scene with terrain, not viewed: MRR 2 has a token there too (hex 0101).
    const rear = new harness.Scene({ name: "Rear" });
    rear.flags["nobc"] = { terrain: smallMap() };
    const at0101 = harness.grid.getCenterPoint(harness.offsetOfHex(0, 0));
    const topLeft = (p: { x: number; y: number }) => ({ x: p.x - harness.grid.sizeX / 2, y: p.y - harness.grid.sizeY / 2 });
    rear.addToken({ name: "MRR 2", actorId: id("u2"), ...topLeft(at0101), hidden: false, elevation: 0 });
    // A scene without terrain: Lost Bde's only token is there, and PzBrig 1 has one too; nothing is placed on it.
    const bare = new harness.Scene({ name: "Briefing room" });
    bare.addToken({ name: "Lost Bde", actorId: id("u3"), ...topLeft(at0101), hidden: false, elevation: 0 });
    bare.addToken({ name: "PzBrig 1", actorId: id("u1"), ...topLeft(at0101), hidden: false, elevation: 0 });
    expect(game.scenes!.contents).toEqual([front, rear, bare]);
    await game.settings!.set("nobc", SETTING_KEYS.schemaVersion, 1);
    harness.Scene.calls = [];
    harness.Actor.calls = [];

    const report = await migrateWorld();
    expect(report.failed).toEqual([]);
    expect(report.complete).toBe(true);
    expect(front.getFlag("nobc", "mapState")).toEqual({
      ...emptyMapStateFlag(),
      mines: { "0202": { side: "nato" } },
      contaminated: { "0302": true },
    });
    expect(rear.getFlag("nobc", "mapState")).toEqual({ ...emptyMapStateFlag(), contaminated: { "0101": true } });
    expect(bare.getFlag("nobc", "mapState")).toBeUndefined();
    // One write for both scenes.
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["updateDocuments"]);
    expect((harness.Scene.calls[0]!.data as { _id: string }[]).map((r) => r._id)).toEqual([front.id, rear.id]);
    const removesMarker = (row: object) => Object.keys(row).some((k) => plainKey(k) === "system.underMine");
    const actorWrites = harness.Actor.calls.filter((c) => Array.isArray(c.data) && (c.data as object[]).some(removesMarker));
    expect(actorWrites).toHaveLength(1);
    for (const key of ["u1", "u2", "u3"]) {
      const system = (actors.get(id(key)) as unknown as { toObject(): { system: object } }).toObject().system;
      expect(Object.keys(system)).not.toContain("underMine");
      expect(Object.keys(system)).not.toContain("contaminated");
    }
    const field = readBattlefield();
    expect([...field.mapState.mines]).toEqual(["0202"]);
    expect([...field.mapState.contaminated]).toEqual(["0302"]);
    const warnings = harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
    expect(warnings).toEqual([expect.stringContaining("NOBC.MapRules.Migration.dropped")]);
    expect(warnings[0]).toContain("Lost Bde");
    expect(warnings[0]).not.toContain("PzBrig 1");
    expect(game.settings!.get("nobc", SETTING_KEYS.schemaVersion)).toBe(CURRENT_SCHEMA_VERSION);

    // A second run (even forced) moves nothing again.
    harness.Scene.calls = [];
    await migrateWorld({ force: true });
    expect(harness.Scene.calls).toEqual([]);
  });
});
