/**
 * The knowledge family (src/effects/families/knowledge.ts) planned over a `BoardSnapshot`: in a
 * double-blind world what an action teaches each side goes into the scene's one row (with the map
 * state), its inverse holds every entry's `before`, a drifted entry refuses Undo, a flag that cannot
 * be read refuses the plan naming the field; at an open table nothing of it is planned.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import {
  applyPlan,
  driftedDocuments,
  planEffects,
  snapshotOf,
  type BoardSnapshot,
  type DocumentSnapshot,
  type TokenSnapshot,
} from "../../src/effects/apply";
import { Planner } from "../../src/effects/planner";
import { sceneRows } from "../../src/effects/families/map-state";
import { knowledgeRows, planTurnStartKnowledge } from "../../src/effects/families/knowledge";
import { planPaths } from "../../src/chat/card-record";
import { writePlanSchema } from "../../src/schemas/write-plan";
import { readKnowledgeFlag } from "../../src/schemas/knowledge";
import { DEFAULT_KNOWLEDGE_OPTIONS, unitFace, type Piece } from "../../src/rules/nobc/knowledge/types";
import type { KnowledgeContext } from "../../src/view/board";
import type { Effect } from "../../src/rules/effects";
import type { HexRef } from "../../src/rules/ids";

type Raw = Record<string, unknown>;

function canonical(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    typeof v === "object" && v !== null && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, x]) => [k, sorted(x)]),
        )
      : v;
  return JSON.stringify(sorted(value));
}

const FORMAT = "nobc-knowledge/1";
const face = (name: string, nationality: string) => unitFace({ name, size: "brigade", arm: "armour", nationality });
const piece = (id: string, side: "nato" | "wp", hex: HexRef, strength = 4): Piece => ({
  id: `Actor.${id}`,
  side,
  hex,
  face: face(id, side === "nato" ? "frg" : "su"),
  strength,
});

const snap = (id: string): DocumentSnapshot => ({
  uuid: `Actor.${id}`,
  id,
  documentName: "Actor",
  type: "unit",
  name: id,
  system: { strength: { value: 4, max: 6 } },
});
const docs = new Map(["n1", "w1", "w2"].map((id) => [`Actor.${id}`, snap(id)]));
const lookup = (uuid: string) => docs.get(uuid);

/** A grid where hex "CCRR" has its top-left corner at (CC × 100, RR × 100). */
const topLeftAt = (hex: HexRef) => ({ x: Number(hex.slice(0, 2)) * 100, y: Number(hex.slice(2)) * 100 });
const token = (actor: string, hex: HexRef): TokenSnapshot => ({
  uuid: `Scene.s1.Token.t${actor}`,
  id: `t${actor}`,
  source: { _id: `t${actor}`, name: actor, ...topLeftAt(hex), actorId: actor },
});

/** NATO's n1 at 0202; WP's w1 at 0205 (three hexes south: no contact) and w2 far off at 0910. */
const PIECES = [piece("n1", "nato", "0202"), piece("w1", "wp", "0205"), piece("w2", "wp", "0910")];
const context = (extra: Partial<KnowledgeContext> = {}): KnowledgeContext => ({
  pieces: PIECES,
  turn: 3,
  options: DEFAULT_KNOWLEDGE_OPTIONS,
  ...extra,
});

/** `blind` null: the world plays open (no knowledge context goes with the board). */
function board(knowledge: unknown, blind: KnowledgeContext | null = context()): BoardSnapshot {
  return {
    scene: { uuid: "Scene.s1", id: "s1", name: "Central Front", mapState: undefined, knowledge },
    tokensOf: new Map([
      ["Actor.n1", [token("n1", "0202")]],
      ["Actor.w1", [token("w1", "0205")]],
    ]),
    unitsIn: new Map(),
    topLeftAt,
    ...(blind === null ? {} : { knowledge: blind }),
  };
}

/** n1 moves two hexes south, to 0204: next to w1 at 0205. */
const MOVE: Effect[] = [{ type: "moved", actor: "Actor.n1", path: ["0203", "0204"], from: "0202" }];
const located = (hex: HexRef, turn = 3) => ({ level: "located", hex, turn });

