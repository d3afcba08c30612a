/**
 * Every language system.json lists is complete against lang/en.json: exactly its keys, the same
 * {placeholders} and markup per key, the plural forms its language needs, no empty string, and no
 * long English sentence left untranslated (docs/i18n.md).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const manifest = JSON.parse(readFileSync(path.join(root, "system.json"), "utf8")) as {
  languages: { lang: string; name: string; path: string }[];
};

type Tree = Readonly<Record<string, unknown>>;

function readLang(file: string): Tree {
  return JSON.parse(readFileSync(path.join(root, file), "utf8")) as Tree;
}

/** Strings longer than this that read exactly as in English are taken for untranslated. */
const SAME_AS_ENGLISH_MAX = 12;

/** A string with no word outside its placeholders ("{field}: {problem}") has nothing to translate. */
function hasWords(text: string): boolean {
  return /\p{L}/u.test(text.replace(/\{\w+\}/g, ""));
}

/** Keys whose value may stay as in English in every language: names, not words. */
const SAME_AS_ENGLISH = new Set([
  "NOBC.SystemTitle", // the game's title
  // The rules' documents by their printed titles (src/view/citation.ts).
  "NOBC.Source.Seed.playsheet",
  "NOBC.Source.Cited.nobc",
  "NOBC.Source.Cited.playsheet",
]);

const PLURAL_CATEGORIES: ReadonlySet<string> = new Set(["zero", "one", "two", "few", "many", "other"]);

function isObject(node: unknown): node is Tree {
  return node !== null && typeof node === "object" && !Array.isArray(node);
}

/** A group split by plural category: only category keys, `other` among them, strings only. */
function isPluralGroup(node: unknown): node is Readonly<Record<string, string>> {
  if (!isObject(node)) return false;
  const keys = Object.keys(node);
  return keys.includes("other") && keys.every((k) => PLURAL_CATEGORIES.has(k)) && Object.values(node).every((v) => typeof v === "string");
}

type Leaf =
  | { kind: "string"; value: string }
  | { kind: "plural"; forms: Readonly<Record<string, string>> }
  | { kind: "empty group" }
  | { kind: "not text"; value: unknown };

/** Every key of a lang tree down to its strings; plural groups and empty groups are keys of their own. */
function leaves(tree: Tree, prefix = ""): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  for (const [name, node] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof node === "string") out.set(key, { kind: "string", value: node });
    else if (isPluralGroup(node)) out.set(key, { kind: "plural", forms: node });
    else if (isObject(node)) {
      if (Object.keys(node).length === 0) out.set(key, { kind: "empty group" });
      else for (const [k, v] of leaves(node, key)) out.set(k, v);
    } else out.set(key, { kind: "not text", value: node });
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

