#!/usr/bin/env node
// `npm run lang:diff -- <lang|file>` (e.g. `de` or `lang/de.json`): prints the keys lang/en.json has
// and the other language file lacks, as a nested JSON skeleton holding the English values, ready to
// translate and merge in. A group split by plural category (`{ "one": …, "other": … }`) counts as one
// key, copied whole. Prints `{}` when nothing is missing. No dependencies.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isMain, root } from "./script-paths.mjs";

const USAGE = "usage: npm run lang:diff -- <lang|file>   (a language code from system.json, or a lang file's path)";
const PLURAL_CATEGORIES = new Set(["zero", "one", "two", "few", "many", "other"]);

function isObject(node) {
  return node !== null && typeof node === "object" && !Array.isArray(node);
}

function isPluralGroup(node) {
  if (!isObject(node)) return false;
  const keys = Object.keys(node);
  return keys.includes("other") && keys.every((k) => PLURAL_CATEGORIES.has(k)) && Object.values(node).every((v) => typeof v === "string");
}

/**
 * The part of `en` that `other` lacks, in en's order: strings and plural groups whose key `other`
 * does not have, and whole groups (empty ones too) where `other` has no group at all.
 */
export function missingSkeleton(en, other) {
  const out = {};
  for (const [key, node] of Object.entries(en)) {
    const theirs = isObject(other) ? other[key] : undefined;
    if (isObject(node) && !isPluralGroup(node)) {
      if (!isObject(theirs) || isPluralGroup(theirs)) out[key] = node;
      else {
        const inner = missingSkeleton(node, theirs);
        if (Object.keys(inner).length > 0) out[key] = inner;
      }
    } else if (theirs === undefined) out[key] = node;
  }
  return out;
}

/** The lang file an argument names: a path, or a language code system.json lists. */
export function langFile(arg) {
  const asPath = path.resolve(arg);
  if (arg.endsWith(".json") && existsSync(asPath)) return asPath;
  const manifest = JSON.parse(readFileSync(path.join(root, "system.json"), "utf8"));
  const entry = (manifest.languages ?? []).find((l) => l.lang === arg);
  if (entry) return path.join(root, entry.path);
  const guess = path.join(root, "lang", `${arg}.json`);
  if (existsSync(guess)) return guess;
  throw new Error(`no lang file for "${arg}": neither a .json path nor a language in system.json or lang/`);
}

function main(argv) {
  const arg = argv[0];
  if (!arg || argv.length > 1 || arg === "--help" || arg === "-h") {
    console.error(USAGE);
    return arg === "--help" || arg === "-h" ? 0 : 2;
  }
  let file;
  try {
    file = langFile(arg);
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    return 2;
  }
  const en = JSON.parse(readFileSync(path.join(root, "lang", "en.json"), "utf8"));
  const other = JSON.parse(readFileSync(file, "utf8"));
  console.log(JSON.stringify(missingSkeleton(en, other), null, 2));
  return 0;
}

if (isMain(import.meta.url)) process.exitCode = main(process.argv.slice(2));
