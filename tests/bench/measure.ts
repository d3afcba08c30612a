/**
 * The bench's runner (`npm run bench`, issue #20): a measure runs a few times to warm up, then is timed
 * in several samples; each figure is printed as one JSON line
 * `{"name": "...", "units": 400, "median_ms": ..., "min_ms": ..., "max_ms": ..., "n": ...}`.
 * A measure quicker than `minSampleMs` (100 ms: long enough that a garbage collection does not decide a
 * sample) is repeated within each sample and the sample divided by the
 * repeats, so sub-millisecond figures are not timer noise (at most `maxRepeats` of them, for a measure
 * that uses up what it works on). A measurement, never an assertion.
 *
 * The figures are the CPU time of the thread running the measure (`process.threadCpuUsage`): what the
 * work costs on one core of this machine. On a machine whose cores are shared (two cores, several
 * other processes), the clock also counts the time the thread waits for a core, which says how busy
 * the machine was, not how long the work takes; that clock time is printed too (`wall_median_ms`),
 * for information. The garbage collector's pauses on the thread count in both.
 *
 * `measureSizes` times one measure at every theatre size in turns (a sample of each size, then the
 * next round), so the sizes share whatever else the machine is doing and their ratio does not
 * depend on when each was measured. Each sample starts after a full garbage collection, so it does
 * not pay for the garbage of what ran before it (a theatre loaded again, another size's sample).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
/** A full garbage collection (V8's `gc`, exposed for the bench). */
const collect = runInNewContext("gc") as () => void;

export interface Figure {
  readonly name: string;
  readonly units: number;
  readonly median_ms: number;
  readonly min_ms: number;
  readonly max_ms: number;
  /** Timed samples. */
  readonly n: number;
  /** The median of the same samples by the clock (the thread's waits for a core included). */
  readonly wall_median_ms: number;
  /** The samples' CPU times in the order taken (not printed): round by round for `measureSizes`. */
  readonly samples?: readonly number[];
}

