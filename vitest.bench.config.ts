import { defineConfig } from "vitest/config";

// `npm run bench`: measurements of the hot paths, one JSON line per figure on stdout (tests/bench/measure.ts);
// never part of `npm test`. The console is not intercepted, so each line stands alone for a script to read.
export default defineConfig({
  test: { include: ["tests/bench/**/*.bench.ts"], silent: false, fileParallelism: false, disableConsoleIntercept: true },
});
