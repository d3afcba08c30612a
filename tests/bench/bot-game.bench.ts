/**
 * `npm run bench`: one bot game (issue #37, tests/fuzz/game.ts) of ten turns on the 400-unit theatre,
 * the invariants checked after every action as `npm run fuzz` checks them, printed as one JSON line
 * `{"name": "bot-game-10-turns", "units": 400, "wall_ms": ..., "cpu_ms": ..., "actions": ..., ...}` with
 * where the clock time went (`build`: the world made and started; `act`: the bots' actions; `quiesce`:
 * the wire settled after each; `snapshot`: every copy read; `check`: the invariants; `choose`: the
 * bots' choices). The target is 60 s for the game. One game, not samples: it takes a minute.
 * `NOBC_BENCH=bot-game`, `NOBC_BENCH_UNITS=100,400` choose as for ./scale.bench.ts;
 * `NOBC_BENCH_BOT_TURNS` plays fewer turns (for profiling). A measurement, never an assertion, but
 * a game that fails its invariants prints its failure and fails the bench (its time would mean nothing).
 */
import "../harness/install";
import { afterAll, beforeAll, describe, it } from "vitest";
import { Table, describeFailure } from "../fuzz/game";

const only = process.env["NOBC_BENCH"]?.split(",").filter((n) => n !== "");
const sizes = process.env["NOBC_BENCH_UNITS"]?.split(",").map(Number) ?? [400];
const turns = Number(process.env["NOBC_BENCH_BOT_TURNS"] ?? 10);
const name = `bot-game-${String(turns)}-turns`;
const chosen = only === undefined || only.some((n) => name.startsWith(n));

const cpuMs = (): number => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
const round = (ms: number): number => Math.round(ms);

describe.runIf(chosen)("a bot game at megagame scale", () => {
  let table: Table;
  beforeAll(async () => {
    table = await Table.open();
  }, 300_000);
  afterAll(() => table.close());

  for (const units of sizes)
    it(`${name} at ${String(units)} units`, { timeout: 1_800_000 }, async () => {
      const wall = performance.now();
      const cpu = cpuMs();
      const record = await table.play({ seed: 1, turns, units });
      const figure = {
        name,
        units,
        wall_ms: round(performance.now() - wall),
        cpu_ms: round(cpuMs() - cpu),
        actions: record.actions.length,
        ...Object.fromEntries(Object.entries(record.timings as unknown as Record<string, number>).map(([k, v]) => [`${k}_ms`, round(v)])),
      };
      console.log(JSON.stringify(figure));
      if (record.failure !== null) throw new Error(describeFailure(record));
    });
});
