#!/usr/bin/env node
// Order-of-battle tools: `npm run orbat -- validate <file.csv|file.json>`.
// The reader is TypeScript (src/orbat/), so it is bundled with vite's build API into a temporary
// folder first; the same code then runs here, in the tests and in Foundry's import dialog.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { root } from "./script-paths.mjs";

const USAGE = "usage: npm run orbat -- validate <file.csv|file.json>";

async function loadReader() {
  const outDir = await mkdtemp(join(tmpdir(), "nobc-orbat-"));
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
        lib: { entry: join(root, "src", "orbat", "index.ts"), formats: ["es"], fileName: () => "orbat.mjs" },
      },
    });
    return await import(pathToFileURL(join(outDir, "orbat.mjs")).href);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

async function validate(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    console.error(`Cannot read ${file}: ${err.message}`);
    return 2;
  }
  const orbat = await loadReader();
  const format = orbat.detectFormat(text, file);
  let ids = 0;
  const result = orbat.prepareImport(text, format, { newId: () => String(++ids).padStart(16, "0"), rootFolder: "Order of battle" });
  if (!result.ok) {
    const n = result.problems.length;
    console.error(`${file}: refused, ${n} problem${n === 1 ? "" : "s"}; nothing would be created.`);
    for (const line of orbat.problemLines(result.problems)) console.error(`  ${line}`);
    return 1;
  }
  const { plan } = result;
  console.log(
    `${file}: sound (${format.toUpperCase()}). It would create ${plan.actors.length} actors in ${plan.folders.length} folders, with ${plan.links.length} links.`,
  );
  for (const line of orbat.summaryLines(result.summary)) console.log(`  ${line}`);
  return 0;
}

const [command, file, ...rest] = process.argv.slice(2);
if (command !== "validate" || file === undefined || rest.length > 0) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  process.exitCode = await validate(resolve(process.cwd(), file));
}
