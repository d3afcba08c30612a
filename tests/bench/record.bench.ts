/**
 * Writing a turn's log (issue #33, docs/decisions/game-record.md): every entry of one turn at 100, 400
 * and 1,600 units (./record-turn.ts) appended to a new turn's record, each append giving the one key its
 * write carries, with the game's texts of the turns before known (an earlier turn of the same theatre).
 * Sizes printed with the figure, in KB of the record's JSON: `kb_per_turn` as the game keeps a turn once
 * it ended (its moves pruned of their rows, its cards of their holds and charges, `prunedTurn`), `kb_live_turn` while it is played (every
 * row, for Undo), `kb_first_turn` the game's first turn (every text new). Targets at 400 units: ≤ 5 ms
 * and ≤ 20 KB. A measurement, never an assertion.
 */
import { it } from "vitest";
import { GameTexts, prunedTurn } from "../../src/rules/record/codec";
import { measure, printFigure } from "./measure";
import { recordTurn, writeTurnLog } from "./record-turn";

const SIZES = [100, 400, 1600] as const;
const kb = (value: unknown) => Math.round(JSON.stringify(value).length / 102.4) / 10;

for (const units of SIZES) {
  it(`writing a turn's log at ${units} units`, async () => {
    const turn = recordTurn(units);
    const first = writeTurnLog(turn);
    const texts = new GameTexts();
    writeTurnLog(turn, texts);
    const live = writeTurnLog(turn, texts);
    const kept = { ...live, entries: { ...live.entries, ...prunedTurn(live) } };
    const figure = await measure("record-write-turn", units, () => writeTurnLog(turn, texts));
    printFigure({
      ...figure,
      kb_per_turn: kb(kept),
      kb_live_turn: kb(live),
      kb_first_turn: kb(first),
      entries: turn.entries.length,
    } as typeof figure);
  }, 600_000);
}
