/**
 * The import-cycle part of eslint.config.js catches a file-level cycle. import-x finds nothing, silently,
 * when its resolver or parser settings are wrong, so `npm run lint` passing proves nothing by itself;
 * this lints two small files that import each other with exactly the settings the config exports.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

let dir = "";
let eslint: ESLint;

beforeAll(async () => {
  // A computed specifier: the config is plain JavaScript, which this TypeScript project does not type-check.
  const config = (await import(pathToFileURL(path.join(ROOT, "eslint.config.js")).href)) as { importCycles: Linter.Config[] };
  dir = mkdtempSync(path.join(tmpdir(), "nobc-lint-"));
  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler" } }),
    "a.ts": 'import { b } from "./b";\nexport const a = (): number => b() + 1;\n',
    "b.ts": 'import { a } from "./a";\nexport const b = (): number => (a.length > 0 ? 1 : 2);\n',
    "c.ts": 'import { d } from "./d";\nexport const c = (): number => d + 1;\n',
    "d.ts": 'import type { c } from "./c";\nexport const d = 1;\nexport type C = typeof c;\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, ...config.importCycles],
  });
});

afterAll(() => {
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
});

const cycleErrors = async (file: string): Promise<string[]> => {
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? "fatal"}: ${m.message}`);
};

describe("import-x/no-cycle as eslint.config.js sets it up", { timeout: 60_000 }, () => {
  it("reports both files of a two-file cycle", async () => {
    expect(await cycleErrors("a.ts")).toEqual(["import-x/no-cycle: Dependency cycle detected"]);
    expect(await cycleErrors("b.ts")).toEqual(["import-x/no-cycle: Dependency cycle detected"]);
  });

  it("lets a type-only import close a loop (it is gone at run time)", async () => {
    expect(await cycleErrors("c.ts")).toEqual([]);
    expect(await cycleErrors("d.ts")).toEqual([]);
  });
});
