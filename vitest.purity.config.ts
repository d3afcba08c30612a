import { defineConfig } from "vitest/config";

// Runs after the vitest suite in `npm test`: the rules core must import nothing from Foundry, the DOM or Node.
export default defineConfig({
  test: { include: ["tests/purity/**/*.test.ts"] },
});
