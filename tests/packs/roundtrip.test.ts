/**
 * Builds every declared pack with the Foundry CLI into a temporary folder, extracts it back, and
 * checks nothing is lost: the same documents, ids and embedded documents. Then runs our
 * `packs:extract` script on the built pack and checks it rewrites the sources byte for byte, and that
 * it refuses a pack of another document type than system.json declares, changing nothing.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFiles, manifest, readSources, ROOT, SOURCE_ROOT } from "./load";

interface Doc {
  _id: string;
  _key: string;
  [embedded: string]: unknown;
}

const EMBEDDED = ["pages", "results", "items", "effects"] as const;

/** Every key in a document list: primary documents and what is embedded in them. */
function keysOf(docs: readonly Doc[]): string[] {
  return docs.flatMap((d) => [d._key, ...EMBEDDED.flatMap((c) => ((d[c] as Doc[] | undefined) ?? []).map((e) => e._key))]).sort();
}

const packs = manifest().packs;

/** Every file of a folder with a hash of its bytes, to show that nothing changed. */
const snapshot = (dir: string) =>
  Object.fromEntries(listFiles(dir).map((f) => [path.relative(dir, f), createHash("sha256").update(readFileSync(f)).digest("hex")]));
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "nobc-packs-"));
  for (const pack of packs) await compilePack(pack.source, path.join(work, "db", pack.name), { recursive: true });
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(packs.map((p) => [p.name, p] as const))("pack %s", (name, pack) => {
  it("extracts back with the same documents, ids and embedded documents", async () => {
    const out = path.join(work, "extracted", name);
    await extractPack(path.join(work, "db", name), out, {});
    const back = listFiles(out).map((f) => JSON.parse(readFileSync(f, "utf8")) as Doc);
    const source = readSources(pack.source).map((s) => s.data as Doc);
    expect(back).toHaveLength(source.length);
    expect(back.map((d) => d._id).sort()).toEqual(source.map((d) => d._id).sort());
    expect(keysOf(back)).toEqual(keysOf(source));
  });

  it("packs:extract writes the built pack back as the same source files", async () => {
    const script = path.join(ROOT, "scripts", "packs-extract.mjs");
    const { extractToSource } = (await import(/* @vite-ignore */ script)) as {
      extractToSource: (packDir: string, packName: string, options: { dest: string }) => Promise<number>;
    };
    const dest = path.join(work, "source", name);
    const written = await extractToSource(path.join(work, "db", name), name, { dest });
    const rel = (dir: string) =>
      listFiles(dir)
        .map((f) => path.relative(dir, f))
        .sort();
    expect(rel(dest)).toEqual(rel(pack.source));
    expect(written).toBe(rel(pack.source).length);
    // Byte for byte, so extract → build → extract leaves git with nothing to show.
    const differ = rel(dest).filter((file) => !readFileSync(path.join(dest, file)).equals(readFileSync(path.join(pack.source, file))));
    expect(differ).toEqual([]);
  });
});

describe("packs:extract on the command line", () => {
  const run = (...args: string[]) => promisify(execFile)("node", [path.join(ROOT, "scripts", "packs-extract.mjs"), ...args], { cwd: ROOT });

  it("explains its usage when arguments are missing", async () => {
    await expect(run()).rejects.toMatchObject({
      stderr: expect.stringContaining("usage: npm run packs:extract -- <compiled pack folder> <pack name>"),
    });
  });

  it("refuses a pack system.json does not declare", async () => {
    await expect(run(path.join(work, "db", "macros"), "no-such-pack")).rejects.toMatchObject({
      stderr: expect.stringContaining('"no-such-pack" is not a pack system.json declares'),
    });
  });

  it("refuses a pack of another document type, in one line, changing nothing (exit 1)", async () => {
    const cards = manifest().packs.find((p) => p.name === "support-cards")!;
    const before = snapshot(cards.source);
    const macros = path.join(work, "db", "macros");
    const refused = await run(macros, "support-cards").then(
      () => null,
      (err: unknown) => err as { code: number; stdout: string; stderr: string },
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stdout).toBe("");
    expect(refused?.stderr).toBe(
      `nobc packs:extract failed: ${macros} holds Macro documents, but system.json declares the pack "support-cards" as Item; nothing was changed\n`,
    );
    expect(snapshot(cards.source)).toEqual(before);
    expect(readdirSync(SOURCE_ROOT).filter((f) => f.startsWith("."))).toEqual([]);
  });

  it("refuses a pack that holds no documents, changing nothing", async () => {
    const emptySource = path.join(work, "empty-source");
    mkdirSync(emptySource);
    await compilePack(emptySource, path.join(work, "db", "empty"), { recursive: true });
    const before = snapshot(packs[0]!.source);
    await expect(run(path.join(work, "db", "empty"), packs[0]!.name)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("holds no documents; nothing was changed"),
    });
    expect(snapshot(packs[0]!.source)).toEqual(before);
  });

  it("refuses a folder that is not a compiled pack", async () => {
    await expect(run(work, "macros")).rejects.toMatchObject({ stderr: expect.stringContaining("is not a compiled LevelDB pack") });
  });
});
