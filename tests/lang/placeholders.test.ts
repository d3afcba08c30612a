/**
 * Every phrase written out in src/ fills every placeholder of its text: `phrase("KEY", { … })`,
 * `format("KEY", { … })` and `notify(level, "KEY", { … })` calls are read with the TypeScript parser
 * and their data names compared with the `{placeholders}` of KEY in lang/en.json (every plural form).
 * A gap would print "{name}" here and whatever Foundry makes of a missing value in play.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const en = JSON.parse(readFileSync(path.join(root, "lang/en.json"), "utf8")) as Record<string, unknown>;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : [],
  );
}

/** The texts of a key: one string, or every form of a plural group; undefined when en.json lacks it. */
function texts(key: string): string[] | undefined {
  let node: unknown = en;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === "string") return [node];
  if (node !== null && typeof node === "object") return Object.values(node).filter((v): v is string => typeof v === "string");
  return undefined;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

interface Use {
  readonly where: string;
  readonly key: string;
  /** The data's names, or null when they cannot be known from the source (a spread, a variable). */
  readonly names: ReadonlySet<string> | null;
}

/** Which argument is the key and which the data, by the called function's name. */
const CALLS: Readonly<Record<string, readonly [number, number]>> = { phrase: [0, 1], format: [0, 1], notify: [1, 2] };

function calleeName(call: ts.CallExpression): string | undefined {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return undefined;
}

function dataNames(arg: ts.Expression | undefined): ReadonlySet<string> | null {
  if (arg === undefined) return new Set();
  if (!ts.isObjectLiteralExpression(arg)) return null;
  const names = new Set<string>();
  for (const p of arg.properties) {
    if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && !ts.isComputedPropertyName(p.name)) names.add(p.name.text);
    else return null;
  }
  return names;
}

function usesIn(file: string): Use[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Use[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const at = CALLS[calleeName(node) ?? ""];
      const keyArg = at === undefined ? undefined : node.arguments[at[0]];
      if (at !== undefined && keyArg !== undefined && ts.isStringLiteralLike(keyArg) && keyArg.text.startsWith("NOBC.")) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        out.push({ where: `${path.relative(root, file)}:${line}`, key: keyArg.text, names: dataNames(node.arguments[at[1]]) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const uses = sources(path.join(root, "src")).flatMap(usesIn);

describe("phrases written out in src/", () => {
  it("are found (the scan is not empty)", () => {
    expect(uses.filter((u) => u.names !== null).length).toBeGreaterThan(500);
  });

  it("fill every placeholder of their text, in every plural form", () => {
    const gaps = uses.flatMap((u) => {
      const names = u.names;
      if (names === null) return [];
      const wanted = new Set((texts(u.key) ?? []).flatMap(placeholders));
      const missing = [...wanted].filter((p) => !names.has(p));
      return missing.length === 0 ? [] : [`${u.where}: ${u.key} lacks ${missing.join(", ")}`];
    });
    expect(gaps).toEqual([]);
  });
});
