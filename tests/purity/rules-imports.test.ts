import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "./imports";

const RULES = path.resolve(__dirname, "../../src/rules");

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : [],
  );
}

/** Globals that mean a module reaches outside the pure core. */
const FORBIDDEN_GLOBALS = /\b(game|CONFIG|Hooks|foundry|ui|canvas|document|window|globalThis|process|fetch|localStorage)\s*[.[(]/;

function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

const files = tsFiles(RULES);

describe("src/rules is pure", () => {
  it("finds the rules core", () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files.map((f) => [path.relative(RULES, f), f]))("%s imports only relative rules modules", (_rel, file) => {
    const bad = importsOf(readFileSync(file, "utf8")).filter((s) => !s.startsWith("./") && !s.startsWith("../"));
    expect(bad, `non-relative imports in ${file}`).toEqual([]);
    const escapes = importsOf(readFileSync(file, "utf8"))
      .map((s) => path.resolve(path.dirname(file), s))
      .filter((resolved) => !resolved.startsWith(RULES));
    expect(escapes, `imports leaving src/rules in ${file}`).toEqual([]);
  });

  it.each(files.map((f) => [path.relative(RULES, f), f]))("%s touches no Foundry, DOM or Node global", (_rel, file) => {
    const code = stripComments(readFileSync(file, "utf8"));
    const match = FORBIDDEN_GLOBALS.exec(code);
    expect(match?.[0] ?? null, `global use in ${file}`).toBeNull();
  });

  it("detects a forbidden import", () => {
    expect(importsOf(`import x from "node:fs"; export * from "./a"; await import("foundry")`)).toEqual(["node:fs", "./a", "foundry"]);
  });
});
