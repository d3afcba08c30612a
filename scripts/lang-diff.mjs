#!/usr/bin/env node
// `npm run lang:diff -- <lang|file>` (e.g. `de` or `lang/de.json`): prints the keys lang/en.json has
// and the other language file lacks, as a nested JSON skeleton holding the English values, ready to
// translate and merge in. A group split by plural category (`{ "one": …, "other": … }`) counts as one
// key, copied whole. The JSON goes to stdout (to redirect into a file); what it means goes to stderr:
// how many keys are missing, "complete" when none is (stdout `{}`), and for a language with no file
// yet, every key and how to start the file. No dependencies.
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

/** A language code as Foundry's `languages` entries spell them: `de`, `pt-BR`, `zh-TW`. */
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z]{2,4})?$/;

/**
 * The lang file an argument names: a path, or a language code system.json lists, or one with a file
 * in lang/. A language code with no file yet gives `{ file: null, code }`: the whole of en.json is
 * missing, and `main` says how to start the file.
 */
export function langFile(arg) {
  const asPath = path.resolve(arg);
  if (arg.endsWith(".json") && existsSync(asPath)) return { file: asPath, code: null };
  const manifest = JSON.parse(readFileSync(path.join(root, "system.json"), "utf8"));
  const entry = (manifest.languages ?? []).find((l) => l.lang === arg);
  if (entry) return { file: path.join(root, entry.path), code: arg };
  const guess = path.join(root, "lang", `${arg}.json`);
  if (existsSync(guess)) return { file: guess, code: arg };
  if (LANGUAGE_CODE.test(arg)) return { file: null, code: arg };
  throw new Error(`no lang file for "${arg}": neither a .json path nor a language code such as de or pt-BR`);
}

/** How many strings and plural groups a skeleton holds. */
export function keyCount(node) {
  if (!isObject(node) || isPluralGroup(node)) return 1;
  return Object.values(node).reduce((sum, child) => sum + (isObject(child) && !isPluralGroup(child) ? keyCount(child) : 1), 0);
}

/** The stderr line that says what the skeleton on stdout means. */
export function summary(missing, target) {
  const count = Object.keys(missing).length === 0 ? 0 : keyCount(missing);
  const inRepo = target.file === null ? null : path.relative(root, target.file);
  const shown =
    target.file === null ? `lang/${target.code}.json` : inRepo.startsWith("..") || path.isAbsolute(inRepo) ? target.file : inRepo;
  if (target.file === null) {
    return [
      `${shown} does not exist yet: these are all ${count} keys of lang/en.json, in English.`,
      `To start it: npm run lang:diff -- ${target.code} > ${shown}, translate the values, and add`,
      `{ "lang": "${target.code}", "name": "<the language's own name>", "path": "${shown}" } to system.json's "languages" (docs/i18n.md).`,
    ].join("\n");
  }
  if (count === 0) return `${shown} is complete: it has every key of lang/en.json.`;
  return `${shown} lacks ${count} key${count === 1 ? "" : "s"} of lang/en.json (printed above with the English values, to translate and merge in).`;
}

function main(argv) {
  const arg = argv[0];
  if (!arg || argv.length > 1 || arg === "--help" || arg === "-h") {
    console.error(USAGE);
    return arg === "--help" || arg === "-h" ? 0 : 2;
  }
  let target;
  try {
    target = langFile(arg);
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    return 2;
  }
  const en = JSON.parse(readFileSync(path.join(root, "lang", "en.json"), "utf8"));
  const other = target.file === null ? {} : JSON.parse(readFileSync(target.file, "utf8"));
  const missing = missingSkeleton(en, other);
  console.log(JSON.stringify(missing, null, 2));
  console.error(summary(missing, target));
  return 0;
}

if (isMain(import.meta.url)) process.exitCode = main(process.argv.slice(2));
