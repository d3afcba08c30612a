import { defineConfig } from "vitest/config";
import "./tests/node-polyfills.ts";

// The gallery in headless Chromium: built, opened, checked for errors, screenshotted.
export default defineConfig({
  test: { include: ["tests/browser/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 180_000 },
});
