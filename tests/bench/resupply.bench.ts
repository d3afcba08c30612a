/**
 * `resupply-entry`: entering the Resupply stage (every HQ's offer, as the entry card is built) on
 * generated theatres of 100, 400 and 1,600 units. Prints one JSON line per size:
 * `{"name":"resupply-entry","units":400,"median_ms":…,"min_ms":…,"max_ms":…,"n":…}`.
 * A measurement, not an assertion (issue #20). The theatre comes from the Resupply tests' own small
 * generator until the bench's shared one (tests/bench/theatre.ts) replaces it.
 */
import { it } from "vitest";
import { resupplyEntryContext } from "../../src/apps/land/resupply/context";
import { resupplyTheatre } from "../apps/land/resupply-theatre";
import { keyWording } from "../harness/wording";

const i18n = keyWording();

/** Runs `fn` after one warm-up until `budgetMs` has passed (at least 3, at most 50 runs) and prints the figure. */
function measure(name: string, units: number, fn: () => void, budgetMs = 2000): void {
  fn();
  const times: number[] = [];
  const cpu: number[] = [];
  const start = performance.now();
  while (times.length < 3 || (times.length < 50 && performance.now() - start < budgetMs)) {
    const t = performance.now();
    const c = process.cpuUsage();
    fn();
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  times.sort((a, b) => a - b);
  // The CPU time beside the wall time: on a shared, busy machine the wall time also counts waiting.
  console.log(
    JSON.stringify({
      name,
      units,
      median_ms: round(median(times)),
      min_ms: round(times[0]!),
      max_ms: round(times.at(-1)!),
      n: times.length,
      median_cpu_ms: round(median(cpu)),
    }),
  );
}

for (const units of [100, 400, 1600]) {
  it(`resupply-entry at ${units} units`, () => {
    const field = resupplyTheatre({ units, seed: 20 });
    measure("resupply-entry", units, () => resupplyEntryContext(field, i18n));
  }, 600_000);
}
