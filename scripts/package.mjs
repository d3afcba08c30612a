// After `vite build`: copy the static parts of the system into dist/, compile the packs,
// check that every path system.json names exists, and write dist/nobc.zip for release.
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { zipSync } from "fflate";
import { packsCli } from "./import-ts.mjs";
import { readSources } from "./packs-lib.mjs";
import { isMain, root } from "./script-paths.mjs";

const dist = path.join(root, "dist");

/** The folders copied into dist/ as they are: what Foundry serves under `systems/nobc/` besides the build. */
export const SHIPPED_DIRS = ["lang", "templates", "assets"];

export function manifestPaths(manifest) {
  const paths = [
    ...(manifest.esmodules ?? []),
    ...(manifest.scripts ?? []),
    ...(manifest.styles ?? []),
    ...(manifest.languages ?? []).map((l) => l.path),
    ...(manifest.packs ?? []).map((p) => p.path),
  ];
  return paths;
}

async function compilePacks(manifest) {
  for (const pack of manifest.packs ?? []) {
    const source = path.join(root, "packs", "_source", path.basename(pack.path));
    if (!existsSync(source)) throw new Error(`pack "${pack.name}": no source folder ${path.relative(root, source)}`);
    // The CLI skips a document without `_key` silently; a missing document must fail the build instead.
    const unkeyed = (await readSources(source)).filter((s) => typeof s.data._key !== "string").map((s) => s.file);
    if (unkeyed.length) throw new Error(`pack "${pack.name}": no _key in ${unkeyed.join(", ")} (see docs/packs.md)`);
    const dest = path.join(dist, pack.path);
    await rm(dest, { recursive: true, force: true });
    await compilePack(source, dest, { recursive: true, yaml: false });
  }
}

async function listFiles(dir, base = dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, base)));
    else out.push(path.relative(base, full));
  }
  return out;
}

async function main() {
  const manifest = JSON.parse(await readFile(path.join(root, "system.json"), "utf8"));
  await mkdir(dist, { recursive: true });
  await cp(path.join(root, "system.json"), path.join(dist, "system.json"));
  for (const dir of SHIPPED_DIRS) {
    if (existsSync(path.join(root, dir))) await cp(path.join(root, dir), path.join(dist, dir), { recursive: true });
  }
  await compilePacks(manifest);

  const missing = [];
  for (const p of manifestPaths(manifest)) {
    if (!existsSync(path.join(dist, p))) missing.push(p);
  }
  if (missing.length) throw new Error(`system.json names paths missing from dist/: ${missing.join(", ")}`);

  const files = {};
  for (const rel of await listFiles(dist)) {
    if (rel === "nobc.zip") continue;
    files[`nobc/${rel.split(path.sep).join("/")}`] = new Uint8Array(await readFile(path.join(dist, rel)));
  }
  await writeFile(path.join(dist, "nobc.zip"), zipSync(files, { level: 6 }));
  const size = (await stat(path.join(dist, "nobc.zip"))).size;
  const { cli, say } = await packsCli();
  console.log(say(cli.built(Object.keys(files).length, Math.round(size / 1024))));
}

if (isMain(import.meta.url)) {
  main().catch(async (err) => {
    const { cli, say } = await packsCli();
    console.error(say(cli.buildFailed(String(err.message))));
    process.exit(1);
  });
}