/** Tags and entities, in order: a translation keeps the markup and only moves the words. */
function markup(text: string): string[] {
  return [...text.matchAll(/<\/?[a-zA-Z][^>]*>|&(?:#\d+|#x[0-9a-fA-F]+|\w+);/g)].map((m) => m[0]).sort();
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function texts(leaf: Leaf): [string, string][] {
  if (leaf.kind === "string") return [["", leaf.value]];
  if (leaf.kind === "plural") return Object.entries(leaf.forms).map(([form, value]) => [`.${form}`, value]);
  return [];
}

/**
 * What is wrong with the language file `tree` (language `lang`) against English `en`, one line
 * per problem, each naming its key. Empty when the file is complete.
 */
function problems(en: Tree, tree: Tree, lang: string): string[] {
  const ours = leaves(en);
  const theirs = leaves(tree);
  const out: string[] = [];
  const needed = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();

  for (const key of ours.keys()) if (!theirs.has(key)) out.push(`missing: ${key}`);
  for (const key of theirs.keys()) if (!ours.has(key)) out.push(`extra: ${key}`);

  for (const [key, leaf] of theirs) {
    const english = ours.get(key);
    if (leaf.kind === "not text") {
      out.push(`not a string: ${key} (${JSON.stringify(leaf.value)})`);
      continue;
    }
    if (english === undefined) continue;
    if (english.kind !== leaf.kind) {
      out.push(`${leaf.kind} where English has ${english.kind === "not text" ? "no text" : english.kind}: ${key}`);
      continue;
    }

    if (leaf.kind === "plural" && english.kind === "plural") {
      const forms = Object.keys(leaf.forms).sort();
      if (!same(forms, needed)) out.push(`plural forms of ${key}: ${forms.join("/")}, ${lang} needs ${needed.join("/")}`);
      // Each form may drop a placeholder ("one hit" without {count}) but none may bring a new one,
      // and `other`, the form every count can fall back to, keeps them all.
      const allowed = new Set(Object.values(english.forms).flatMap(placeholders));
      for (const [form, value] of Object.entries(leaf.forms)) {
        const unknown = placeholders(value).filter((p) => !allowed.has(p));
        if (unknown.length > 0) out.push(`placeholders of ${key}.${form}: {${unknown.join("}, {")}} not in English`);
      }
      const other = placeholders(leaf.forms["other"] ?? "");
      const englishOther = placeholders(english.forms["other"] ?? "");
      if (!same(other, englishOther))
        out.push(`placeholders of ${key}.other: {${other.join("}, {")}}, English {${englishOther.join("}, {")}}`);
    }

    if (leaf.kind === "string" && english.kind === "string") {
      const got = placeholders(leaf.value);
      const want = placeholders(english.value);
      if (!same(got, want)) out.push(`placeholders of ${key}: {${got.join("}, {")}}, English {${want.join("}, {")}}`);
    }

    const englishTexts = new Map(texts(english));
    for (const [form, value] of texts(leaf)) {
      if (value.trim() === "") out.push(`empty: ${key}${form}`);
      const englishValue = englishTexts.get(form) ?? englishTexts.get(".other");
      if (englishValue === undefined) continue;
      if (!same(markup(value), markup(englishValue))) out.push(`markup of ${key}${form} differs from English`);
      if (lang !== "en" && value === englishValue && value.length > SAME_AS_ENGLISH_MAX && hasWords(value) && !SAME_AS_ENGLISH.has(key)) {
        out.push(`same as English: ${key}${form} ("${value}")`);
      }
    }
  }
  return out;
}

const en = readLang("lang/en.json");

describe("the language files system.json lists", () => {
  it("include English, the reference", () => {
    expect(manifest.languages.map((l) => [l.lang, l.path])).toContainEqual(["en", "lang/en.json"]);
  });

  it("are for languages Intl knows (plural forms and numbers come from it)", () => {
    const unknown = manifest.languages.map((l) => l.lang).filter((lang) => Intl.PluralRules.supportedLocalesOf(lang).length === 0);
    expect(unknown).toEqual([]);
  });

  it("reads a lang tree down to its strings (the scan is not empty)", () => {
    expect(leaves(en).size).toBeGreaterThan(500);
  });

  // Foundry's `format` fills every brace pair, so a brace that is not a placeholder would print the
  // wrong thing: code such as `migrate({ force: true })` goes in as data instead.
  it("use braces only for placeholders", () => {
    for (const language of manifest.languages) {
      const strays = [...leaves(readLang(language.path))].flatMap(([key, leaf]) => {
        const texts = leaf.kind === "string" ? [leaf.value] : leaf.kind === "plural" ? Object.values(leaf.forms) : [];
        return texts.flatMap((text) =>
          [...text.matchAll(/\{[^}]*\}/g)].filter((m) => !/^\{\w+\}$/.test(m[0])).map((m) => `${language.lang}: ${key}: ${m[0]}`),
        );
      });
      expect(strays).toEqual([]);
    }
  });

  for (const language of manifest.languages) {
    it(`${language.name} (${language.path}) has exactly the keys, placeholders and plural forms of English`, () => {
      expect(problems(en, readLang(language.path), language.lang)).toEqual([]);
    });
  }
});

describe("the completeness check", () => {
  const english: Tree = {
    A: { Hello: "Hello, {name}, and welcome", Short: "Yes", Empty: {} },
    Hits: { one: "{count} hit", other: "{count} hits" },
    Link: "Read <b>this</b> &amp; that one first",
  };

  it("passes a complete translation", () => {
    const german: Tree = {
      A: { Hello: "Hallo, {name}, willkommen", Short: "Ja", Empty: {} },
      Hits: { one: "ein Treffer", other: "{count} Treffer" },
      Link: "Zuerst <b>dies</b> &amp; das lesen",
    };
    expect(problems(english, german, "de")).toEqual([]);
  });

  it("takes a string of placeholders and punctuation alone for translated", () => {
    const list: Tree = { Pair: "{first}: {second}; {rest}" };
    expect(problems(list, list, "de")).toEqual([]);
    expect(problems({ Pair: "{first} and {rest}" }, { Pair: "{first} and {rest}" }, "de")).toEqual([
      'same as English: Pair ("{first} and {rest}")',
    ]);
  });

  it("names every missing and extra key, placeholder, plural form, empty and untranslated string", () => {
    const broken: Tree = {
      A: { Hello: "Hallo, {nom}", Short: "", Extra: "Zusatz" },
      Hits: { one: "{count} Treffer", few: "{count} Treffer", other: "{n} Treffer" },
      Link: "Read <b>this</b> &amp; that one first",
    };
    expect(problems(english, broken, "de")).toEqual([
      "missing: A.Empty",
      "extra: A.Extra",
      "placeholders of A.Hello: {nom}, English {name}",
      "empty: A.Short",
      "plural forms of Hits: few/one/other, de needs one/other",
      "placeholders of Hits.other: {n} not in English",
      "placeholders of Hits.other: {n}, English {count}",
      'same as English: Link ("Read <b>this</b> &amp; that one first")',
    ]);
  });

  it("asks for the plural forms the language needs", () => {
    const polish: Tree = { Hits: { one: "{count} trafienie", other: "{count} trafienia" } };
    expect(problems({ Hits: english["Hits"] }, polish, "pl")).toEqual(["plural forms of Hits: one/other, pl needs few/many/one/other"]);
  });

  it("catches a string where English splits by plural, and lost markup", () => {
    const german: Tree = { A: { Hello: "Hallo, {name}", Short: "Ja", Empty: {} }, Hits: "{count} Treffer", Link: "Zuerst dies lesen" };
    expect(problems(english, german, "de")).toEqual(["string where English has plural: Hits", "markup of Link differs from English"]);
  });
});
