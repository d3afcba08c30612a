import { defineConfig } from "vitest/config";
import "./tests/node-polyfills.ts";

// Runs last in `npm test`: the rules core must import nothing from Foundry, the DOM or Node.
export default defineConfig({
  test: { include: ["tests/purity/**/*.test.ts"] },
});
