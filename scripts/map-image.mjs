// Draws a terrain map file as an SVG image: `npm run map -- <terrain.json> <out.svg>`.
// The drawing lives in src/map/render-svg.ts, bundled first (./import-ts.mjs). The terrain file is
// validated and every problem printed on failure; every line printed is a phrase of lang/en.json,
// and the legend is drawn in English from it.
import { readFile, writeFile } from "node:fs/promises";
import { englishWords, importTs } from "./import-ts.mjs";

const map = await importTs("src/map/map-image.ts");
const english = await englishWords(map);
const say = (p) => map.speak(p, english);
const cli = map.MAP_CLI;

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error(say(cli.usage()));
  process.exit(2);
}

let data;
try {
  data = JSON.parse(await readFile(input, "utf8"));
} catch (err) {
  console.error(say(cli.cannotRead(input, err.message)));
  process.exit(2);
}
const check = map.validateTerrainMap(data);
if (!check.ok) {
  console.error(say(cli.problems(input, check.problems.length)));
  for (const p of check.problems) console.error(`  ${say(map.formatMapProblem(p))}`);
  process.exit(1);
}
await writeFile(output, map.renderMapSvg(check.map, english));
console.log(say(cli.written(output, check.map.columns, check.map.rows, input)));
