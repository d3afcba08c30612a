// Draws a terrain map file as an SVG image: `npm run map -- <terrain.json> <out.svg>`.
// The drawing lives in src/map/render-svg.ts, bundled first (./import-ts.mjs). The terrain file is
// validated and every problem printed on failure; every line printed is a phrase of lang/en.json,
// and the legend is drawn in English from it. A file that cannot be read, is no JSON or cannot be
// written is one line and a non-zero exit, never a stack trace. Relative paths are read from the
// folder the command was typed in.
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { englishWords, importTs } from "./import-ts.mjs";

const map = await importTs("src/map/map-image.ts");
const english = await englishWords(map);
const say = (p) => map.speak(p, english);
const cli = map.MAP_CLI;

async function draw(input, output) {
  if (!/\.svg$/i.test(output)) {
    console.error(say(cli.notSvg(output)));
    return 2;
  }
  let text;
  try {
    text = await readFile(input, "utf8");
  } catch (err) {
    console.error(say(cli.cannotRead(input, err)));
    return 2;
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    console.error(say(cli.notJson(input, err)));
    return 2;
  }
  const check = map.validateTerrainMap(data);
  if (!check.ok) {
    console.error(say(cli.problems(input, check.problems.length)));
    for (const p of check.problems) console.error(`  ${say(map.formatMapProblem(p))}`);
    return 1;
  }
  try {
    await writeFile(output, map.renderMapSvg(check.map, english));
  } catch (err) {
    console.error(say(cli.cannotWrite(output, err)));
    return 2;
  }
  console.log(say(cli.written(output, check.map.columns, check.map.rows, input)));
  return 0;
}

const [input, output, ...rest] = process.argv.slice(2);
if (!input || !output || rest.length > 0) {
  console.error(say(cli.usage()));
  process.exitCode = 2;
} else {
  // npm runs scripts in the package's folder; INIT_CWD is the folder the command was typed in.
  const here = process.env.INIT_CWD ?? process.cwd();
  try {
    process.exitCode = await draw(resolve(here, input), resolve(here, output));
  } catch (err) {
    console.error(say(cli.stopped(err)));
    process.exitCode = 1;
  }
}
