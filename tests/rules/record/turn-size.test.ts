/**
 * The size of a turn's record on the bench's turn (tests/bench/record-turn.ts): sizes are exact, not
 * timings, so they are asserted here; the time is the bench's (tests/bench/record.bench.ts).
 */
import { describe, expect, it } from "vitest";
import { recordTurn, writeTurnLog } from "../../bench/record-turn";
import { readTurnLog } from "../../../src/schemas/record";
import { GameTexts, prunedTurn } from "../../../src/rules/record/codec";
import { foldTurn } from "../../../src/rules/record/fold";

describe("a turn's record at 400 units", () => {
  const turn = recordTurn(400);
  // The game's first turn: every text new. A later turn: the texts of the turns before known (those of
  // an earlier turn of the same theatre: the same units, tokens, users and fields).
  const first = writeTurnLog(turn);
  const texts = new GameTexts();
  writeTurnLog(turn, texts);
  const stored = writeTurnLog(turn, texts);

  it("logs the whole turn", () => {
    const t = turn.theatre;
    expect(turn.counts).toMatchObject({ stages: 18, orders: t.hqs, combats: t.combats.length, resupplies: t.hqs });
    expect(turn.counts.moves).toBe(t.units - 3 * t.combats.length);
    expect(Object.keys(stored.entries)).toHaveLength(turn.entries.length);
  });

  // The target is 20 KB a turn at 400 units: not met (docs/decisions/game-record.md, "Size"). These
  // bounds guard today's figures (33.9 KB kept, 49.6 KB live, 72.8 KB for a first turn) from growing.
  it("keeps an ended turn in under 36 KB once pruned, under 52 KB while played; the first turn carries the texts", () => {
    const kept = { ...stored, entries: { ...stored.entries, ...prunedTurn(stored) } };
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(36 * 1024);
    expect(JSON.stringify(stored).length).toBeLessThanOrEqual(52 * 1024);
    expect(JSON.stringify(first).length).toBeGreaterThan(JSON.stringify(stored).length);
  });

  it("grows with the game, not faster: 1,600 units write at most 4.5 times the record of 400", () => {
    const big = recordTurn(1600);
    const bigTexts = new GameTexts();
    writeTurnLog(big, bigTexts);
    expect(JSON.stringify(writeTurnLog(big, bigTexts)).length / JSON.stringify(stored).length).toBeLessThanOrEqual(4.5);
  });

  it("reads back whole and folds: every unit that moved has its movement, the undone moves dropped", () => {
    const read = readTurnLog(JSON.parse(JSON.stringify(first)));
    expect(read.problems).toEqual([]);
    expect(read.entries).toHaveLength(turn.entries.length);
    const fold = foldTurn(turn.turn, read.entries);
    expect(fold.movement.size).toBe(turn.counts.moves - turn.counts.undos);
    expect(fold.keys.size).toBe(2 * turn.theatre.hqs);
  });
});
