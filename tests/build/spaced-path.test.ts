/**
 * `npm run build` from a clone under folders whose names have spaces gives the same dist/ as from a
 * plain folder: system.json, every path it names, the packs and the zip. (The scripts once compared
 * import.meta.url with `file://${argv[1]}`, so there the build "passed" with only vite's output.)
 * Both copies hold the repository's files as git lists them, with node_modules linked, not installed.
 */
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  manifestPaths as untypedManifestPaths,
  releaseManifest as untypedReleaseManifest,
  // @ts-expect-error plain ESM build script without type declarations
} from "../../scripts/package.mjs";

const manifestPaths = untypedManifestPaths as (manifest: unknown) => string[];
const releaseManifest = untypedReleaseManifest as (manifest: unknown, pkg: unknown) => unknown;

const run = promisify(execFile);
const repo = path.resolve(__dirname, "../..");

/** The repository's files: tracked, plus new ones not yet committed (ignored ones left out). */
function repoFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repo,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split("\0").filter((f) => f !== "" && existsSync(path.join(repo, f)));
}

function copyRepo(into: string): void {
  for (const rel of repoFiles()) {
    const to = path.join(into, rel);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(repo, rel), to);
  }
  symlinkSync(path.join(repo, "node_modules"), path.join(into, "node_modules"), "junction");
}

/** `npm run build` in `dir`, with the npm running this test when there is one. */
async function build(dir: string): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "NODE_ENV" && !key.startsWith("VITEST")));
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli && /\.c?js$/.test(npmCli) ? [process.execPath, [npmCli, "run", "build"]] : ["npm", ["run", "build"]];
  const { stdout } = await run(command, args, {
    cwd: dir,
    env,
    shell: command === "npm" && process.platform === "win32",
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Every file under `dir`, relative, with "/" between folders (as in the zip), sorted. */
function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name)).split(path.sep).join("/")],
    )
    .sort();
}

/** The zips carry the time they were written. Everything else is byte-for-byte (LevelDB's LOG files are left out). */
const ZIPS = ["nobc.zip", "nobc-sourcemaps.zip"];
const timeStamped = (rel: string) => ZIPS.includes(rel);

const temps: string[] = [];
let spaced = "";
let plain = "";

beforeAll(async () => {
  const spacedTemp = mkdtempSync(path.join(tmpdir(), "nobc build "));
  const plainTemp = mkdtempSync(path.join(tmpdir(), "nobc-build-"));
  temps.push(spacedTemp, plainTemp);
  spaced = path.join(spacedTemp, "my nobc clone");
  plain = path.join(plainTemp, "nobc");
  copyRepo(spaced);
  copyRepo(plain);
  await Promise.all([build(spaced), build(plain)]);
});

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe("the build from a folder whose name has a space", () => {
  it("writes system.json and every path it names", () => {
    const dist = path.join(spaced, "dist");
    const manifest = JSON.parse(readFileSync(path.join(dist, "system.json"), "utf8")) as { packs: { path: string }[] };
    const readRepo = (file: string) => JSON.parse(readFileSync(path.join(repo, file), "utf8")) as unknown;
    expect(manifest).toEqual(releaseManifest(readRepo("system.json"), readRepo("package.json")));
    const missing = manifestPaths(manifest).filter((p) => !existsSync(path.join(dist, p)));
    expect(missing).toEqual([]);
    expect(manifest.packs.length).toBeGreaterThan(0);
    for (const pack of manifest.packs) {
      expect(statSync(path.join(dist, pack.path, "CURRENT")).isFile(), pack.path).toBe(true);
    }
  });

  it("gives the same files as a build from a plain folder, byte for byte but for time stamps", () => {
    const files = listFiles(path.join(spaced, "dist"));
    expect(files).toEqual(listFiles(path.join(plain, "dist")));
    expect(files).toContain("nobc.zip");
    const differ = files.filter(
      (rel) => !timeStamped(rel) && !readFileSync(path.join(spaced, "dist", rel)).equals(readFileSync(path.join(plain, "dist", rel))),
    );
    expect(differ).toEqual([]);
  });

  it("zips every other file of dist/ but the source maps under nobc/", () => {
    const dist = path.join(spaced, "dist");
    const zip = unzipSync(new Uint8Array(readFileSync(path.join(dist, "nobc.zip"))));
    const expected = listFiles(dist).filter((rel) => !ZIPS.includes(rel) && !rel.endsWith(".map"));
    expect(Object.keys(zip).sort()).toEqual(expected.map((rel) => `nobc/${rel}`).sort());
    const differ = expected.filter((rel) => !Buffer.from(zip[`nobc/${rel}`]!).equals(readFileSync(path.join(dist, rel))));
    expect(differ).toEqual([]);
  });

  it("runs a script as a script there (packs:id prints its ids)", async () => {
    const { stdout } = await run(process.execPath, [path.join(spaced, "scripts", "packs-id.mjs"), "3"], { cwd: spaced });
    expect(stdout.trim().split("\n")).toHaveLength(3);
  });
});
