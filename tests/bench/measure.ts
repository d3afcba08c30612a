import { it } from "vitest";

/**
 * Runs `fn` repeatedly for about half a second after a warm-up and prints the mean time per call.
 * A measurement, not an assertion: the benchmark config runs these files only on request.
 */
export function bench(name: string, fn: () => void, budgetMs = 500): void {
  it(name, () => {
    for (let i = 0; i < 20; i++) fn();
    let runs = 0;
    const start = performance.now();
    while (performance.now() - start < budgetMs) {
      fn();
      runs++;
    }
    const mean = (performance.now() - start) / runs;
    console.log(`${name}: ${mean.toFixed(3)} ms per call (${runs} runs)`);
  });
}
