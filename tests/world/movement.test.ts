/**
 * A move on the board (src/world/movement.ts) checked and priced by the rules, and the `moved`
 * effect written through the one write path: the tokens go to the last hex, and Undo puts them back
 * to the pixel. The world is the board game's (tests/turn/board-world.ts) with its terrain attached.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { stageBoardWorld } from "../turn/board-world";
import { readBattlefield } from "../../src/world/read";
import { hexPathThrough, occupancy, planMove, type MovePlan } from "../../src/world/movement";
import { applyEffects, applyPlan, driftedDocuments, snapshotOf } from "../../src/effects/apply";
import { readBoard } from "../../src/world/board";
import { directionTo, hexCentre, offsetOf } from "../../src/map/hex-grid";
import type { Effect } from "../../src/rules/effects";

const MOVEMENT = { phase: "movement", group: null } as const;

function planned(result: ReturnType<typeof planMove>): MovePlan {
  if ("refused" in result) throw new Error(`refused: ${JSON.stringify(result.refused)}`);
  return result;
}

/** Where a one-hex token centred on `hex` has its top-left corner, as Foundry keeps it (whole pixels). */
function tokenAt(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}

beforeEach(() => void stageBoardWorld());

describe("planMove", () => {
  it("prices a Combat Mode move hex by hex, NATO leaving a WP unit it started next to included, and writes MP, hits and the move", () => {
    const field = readBattlefield();
    // 36 PzBrig (0202) starts next to 2 MRR (0303): leaving it costs +1 MP and 1 hit; two clear hexes 1 MP each.
    const plan = planned(planMove(field, MOVEMENT, { unit: "Actor.n36", path: ["0102", "0103"] }));
    expect(plan.breaks).toEqual([]);
    expect(plan.mpBefore).toBe(4);
    expect(plan.mpAfter).toBe(1);
    expect(plan.effects).toEqual([
      { type: "movementPoints", actor: "Actor.n36", value: 1 },
      { type: "hits", actor: "Actor.n36", amount: 1 },
      { type: "moved", actor: "Actor.n36", from: "0202", path: ["0102", "0103"] },
    ]);
    expect(plan.enemyHex).toBeNull();
  });

  it("refuses a path that jumps a hex, or leaves the map, before anything is priced", () => {
    const field = readBattlefield();
    expect(planMove(field, MOVEMENT, { unit: "Actor.n36", path: ["0204"] })).toMatchObject({ refused: { code: "notAdjacent" } });
    expect(planMove(field, MOVEMENT, { unit: "Actor.n36", path: ["0102", "0002"] })).toMatchObject({ refused: { code: "offMap" } });
  });

  it("names every rule broken: out of the Movement phase, through an enemy, the NATO stop", () => {
    const field = readBattlefield();
    // 34 PzBrig (0201) is next to 1 MRR (0301): crossing to 0302 passes next to WP units, then on.
    const plan = planned(planMove(field, { phase: "other" }, { unit: "Actor.n34", path: ["0202", "0203", "0204"] }));
    expect(plan.breaks.map((b) => b.code)).toContain("outOfPhase");
    const through = planned(planMove(field, MOVEMENT, { unit: "Actor.n36", path: ["0302", "0303", "0403"] }));
    expect(through.breaks.map((b) => b.code)).toContain("throughEnemy");
    const stop = planned(planMove(field, MOVEMENT, { unit: "Actor.n36", path: ["0203", "0204"] }));
    expect(stop.breaks.map((b) => b.code)).toEqual(["rules"]);
  });

  it("reports the enemies in the last hex (an overrun's to decide) and stacking there", () => {
    const field = readBattlefield();
    const plan = planned(planMove(field, MOVEMENT, { unit: "Actor.n34", path: ["0301"] }));
    expect(plan.enemyHex).toMatchObject({ hex: "0301", units: [{ id: "Actor.w1" }] });
    const stacked = planned(planMove(field, MOVEMENT, { unit: "Actor.n36", path: ["0201"] }));
    expect(stacked.stacking).toEqual([]); // two brigades in an open hex in Combat Mode are within the limit
  });

  it("prices a path the rules refuse step by step, so a GM's override still writes its MP (down to 0) and hits", () => {
    const field = readBattlefield();
    // Five clear hexes in Combat Mode (4 MP), leaving 2 MRR (+1 MP, 1 hit): refused by the rules.
    const plan = planned(planMove(field, MOVEMENT, { unit: "Actor.n36", path: ["0102", "0103", "0104", "0204", "0203"] }));
    expect(plan.priced).toBeNull();
    expect(plan.breaks.map((b) => b.code)).toContain("rules");
    expect(plan.mpAfter).toBe(0);
    expect(plan.effects).toEqual([
      { type: "movementPoints", actor: "Actor.n36", value: 0 },
      { type: "hits", actor: "Actor.n36", amount: 1 },
      { type: "moved", actor: "Actor.n36", from: "0202", path: ["0102", "0103", "0104", "0204", "0203"] },
    ]);
  });

  it("indexes the battlefield once", () => {
    const field = readBattlefield();
    expect(occupancy(field)).toBe(occupancy(field));
  });
});

