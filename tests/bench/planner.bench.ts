/**
 * The ground-combat planner and the rules core's land turn at megagame scale (`npm run bench`), on
 * the theatres of ./planner-theatre.ts at 100, 400 and 1,600 units. Each figure is one JSON line:
 * `{"name", "units", "median_ms", "min_ms", "max_ms", "n"}`, and `cpu_ms`, the median CPU time of the
 * process per run (less swayed than the clock when other work shares the machine's cores). A
 * measurement, never an assertion.
 */
import { it } from "vitest";
import { landTurn, openEmpty, plannerWorld, runLandTurn, theatre } from "./planner-theatre";

const SIZES = [100, 400, 1600] as const;

/** Runs `fn` until `budgetMs` is spent (at least seven runs) after a warm-up, and prints the figure as one JSON line. */
function measure(name: string, units: number, fn: () => void, budgetMs = 800, extra: Record<string, number> = {}): void {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  const cpu: number[] = [];
  const start = performance.now();
  while (times.length < 7 || (performance.now() - start < budgetMs && times.length < 500)) {
    const t = performance.now();
    const c = process.cpuUsage();
    fn();
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    JSON.stringify({
      name,
      units,
      median_ms: round(median),
      min_ms: round(times[0]!),
      max_ms: round(times.at(-1)!),
      n: times.length,
      cpu_ms: round(cpu[Math.floor(cpu.length / 2)]!),
      ...extra,
    }),
  );
}

for (const units of SIZES) {
  it(`planner and land turn at ${units} units`, () => {
    const t = theatre(units);
    const world = plannerWorld(t);
    measure("planner-open-empty", units, () => openEmpty(world));
    const turn = landTurn(t);
    const counts = { combats: turn.combats.length, hqs: turn.resupply.length, moves: turn.moves.length, hexes: turn.stacking.length };
    measure("land-turn-core", units, () => runLandTurn(turn), 800, counts);
    measure("land-turn-core/combats", units, () => runLandTurn({ ...turn, resupply: [], moves: [], stacking: [] }));
    measure("land-turn-core/resupply", units, () => runLandTurn({ ...turn, combats: [], moves: [], stacking: [] }));
    measure("land-turn-core/movement", units, () => runLandTurn({ ...turn, combats: [], resupply: [], stacking: [] }));
    measure("land-turn-core/stacking", units, () => runLandTurn({ ...turn, combats: [], resupply: [], moves: [] }));
  }, 300_000);
}
