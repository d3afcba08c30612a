#!/usr/bin/env node
// Order-of-battle tools: `npm run orbat -- validate <file> [--world <world data>] [--json]`, the file a
// CSV, JSON, .xlsx or .ods file, checked (with --world) against a world's actors as the import dialog
// checks it, every change listed; and `npm run orbat -- export <world data> <out.csv|out.xlsx>`, the
// world's theatre in the import's columns. World data is the world's `data/actors` LevelDB folder
// (read with the Foundry CLI's extractPack, Foundry closed), a folder of actor JSON files, or a JSON
// file of one actor or a list of them. The reader is TypeScript (src/orbat/), bundled with vite's build API first
// (./import-ts.mjs); the same code then runs here, in the tests and in Foundry's import dialog,
// which reads a file's bytes the same way. Every line printed is a phrase of lang/en.json; with
// --json the plan is printed as JSON instead, for scripts. A file that cannot be read is one line
// and exit 2; a malformed one is refused with its problems and exit 1; never a stack trace.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { englishSay, importTs } from "./import-ts.mjs";

const orbat = await importTs("src/orbat/cli.ts");
const say = await englishSay(orbat);
const cli = orbat.ORBAT_CLI;

/** Every JSON document under a folder, recursively. */
async function jsonTree(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await jsonTree(full)));
    else if (entry.name.endsWith(".json")) out.push(JSON.parse(await readFile(full, "utf8")));
  }
  return out;
}

/** A world's actors from its data (see the head of this file); null, said in one line, when it cannot be read. */
async function readWorld(source) {
  try {
    let documents;
    if ((await stat(source)).isDirectory()) {
      if (existsSync(join(source, "CURRENT"))) {
        // A LevelDB database: unpacked to JSON in a folder of our own, then read as one.
        const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
        const out = await mkdtemp(join(tmpdir(), "nobc-world-"));
        try {
          await extractPack(source, out, {});
          documents = await jsonTree(out);
        } finally {
          await rm(out, { recursive: true, force: true });
        }
      } else documents = await jsonTree(source);
    } else documents = [JSON.parse(await readFile(source, "utf8"))];
    return orbat.worldActorsOf(documents);
  } catch (err) {
    console.error(say(cli.cannotRead(source, err)));
    return null;
  }
}

async function exportWorld(source, out) {
  const world = await readWorld(source);
  if (world === null) return 2;
  const table = orbat.exportTable(world);
  if (table.length < 2) {
    console.error(say(cli.noActors(source)));
    return 1;
  }
  const xlsx = /\.xlsx$/i.test(out);
  try {
    await writeFile(out, xlsx ? await orbat.exportXlsx(table, say(cli.sheetName())) : orbat.exportCsv(table));
  } catch (err) {
    console.error(say(cli.cannotWrite(out, err)));
    return 2;
  }
  console.log(say(cli.exported(out, xlsx ? "xlsx" : "csv", table.length - 1, source)));
  return 0;
}

async function validate(file, json, worldSource) {
  let bytes;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (err) {
    console.error(say(cli.cannotRead(file, err)));
    return 2;
  }
  const world = worldSource === null ? [] : await readWorld(worldSource);
  if (world === null) return 2;
  let ids = 0;
  const options = { newId: () => String(++ids).padStart(16, "0"), rootFolder: say(cli.rootFolder()), world };
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
  if (worldSource !== null) {
    // The dry run: every change the import would make to the world's actors.
    console.log(say(plan.updates.length === 0 ? cli.unchanged() : cli.updates(plan.updates.length)));
    for (const line of orbat.changeLines(plan.updates)) console.log(`  ${say(line)}`);
  }
  return 0;
}

const args = process.argv.slice(2);
const json = args.includes("--json");
const worldAt = args.indexOf("--world");
const worldSource = worldAt === -1 ? null : (args[worldAt + 1] ?? "");
const rest = args.filter((a, i) => a !== "--json" && (worldAt === -1 || (i !== worldAt && i !== worldAt + 1)));
const [command, ...operands] = rest;
// npm runs scripts in the package's folder; INIT_CWD is the folder the command was typed in.
const here = (file) => resolve(process.env.INIT_CWD ?? process.cwd(), file);
const validateCall = command === "validate" && operands.length === 1 && worldSource !== "";
const exportCall = command === "export" && operands.length === 2 && worldSource === null && !json;
if (!validateCall && !exportCall) {
  console.error(say(cli.usage()));
  process.exitCode = 2;
} else {
  try {
    process.exitCode = validateCall
      ? await validate(here(operands[0]), json, worldSource === null ? null : here(worldSource))
      : await exportWorld(here(operands[0]), here(operands[1]));
  } catch (err) {
    // Whatever nobody foresaw is still one line, never a stack trace.
    console.error(say(cli.stopped(err)));
    process.exitCode = 1;
  }
}
