import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

async function orbat(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("node", ["scripts/orbat.mjs", ...args]);
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
    expect(r.stdout).toContain("hq: 4 (NATO 2, WP 2)");
    expect(r.stdout).toContain("unit: 16 (NATO 10, WP 6)");
    expect(r.stdout).toContain("airbase: 3 (NATO 2, WP 1)");
    expect(r.stdout).toContain("airSquadron: 5 (NATO 3, WP 2)");
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
    expect(r.stderr).toContain("refused, 3 problems; nothing would be created.");
    expect(r.stderr).toContain('line 2, column "nationality": "su" fights for wp, but this row\'s side is nato');
    expect(r.stderr).toContain('line 2, column "parent": there is no hq named "Nobody" in the file');
    expect(r.stderr).toContain('line 2, column "strength": "ten" is not a whole number');
  }, 30_000);

  it("explains its usage and a missing file (exit 2)", async () => {
    expect((await orbat()).code).toBe(2);
    const missing = await orbat("validate", "no/such/file.csv");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Cannot read/);
  }, 30_000);
});