export interface MeasureOptions {
  readonly warmUp?: number;
  readonly samples?: number;
  /** A sample lasts at least this long (quick measures repeat within it). */
  readonly minSampleMs?: number;
  /** Fewer samples for a measure whose one call takes longer than this (a slow figure still finishes). */
  readonly slowMs?: number;
  /** At most this many calls in a sample (a measure that uses up what it works on, as Undo its applied cards). */
  readonly maxRepeats?: number;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** The thread's CPU time in ms. */
function cpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

function medianOf(sorted: readonly number[]): number {
  const n = sorted.length;
  return n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/** Warms `fn` up; its CPU time once, and the repeats that make a sample last `minSampleMs`. */
async function calibrate(
  fn: () => unknown,
  warmUp: number,
  minSampleMs: number,
  slowMs: number,
  maxRepeats = Infinity,
): Promise<{ once: number; repeats: number }> {
  let once = 0;
  for (let i = 0; i < warmUp; i++) {
    const start = cpuMs();
    await fn();
    once = cpuMs() - start;
    if (once > slowMs) return { once, repeats: 1 };
  }
  // The thread's CPU clock moves in steps of up to a few milliseconds, so a quick call may read as
  // nothing: the repeats grow until a run of them lasts a whole sample.
  let repeats = 1;
  for (;;) {
    const start = cpuMs();
    for (let r = 0; r < repeats; r++) await fn();
    const used = cpuMs() - start;
    if (used >= minSampleMs || repeats >= maxRepeats) return { once, repeats };
    repeats = Math.min(maxRepeats, used < minSampleMs / 10 ? repeats * 10 : Math.ceil((repeats * minSampleMs * 1.1) / used));
  }
}

/** One sample, from a collected heap: CPU and clock time per call over `repeats` calls. */
async function sample(fn: () => unknown, repeats: number): Promise<{ cpu: number; wall: number }> {
  collect();
  const start = cpuMs();
  const wall = performance.now();
  for (let r = 0; r < repeats; r++) await fn();
  return { wall: (performance.now() - wall) / repeats, cpu: (cpuMs() - start) / repeats };
}

function figureOf(name: string, units: number, samples: readonly { cpu: number; wall: number }[]): Figure {
  const taken = samples.map((s) => s.cpu);
  const times = [...taken].sort((a, b) => a - b);
  const walls = samples.map((s) => s.wall).sort((a, b) => a - b);
  return {
    name,
    units,
    median_ms: round(medianOf(times)),
    min_ms: round(times[0]!),
    max_ms: round(times.at(-1)!),
    n: times.length,
    wall_median_ms: round(medianOf(walls)),
    samples: taken,
  };
}

/** Times `fn` (the work of one call; it may be async) and returns its figure. */
export async function measure(name: string, units: number, fn: () => unknown, options: MeasureOptions = {}): Promise<Figure> {
  const { warmUp = 3, samples = 9, minSampleMs = 100, slowMs = 1000, maxRepeats } = options;
  const { once, repeats } = await calibrate(fn, warmUp, minSampleMs, slowMs, maxRepeats);
  const n = once > slowMs ? 3 : samples;
  const taken: { cpu: number; wall: number }[] = [];
  for (let s = 0; s < n; s++) taken.push(await sample(fn, repeats));
  return figureOf(name, units, taken);
}

/**
 * Times one measure at each size in turns and returns a figure per size. `prepare(units)` gives the
 * call to time (outside the timing); with `fresh`, it is asked again before each sample (a measure
 * whose world is global, as the harness's is, holds one size at a time) and a sample's worth of
 * calls is run, untimed, before the sample.
 */
export async function measureSizes(
  name: string,
  sizes: readonly number[],
  prepare: (units: number) => () => unknown,
  { fresh = false, ...options }: MeasureOptions & { readonly fresh?: boolean } = {},
): Promise<Figure[]> {
  const { warmUp = 3, samples = 9, minSampleMs = 100, slowMs = 1000, maxRepeats } = options;
  const runs: { units: number; fn: () => unknown; repeats: number; n: number; taken: { cpu: number; wall: number }[] }[] = [];
  for (const units of sizes) {
    const fn = prepare(units);
    const { once, repeats } = await calibrate(fn, warmUp, minSampleMs, slowMs, maxRepeats);
    runs.push({ units, fn, repeats, n: once > slowMs ? 3 : samples, taken: [] });
  }
  for (let round = 0; runs.some((r) => r.taken.length < r.n); round++) {
    // Each round the other way round, so no size always follows the same one.
    for (const run of round % 2 === 0 ? runs : [...runs].reverse()) {
      if (run.taken.length >= run.n) continue;
      if (fresh) {
        // A world loaded again is cold (new objects, caches not filled): one whole sample warms it, untimed.
        run.fn = prepare(run.units);
        await sample(run.fn, run.repeats);
      }
      run.taken.push(await sample(run.fn, run.repeats));
    }
  }
  return runs.map((r) => figureOf(name, r.units, r.taken));
}

/** Prints a figure as its JSON line. */
export function printFigure({ samples: _, ...figure }: Figure): void {
  console.log(JSON.stringify(figure));
}

export interface Ratio {
  readonly name: string;
  /** The 1,600-unit median over the 400-unit median. */
  readonly ratio_1600_400: number;
  /** The median of the rounds' ratios, each of two samples taken one after the other (`measureSizes`). */
  readonly paired_ratio: number | null;
  /** The 1,600-unit least over the 400-unit least. */
  readonly min_ratio: number;
}

/** The growth from 400 to 1,600 units of each name measured at both. */
export function ratios(figures: readonly Figure[]): Ratio[] {
  const names = [...new Set(figures.map((f) => f.name))];
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return names.flatMap((name) => {
    const at = (units: number) => figures.find((f) => f.name === name && f.units === units);
    const [small, large] = [at(400), at(1600)];
    if (small === undefined || large === undefined || small.median_ms <= 0) return [];
    const a = small.samples ?? [];
    const b = large.samples ?? [];
    const paired = a.length === b.length && a.length > 0 ? medianOf(a.map((x, i) => b[i]! / x).sort((x, y) => x - y)) : null;
    return [
      {
        name,
        ratio_1600_400: r2(large.median_ms / small.median_ms),
        paired_ratio: paired === null ? null : r2(paired),
        min_ratio: r2(large.min_ms / small.min_ms),
      },
    ];
  });
}
