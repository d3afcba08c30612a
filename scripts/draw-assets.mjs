// Writes the SVG assets we draw ourselves: the NATO-style unit symbols (assets/symbols/) and the
// status-effect icons (assets/icons/). The drawings come from src/symbols/unit-symbol.ts and
// src/token/status-icons.ts, transpiled on the fly, so sheets and tokens share one source.
// Run: node scripts/draw-assets.mjs   (the output is committed; a test checks it is up to date)
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { isMain, root } from "./script-paths.mjs";

/** Loads a self-contained TypeScript module (type-only imports) as an ES module. */
export async function loadTs(relative) {
  const source = await readFile(path.join(root, relative), "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  const dir = await mkdtemp(path.join(tmpdir(), "nobc-assets-"));
  const file = path.join(dir, `${path.basename(relative, ".ts")}.mjs`);
  await writeFile(file, outputText);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every asset as [path under the repo, SVG text]. */
export async function drawAssets() {
  const symbols = await loadTs("src/symbols/unit-symbol.ts");
  const icons = await loadTs("src/token/status-icons.ts");
  const out = [];
  for (const { side, arm, size } of symbols.allSymbols()) {
    out.push([path.join("assets", "symbols", symbols.symbolFileName(side, arm, size)), symbols.unitSymbolSvg(side, arm, size) + "\n"]);
  }
  for (const id of icons.STATUS_IDS) out.push([path.join("assets", "icons", `${id}.svg`), icons.statusIconSvg(id) + "\n"]);
  return out;
}

async function main() {
  const assets = await drawAssets();
  for (const [rel, svg] of assets) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), svg);
  }
  console.log(`nobc: wrote ${assets.length} SVG assets`);
}

if (isMain(import.meta.url)) {
  main().catch((err) => {
    console.error(`nobc draw-assets failed: ${err.message}`);
    process.exit(1);
  });
}
