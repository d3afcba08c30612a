/** scripts/lang-diff.mjs: what lang/en.json has and another lang file lacks, as a skeleton to translate. */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { missingSkeleton as untypedMissingSkeleton } from "../../scripts/lang-diff.mjs";

const missingSkeleton = untypedMissingSkeleton as (en: unknown, other: unknown) => Record<string, unknown>;
const root = path.resolve(__dirname, "../..");

describe("missingSkeleton", () => {
  const en = {
    A: { Hello: "Hello", Bye: "Bye", Deep: { One: "One", Two: "Two" } },
    Hits: { one: "{count} hit", other: "{count} hits" },
    Rules: { Land: {}, Air: { Odds: "Odds" } },
  };

  it("keeps only what is missing, nested as in en.json, with the English values", () => {
    const de = { A: { Hello: "Hallo", Deep: { One: "Eins" } }, Rules: { Land: {}, Air: {} } };
    expect(missingSkeleton(en, de)).toEqual({
      A: { Bye: "Bye", Deep: { Two: "Two" } },
      Hits: { one: "{count} hit", other: "{count} hits" },
      Rules: { Air: { Odds: "Odds" } },
    });
  });

  it("copies a plural group whole, and a group the other file lacks (empty ones too)", () => {
    expect(missingSkeleton(en, { A: en.A })).toEqual({ Hits: en.Hits, Rules: en.Rules });
  });

  it("is empty for a complete file, whatever its plural forms", () => {
    expect(missingSkeleton(en, { ...en, Hits: { one: "ein Treffer", other: "{count} Treffer" } })).toEqual({});
  });
});

describe("npm run lang:diff", () => {
  const script = path.join(root, "scripts/lang-diff.mjs");
  const run = (arg: string): unknown =>
    JSON.parse(execFileSync(process.execPath, [script, arg], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
  /** stdout and stderr of one run, apart. */
  const both = (arg: string): { out: unknown; err: string } => {
    const result = spawnSync(process.execPath, [script, arg], { cwd: root, encoding: "utf8" });
    expect(result.status).toBe(0);
    return { out: JSON.parse(result.stdout), err: result.stderr };
  };

  it("prints {} for a language code whose file is complete, and says it is complete", () => {
    expect(run("en")).toEqual({});
    const { out, err } = both("de");
    expect(out).toEqual({});
    expect(err).toMatch(/lang\/de\.json is complete/);
  });

  it("for a language with no file yet, prints every key and says how to start the file", () => {
    const en = JSON.parse(readFileSync(path.join(root, "lang/en.json"), "utf8")) as unknown;
    const { out, err } = both("fr");
    expect(out).toEqual(en);
    expect(err).toContain("lang/fr.json does not exist yet");
    expect(err).toContain("npm run lang:diff -- fr > lang/fr.json");
    expect(err).toContain('"languages"');
  });

  it("refuses an argument that is neither a file nor a language code", () => {
    const result = spawnSync(process.execPath, [script, "not a language"], { cwd: root, encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/neither a \.json path nor a language code/);
  });

  it("prints the missing keys of a lang file named by path, with the English values", () => {
    const en = JSON.parse(readFileSync(path.join(root, "lang/en.json"), "utf8")) as { NOBC: { Dialog: Record<string, string> } };
    const total = en.NOBC.Dialog["Total"];
    delete en.NOBC.Dialog["Total"];
    const dir = mkdtempSync(path.join(tmpdir(), "nobc-lang-diff-"));
    try {
      const file = path.join(dir, "xx.json");
      writeFileSync(file, JSON.stringify(en));
      expect(run(file)).toEqual({ NOBC: { Dialog: { Total: total } } });
      expect(both(file).err).toMatch(/lacks 1 key of lang\/en\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