describe("the moved effect through the write path", () => {
  it("moves the unit's token to the last hex in one Token call, and Undo puts it back to the pixel", async () => {
    const token = harness.scene!.tokens.find((t) => t.actorId === "n36")!;
    const before = { x: token.x, y: token.y };
    const effects: Effect[] = [{ type: "moved", actor: "Actor.n36", path: ["0102", "0103"] }];
    const plan = await applyEffects(effects, readBoard(effects));
    expect(plan.tokenUpdates).toEqual([{ uuid: token.uuid, id: token.id, parentUuid: harness.scene!.uuid, changes: tokenAt("0103") }]);
    expect({ x: token.x, y: token.y }).toEqual(tokenAt("0103"));
    expect(readBattlefield().units.find((u) => u.id === "Actor.n36")!.hex).toBe("0103");
    expect(driftedDocuments(plan, snapshotOf)).toEqual([]);
    await applyPlan(plan.inverse);
    expect({ x: token.x, y: token.y }).toEqual(before);
    // Moved again by hand since: Undo would put it back over that move, so it is drift.
    await token.update({ x: before.x + 10 });
    expect(driftedDocuments(plan.inverse, snapshotOf)).toEqual([token.name]);
  });

  it("refuses a move whose token no longer stands where the move starts (moved since), writing nothing", async () => {
    const token = harness.scene!.tokens.find((t) => t.actorId === "n36")!;
    const effects: Effect[] = [{ type: "moved", actor: "Actor.n36", from: "0202", path: ["0102"] }];
    await token.update(tokenAt("0201"));
    await expect(applyEffects(effects, readBoard(effects))).rejects.toThrow(/movedSince/);
    expect({ x: token.x, y: token.y }).toEqual(tokenAt("0201"));
  });

  it("refuses a move of a unit with no token on the viewed scene instead of writing MP without moving it", async () => {
    const token = harness.scene!.tokens.find((t) => t.actorId === "n36")!;
    await token.delete();
    const effects: Effect[] = [{ type: "moved", actor: "Actor.n36", from: "0202", path: ["0102"] }];
    await expect(applyEffects(effects, readBoard(effects))).rejects.toThrow(/noToken/);
  });

  it("is refused with no scene viewed", async () => {
    harness.viewNoScene();
    const effects: Effect[] = [{ type: "moved", actor: "Actor.n36", path: ["0102"] }];
    await expect(applyEffects(effects, readBoard(effects))).rejects.toThrow();
  });
});

describe("hexPathThrough", () => {
  it("fills the hexes between waypoints hex by hex, each next to the one before", () => {
    const path = hexPathThrough(["0202", "0205", "0505"]);
    expect(path[0]).toBe("0202");
    expect(path.at(-1)).toBe("0505");
    for (let i = 1; i < path.length; i++) expect(directionTo(offsetOf(path[i - 1]!), offsetOf(path[i]!))).toBeDefined();
    expect(path.slice(0, 4)).toEqual(["0202", "0203", "0204", "0205"]);
    expect(path).toHaveLength(7);
  });

  it("drops a waypoint in the hex already stood in", () => {
    expect(hexPathThrough(["0202", "0202", "0203", "0203"])).toEqual(["0202", "0203"]);
  });
});
