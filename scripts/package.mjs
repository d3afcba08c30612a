// After `vite build`: copy the static parts of the system into dist/, write dist/system.json with
// the release fields filled from package.json (version, url, manifest, download: their one source),
// compile the packs, check that every path system.json names exists, and write the release
// artefacts: dist/nobc.zip (what Foundry installs: no source maps, no LevelDB LOCK or LOG files) and
// dist/nobc-sourcemaps.zip (the source maps alone, to unzip over an installed copy when debugging).
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { zipSync } from "fflate";
import { z } from "zod";
import { packsCli } from "./import-ts.mjs";
import { readSources } from "./packs-lib.mjs";
import { isMain, root } from "./script-paths.mjs";

/**
 * The folders copied into dist/ as they are: what Foundry serves under `systems/nobc/` besides the build.
 * `examples` holds the order-of-battle example the import dialog offers for download.
 */
export const SHIPPED_DIRS = ["lang", "templates", "assets", "examples"];

/** Files copied into dist/ as they are: the licence travels with every copy, as MIT asks. */
export const SHIPPED_FILES = ["LICENSE"];

/** The release artefacts written into dist/ (and uploaded to a release with dist/system.json). */
export const ZIP_NAME = "nobc.zip";
export const SOURCEMAPS_ZIP_NAME = "nobc-sourcemaps.zip";

/** The manifest fields the build fills from package.json; system.json in the repository leaves them out. */
export const RELEASE_FIELDS = ["version", "url", "manifest", "download"];

/** Files a LevelDB pack keeps for itself (a lock and its own log), left out of dist/ and the zip. */
const LEVELDB_HOUSEKEEPING = new Set(["LOCK", "LOG", "LOG.old"]);

const packageJson = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, "is not a version such as 1.2.3"),
  repository: z
    .union([z.string(), z.object({ url: z.string() })], "is missing: name the GitHub repository the system is released from")
    .transform((r) =>
      (typeof r === "string" ? r : r.url)
        .replace(/^git\+/, "")
        .replace(/\.git$/, "")
        .replace(/\/+$/, ""),
    )
    .pipe(z.string().regex(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/, "is not a GitHub address such as https://github.com/owner/name")),
});

/**
 * dist/system.json: the repository's system.json with `version` from package.json and the addresses
 * Foundry installs and updates from, all made from package.json's `version` and `repository`:
 * `manifest` the latest release's system.json, `download` this version's zip.
 */
export function releaseManifest(manifest, pkg) {
  const set = RELEASE_FIELDS.filter((field) => Object.hasOwn(manifest, field));
  if (set.length > 0) {
    throw new Error(`system.json sets ${set.join(", ")}; leave them out, the build takes them from package.json`);
  }
  const parsed = packageJson.safeParse(pkg);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`package.json ${issue.path.join(".")} ${issue.message}`);
  }
  const { version, repository: url } = parsed.data;
  const { id, title, description, ...rest } = manifest;
  return {
    id,
    title,
    description,
    version,
    ...rest,
    url,
    manifest: `${url}/releases/latest/download/system.json`,
    download: `${url}/releases/download/v${version}/${ZIP_NAME}`,
  };
}

export function manifestPaths(manifest) {
  const paths = [
    ...(manifest.esmodules ?? []),
    ...(manifest.scripts ?? []),
    ...(manifest.styles ?? []),
    ...(manifest.languages ?? []).map((l) => l.path),
    ...(manifest.packs ?? []).map((p) => p.path),
    ...(typeof manifest.license === "string" && !/^https?:/.test(manifest.license) ? [manifest.license] : []),
  ];
  return paths;
}

async function compilePacks(manifest, dist) {
  for (const pack of manifest.packs ?? []) {
    const source = path.join(root, "packs", "_source", path.basename(pack.path));
    if (!existsSync(source)) throw new Error(`pack "${pack.name}": no source folder ${path.relative(root, source)}`);
    // The CLI skips a document without `_key` silently; a missing document must fail the build instead.
    const unkeyed = (await readSources(source)).filter((s) => typeof s.data._key !== "string").map((s) => s.file);
    if (unkeyed.length) throw new Error(`pack "${pack.name}": no _key in ${unkeyed.join(", ")} (see docs/packs.md)`);
    const dest = path.join(dist, pack.path);
    await rm(dest, { recursive: true, force: true });
    await compilePack(source, dest, { recursive: true, yaml: false });
    for (const file of LEVELDB_HOUSEKEEPING) await rm(path.join(dest, file), { force: true });
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

/**
 * Everything after `vite build` into `dist`: the static files, dist/system.json, the packs and the two
 * zips. Returns what the build line reports.
 */
export async function packageSystem(dist) {
  const manifest = JSON.parse(await readFile(path.join(root, "system.json"), "utf8"));
  const pkg = JSON.parse(await readFile(path.join(root, "package.json"), "utf8"));
  const released = releaseManifest(manifest, pkg);
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(dist, "system.json"), `${JSON.stringify(released, null, 2)}\n`);
  for (const dir of SHIPPED_DIRS) {
    if (existsSync(path.join(root, dir))) await cp(path.join(root, dir), path.join(dist, dir), { recursive: true });
  }
  for (const file of SHIPPED_FILES) await cp(path.join(root, file), path.join(dist, file));
  await compilePacks(manifest, dist);

  const missing = [];
  for (const p of manifestPaths(manifest)) {
    if (!existsSync(path.join(dist, p))) missing.push(p);
  }
  if (missing.length) throw new Error(`system.json names paths missing from dist/: ${missing.join(", ")}`);

  const files = {};
  const maps = {};
  for (const rel of await listFiles(dist)) {
    if (rel === ZIP_NAME || rel === SOURCEMAPS_ZIP_NAME) continue;
    const into = rel.endsWith(".map") ? maps : files;
    into[`nobc/${rel.split(path.sep).join("/")}`] = new Uint8Array(await readFile(path.join(dist, rel)));
  }
  await writeFile(path.join(dist, ZIP_NAME), zipSync(files, { level: 6 }));
  await writeFile(path.join(dist, SOURCEMAPS_ZIP_NAME), zipSync(maps, { level: 6 }));
  const size = (await stat(path.join(dist, ZIP_NAME))).size;
  return { files: Object.keys(files).length, kib: Math.round(size / 1024) };
}

async function main() {
  const { files, kib } = await packageSystem(path.join(root, "dist"));
  const { cli, say } = await packsCli();
  console.log(say(cli.built(files, kib)));
}

if (isMain(import.meta.url)) {
  main().catch(async (err) => {
    const { cli, say } = await packsCli();
    console.error(say(cli.buildFailed(String(err.message))));
    process.exit(1);
  });
}
