/** The pack scripts print the en.json text of their phrases (src/base/cli.ts). */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { PACKS_CLI } from "../../src/base/cli";
import { langFileWording, speak, type LangTree } from "../../src/words/phrase";
import type { Phrase } from "../../src/rules/resolution";
import { manifest } from "./load";

const english = langFileWording(JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree);
const text = (p: Phrase) => speak(p, english);
const run = promisify(execFile);

async function node(script: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("node", [script, ...args]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("pack scripts", () => {
  it("packs:id prints ids, or its usage for a bad count (exit 1)", async () => {
    const ok = await node("scripts/packs-id.mjs", "2");
    expect(ok.stdout).toMatch(/^\w{16}\n\w{16}\n$/);
    const bad = await node("scripts/packs-id.mjs", "0");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(`${text(PACKS_CLI.idUsage())}\n`);
  }, 30_000);

  it("packs:extract refuses a missing argument, an undeclared pack and a folder that is no pack (exit 1)", async () => {
    const failed = (p: Phrase) => `${text(PACKS_CLI.extractFailed(text(p), false))}\n`;
    expect((await node("scripts/packs-extract.mjs")).stderr).toBe(failed(PACKS_CLI.extractUsage()));
    const packs = manifest().packs.map((p) => p.name);
    const undeclared = await node("scripts/packs-extract.mjs", "packs", "nopack");
    expect(undeclared.code).toBe(1);
    expect(undeclared.stderr).toBe(failed(PACKS_CLI.notAPack("nopack", packs)));
    expect((await node("scripts/packs-extract.mjs", "packs", "macros")).stderr).toBe(failed(PACKS_CLI.notLevelDb("packs")));
  }, 30_000);
});
