/**
 * The lang keys of a lang file and the keys the code and templates write out in full, for the
 * tests that check the two agree (tests/sheets/i18n.test.ts, tests/lang/keys.test.ts). A key is
 * written out in full as one quoted string literal (docs/i18n.md); a plural group (`one`,
 * `other`, …) is one key.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { LangTree } from "../../src/words/phrase";

const PLURAL_FORMS = new Set(["zero", "one", "two", "few", "many", "other"]);

/** Whether a lang node is a plural group: forms by plural category, `other` among them. */
export function isPluralGroup(node: unknown): node is Record<string, string> {
  if (node === null || typeof node !== "object") return false;
  const entries = Object.entries(node);
  return Object.hasOwn(node, "other") && entries.every(([k, v]) => PLURAL_FORMS.has(k) && typeof v === "string");
}

/** Every key of a lang tree: its strings and its plural groups (a group is one key). */
export function langKeys(tree: LangTree, prefix = ""): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix === "" ? k : `${prefix}.${k}`;
    if (typeof v === "string" || isPluralGroup(v)) out.push(key);
    else if (v !== null && typeof v === "object") out.push(...langKeys(v as LangTree, key));
  }
  return out;
}

/** Whether the lang tree has `key`, as a string or a plural group. */
export function hasLangKey(tree: LangTree, key: string): boolean {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" || isPluralGroup(node);
}

export function filesUnder(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(full, ext));
    else if (e.name.endsWith(ext)) out.push(full);
  }
  return out;
}

/** A key: NOBC.… or TYPES.…, dotted, not ending on a dot. */
export const KEY = "((?:NOBC|TYPES)\\.[A-Za-z0-9_.]+[A-Za-z0-9_])";

/** A key written out in full as one quoted literal ("…", '…' or `…` with nothing else inside). */
export const QUOTED_KEY = new RegExp(`["'\`]${KEY}["'\`]`, "g");

/** The keys quoted in full in `text`. */
export function quotedKeys(text: string): string[] {
  return [...text.matchAll(QUOTED_KEY)].map((m) => m[1]!);
}

export interface KeyUse {
  /** The file, relative to the repository. */
  readonly file: string;
  readonly key: string;
}

/** Every key written out in full in src/**\/*.ts, templates/**\/*.hbs and system.json. */
export function keysInUse(repo: string): KeyUse[] {
  const files = [...filesUnder(join(repo, "src"), ".ts"), ...filesUnder(join(repo, "templates"), ".hbs"), join(repo, "system.json")];
  return files.flatMap((f) => quotedKeys(readFileSync(f, "utf8")).map((key) => ({ file: f.slice(repo.length + 1), key })));
}
