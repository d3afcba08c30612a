import { defineConfig } from "vitest/config";

// `npm run bench`: measurements of the hot paths, printed; never part of `npm test`.
export default defineConfig({
  test: { include: ["tests/bench/**/*.bench.ts"], silent: false, fileParallelism: false },
});
