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
    rolldownOptions: {
      // src/rules is pure (tests/purity): importing a module of it does nothing but define, so what
      // is not used is left out, e.g. the toolkits (loaded by src/rules/api.ts on demand) behind
      // an import of src/rules/index.ts for `land` alone.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]rules[\\/]/.test(id) },
      output: {
        // Everything init loads (the entry's static imports, `$initial`) goes in one chunk: gzipped as
        // one file it is far smaller than as the 60-odd shared chunks the automatic split made, and it
        // is one request. What loads on demand (a dynamic `import()`) keeps its own chunks.
        codeSplitting: { groups: [{ name: "init", tags: ["$initial"] }] },
      },
    },
  },
});
