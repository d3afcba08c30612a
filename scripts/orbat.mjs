#!/usr/bin/env node
// Order-of-battle tools: `npm run orbat -- validate <file> [--json]`, the file a CSV, JSON, .xlsx or
// .ods file. The reader is TypeScript (src/orbat/), bundled with vite's build API first
// (./import-ts.mjs); the same code then runs here, in the tests and in Foundry's import dialog,
// which reads a file's bytes the same way. Every line printed is a phrase of lang/en.json; with
// --json the plan is printed as JSON instead, for scripts. A file that cannot be read is one line
// and exit 2; a malformed one is refused with its problems and exit 1; never a stack trace.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { englishSay, importTs } from "./import-ts.mjs";

const orbat = await importTs("src/orbat/cli.ts");
const say = await englishSay(orbat);
const cli = orbat.ORBAT_CLI;

async function validate(file, json) {
  let bytes;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (err) {
    console.error(say(cli.cannotRead(file, err)));
    return 2;
  }
  let ids = 0;
  const options = { newId: () => String(++ids).padStart(16, "0"), rootFolder: say(cli.rootFolder()) };
  const result = await orbat.prepareFile(bytes, file, options);
  // How the file was read (a guessed encoding) is said whatever the outcome.
  for (const warning of result.warnings) console.error(say(warning));
  if (!result.ok) {
    console.error(say(cli.refused(file, result.problems.length)));
    for (const line of orbat.problemLines(result.problems)) console.error(`  ${say(line)}`);
    return 1;
  }
  const { plan } = result;
  if (json) {
    console.log(JSON.stringify(orbat.planJson(file, result.format, plan, result.warnings.map(say)), null, 2));
    return 0;
  }
  console.log(say(cli.sound(file, result.format, { actors: plan.actors.length, folders: plan.folders.length, links: plan.links.length })));
  for (const line of orbat.summaryLines(result.summary)) console.log(`  ${say(line)}`);
  return 0;
}

const args = process.argv.slice(2);
const json = args.includes("--json");
const [command, file, ...rest] = args.filter((a) => a !== "--json");
if (command !== "validate" || file === undefined || rest.length > 0) {
  console.error(say(cli.usage()));
  process.exitCode = 2;
} else {
  // npm runs scripts in the package's folder; INIT_CWD is the folder the command was typed in.
  try {
    process.exitCode = await validate(resolve(process.env.INIT_CWD ?? process.cwd(), file), json);
  } catch (err) {
    // Whatever nobody foresaw is still one line, never a stack trace.
    console.error(say(cli.stopped(err)));
    process.exitCode = 1;
  }
}
