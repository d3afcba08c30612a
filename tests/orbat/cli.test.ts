import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { langFileWording, speak, type LangTree } from "../../src/words/phrase";
import { phrase, type Phrase } from "../../src/rules/resolution";
import { formatProblem, rowLabel } from "../../src/orbat/index";
import { problem } from "../../src/orbat/problems";
import { ORBAT_CLI } from "../../src/orbat/cli";

const english = langFileWording(JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree);
/** What the CLI prints for a phrase: the en.json text of its key. */
const text = (p: Phrase) => speak(p, english);

const run = promisify(execFile);

async function orbat(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return orbatIn({}, ...args);
}

/** The script run with `cwd` and environment changes, as `npm run orbat` runs it (in the repository, INIT_CWD the folder typed in). */
async function orbatIn(opts: { cwd?: string; env?: Record<string, string> }, ...args: string[]) {
  try {
    const script = join(process.cwd(), "scripts/orbat.mjs");
    const { INIT_CWD: _ignored, ...env } = process.env;
    const { stdout, stderr } = await run("node", [script, ...args], { cwd: opts.cwd, env: { ...env, ...opts.env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("npm run orbat -- validate", () => {
  it("accepts the example file and prints counts per type and side (exit 0)", async () => {
    const r = await orbat("validate", "examples/orbat-example.csv");
    expect(r.code).toBe(0);
    // Types by their names, not their ids.
    expect(r.stdout).toContain("HQs: 4 (NATO 2, WP 2)");
    expect(r.stdout).toContain("Units: 16 (NATO 10, WP 6)");
    expect(r.stdout).toContain("Airbases: 3 (NATO 2, WP 1)");
    expect(r.stdout).toContain("Squadrons: 5 (NATO 3, WP 2)");
    expect(r.stdout).not.toMatch(/airSquadron:/);
    const file = join(process.cwd(), "examples/orbat-example.csv");
    expect(r.stdout.split("\n")[0]).toBe(text(ORBAT_CLI.sound(file, "csv", { actors: 28, folders: 11, links: 23 })));
  }, 30_000);

  it("refuses a bad file, printing every problem (exit 1)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "nobc-orbat-test-"));
    const file = join(dir, "bad.json");
    writeFileSync(
      file,
      '[\n {"type":"unit","name":"X","side":"nato","nationality":"su","parent":"Nobody","size":"brigade","arm":"armour","strength":"ten"}\n]\n',
    );
    const r = await orbat("validate", file).finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(text(phrase("NOBC.Cli.Orbat.Refused", { file, count: 3 })));
    const at = (column: string, p: Phrase) => `  ${text(formatProblem(problem(2, column, p)))}\n`;
    expect(r.stderr).toContain(
      at("nationality", phrase("NOBC.Orbat.Problem.NationalitySide", { nationality: "su", own: "wp", side: "nato" })),
    );
    expect(r.stderr).toContain(at("parent", phrase("NOBC.Orbat.Problem.NoParent", { type: "hq", parent: "Nobody" })));
    expect(r.stderr).toContain(at("strength", phrase("NOBC.Orbat.Problem.NotWhole", { value: "ten" })));
    expect(rowLabel("hq").key).toBe("NOBC.Orbat.Problem.Row.hq");
  }, 30_000);

  it("with --json prints the plan for scripts: folders, actors with names, types and folders, links by name", async () => {
    const r = await orbat("validate", "examples/orbat-example.csv", "--json");
    expect([r.code, r.stderr]).toEqual([0, ""]);
    const plan = JSON.parse(r.stdout) as {
      file: string;
      format: string;
      warnings: string[];
      folders: { id: string; name: string; parent: string | null; path: string[] }[];
      actors: { name: string; type: string; folder: string[]; system: Record<string, unknown> }[];
      links: { from: string; field: string; to: string }[];
    };
    expect([plan.file, plan.format, plan.warnings]).toEqual([join(process.cwd(), "examples/orbat-example.csv"), "csv", []]);
    expect([plan.folders.length, plan.actors.length, plan.links.length]).toEqual([11, 28, 23]);
    expect(plan.folders[0]).toEqual({ id: "0000000000000001", name: "Order of battle", parent: null, path: ["Order of battle"] });
    expect(plan.actors[0]).toMatchObject({ name: "CENTAG", type: "hq", folder: ["Order of battle", "CENTAG"] });
    expect(plan.actors.find((a) => a.name === "1 Bde, 3 AD")).toMatchObject({
      type: "unit",
      folder: ["Order of battle", "CENTAG", "V (US) Corps", "3rd Armored Division"],
      system: { strength: { value: 7, max: 7 } },
    });
    expect(plan.links).toContainEqual({ from: "1 Bde, 3 AD", field: "system.hq", to: "V (US) Corps" });
  }, 30_000);

  it("reads a relative path from the folder the command was typed in (INIT_CWD under npm, else the working folder)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "nobc-orbat-cwd-"));
    // A Windows-1252 file with semicolons, as Excel saves "CSV" on a German Windows.
    const content = "type;name;side;airZone\r\nairbase;RAF G\u00fctersloh;nato;2ATAF\r\n";
    writeFileSync(join(dir, "oob.csv"), Buffer.from(content, "latin1"));
    const file = join(dir, "oob.csv");
    try {
      const typed = await orbatIn({ env: { INIT_CWD: dir } }, "validate", "oob.csv", "--json");
      expect(typed.code).toBe(0);
      const warning = text(phrase("NOBC.Orbat.Warning.Windows1252", { names: "RAF Gütersloh" }));
      expect(warning).toContain("(RAF Gütersloh)");
      expect(typed.stderr).toBe(`${warning}\n`);
      const plan = JSON.parse(typed.stdout) as { file: string; warnings: string[]; actors: { name: string }[] };
      expect([plan.file, plan.warnings, plan.actors.map((a) => a.name)]).toEqual([file, [warning], ["RAF Gütersloh"]]);
      const here = await orbatIn({ cwd: dir }, "validate", "oob.csv");
      expect(here.code).toBe(0);
      expect(here.stdout.split("\n")[0]).toBe(text(ORBAT_CLI.sound(file, "csv", { actors: 1, folders: 2, links: 0 })));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it("explains its usage and a missing file (exit 2)", async () => {
    const usage = await orbat();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(`${text(phrase("NOBC.Cli.Orbat.Usage"))}\n`);
    const missing = await orbat("validate", "no/such/file.csv");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`${text(phrase("NOBC.Cli.File.Missing", { file: join(process.cwd(), "no/such/file.csv") }))}\n`);
    const folder = await orbat("validate", "examples");
    expect([folder.code, folder.stderr]).toEqual([
      2,
      `${text(phrase("NOBC.Cli.File.Folder", { file: join(process.cwd(), "examples") }))}\n`,
    ]);
  }, 30_000);

  it("refuses a malformed file with its problem, no stack trace (exit 1)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "nobc-orbat-bad-"));
    try {
      writeFileSync(join(dir, "cut.json"), '[{"type": "hq",');
      writeFileSync(join(dir, "not-a-workbook.xlsx"), "PK\u0003\u0004 this is no workbook");
      for (const name of ["cut.json", "not-a-workbook.xlsx"]) {
        const r = await orbat("validate", join(dir, name));
        expect(r.code, name).toBe(1);
        expect(r.stdout, name).toBe("");
        const lines = r.stderr.trimEnd().split("\n");
        expect(lines, name).toHaveLength(2);
        expect(lines[0], name).toBe(text(ORBAT_CLI.refused(join(dir, name), 1)));
        expect(lines[1], name).toMatch(/^ {2}\S/);
        expect(r.stderr, name).not.toMatch(/\n\s+at /);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
