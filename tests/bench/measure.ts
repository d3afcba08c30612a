/**
 * The bench's runner (`npm run bench`, issue #20): a measure runs a few times to warm up, then is timed
 * in several samples; each figure is printed as one JSON line
 * `{"name": "...", "units": 400, "median_ms": ..., "min_ms": ..., "max_ms": ..., "n": ...}`.
 * A measure quicker than `minSampleMs` (100 ms: long enough that a garbage collection does not decide a
 * sample) is repeated within each sample and the sample divided by the
 * repeats, so sub-millisecond figures are not timer noise. A measurement, never an assertion.
 */

export interface Figure {
  readonly name: string;
  readonly units: number;
  readonly median_ms: number;
  readonly min_ms: number;
  readonly max_ms: number;
  /** Timed samples. */
  readonly n: number;
}

export interface MeasureOptions {
  readonly warmUp?: number;
  readonly samples?: number;
  /** A sample lasts at least this long (quick measures repeat within it). */
  readonly minSampleMs?: number;
  /** Fewer samples for a measure whose one call takes longer than this (a slow figure still finishes). */
  readonly slowMs?: number;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** Times `fn` (the work of one call; it may be async) and returns its figure. */
export async function measure(name: string, units: number, fn: () => unknown, options: MeasureOptions = {}): Promise<Figure> {
  const { warmUp = 3, samples = 9, minSampleMs = 100, slowMs = 1000 } = options;
  let once = 0;
  for (let i = 0; i < warmUp; i++) {
    const start = performance.now();
    await fn();
    once = performance.now() - start;
    if (once > slowMs) break;
  }
  const repeats = Math.max(1, Math.ceil(minSampleMs / Math.max(once, 0.001)));
  const n = once > slowMs ? 3 : samples;
  const times: number[] = [];
  for (let s = 0; s < n; s++) {
    const start = performance.now();
    for (let r = 0; r < repeats; r++) await fn();
    times.push((performance.now() - start) / repeats);
  }
  times.sort((a, b) => a - b);
  const median = n % 2 === 1 ? times[(n - 1) / 2]! : (times[n / 2 - 1]! + times[n / 2]!) / 2;
  return { name, units, median_ms: round(median), min_ms: round(times[0]!), max_ms: round(times[n - 1]!), n };
}

/** Prints a figure as its JSON line. */
export function printFigure(figure: Figure): void {
  console.log(JSON.stringify(figure));
}

/** The growth from 400 to 1,600 units of each name measured at both: `{"name", "ratio_1600_400"}`. */
export function ratios(figures: readonly Figure[]): { name: string; ratio_1600_400: number }[] {
  const names = [...new Set(figures.map((f) => f.name))];
  return names.flatMap((name) => {
    const at = (units: number) => figures.find((f) => f.name === name && f.units === units);
    const [small, large] = [at(400), at(1600)];
    if (small === undefined || large === undefined || small.median_ms <= 0) return [];
    return [{ name, ratio_1600_400: Math.round((large.median_ms / small.median_ms) * 100) / 100 }];
  });
}
