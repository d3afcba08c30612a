// Shared by the CLI scripts: bundle a TypeScript entry of src/ with vite's build API into a
// temporary folder and import it, so the script runs the same code as the tests and Foundry; and
// write the phrases it returns in English from lang/en.json, through the one formatter of
// src/words/phrase.ts (`langFileWording` + `speak`), which the entry re-exports.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./script-paths.mjs";

/** Bundles `entry` (a path under the repository, e.g. "src/orbat/cli.ts") and imports it. */
export async function importTs(entry) {
  // vite is loaded only when a script bundles, so importing this module costs nothing.
  const { build } = await import("vite");
  const outDir = await mkdtemp(join(tmpdir(), "nobc-cli-"));
  try {
    await build({
      root,
      configFile: false,
      logLevel: "error",
      publicDir: false,
      build: {
        outDir,
        emptyOutDir: true,
        write: true,
        minify: false,
        target: "node20",
        lib: { entry: join(root, entry), formats: ["es"], fileName: () => "entry.mjs" },
        // One file: the folder is removed once the entry is imported, so a chunk loaded later by a
        // dynamic import() (SheetJS, read only for a workbook) must be inside it.
        rollupOptions: { output: { codeSplitting: false } },
      },
    });
    return await import(pathToFileURL(join(outDir, "entry.mjs")).href);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** English wording from lang/en.json, made by the entry's `langFileWording`. */
export async function englishWords(module) {
  const tree = JSON.parse(await readFile(join(root, "lang", "en.json"), "utf8"));
  return module.langFileWording(tree, "en");
}

/** `say(phrase)`: a phrase in English, written by the entry's `speak` from lang/en.json. */
export async function englishSay(module) {
  const words = await englishWords(module);
  return (p) => module.speak(p, words);
}

/**
 * What the pack and build scripts print, in English: `{ cli, say }` from src/base/cli.ts, written by
 * the same `englishSay`. Bundled only when a script has something to print.
 */
export async function packsCli() {
  const module = await importTs("src/base/cli.ts");
  return { cli: module.PACKS_CLI, say: await englishSay(module) };
}
