/**
 * The release a build makes: dist/system.json with the version and the install and update addresses
 * taken from package.json alone, dist/nobc.zip with no source map and no LevelDB LOCK or LOG file,
 * and the source maps zipped apart in dist/nobc-sourcemaps.zip. Built for real (vite, then
 * scripts/package.mjs) into a temporary folder, so the repository's dist/ is not touched.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM build script without type declarations
import * as untypedPackage from "../../scripts/package.mjs";

interface Manifest {
  [field: string]: unknown;
  packs: { name: string; path: string }[];
}

const pkg = untypedPackage as unknown as {
  packageSystem: (dist: string) => Promise<{ files: number; kib: number }>;
  releaseManifest: (manifest: unknown, pkg: unknown) => Manifest;
  RELEASE_FIELDS: string[];
  ZIP_NAME: string;
  SOURCEMAPS_ZIP_NAME: string;
};

const repo = path.resolve(__dirname, "../..");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
const repoManifest = readJson(path.join(repo, "system.json")) as Manifest;
const packageJson = readJson(path.join(repo, "package.json")) as { version: string; repository: { url: string } };

/** Every file under `dir`, relative, with "/" between folders (as in a zip). */
function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name)).split(path.sep).join("/")],
  );
}

const isLevelDbHousekeeping = (rel: string) => /(^|\/)(LOCK|LOG|LOG\.old)$/.test(rel);

let dist = "";
let zip: Record<string, Uint8Array> = {};
let maps: Record<string, Uint8Array> = {};

beforeAll(async () => {
  dist = path.join(mkdtempSync(path.join(tmpdir(), "nobc-release-")), "dist");
  await build({
    root: repo,
    configFile: path.join(repo, "vite.config.ts"),
    logLevel: "silent",
    build: { outDir: dist, emptyOutDir: true },
  });
  await pkg.packageSystem(dist);
  zip = unzipSync(new Uint8Array(readFileSync(path.join(dist, pkg.ZIP_NAME))));
  maps = unzipSync(new Uint8Array(readFileSync(path.join(dist, pkg.SOURCEMAPS_ZIP_NAME))));
}, 180_000);

afterAll(() => rmSync(path.dirname(dist), { recursive: true, force: true }));

describe("the built manifest", () => {
  it("takes its version and addresses from package.json, the one place they are written", () => {
    for (const field of pkg.RELEASE_FIELDS) expect(Object.hasOwn(repoManifest, field), `system.json sets ${field}`).toBe(false);
    const built = readJson(path.join(dist, "system.json"));
    const url = packageJson.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    expect(url).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
    expect(built).toEqual({
      ...repoManifest,
      version: packageJson.version,
      url,
      manifest: `${url}/releases/latest/download/system.json`,
      download: `${url}/releases/download/v${packageJson.version}/${pkg.ZIP_NAME}`,
    });
    // Foundry reads `version` near the top, as hand-written manifests have it.
    expect(Object.keys(built).slice(0, 4)).toEqual(["id", "title", "description", "version"]);
  });

  it("refuses, naming the field, a system.json that sets a release field or a package.json it cannot make addresses from", () => {
    const good = { version: "1.2.3", repository: "https://github.com/owner/name" };
    expect(pkg.releaseManifest({ id: "nobc" }, good)).toMatchObject({
      download: "https://github.com/owner/name/releases/download/v1.2.3/nobc.zip",
    });
    expect(() => pkg.releaseManifest({ id: "nobc", url: "" }, good)).toThrow("system.json sets url; leave them out");
    expect(() => pkg.releaseManifest({ id: "nobc" }, { version: "1.2.3" })).toThrow(/^package\.json repository is missing/);
    expect(() => pkg.releaseManifest({ id: "nobc" }, { ...good, repository: "https://gitlab.com/owner/name" })).toThrow(
      /^package\.json repository is not a GitHub address/,
    );
    expect(() => pkg.releaseManifest({ id: "nobc" }, { ...good, version: "v1" })).toThrow(
      "package.json version is not a version such as 1.2.3",
    );
  });
});

describe("the release zips", () => {
  it("nobc.zip holds the installable system under nobc/: every file of dist/ but the source maps", () => {
    const entries = Object.keys(zip).sort();
    expect(entries.every((name) => name.startsWith("nobc/"))).toBe(true);
    const shipped = listFiles(dist)
      .filter((rel) => rel !== pkg.ZIP_NAME && rel !== pkg.SOURCEMAPS_ZIP_NAME && !rel.endsWith(".map"))
      .sort();
    expect(entries).toEqual(shipped.map((rel) => `nobc/${rel}`));
    const differ = shipped.filter((rel) => !Buffer.from(zip[`nobc/${rel}`]!).equals(readFileSync(path.join(dist, rel))));
    expect(differ).toEqual([]);
    // The MIT licence travels with the code, and the manifest names it.
    expect(repoManifest["license"]).toBe("LICENSE");
    expect(Buffer.from(zip["nobc/LICENSE"] ?? []).equals(readFileSync(path.join(repo, "LICENSE")))).toBe(true);
    for (const must of ["nobc/system.json", "nobc/nobc.mjs", "nobc/nobc.css", ...repoManifest.packs.map((p) => `nobc/${p.path}/CURRENT`)]) {
      expect(entries, must).toContain(must);
    }
  });

  it("nobc.zip holds no source map and no LevelDB LOCK or LOG file", () => {
    expect(Object.keys(zip).filter((name) => name.endsWith(".map"))).toEqual([]);
    expect(Object.keys(zip).filter(isLevelDbHousekeeping)).toEqual([]);
    expect(listFiles(path.join(dist, "packs")).filter(isLevelDbHousekeeping)).toEqual([]);
  });

  it("nobc-sourcemaps.zip holds every source map of the build and nothing else, where the code looks for it", () => {
    const built = listFiles(dist).filter((rel) => rel.endsWith(".map"));
    expect(built.length).toBeGreaterThan(0);
    expect(Object.keys(maps).sort()).toEqual(built.map((rel) => `nobc/${rel}`).sort());
    // Each script names its map next to it, so unzipping over an installed copy puts every map in place.
    const scripts = Object.keys(zip).filter((name) => name.endsWith(".js") || name.endsWith(".mjs"));
    for (const name of scripts) {
      const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(Buffer.from(zip[name]!).toString("utf8"))?.[1];
      if (named !== undefined) expect(maps, name).toHaveProperty([path.posix.join(path.posix.dirname(name), named)]);
    }
  });
});
