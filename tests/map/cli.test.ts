/** `npm run map` (scripts/map-image.mjs): every line it prints is the en.json text of a phrase. */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { langFileWording, speak, type LangTree } from "../../src/words/phrase";
import { MAP_CLI } from "../../src/map/map-image";
import { formatMapProblem } from "../../src/map/terrain-schema";
import { phrase, type Phrase } from "../../src/rules/resolution";
import { smallMap } from "./fixture";

const english = langFileWording(JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree);
/** What the CLI prints for a phrase: the en.json text of its key. */
const text = (p: Phrase) => speak(p, english);

const run = promisify(execFile);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const dir = mkdtempSync(join(tmpdir(), "nobc-map-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function map(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("node", ["scripts/map-image.mjs", ...args]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("npm run map", () => {
  it("draws a sound map and says what it wrote (exit 0)", async () => {
    const input = join(dir, "small.json");
    const output = join(dir, "small.svg");
    writeFileSync(input, JSON.stringify(smallMap()));
    const r = await map(input, output);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${text(MAP_CLI.written(output, 4, 3, input))}\n`);
    expect(existsSync(output)).toBe(true);
  }, 30_000);

  it("refuses a bad map, printing every problem (exit 1)", async () => {
    const input = join(dir, "bad.json");
    writeFileSync(input, JSON.stringify({ ...smallMap(), columns: 0, hexSize: 0 }));
    const r = await map(input, join(dir, "bad.svg"));
    expect(r.code).toBe(1);
    const at = (field: string, problem: Phrase) => `  ${text(formatMapProblem({ path: field, text: problem }))}\n`;
    expect(r.stderr).toBe(
      `${text(MAP_CLI.problems(input, 2))}\n` +
        at("columns", phrase("NOBC.Map.Problem.Dimension.AtLeast", { input: "0", minimum: 1 })) +
        at("hexSize", phrase("NOBC.Map.Problem.HexSize", { input: "0", minimum: 0 })),
    );
  }, 30_000);

  it("refuses an output not named .svg before reading anything, and writes nothing (exit 2)", async () => {
    const input = join(dir, "small-png.json");
    const output = join(dir, "small.png");
    writeFileSync(input, JSON.stringify(smallMap()));
    const r = await map(input, output);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${text(MAP_CLI.notSvg(output))}\n`);
    expect(existsSync(output)).toBe(false);
  }, 30_000);

  it("explains its usage and a file it cannot read (exit 2)", async () => {
    const usage = await map();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(`${text(phrase("NOBC.Cli.Map.Usage"))}\n`);
    const missing = await map("no/such/map.json", join(dir, "x.svg"));
    expect(missing.code).toBe(2);
    // A relative path is read from the folder the command was typed in (here the test's own).
    expect(missing.stderr).toBe(`${text(phrase("NOBC.Cli.File.Missing", { file: join(process.cwd(), "no/such/map.json") }))}\n`);
    const folder = await map(dir, join(dir, "x.svg"));
    expect([folder.code, folder.stderr]).toEqual([2, `${text(phrase("NOBC.Cli.File.Folder", { file: dir }))}\n`]);
  }, 30_000);

  it("says in one line, with no stack trace, that a file is not JSON or that the image cannot be written (exit 2)", async () => {
    const broken = join(dir, "broken.json");
    writeFileSync(broken, '{"columns": 4,');
    const notJson = await map(broken, join(dir, "broken.svg"));
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(new RegExp(`^${escape(broken)} is not valid JSON: [^\n]+\n$`));
    expect(existsSync(join(dir, "broken.svg"))).toBe(false);

    const input = join(dir, "fine.json");
    writeFileSync(input, JSON.stringify(smallMap()));
    const nowhere = join(dir, "no-such-folder", "out.svg");
    const unwritable = await map(input, nowhere);
    expect(unwritable.code).toBe(2);
    expect(unwritable.stdout).toBe("");
    expect(unwritable.stderr).toBe(`${text(phrase("NOBC.Cli.File.CannotWrite", { file: nowhere, error: "no such file or directory" }))}\n`);
  }, 30_000);
});
