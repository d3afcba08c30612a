import { defineConfig } from "vitest/config";
import { clientGraphs } from "./tests/harness/client-graphs.ts";

// `npm run bench`: measurements of the hot paths, one JSON line per figure on stdout (tests/bench/measure.ts);
// never part of `npm test`. The console is not intercepted, so each line stands alone for a script to read.
// The bot game's bench plays on the multi-client harness: each client loads its own module graph (as vitest.config.ts).
export default defineConfig({
  plugins: [clientGraphs()],
  test: { include: ["tests/bench/**/*.bench.ts"], silent: false, fileParallelism: false, disableConsoleIntercept: true },
});
