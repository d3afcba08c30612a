// Draws a terrain map file as an SVG image: `npm run map -- <terrain.json> <out.svg>`.
// The drawing lives in src/map/render-svg.ts; vite's module runner loads that TypeScript directly,
// so nothing is built first. The terrain file is validated and every problem printed on failure.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: npm run map -- <terrain.json> <out.svg>");
  process.exit(2);
}

const entry = fileURLToPath(new URL("../src/map/map-image.ts", import.meta.url));
const { module } = await runnerImport(entry, { configFile: false, logLevel: "error" });

const check = module.validateTerrainMap(JSON.parse(await readFile(input, "utf8")));
if (!check.ok) {
  console.error(`${input} has ${check.problems.length} problem(s):`);
  for (const p of check.problems) console.error(`  ${module.formatMapProblem(p)}`);
  process.exit(1);
}
await writeFile(output, module.renderMapSvg(check.map));
console.log(`${output}: ${check.map.columns}×${check.map.rows} hexes from ${input}`);
