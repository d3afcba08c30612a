/**
 * The shrinker of bot games (./shrink.ts) on a stand-in table whose games fail exactly when their
 * action list holds two given actions in order: it keeps those two and drops the rest, keeps the
 * failure's invariant, and writes a test file that replays the shrunk list from the seed.
 */
import { describe, expect, it } from "vitest";
import { foundTest, shrink } from "./shrink";
import type { BotAction } from "./contract";
import { KNOWN_BLIND_GAPS } from "./invariants";
import type { GameOptions, GameRecord, Table } from "./game";

const action = (index: number, kind = "card:apply"): BotAction => ({
  index,
  user: index % 2 === 0 ? "gm" : "p1",
  kind,
  args: { n: index },
});

/** A table whose game fails (`bad`) once action `a` and later action `b` were both played; every replay is counted. */
function fakeTable(a: number, b: number, invariant = "undo-restores"): { table: Table; runs: () => number } {
  let runs = 0;
  const play = (options: GameOptions): Promise<GameRecord> => {
    runs += 1;
    const played: BotAction[] = [];
    let failure: GameRecord["failure"] = null;
    for (const [i, next] of (options.replay ?? []).entries()) {
      const step = { ...next, index: i };
      played.push(step);
      const ids = played.map((x) => x.args["n"]);
      if (ids.includes(a) && ids.includes(b) && ids.indexOf(a) < ids.indexOf(b)) {
        failure = {
          seed: options.seed,
          turn: 1,
          stage: "movement",
          action: step,
          violations: [{ invariant, detail: "planted" }],
          errors: [],
        };
        break;
      }
    }
    return Promise.resolve({
      seed: options.seed,
      units: options.units,
      world: options.world ?? "theatre",
      turns: options.turns,
      actions: played,
      outcomes: played.map(() => "done" as const),
      kinds: {},
      failure,
      reached: { turn: 1, stage: "movement" },
      lineUps: { cards: 0, complete: 0 },
      swept: {},
      blind: options.blind === true,
      blindGaps: options.blindGaps ?? [],
      timings: { build: 0, act: 0, quiesce: 0, snapshot: 0, check: 0, choose: 0 },
    });
  };
  return { table: { play } as unknown as Table, runs: () => runs };
}

describe("shrinking a failing bot game", () => {
  it("keeps only the two actions that make it fail, in order, with the failure's invariant", async () => {
    const { table, runs } = fakeTable(7, 31);
    const actions = Array.from({ length: 40 }, (_, i) => action(i));
    const record = await (table as unknown as { play(o: GameOptions): Promise<GameRecord> }).play({
      seed: 5,
      turns: 2,
      units: 100,
      replay: actions,
    });
    expect(record.failure?.action.args["n"]).toBe(31);
    const shrunk = await shrink(table, record);
    expect(shrunk.actions.map((x) => x.args["n"])).toEqual([7, 31]);
    expect(shrunk.failure.violations[0]!.invariant).toBe("undo-restores");
    expect(shrunk.runs).toBe(runs() - 1);
    expect(shrunk.runs).toBeLessThanOrEqual(60);
  });

  it("stops at its budget of replays with the shortest list found so far", async () => {
    const { table } = fakeTable(3, 90);
    const actions = Array.from({ length: 100 }, (_, i) => action(i));
    const record = await (table as unknown as { play(o: GameOptions): Promise<GameRecord> }).play({
      seed: 1,
      turns: 1,
      units: 100,
      replay: actions,
    });
    const shrunk = await shrink(table, record, { maxRuns: 4 });
    expect(shrunk.runs).toBe(4);
    expect(shrunk.actions.length).toBeLessThan(91);
    expect(shrunk.actions.map((x) => x.args["n"])).toEqual(expect.arrayContaining([3, 90]));
  });

  it("refuses a clean game", async () => {
    const { table } = fakeTable(1, 2);
    const clean = await (table as unknown as { play(o: GameOptions): Promise<GameRecord> }).play({
      seed: 1,
      turns: 1,
      units: 100,
      replay: [action(5)],
    });
    await expect(shrink(table, clean)).rejects.toThrow("nothing to shrink");
  });

  it("writes a ready test: the seed, the size, the shrunk actions renumbered, imports relative to where it goes", async () => {
    const { table } = fakeTable(7, 31);
    const record = await (table as unknown as { play(o: GameOptions): Promise<GameRecord> }).play({
      seed: 5,
      turns: 2,
      units: 100,
      replay: Array.from({ length: 40 }, (_, i) => action(i)),
    });
    const text = foundTest(await shrink(table, record), "tests/fuzz/found");
    expect(text).toContain('import "../../harness/install";');
    expect(text).toContain('from "../game";');
    expect(text).toContain('seed: 5, turns: 2, units: 100, world: "theatre", replay: ACTIONS');
    expect(text).toContain('{"index":0,"user":"p1","kind":"card:apply","args":{"n":7}}');
    expect(text).toContain('{"index":1,"user":"p1","kind":"card:apply","args":{"n":31}}');
    expect(text).toContain("undo-restores: planted");
  });

  it("a double-blind game is replayed double-blind, with the known gaps it was played with, and its test says so", async () => {
    const seen: GameOptions[] = [];
    const { table } = fakeTable(3, 9, "side-secrets-kept");
    const inner = table as unknown as { play: (o: GameOptions) => Promise<GameRecord> };
    const watched = { play: (o: GameOptions) => (seen.push(o), inner.play(o)) } as unknown as Table;
    const record = await watched.play({
      seed: 8,
      turns: 2,
      units: 100,
      blind: true,
      blindGaps: KNOWN_BLIND_GAPS,
      replay: Array.from({ length: 12 }, (_, i) => action(i)),
    });
    const text = foundTest(await shrink(watched, record), "tests/fuzz/found");
    expect(seen.length).toBeGreaterThan(1);
    for (const o of seen) expect(o).toMatchObject({ blind: true, blindGaps: KNOWN_BLIND_GAPS });
    expect(text).toContain('world: "theatre", blind: true, blindGaps: KNOWN_BLIND_GAPS, replay: ACTIONS');
    expect(text).toContain('import { KNOWN_BLIND_GAPS } from "../invariants";');
  });
});
