/**
 * The map effects as writes (src/effects/apply.ts): planned over a `BoardSnapshot`, written to the
 * viewed scene's `nobc.mapState` flag and its tokens through the one write path, and undone exactly.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { removal } from "../../src/base/compat";
import { harness, type FakeActorT } from "../harness/foundry";
import {
  PlanWriteError,
  applyEffects,
  applyPlan,
  driftedDocuments,
  planEffects,
  rollbackOf,
  snapshotOf,
  targetProblems,
  type BoardSnapshot,
  type DocumentSnapshot,
  type WritePlan,
} from "../../src/effects/apply";
import { planPaths, pathsMeet } from "../../src/chat/card-record";
import { writePlanSchema } from "../../src/schemas/write-plan";
import { readMapState } from "../../src/map/map-state";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { readBoard } from "../../src/world/board";
import { forgetTerrain } from "../../src/world/read";
import type { Effect } from "../../src/rules/effects";
import { smallMap } from "../map/fixture";
import { unitSystem } from "../apps/ground-combat/fixture";

type Raw = Record<string, unknown>;

const FORMAT = "nobc-map-state/1";
const empty = () => ({ format: FORMAT, mines: {}, contaminated: {}, destroyedBridges: {}, cutAutobahn: {}, engineersLeft: {} });

/** A board of one scene with `mapState` as its flag, and the given tokens and units. */
function board(mapState: unknown, extra: Partial<Omit<BoardSnapshot, "scene">> = {}): BoardSnapshot {
  return {
    scene: { uuid: "Scene.s1", id: "s1", name: "Central Front", mapState },
    tokensOf: extra.tokensOf ?? new Map(),
    unitsIn: extra.unitsIn ?? new Map(),
  };
}

const unitSnap = (uuid: string, supply: number): DocumentSnapshot => ({
  uuid,
  id: uuid.slice(6),
  documentName: "Actor",
  type: "unit",
  name: uuid,
  system: { supply, strength: { value: 4, max: 6 } },
});
const units = new Map([unitSnap("Actor.u1", 3), unitSnap("Actor.u2", 2), unitSnap("Actor.w1", 1)].map((s) => [s.uuid, s]));
const lookup = (uuid: string) => units.get(uuid);