describe("the knowledge family: planned from the plan's outcome", () => {
  it("at an open table a move plans no knowledge: the tokens only", () => {
    const plan = planEffects(MOVE, lookup, board(undefined, null));
    expect(plan.refusals).toEqual([]);
    expect(plan.sceneUpdates).toBeUndefined();
    expect(plan.tokenUpdates).toHaveLength(1);
  });

  it("double-blind, a move's contact is written in the scene's one row; a scene without the flag gets its format with it, and Undo removes the entries", () => {
    const plan = planEffects(MOVE, lookup, board(undefined));
    expect(plan.refusals).toEqual([]);
    expect(plan.sceneUpdates).toEqual([
      {
        uuid: "Scene.s1",
        id: "s1",
        changes: {
          "flags.nobc.knowledge.nato.w1": located("0205"),
          "flags.nobc.knowledge.wp.n1": located("0204"),
          "flags.nobc.knowledge.format": FORMAT,
        },
      },
    ]);
    expect(plan.inverse.sceneUpdates).toEqual([
      { uuid: "Scene.s1", id: "s1", changes: {}, removals: ["flags.nobc.knowledge.nato.w1", "flags.nobc.knowledge.wp.n1"] },
    ]);
    // The record of the card reads it, and each entry is a path of the card (two cards over one entry queue).
    expect(writePlanSchema.safeParse({ ...plan, inverse: undefined }).success).toBe(true);
    expect(writePlanSchema.safeParse(plan.inverse).success).toBe(true);
    expect(planPaths(plan)).toEqual(
      expect.arrayContaining(["Scene.s1#flags.nobc.knowledge.nato.w1", "Scene.s1#flags.nobc.knowledge.wp.n1"]),
    );
  });

  it("on a flag held, only the entries that change are written and the inverse puts each back as it was", () => {
    const held = {
      format: FORMAT,
      // NATO had w1 at 0205 two turns ago, and w2 far away (out of sight: kept as it is).
      nato: { w1: located("0205", 1), w2: located("0910", 2) },
      wp: {},
    };
    const plan = planEffects(MOVE, lookup, board(held));
    expect(plan.sceneUpdates![0]!.changes).toEqual({
      "flags.nobc.knowledge.nato.w1": located("0205"),
      "flags.nobc.knowledge.wp.n1": located("0204"),
    });
    expect(plan.inverse.sceneUpdates![0]!.changes).toEqual({ "flags.nobc.knowledge.nato.w1": located("0205", 1) });
    expect(plan.inverse.sceneUpdates![0]!.removals).toEqual(["flags.nobc.knowledge.wp.n1"]);
  });

  it("the knowledge and the map state of one action share the scene's one row", () => {
    const effects: Effect[] = [...MOVE, { type: "minefield", hex: "0204", present: true, side: "nato" }];
    const plan = planEffects(effects, lookup, board(undefined));
    expect(plan.sceneUpdates).toHaveLength(1);
    expect(Object.keys(plan.sceneUpdates![0]!.changes)).toEqual(
      expect.arrayContaining(["flags.nobc.mapState.mines.0204", "flags.nobc.knowledge.nato.w1", "flags.nobc.knowledge.wp.n1"]),
    );
    expect(plan.inverse.sceneUpdates).toHaveLength(1);
    expect(plan.inverse.sceneUpdates![0]!.removals).toEqual([
      "flags.nobc.mapState.mines.0204",
      "flags.nobc.knowledge.nato.w1",
      "flags.nobc.knowledge.wp.n1",
    ]);
  });

  it("an eliminated piece is forgotten by both sides", () => {
    const held = { format: FORMAT, nato: { w1: located("0205", 3) }, wp: { n1: located("0202", 3) } };
    const plan = planEffects([{ type: "eliminated", actor: "Actor.w1" }], lookup, board(held));
    expect(plan.refusals).toEqual([]);
    expect(plan.sceneUpdates![0]!.removals).toEqual(["flags.nobc.knowledge.nato.w1"]);
    expect(plan.inverse.sceneUpdates![0]!.changes).toEqual({ "flags.nobc.knowledge.nato.w1": located("0205", 3) });
  });

  it("a ground combat identifies every piece that fought, for the other side, with its strength after the hits", () => {
    const effects: Effect[] = [{ type: "hits", actor: "Actor.w1", amount: 1 }];
    const plan = planEffects(effects, lookup, board(undefined, context({ fought: ["Actor.n1", "Actor.w1"] })));
    const changes = plan.sceneUpdates![0]!.changes;
    expect(changes["flags.nobc.knowledge.nato.w1"]).toEqual({
      level: "identified",
      hex: "0205",
      turn: 3,
      face: face("w1", "su"),
      strength: { value: 3, turn: 3 },
    });
    expect(changes["flags.nobc.knowledge.wp.n1"]).toEqual({
      level: "identified",
      hex: "0202",
      turn: 3,
      face: face("n1", "frg"),
      strength: { value: 4, turn: 3 },
    });
  });

  it("a flag that cannot be read refuses the plan, naming the field, and nothing is planned over it", () => {
    const broken = { format: FORMAT, nato: { w1: { level: "located", hex: "0205" } }, wp: {} };
    const plan = planEffects(MOVE, lookup, board(broken));
    expect(plan.refusals).toHaveLength(1);
    expect(plan.refusals[0]).toMatchObject({ key: "NOBC.Knowledge.Refused.unreadable", data: { scene: "Central Front" } });
    const problem = readKnowledgeFlag(broken).problems[0]!;
    expect(problem).toMatchObject({ key: "NOBC.Validation.Problem", data: { field: "knowledge.nato.w1.turn" } });
    expect(plan.sceneUpdates).toBeUndefined();
  });

  it("an action that moves, fights and removes nothing reads no knowledge and plans none", () => {
    const plan = planEffects([{ type: "noMove", actor: "Actor.n1" }], lookup, board({ not: "a flag" }));
    expect(plan.refusals).toEqual([]);
    expect(plan.sceneUpdates).toBeUndefined();
  });
});

