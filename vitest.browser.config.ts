import { defineConfig } from "vitest/config";

// The slow end of `npm test`, one file at a time: the gallery in headless Chromium (built, opened,
// checked for errors, screenshotted), and the build run from a folder whose name has a space.
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts", "tests/build/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