describe("planEffects: map effects over a board", () => {
  it("a scene without a map state gets the whole flag with its first key; the inverse removes the key", () => {
    const plan = planEffects([{ type: "minefield", hex: "0712", present: true, side: "wp" }], lookup, board(undefined));
    expect(plan.refusals).toEqual([]);
    expect(plan.sceneUpdates).toEqual([
      {
        uuid: "Scene.s1",
        id: "s1",
        changes: {
          "flags.nobc.mapState.mines.0712": { side: "wp" },
          "flags.nobc.mapState.format": FORMAT,
          "flags.nobc.mapState.contaminated": {},
          "flags.nobc.mapState.destroyedBridges": {},
          "flags.nobc.mapState.cutAutobahn": {},
          "flags.nobc.mapState.engineersLeft": {},
        },
      },
    ]);
    expect(plan.inverse.sceneUpdates).toEqual([{ uuid: "Scene.s1", id: "s1", changes: {}, removals: ["flags.nobc.mapState.mines.0712"] }]);
    expect(plan.notes).toEqual([]);
  });

  it("sets and removes keys of an existing state; the inverse puts back exactly what was there", () => {
    const state = { ...empty(), mines: { "0405": { side: "nato" } }, contaminated: { "0101": true } };
    const effects: Effect[] = [
      { type: "minefield", hex: "0405", present: false },
      { type: "bridgeDestroyed", hexside: "0713|0712" },
      { type: "autobahnCut", hex: "0909" },
      { type: "contaminated", hex: "0101" },
      { type: "contaminated", hex: "0102" },
    ];
    const plan = planEffects(effects, lookup, board(state));
    expect(plan.sceneUpdates).toHaveLength(1);
    // The hexside key is written with its labels sorted; a hex already contaminated is no change.
    // A removal is named by its plain path, apart from the values set: the writer spells it by generation.
    expect(plan.sceneUpdates![0]!.changes).toEqual({
      "flags.nobc.mapState.destroyedBridges.0712|0713": true,
      "flags.nobc.mapState.cutAutobahn.0909": true,
      "flags.nobc.mapState.contaminated.0102": true,
    });
    expect(plan.sceneUpdates![0]!.removals).toEqual(["flags.nobc.mapState.mines.0405"]);
    expect(plan.inverse.sceneUpdates![0]!.changes).toEqual({ "flags.nobc.mapState.mines.0405": { side: "nato" } });
    expect(plan.inverse.sceneUpdates![0]!.removals).toEqual([
      "flags.nobc.mapState.destroyedBridges.0712|0713",
      "flags.nobc.mapState.cutAutobahn.0909",
      "flags.nobc.mapState.contaminated.0102",
    ]);
  });

  it("Bridging Engineers left at a hexside: counted under its sorted key, taken away at 0; the inverse puts back the count", () => {
    const state = { ...empty(), engineersLeft: { "0301|0302": 1 } };
    const plan = planEffects(
      [
        { type: "engineersLeft", hexside: "0302|0301", count: 2 },
        { type: "engineersLeft", hexside: "0303|0304", count: 1 },
      ],
      lookup,
      board(state),
    );
    expect(plan.refusals).toEqual([]);
    expect(plan.sceneUpdates![0]!.changes).toEqual({
      "flags.nobc.mapState.engineersLeft.0301|0302": 2,
      "flags.nobc.mapState.engineersLeft.0303|0304": 1,
    });
    expect(plan.inverse.sceneUpdates![0]!.changes).toEqual({ "flags.nobc.mapState.engineersLeft.0301|0302": 1 });
    expect(plan.inverse.sceneUpdates![0]!.removals).toEqual(["flags.nobc.mapState.engineersLeft.0303|0304"]);
    const gone = planEffects([{ type: "engineersLeft", hexside: "0301|0302", count: 0 }], lookup, board(state));
    expect(gone.sceneUpdates![0]!.changes).toEqual({});
    expect(gone.sceneUpdates![0]!.removals).toEqual(["flags.nobc.mapState.engineersLeft.0301|0302"]);
    expect(gone.inverse.sceneUpdates![0]!.changes).toEqual({ "flags.nobc.mapState.engineersLeft.0301|0302": 1 });
  });

  it("a map state written before engineers were kept reads as none left; a count out of range is a problem named by its path", () => {
    const { engineersLeft: _, ...older } = empty();
    const read = readMapState({ ...older, mines: { "0405": { side: "nato" } } });
    expect(read.problems).toEqual([]);
    expect(read.state.engineersLeft).toEqual(new Map());
    expect(read.state.mines).toEqual(new Set(["0405"]));
    const bad = readMapState({ ...empty(), engineersLeft: { "0301|0302": 0.5 } });
    expect(bad.problems).toHaveLength(1);
    expect(JSON.stringify(bad.problems[0])).toContain("NOBC.MapState.Problem.Count");
    expect(JSON.stringify(bad.problems[0])).toContain("0301|0302");
  });

  it("a key laid and cleared within one card is no write at all", () => {
    const plan = planEffects(
      [
        { type: "minefield", hex: "0712", present: true, side: "nato" },
        { type: "minefield", hex: "0712", present: false },
      ],
      lookup,
      board(empty()),
    );
    expect(plan.sceneUpdates).toBeUndefined();
    expect(plan.refusals).toEqual([]);
  });

  it("supply counters eliminated: every unit standing in those hexes goes to 0 supply, with its undo", () => {
    const plan = planEffects(
      [{ type: "supplyCountersEliminated", hexes: ["0303", "0304"] }],
      lookup,
      board(empty(), {
        unitsIn: new Map([
          ["0303", ["Actor.u1", "Actor.w1"]],
          ["0505", ["Actor.u2"]],
        ]),
      }),
    );
    expect(plan.actorUpdates).toEqual([
      { uuid: "Actor.u1", id: "u1", parentUuid: null, changes: { "system.supply": 0 } },
      { uuid: "Actor.w1", id: "w1", parentUuid: null, changes: { "system.supply": 0 } },
    ]);
    expect(plan.inverse.actorUpdates.map((u) => u.changes)).toEqual([{ "system.supply": 3 }, { "system.supply": 1 }]);
    expect(plan.sceneUpdates).toBeUndefined();
  });

  it("an eliminated unit's tokens are deleted; the inverse re-creates each with its id and whole source", () => {
    const source = { _id: "t1", name: "3 PzBrig", actorId: "u1", x: 100, y: 200, hidden: true, elevation: 5, flags: { a: 1 } };
    const plan = planEffects(
      [{ type: "eliminated", actor: "Actor.u1" }],
      lookup,
      board(empty(), { tokensOf: new Map([["Actor.u1", [{ uuid: "Scene.s1.Token.t1", id: "t1", source }]]]) }),
    );
    expect(plan.actorUpdates[0]!.changes).toEqual({ "system.strength.value": 0 });
    expect(plan.tokenDeletions).toEqual([{ uuid: "Scene.s1.Token.t1", id: "t1", parentUuid: "Scene.s1" }]);
    expect(plan.inverse.tokenCreations).toEqual([{ parentUuid: "Scene.s1", data: source }]);
    expect(plan.notes).toEqual([]);
  });

  it("refuses with no scene viewed, naming why, and plans no map write", () => {
    const none: BoardSnapshot = { scene: null, tokensOf: new Map(), unitsIn: new Map() };
    const plan = planEffects(
      [
        { type: "contaminated", hex: "0101" },
        { type: "bridgeDestroyed", hexside: "0101|0102" },
        { type: "supplyCountersEliminated", hexes: ["0101"] },
      ],
      lookup,
      none,
    );
    expect(plan.refusals).toEqual([{ key: "NOBC.MapWrite.Refused.noScene" }]);
    expect(plan.sceneUpdates).toBeUndefined();
    expect(plan.actorUpdates).toEqual([]);
  });

  it("refuses a hex or hexside that is no map label, a minefield whose side is unknown, and an unreadable map state", () => {
    const bad = planEffects(
      [
        { type: "contaminated", hex: "12.07" },
        { type: "bridgeDestroyed", hexside: "0101-0102" },
        { type: "minefield", hex: "0303", present: true },
      ],
      lookup,
      board(empty()),
    );
    expect(bad.refusals.map((r) => r.key)).toEqual([
      "NOBC.MapWrite.Refused.badHex",
      "NOBC.MapWrite.Refused.badHexside",
      "NOBC.MapWrite.Refused.minefieldSide",
    ]);
    const broken = planEffects([{ type: "contaminated", hex: "0101" }], lookup, board({ format: "other" }));
    expect(broken.refusals).toEqual([{ key: "NOBC.MapWrite.Refused.unreadable", data: { scene: "Central Front" } }]);
  });

  it("the paths of a map key meet whether it was set or removed; a scene's first format write is no one's path", () => {
    const lay = planEffects([{ type: "minefield", hex: "0712", present: true, side: "wp" }], lookup, board(undefined));
    const clear = planEffects(
      [{ type: "minefield", hex: "0712", present: false }],
      lookup,
      board({ ...empty(), mines: { "0712": { side: "wp" } } }),
    );
    const other = planEffects([{ type: "contaminated", hex: "0712" }], lookup, board(empty()));
    expect(planPaths(lay)).toEqual(["Scene.s1#flags.nobc.mapState.mines.0712"]);
    expect(pathsMeet(planPaths(lay), planPaths(clear))).toBe(true);
    expect(pathsMeet(planPaths(lay), planPaths(other))).toBe(false);
  });

  it("the record's schema reads the map rows and refuses a scene row that writes outside the map state", () => {
    const plan = planEffects([{ type: "contaminated", hex: "0101" }], lookup, board(empty()));
    expect(writePlanSchema.safeParse(plan.inverse).success).toBe(true);
    const sneaky: WritePlan = { ...plan, sceneUpdates: [{ uuid: "Scene.s1", id: "s1", changes: { "ownership.default": 3 } }] };
    expect(writePlanSchema.safeParse(sneaky).success).toBe(false);
  });

  it("rollbackOf picks the map rows of exactly the writes that went through", () => {
    const source = { _id: "t1", name: "3 PzBrig", actorId: "u1", x: 0, y: 0 };
    const plan = planEffects(
      [
        { type: "eliminated", actor: "Actor.u1" },
        { type: "contaminated", hex: "0101" },
      ],
      lookup,
      board(empty(), { tokensOf: new Map([["Actor.u1", [{ uuid: "Scene.s1.Token.t1", id: "t1", source }]]]) }),
    );
    const none: WritePlan = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };
    expect(rollbackOf({ ...none, sceneUpdates: plan.sceneUpdates! }, plan.inverse)).toEqual({
      ...none,
      sceneUpdates: plan.inverse.sceneUpdates,
    });
    expect(rollbackOf({ ...none, tokenDeletions: plan.tokenDeletions! }, plan.inverse)).toEqual({
      ...none,
      tokenCreations: plan.inverse.tokenCreations,
    });
    expect(rollbackOf(none, plan.inverse)).toEqual(none);
  });
});