describe("a new turn: contacts first, then the lapse", () => {
  it("what is still in contact is renewed (identified stays identified); what is not lapses", () => {
    const pieces = [piece("n1", "nato", "0204"), piece("w1", "wp", "0205"), piece("w2", "wp", "0910")];
    const held = {
      format: FORMAT,
      nato: {
        w1: { level: "identified", hex: "0205", turn: 3, face: face("w1", "su"), strength: { value: 3, turn: 3 } },
        w2: located("0910", 3),
      },
      wp: { n1: located("0204", 3) },
    };
    const p = new Planner(lookup, board(held, context({ pieces })));
    planTurnStartKnowledge(p, context({ pieces, turn: 4 }));
    const plan = p.finish(sceneRows, knowledgeRows);
    expect(plan.sceneUpdates![0]!.changes).toEqual({
      "flags.nobc.knowledge.nato.w1": {
        level: "identified",
        hex: "0205",
        turn: 4,
        face: face("w1", "su"),
        strength: { value: 3, turn: 3 },
      },
      "flags.nobc.knowledge.wp.n1": located("0204", 4),
    });
    expect(plan.sceneUpdates![0]!.removals).toEqual(["flags.nobc.knowledge.nato.w2"]);
  });
});

describe("written over the Foundry stand-in", () => {
  let scene: { flags: Raw; update(data: object): Promise<unknown> };
  let actors: FakeActorT[];

  beforeEach(() => {
    harness.reset();
    actors = ["n1", "w1"].map((name) => new harness.Actor({ name, type: "unit", system: { strength: { value: 4, max: 6 } } }));
    harness.game["actors"] = actors;
    scene = harness.scene!;
  });

  /** The flag as its bytes would be stored with keys in order (a key written back comes last in the object). */
  const flag = (): string => canonical((scene.flags["nobc"] as Raw | undefined)?.["knowledge"]);

  function held(): Raw {
    const [n1, w1] = actors.map((a) => a.id);
    return { format: FORMAT, nato: { [w1!]: located("0205", 1), other: located("0707", 2) }, wp: { [n1!]: located("0101", 2) } };
  }

  async function planned(): Promise<ReturnType<typeof planEffects>> {
    const [n1, w1] = actors.map((a) => a.uuid);
    const real: BoardSnapshot = {
      scene: { uuid: harness.scene!.uuid, id: harness.scene!.id, name: "Central Front", mapState: undefined, knowledge: held() },
      tokensOf: new Map(),
      unitsIn: new Map(),
      knowledge: {
        pieces: [
          { ...PIECES[0]!, id: n1!, hex: "0204" },
          { ...PIECES[1]!, id: w1! },
        ],
        turn: 3,
        options: DEFAULT_KNOWLEDGE_OPTIONS,
      },
    };
    // An elimination far from the rest: w1 is forgotten by NATO, and contact is not observed (nothing moved).
    return planEffects([{ type: "eliminated", actor: w1! }], snapshotOf, real);
  }

  it("apply, then undo, gives back the flag exactly (every key and value), in one Scene write each way", async () => {
    await harness.scene!.update({ "flags.nobc.knowledge": held() });
    const before = flag();
    const plan = await planned();
    expect(plan.refusals).toEqual([]);
    harness.Scene.calls.length = 0;
    await applyPlan(plan, plan.inverse);
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["updateDocuments"]);
    expect(flag()).not.toBe(before);
    expect(driftedDocuments(plan, snapshotOf)).toEqual([]);
    await applyPlan(plan.inverse, plan);
    expect(flag()).toBe(before);
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["updateDocuments", "updateDocuments"]);
  });

  it("an entry changed since (by hand) is drift: Undo would wipe it, so the row names it", async () => {
    await harness.scene!.update({ "flags.nobc.knowledge": held() });
    const plan = await planned();
    await applyPlan(plan, plan.inverse);
    const w1 = actors[1]!.id;
    await harness.scene!.update({ [`flags.nobc.knowledge.nato.${w1}`]: located("0303", 3) });
    expect(driftedDocuments(plan, snapshotOf)).toEqual([`${harness.scene!.name} nato.${w1}`]);
  });
});
