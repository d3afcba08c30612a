import { defineConfig } from "vite";

// The system is one ES module (dist/nobc.mjs) plus one stylesheet (dist/nobc.css).
// Static files (system.json, lang, templates, packs) are copied by scripts/package.mjs.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    lib: {
      entry: "src/nobc.ts",
      formats: ["es"],
      fileName: () => "nobc.mjs",
      cssFileName: "nobc",
    },
  },
});
