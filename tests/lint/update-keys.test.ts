/**
 * Foundry v14 deprecates the v13 update keys `-=key` (delete) and `==key` (replace whole), to be removed
 * in v16, for the operators `_del` / `_replace`. Only src/base/compat.ts spells either, by generation;
 * this scans every string and template literal of src/ (with TypeScript's own scanner, so comments
 * and code are told apart) for a key that starts with one, or a path with one after a dot.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const THE_ONE_MODULE = "src/base/compat.ts";
const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);
const LEGACY_KEY = /(^|\.)(-=|==)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    return e.isDirectory() ? sources(file) : e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** The literals of `text` that spell a v13 update key, with their line. */
export function legacyKeys(text: string): { line: number; literal: string }[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const found: { line: number; literal: string }[] = [];
  // For each template substitution open, how many `{` opened inside it are still open: the `}` that
  // finds none open closes the substitution, and the template's text goes on after it.
  const braces: number[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.OpenBraceToken && braces.length > 0) braces[braces.length - 1]! += 1;
    else if (kind === ts.SyntaxKind.CloseBraceToken && braces.length > 0) {
      if (braces[braces.length - 1] === 0) {
        braces.pop();
        kind = scanner.reScanTemplateToken(false);
      } else braces[braces.length - 1]! -= 1;
    }
    if (kind === ts.SyntaxKind.TemplateHead || kind === ts.SyntaxKind.TemplateMiddle) braces.push(0);
    if (!LITERALS.has(kind)) continue;
    if (LEGACY_KEY.test(scanner.getTokenValue())) {
      const line = text.slice(0, scanner.getTokenStart()).split("\n").length;
      found.push({ line, literal: scanner.getTokenText() });
    }
  }
  return found;
}

describe("update keys", () => {
  it("the scan finds a legacy key in a string and in a template, and none in a comment or an operator", () => {
    const sample = [
      'const a = { "system.-=underMine": null };',
      "const b = `flags.nobc.${part}.-=${key}`;",
      "const c = { [`flags.nobc.==terrain`]: map };",
      "// a comment may name `-=` and `a.==b`",
      "if (x === y) n -= 1;",
      'const d = "a == b is fine in words";',
    ].join("\n");
    expect(legacyKeys(sample).map((f) => f.line)).toEqual([1, 2, 3]);
  });

  it(`finds the spellings in ${THE_ONE_MODULE} itself, which writes them (so the scan reads a whole real file)`, () => {
    expect(legacyKeys(readFileSync(path.join(ROOT, THE_ONE_MODULE), "utf8")).length).toBeGreaterThan(0);
  });

  it("reads on past blocks and nested templates", () => {
    const sample = ["function f() { if (a) { return `x${b ? `y${c}` : { d: 1 }.d}z`; } }", 'const k = { "system.==terrain": 1 };'].join(
      "\n",
    );
    expect(legacyKeys(sample).map((f) => f.line)).toEqual([2]);
  });

  it(`no -= or == key is written outside ${THE_ONE_MODULE}`, () => {
    const offenders = sources(path.join(ROOT, "src"))
      .filter((file) => path.relative(ROOT, file).split(path.sep).join("/") !== THE_ONE_MODULE)
      .flatMap((file) => legacyKeys(readFileSync(file, "utf8")).map((f) => `${path.relative(ROOT, file)}:${f.line} ${f.literal}`));
    expect(offenders).toEqual([]);
  });
});