/* ------------------------------------------------------------------------------------------ */

const SIZE = 100;
const at = (label: string) => hexCentre(offsetOf(label), SIZE);

function mapState(): unknown {
  return structuredClone((harness.scene!.flags["nobc"] as Raw | undefined)?.["mapState"]);
}

describe("applyEffects over the Foundry stand-in: the viewed scene", () => {
  let unit: FakeActorT;
  let enemy: FakeActorT;

  beforeEach(() => {
    harness.reset();
    forgetTerrain();
    unit = new harness.Actor({ name: "3 PzBrig", type: "unit", system: unitSystem("nato", { supply: 3 }) });
    enemy = new harness.Actor({ name: "MRR 1", type: "unit", system: unitSystem("wp", { supply: 2 }) });
    harness.game["actors"] = [unit, enemy];
    harness.game["items"] = [];
  });

  it("writes every map effect in one Scene call, and the inverse puts the map state back exactly", async () => {
    harness.setSceneFlag("mapState", { ...empty(), mines: { "0405": { side: "wp" } } });
    const before = mapState();
    const effects: Effect[] = [
      { type: "minefield", hex: "0712", present: true, side: "nato" },
      { type: "minefield", hex: "0405", present: false },
      { type: "bridgeDestroyed", hexside: "0713|0712" },
      { type: "autobahnCut", hex: "0909" },
      { type: "contaminated", hex: "0101" },
    ];
    const plan = await applyEffects(effects, readBoard(effects));
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["updateDocuments"]);
    const read = readMapState(mapState());
    expect(read.problems).toEqual([]);
    expect([...read.state.mines]).toEqual(["0712"]);
    expect(read.state.mineSides.get("0712")).toBe("nato");
    expect([...read.state.destroyedBridges]).toEqual(["0712|0713"]);
    expect([...read.state.cutAutobahn]).toEqual(["0909"]);
    expect([...read.state.contaminated]).toEqual(["0101"]);
    expect(driftedDocuments(plan, snapshotOf)).toEqual([]);

    await applyPlan(plan.inverse, plan);
    expect(mapState()).toEqual(before);
    expect(harness.Scene.calls).toHaveLength(2);
  });

  it("on a scene with no map state, Undo leaves an empty state that reads as before", async () => {
    const plan = await applyEffects([{ type: "contaminated", hex: "0101" }], readBoard());
    expect(readMapState(mapState()).state.contaminated).toEqual(new Set(["0101"]));
    await applyPlan(plan.inverse, plan);
    expect(mapState()).toEqual(empty());
  });

  it("an eliminated unit's tokens leave the scene (one call), and Undo re-creates them with the same id, place and everything", async () => {
    const token = harness.placeTokenAt(unit, at("0202"));
    await token.update({ hidden: true, elevation: 20 });
    const other = harness.placeTokenAt(enemy, at("0303"));
    const before = token.toObject();
    const plan = await applyEffects([{ type: "eliminated", actor: unit.uuid }], readBoard());
    expect((unit.system["strength"] as Raw)["value"]).toBe(0);
    expect(harness.scene!.tokens.map((t) => t.id)).toEqual([other.id]);
    expect(harness.Token.calls.filter((c) => c.method === "deleteDocuments")).toHaveLength(1);

    await applyPlan(plan.inverse, plan);
    expect((unit.system["strength"] as Raw)["value"]).toBe(4);
    const back = harness.scene!.tokens.find((t) => t.id === token.id)!;
    const { _stats: _a, ...was } = before;
    const { _stats: _b, ...now } = back.toObject();
    expect(now).toEqual(was);
    expect(back.uuid).toBe(token.uuid);
  });

  it("supply counters eliminated: the units standing in the hexes (as the rules read them) lose their supply", async () => {
    harness.setSceneFlag("terrain", smallMap());
    harness.placeTokenAt(unit, at("0202"));
    harness.placeTokenAt(enemy, at("0303"));
    const effects: Effect[] = [{ type: "supplyCountersEliminated", hexes: ["0202"] }];
    const plan = await applyEffects(effects, readBoard(effects));
    expect(unit.system["supply"]).toBe(0);
    expect(enemy.system["supply"]).toBe(2);
    await applyPlan(plan.inverse, plan);
    expect(unit.system["supply"]).toBe(3);
  });

  it("with no scene viewed, a map effect is refused and nothing at all is written", async () => {
    harness.viewNoScene();
    const error = await applyEffects(
      [
        { type: "hits", actor: unit.uuid, amount: 1 },
        { type: "contaminated", hex: "0101" },
      ],
      readBoard(),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanWriteError);
    expect((error as PlanWriteError).failures).toEqual(["NOBC.MapWrite.Refused.noScene"]);
    expect(harness.Actor.calls).toEqual([]);
    expect((unit.system["strength"] as Raw)["value"]).toBe(4);
  });

  it("a player's client cannot write the scene: the write is refused and nothing changes", async () => {
    const plan = planEffects([{ type: "contaminated", hex: "0101" }], snapshotOf, readBoard());
    harness.game["user"] = { id: "p1", name: "Player", isGM: false };
    const error = await applyPlan(plan, plan.inverse).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanWriteError);
    expect(mapState()).toBeUndefined();
  });

  it("the rows must name the world Scene and its Token exactly (never a compendium's)", () => {
    const scene = harness.scene!;
    const token = harness.placeTokenAt(unit, at("0202"));
    const ok: WritePlan = {
      actorUpdates: [],
      itemUpdates: [],
      itemDeletions: [],
      itemCreations: [],
      sceneUpdates: [{ uuid: scene.uuid, id: scene.id, changes: {} }],
      tokenDeletions: [{ uuid: token.uuid, id: token.id, parentUuid: scene.uuid }],
    };
    expect(targetProblems(ok)).toEqual([]);
    const foreign: WritePlan = {
      ...ok,
      sceneUpdates: [{ uuid: `Compendium.nobc.maps.Scene.${scene.id}`, id: scene.id, changes: {} }],
      tokenDeletions: [{ uuid: token.uuid, id: "other", parentUuid: scene.uuid }],
    };
    expect(targetProblems(foreign).map((p) => p.key)).toEqual(["NOBC.Notify.NotWorldDocument", "NOBC.Notify.NotWorldDocument"]);
  });

  it("drift: a key changed by hand since, or a token re-created by hand, is named and blocks Undo", async () => {
    const token = harness.placeTokenAt(unit, at("0202"));
    const effects: Effect[] = [
      { type: "minefield", hex: "0712", present: true, side: "nato" },
      { type: "eliminated", actor: unit.uuid },
    ];
    const plan = await applyEffects(effects, readBoard(effects));
    expect(driftedDocuments(plan, snapshotOf)).toEqual([]);
    await harness.scene!.update({ "flags.nobc.mapState.mines.0712": { side: "wp" } });
    expect(driftedDocuments(plan, snapshotOf)).toEqual(["Scene 0712"]);
    await harness.scene!.update(removal("flags.nobc.mapState.mines.0712"));
    expect(driftedDocuments(plan, snapshotOf)).toEqual(["Scene 0712"]);
    await harness.scene!.update({ "flags.nobc.mapState.mines.0712": { side: "nato" } });
    expect(driftedDocuments(plan, snapshotOf)).toEqual([]);
    await harness.Token.createDocuments([{ ...token.toObject() }], { parent: harness.scene, keepId: true });
    expect(driftedDocuments(plan, snapshotOf)).toEqual(["3 PzBrig"]);
  });
});
