/**
 * The stand-in's v13 token movement (hookEvents.preMoveToken / moveToken, TokenDocument#move,
 * TokenMovementOperation, movementHistory): an x/y update is a movement; `preMoveToken` fires on
 * the initiating client before the write and false cancels it whole; `moveToken` fires after it;
 * a drag arrives in checkpoints (one operation per waypoint); a planned movement (v14) waits.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeMovement } from "./foundry";

type Raw = Record<string, unknown>;
const unitSystem = (over: Raw = {}): Raw => ({ side: "nato", strength: { value: 4, max: 6 }, ...over });

function listen(name: string, answer?: (...args: unknown[]) => unknown): unknown[][] {
  const seen: unknown[][] = [];
  harness.hooks.push({ name, fn: (...args: unknown[]) => (seen.push(args), answer?.(...args)), once: false });
  return seen;
}

beforeEach(() => harness.reset());

describe("token movement (v13)", () => {
  it("an x/y update is a movement: preMoveToken before, moveToken after, method api, the update's options carried", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    const token = harness.placeToken(unit, 2, 1);
    const origin = { x: token.x, y: token.y };
    const pre = listen("preMoveToken", (doc) => expect((doc as { x: number }).x).toBe(origin.x));
    const post = listen("moveToken", (doc) => expect((doc as { x: number }).x).toBe(origin.x + 10));
    await token.update({ x: origin.x + 10 }, { mine: true });
    expect(pre).toHaveLength(1);
    expect(post).toHaveLength(1);
    const movement = pre[0]![1] as FakeMovement;
    expect(movement.method).toBe("api");
    expect(movement.origin).toMatchObject(origin);
    expect(movement.destination).toMatchObject({ x: origin.x + 10, y: origin.y });
    expect(movement.passed.waypoints.map((w) => [w.x, w.y])).toEqual([[origin.x + 10, origin.y]]);
    expect(movement.pending.waypoints).toEqual([]);
    expect(movement.updateOptions).toMatchObject({ mine: true });
    expect((movement.user as { id: string }).id).toBe("user1");
    expect(post[0]![2]).toMatchObject({ mine: true });
    expect(post[0]![3]).toBe(movement.user);
  });

  it("a preMoveToken handler returning false cancels the move: nothing written, no updateToken, no moveToken", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    const token = harness.placeToken(unit, 2, 1);
    const x = token.x;
    listen("preMoveToken", () => false);
    const updated = listen("updateToken");
    const post = listen("moveToken");
    expect(await token.update({ x: x + 10, hidden: true })).toBeUndefined();
    expect(await harness.Token.updateDocuments([{ _id: token.id, x: x + 20 }], { parent: harness.scene })).toEqual([]);
    expect(await token.move([{ x: x + 30 }], { method: "dragging" })).toBe(false);
    expect([token.x, token.hidden, updated.length, post.length]).toEqual([x, false, 0, 0]);
  });

  it("an update that leaves x and y as they are is no movement", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    const token = harness.placeToken(unit, 2, 1);
    const pre = listen("preMoveToken");
    await token.update({ hidden: true, x: token.x });
    expect(pre).toHaveLength(0);
  });

  it("TokenDocument#move goes through its waypoints with the method given, and records them in the history", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    const token = harness.placeToken(unit, 2, 1);
    const { x, y } = token;
    const post = listen("moveToken");
    // Through the API no waypoint is a checkpoint unless it says so: one operation.
    expect(await token.move([{ x: x + 50 }, { x: x + 100, y: y + 20 }])).toBe(true);
    expect(post).toHaveLength(1);
    const movement = post[0]![1] as FakeMovement;
    expect(movement.method).toBe("api");
    expect(movement.passed.waypoints.map((w) => [w.x, w.y])).toEqual([
      [x + 50, y],
      [x + 100, y + 20],
    ]);
    expect([token.x, token.y]).toEqual([x + 100, y + 20]);
    expect(token.movementHistory).toHaveLength(2);
    await token.clearMovementHistory();
    expect(token.movementHistory).toEqual([]);
  });

  it("a drag arrives in checkpoints: one update per waypoint, each with its own origin and the rest pending, one movement id", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    const token = harness.placeToken(unit, 2, 1);
    const { x, y } = token;
    const pre = listen("preMoveToken");
    const updated = listen("updateToken");
    const post = listen("moveToken", (doc) => [(doc as { x: number }).x, (doc as { y: number }).y]);
    expect(await token.move([{ x: x + 50 }, { x: x + 100, y: y + 20 }, { y: y + 40 }], { method: "dragging" })).toBe(true);
    expect([pre.length, updated.length, post.length]).toEqual([3, 3, 3]);
    const moves = post.map((args) => args[1] as FakeMovement);
    expect(moves.map((m) => [m.origin.x, m.origin.y, m.destination.x, m.destination.y])).toEqual([
      [x, y, x + 50, y],
      [x + 50, y, x + 100, y + 20],
      [x + 100, y + 20, x + 100, y + 40],
    ]);
    expect(moves.map((m) => m.pending.waypoints.map((w) => [w.x, w.y]))).toEqual([
      [
        [x + 100, y + 20],
        [x + 100, y + 40],
      ],
      [[x + 100, y + 40]],
      [],
    ]);
    expect(new Set(moves.map((m) => m.id)).size).toBe(1);
    // A waypoint may say it is no checkpoint: it is passed within the next operation.
    const mid = listen("moveToken");
    await token.move([{ x, checkpoint: false }, { y }], { method: "dragging" });
    expect((mid[0]![1] as FakeMovement).passed.waypoints).toHaveLength(2);
  });

  it("a refusal at a checkpoint stops the movement there: later operations are not sent", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    const token = harness.placeToken(unit, 2, 1);
    const { x, y } = token;
    listen("preMoveToken", (_doc, movement) => ((movement as FakeMovement).pending.waypoints.length === 1 ? false : undefined));
    expect(await token.move([{ x: x + 50 }, { x: x + 100 }, { x: x + 150 }], { method: "dragging" })).toBe(false);
    expect([token.x, token.y]).toEqual([x + 50, y]);
  });

  it("a planned movement (v14) moves nothing and skips preMoveToken until it starts; v13 has none and moves at once", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    const token = harness.placeToken(unit, 2, 1);
    const { x } = token;
    const pre = listen("preMoveToken");
    const planned = listen("planToken");
    if (harness.generation < 14) {
      expect(await token.move([{ x: x + 50 }], { method: "dragging", planned: true })).toBe(true);
      expect([token.x, pre.length, planned.length]).toEqual([x + 50, 1, 0]);
      return;
    }
    expect(await token.move([{ x: x + 50 }], { method: "dragging", planned: true })).toBe(false);
    expect([token.x, pre.length, planned.length]).toEqual([x, 0, 1]);
    expect(token.plannedMovement["user1"]?.waypoints).toHaveLength(1);
    expect(await harness.startPlannedMovement(token)).toBe(true);
    expect([token.x, pre.length]).toEqual([x + 50, 1]);
    expect((pre[0]![1] as FakeMovement).method).toBe("dragging");
    expect(token.plannedMovement).toEqual({});
  });

  it("a batch fires per token and drops only the refused row; permissions are checked before any hook", async () => {
    const a = new harness.Actor({ name: "A", type: "unit", system: unitSystem() });
    const b = new harness.Actor({ name: "B", type: "unit", system: unitSystem() });
    const ta = harness.placeToken(a, 1, 1);
    const tb = harness.placeToken(b, 3, 1);
    const [ax, bx] = [ta.x, tb.x];
    listen("preMoveToken", (doc) => (doc === tb ? false : undefined));
    await harness.Token.updateDocuments(
      [
        { _id: ta.id, x: ax + 5 },
        { _id: tb.id, x: bx + 5 },
      ],
      { parent: harness.scene },
    );
    expect([ta.x, tb.x]).toEqual([ax + 5, bx]);
    harness.playAsPlayer("p1");
    const pre = listen("preMoveToken");
    await expect(ta.update({ x: ax })).rejects.toThrow(/lacks permission/);
    await expect(ta.move({ x: ax + 0.5 })).rejects.toThrow(/integers/);
    expect(pre).toHaveLength(0);
    expect(ta.x).toBe(ax + 5);
  });
});
