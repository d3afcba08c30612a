#!/usr/bin/env node
// Order-of-battle tools: `npm run orbat -- validate <file.csv|file.json>`.
// The reader is TypeScript (src/orbat/), bundled with vite's build API first (./import-ts.mjs); the
// same code then runs here, in the tests and in Foundry's import dialog. Every line printed is a
// phrase of lang/en.json.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { englishSay, importTs } from "./import-ts.mjs";

const orbat = await importTs("src/orbat/cli.ts");
const say = await englishSay(orbat);
const cli = orbat.ORBAT_CLI;

async function validate(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    console.error(say(cli.cannotRead(file, err.message)));
    return 2;
  }
  const format = orbat.detectFormat(text, file);
  let ids = 0;
  const result = orbat.prepareImport(text, format, { newId: () => String(++ids).padStart(16, "0"), rootFolder: say(cli.rootFolder()) });
  if (!result.ok) {
    console.error(say(cli.refused(file, result.problems.length)));
    for (const line of orbat.problemLines(result.problems)) console.error(`  ${say(line)}`);
    return 1;
  }
  const { plan } = result;
  console.log(say(cli.sound(file, format, { actors: plan.actors.length, folders: plan.folders.length, links: plan.links.length })));
  for (const line of orbat.summaryLines(result.summary)) console.log(`  ${say(line)}`);
  return 0;
}

const [command, file, ...rest] = process.argv.slice(2);
if (command !== "validate" || file === undefined || rest.length > 0) {
  console.error(say(cli.usage()));
  process.exitCode = 2;
} else {
  process.exitCode = await validate(resolve(process.cwd(), file));
}
