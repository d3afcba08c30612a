/** Every lang key a user can meet, in templates or in code, exists in lang/en.json. */
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { lookupKey, type Lang } from "../harness/handlebars-helpers";
import { SUPPORT_CARD_CATEGORIES } from "../../src/rules/nobc/land/card-categories";
import { CATEGORY_HINTS, CATEGORY_LABELS, categoryHintKey, categoryLabelKey } from "../../src/view/labels";

const repo = resolve(__dirname, "../..");
const lang = JSON.parse(readFileSync(join(repo, "lang/en.json"), "utf8")) as Lang;

function files(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(full, ext));
    else if (e.name.endsWith(ext)) out.push(full);
  }
  return out;
}

/** A key the lang file has: a string, or a group split by plural category (written with `data.count`). */
function known(key: string): boolean {
  return lookupKey(lang, key) !== undefined || lookupKey(lang, `${key}.other`) !== undefined;
}

function keysIn(text: string, patterns: readonly RegExp[]): string[] {
  const keys: string[] = [];
  for (const p of patterns) for (const m of text.matchAll(p)) if (m[1]) keys.push(m[1]);
  return keys;
}

const KEY = "((?:NOBC|TYPES)\\.[A-Za-z0-9_.]+[A-Za-z0-9_])";
const TEMPLATE_PATTERNS = [
  new RegExp(`\\{\\{\\s*localize\\s+["']${KEY}["']`, "g"),
  new RegExp(`data-tooltip=["']${KEY}["']`, "g"),
  new RegExp(`\\b\\w+=["']${KEY}["']`, "g"), // keys handed to partials (label="…", empty="…")
];
// Any quoted key literal in the Foundry layer: localize/format calls, label maps, field labels.
const CODE_PATTERNS = [new RegExp(`["'\`]${KEY}["'\`]`, "g")];

describe("lang/en.json covers every key in use", () => {
  it("templates", () => {
    const missing = files(join(repo, "templates"), ".hbs").flatMap((f) =>
      keysIn(readFileSync(f, "utf8"), TEMPLATE_PATTERNS)
        .filter((k) => !known(k))
        .map((k) => `${f.slice(repo.length + 1)}: ${k}`),
    );
    expect(missing).toEqual([]);
  });

  it("code under src/", () => {
    const missing = files(join(repo, "src"), ".ts").flatMap((f) =>
      keysIn(readFileSync(f, "utf8"), CODE_PATTERNS)
        .filter((k) => !known(k))
        .map((k) => `${f.slice(repo.length + 1)}: ${k}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it("every support-card category's label and hint (keys built from its id by one rule)", () => {
    const keys = SUPPORT_CARD_CATEGORIES.flatMap((c) => [categoryLabelKey(c), categoryHintKey(c)]);
    expect(keys.filter((k) => lookupKey(lang, k) === undefined)).toEqual([]);
    expect(SUPPORT_CARD_CATEGORIES.map((c) => [CATEGORY_LABELS[c], CATEGORY_HINTS[c]])).toEqual(
      SUPPORT_CARD_CATEGORIES.map((c) => [`NOBC.CardCategory.${c}`, `NOBC.CardHint.${c}`]),
    );
  });

  it("finds the keys it checks (the scan is not empty)", () => {
    const found = files(join(repo, "templates"), ".hbs").flatMap((f) => keysIn(readFileSync(f, "utf8"), TEMPLATE_PATTERNS));
    expect(found.length).toBeGreaterThan(100);
  });
});
