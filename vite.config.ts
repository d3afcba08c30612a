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
        // The NOBC rules core loads at init whole (game.nobc.rules): one chunk, so code loaded later that shares
        // a rules module with init does not split it into small chunks that gzip worse.
        codeSplitting: { groups: [{ name: "rules-nobc", test: /[\\/]src[\\/]rules[\\/](nobc|resolution|ids|effects|validate|dice)/ }] },
      },
    },
  },
});
