/**
 * The tokens family (src/effects/families/tokens.ts) planned over a `BoardSnapshot`: a unit's tokens
 * moved to the path's last hex (their position only; the inverse puts them back to the pixel), and
 * the refusals that keep a move from writing MP without moving anything or moving a token twice.
 */
import { describe, expect, it } from "vitest";
import { planEffects, type BoardSnapshot, type DocumentSnapshot, type TokenSnapshot } from "../../src/effects/apply";
import type { HexRef } from "../../src/rules/ids";

const unit: DocumentSnapshot = {
  uuid: "Actor.u1",
  id: "u1",
  documentName: "Actor",
  type: "unit",
  name: "3 Pz Bde",
  system: { strength: { value: 4, max: 6 } },
};
const lookup = (uuid: string) => (uuid === unit.uuid ? unit : undefined);

/** A grid where hex "CCRR" has its top-left corner at (CC × 100, RR × 100); "9999" is off the scene. */
const topLeftAt = (hex: HexRef): { x: number; y: number } | undefined =>
  hex === "9999" ? undefined : { x: Number(hex.slice(0, 2)) * 100, y: Number(hex.slice(2)) * 100 };

const token = (id: string, x: number, y: number): TokenSnapshot => ({
  uuid: `Scene.s1.Token.${id}`,
  id,
  source: { _id: id, name: "3 Pz Bde", x, y, actorId: "u1" },
});

function board(tokens: readonly TokenSnapshot[]): BoardSnapshot {
  return {
    scene: { uuid: "Scene.s1", id: "s1", name: "Central Front", mapState: undefined },
    tokensOf: new Map([["Actor.u1", tokens]]),
    unitsIn: new Map(),
    topLeftAt,
  };
}

describe("the tokens family", () => {
  it("moves every token of the unit to the path's last hex; the inverse puts each back to the pixel", () => {
    const plan = planEffects(
      [{ type: "moved", actor: "Actor.u1", path: ["0304", "0305"], from: "0303" }],
      lookup,
      board([token("t1", 300, 300), token("t2", 300, 300)]),
    );
    expect(plan.refusals).toEqual([]);
    expect(plan.tokenUpdates).toEqual([
      { uuid: "Scene.s1.Token.t1", id: "t1", parentUuid: "Scene.s1", changes: { x: 300, y: 500 } },
      { uuid: "Scene.s1.Token.t2", id: "t2", parentUuid: "Scene.s1", changes: { x: 300, y: 500 } },
    ]);
    expect(plan.inverse.tokenUpdates).toEqual([
      { uuid: "Scene.s1.Token.t1", id: "t1", parentUuid: "Scene.s1", changes: { x: 300, y: 300 } },
      { uuid: "Scene.s1.Token.t2", id: "t2", parentUuid: "Scene.s1", changes: { x: 300, y: 300 } },
    ]);
  });

  it("a token already standing in the hex writes nothing", () => {
    const plan = planEffects([{ type: "moved", actor: "Actor.u1", path: ["0305"] }], lookup, board([token("t1", 300, 500)]));
    expect(plan.tokenUpdates).toBeUndefined();
    expect(plan.refusals).toEqual([]);
  });

  it("refuses a move of a unit with no token on the scene, of a token moved since, and to a hex the grid cannot place", () => {
    const keys = (plan: { refusals: readonly { key: string }[] }) => plan.refusals.map((r) => r.key);
    const none = planEffects([{ type: "moved", actor: "Actor.u1", path: ["0305"] }], lookup, board([]));
    expect(keys(none)).toEqual(["NOBC.MapWrite.Refused.noToken"]);
    const since = planEffects([{ type: "moved", actor: "Actor.u1", path: ["0305"], from: "0303" }], lookup, board([token("t1", 300, 400)]));
    expect(keys(since)).toEqual(["NOBC.MapWrite.Refused.movedSince"]);
    const off = planEffects([{ type: "moved", actor: "Actor.u1", path: ["9999"] }], lookup, board([token("t1", 300, 300)]));
    expect(keys(off)).toEqual(["NOBC.MapWrite.Refused.cannotPlace"]);
    const bad = planEffects([{ type: "moved", actor: "Actor.u1", path: ["x"] }], lookup, board([token("t1", 300, 300)]));
    expect(keys(bad)).toEqual(["NOBC.MapWrite.Refused.badHex"]);
    for (const plan of [none, since, off, bad]) expect(plan.tokenUpdates).toBeUndefined();
  });

  it("refuses a move with no scene viewed; without a board (a card rendered for its notes) it plans nothing", () => {
    const noScene = planEffects([{ type: "moved", actor: "Actor.u1", path: ["0305"] }], lookup, { ...board([]), scene: null });
    expect(noScene.refusals.map((r) => r.key)).toEqual(["NOBC.MapWrite.Refused.noScene"]);
    const noBoard = planEffects([{ type: "moved", actor: "Actor.u1", path: ["0305"] }], lookup);
    expect(noBoard.refusals).toEqual([]);
    expect(noBoard.tokenUpdates).toBeUndefined();
  });

  it("a token moved and eliminated in one plan is only deleted; the inverse re-creates it with its whole source", () => {
    const t1 = token("t1", 300, 300);
    const plan = planEffects(
      [
        { type: "moved", actor: "Actor.u1", path: ["0305"] },
        { type: "eliminated", actor: "Actor.u1" },
      ],
      lookup,
      board([t1]),
    );
    expect(plan.tokenUpdates).toBeUndefined();
    expect(plan.tokenDeletions).toEqual([{ uuid: "Scene.s1.Token.t1", id: "t1", parentUuid: "Scene.s1" }]);
    expect(plan.inverse.tokenCreations).toEqual([{ parentUuid: "Scene.s1", data: t1.source }]);
  });
});
