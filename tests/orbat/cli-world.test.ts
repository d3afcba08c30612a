/**
 * `npm run orbat -- export` and `validate --world`: a world's exported data (its `data/actors`
 * LevelDB, a folder of actor JSON files, one JSON file) out to CSV and .xlsx, and a file checked
 * against it, every change listed (the dry run), nothing written to the world.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { langFileWording, speak, type LangTree } from "../../src/words/phrase";
import type { Phrase } from "../../src/rules/resolution";
import { ORBAT_CLI } from "../../src/orbat/cli";
import { COLUMN_NAMES, exportCsv, parseCsv, prepareImport } from "../../src/orbat/index";
import { ids } from "./helpers";

const english = langFileWording(JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree);
const text = (p: Phrase) => speak(p, english);
const run = promisify(execFile);

async function orbat(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { INIT_CWD: _ignored, ...env } = process.env;
    const { stdout, stderr } = await run("node", [join(process.cwd(), "scripts/orbat.mjs"), ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let dir = "";
/** The example order of battle as a world's actor documents, linked by `Actor.<id>` as Foundry links them. */
let docs: Record<string, unknown>[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "nobc-orbat-world-"));
  const result = prepareImport(readFileSync("examples/orbat-example.csv", "utf8"), "csv", { newId: ids(), rootFolder: "OOB" });
  if (!result.ok) throw new Error("the example is refused");
  const { actors, links } = result.plan;
  docs = actors.map((a, i) => {
    const _id = `ex${String(i).padStart(14, "0")}`;
    return { _id, _key: `!actors!${_id}`, name: a.name, type: a.type, system: structuredClone(a.system), items: [], flags: {} };
  });
  for (const l of links)
    (docs[l.from as number]!["system"] as Record<string, unknown>)[l.field.slice(7)] = `Actor.${String(docs[l.to as number]!["_id"])}`;
  mkdirSync(join(dir, "json"));
  for (const d of docs) writeFileSync(join(dir, "json", `${String(d["_id"])}.json`), JSON.stringify(d));
  writeFileSync(join(dir, "actors.json"), JSON.stringify(docs));
  // The world's own database, as Foundry keeps it in data/actors.
  await compilePack(join(dir, "json"), join(dir, "actors"), {});
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run orbat -- export", () => {
  it("writes the world's LevelDB actors as CSV in the import's columns (exit 0); the file checked against the world changes nothing", async () => {
    const out = join(dir, "theatre.csv");
    const r = await orbat("export", join(dir, "actors"), out);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(text(ORBAT_CLI.exported(out, "csv", docs.length, join(dir, "actors"))));
    const read = parseCsv(readFileSync(out, "utf8"));
    expect(read.ok && read.records[0]!.cells).toEqual(COLUMN_NAMES);
    expect(read.ok && read.records.length - 1).toBe(docs.length);

    const check = await orbat("validate", out, "--world", join(dir, "actors"));
    expect(check.code).toBe(0);
    expect(check.stdout).toContain(text(ORBAT_CLI.sound(out, "csv", { actors: 0, folders: 0, links: 0 })));
    expect(check.stdout).toContain(text(ORBAT_CLI.unchanged()));
  }, 60_000);

  it("from a folder of actor JSON files or one JSON file, as .xlsx too; an edited file's every change is listed", async () => {
    const xlsx = join(dir, "theatre.xlsx");
    expect((await orbat("export", join(dir, "json"), xlsx)).code).toBe(0);
    const same = await orbat("validate", xlsx, "--world", join(dir, "actors.json"));
    expect(same.stdout).toContain(text(ORBAT_CLI.unchanged()));

    const csv = join(dir, "edited.csv");
    expect((await orbat("export", join(dir, "actors.json"), csv)).code).toBe(0);
    // Edited as a spreadsheet would: one cell of the first unit's row, the file written back as CSV.
    const read = parseCsv(readFileSync(csv, "utf8"));
    if (!read.ok) throw new Error("the export is not CSV");
    const rows = read.records.map((r) => [...r.cells]);
    const cells = rows.find((r) => r[0] === "unit")!;
    const strength = COLUMN_NAMES.indexOf("strength");
    const was = cells[strength]!;
    cells[strength] = String(Number(was) - 1);
    writeFileSync(csv, exportCsv(rows));
    const r = await orbat("validate", csv, "--world", join(dir, "json"));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(text(ORBAT_CLI.updates(1)));
    expect(r.stdout).toContain(`  ${text(ORBAT_CLI.change(cells[1]!, "strength", was, String(Number(was) - 1)))}\n`);
  }, 60_000);

  it("says in one line a world's data that cannot be read or holds no theatre, and a bad call's usage", async () => {
    const missing = join(dir, "nowhere");
    const r = await orbat("export", missing, join(dir, "x.csv"));
    expect([r.code, r.stderr.trim()]).toEqual([2, text(ORBAT_CLI.cannotRead(missing, Object.assign(new Error(""), { code: "ENOENT" })))]);
    writeFileSync(join(dir, "empty.json"), "[]");
    const empty = await orbat("export", join(dir, "empty.json"), join(dir, "x.csv"));
    expect([empty.code, empty.stderr.trim()]).toEqual([1, text(ORBAT_CLI.noActors(join(dir, "empty.json")))]);
    const usage = await orbat("export", join(dir, "actors.json"));
    expect([usage.code, usage.stderr.trim()]).toEqual([2, text(ORBAT_CLI.usage())]);
    expect((await orbat("validate", join(dir, "edited.csv"), "--world")).code).toBe(2);
  }, 60_000);
});
