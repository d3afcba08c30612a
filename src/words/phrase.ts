/**
 * Writes the rules' phrases (a lang key and its data) in the reader's language: numbers through
 * `Intl.NumberFormat`, plural forms through `Intl.PluralRules`, nested phrases first. The same code
 * serves Foundry (over `game.i18n`) and the CLI tools (over lang/en.json read from disk), so every
 * sentence has one source. Pure: no Foundry globals here.
 */
import type { Phrase, PhraseArg } from "../rules/resolution";

/** What a phrase is written with: Foundry's `game.i18n` in play, a lang file elsewhere. */
export interface Wording {
  /** BCP 47 language of the words (`game.i18n.lang`), for numbers and plural forms. */
  readonly lang: string;
  /** Whether the lang files have this key (a string, not a group). */
  has(key: string): boolean;
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
  /**
   * The name of the document a UUID names (the rules name cards and units by UUID in their data), or
   * undefined when it is not known: then the UUID is written as it is.
   */
  nameOf?(uuid: string): string | undefined;
}

/** Foundry's `game.i18n` as words (called in Foundry only; the CLI tools word phrases from the lang files). */
export function gameWording(): Wording {
  return {
    get lang() {
      return game.i18n?.lang ?? "en";
    },
    has: (key) => game.i18n?.has(key) ?? false,
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) => game.i18n?.format(key, data) ?? key,
  };
}

/** A document's UUID as the rules put it in a phrase's data: "Actor.h1", "Actor.h1.Item.c2", "Item.c3". */
const DOCUMENT_UUID = /^(?:Actor|Item|Scene|JournalEntry|Combat|Macro)\.[A-Za-z0-9]+(?:\.[A-Z][A-Za-z]*\.[A-Za-z0-9]+)*$/;

/** A string argument as the reader sees it: a UUID (or a list of them, ", "-joined) by its document's name. */
function named(text: string, words: Wording): string {
  if (words.nameOf === undefined || !text.includes(".")) return text;
  const parts = text.split(", ");
  if (!parts.every((p) => DOCUMENT_UUID.test(p))) return text;
  return parts.map((p) => words.nameOf!(p) ?? p).join(", ");
}

/**
 * `words` with names for UUIDs: from `names` (a battlefield's, or a lookup of this client's own
 * documents), before any it knows itself. Only for what is shown on the reader's own client: a
 * refusal answered to another user is written without names (it could name what that user may not see).
 */
export function withNames(words: Wording, names: ReadonlyMap<string, string> | ((uuid: string) => string | undefined)): Wording {
  const own = typeof names === "function" ? names : (uuid: string) => names.get(uuid);
  return {
    lang: words.lang,
    has: (key) => words.has(key),
    localize: (key) => words.localize(key),
    format: (key, data) => words.format(key, data),
    nameOf: (uuid) => own(uuid) ?? words.nameOf?.(uuid),
  };
}

/** A lang file's tree of keys. */
export type LangTree = Readonly<Record<string, unknown>>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, lang: string, make: (lang: string) => T): T {
  let found = cache.get(lang);
  if (found === undefined) {
    try {
      found = make(lang);
    } catch {
      found = make("en"); // a language tag Intl does not know still gets numbers and plurals
    }
    cache.set(lang, found);
  }
  return found;
}

/** A number in the reader's locale ("1,5" in German). */
export function formatNumber(value: number, lang: string): string {
  // A negative number takes the minus sign (U+2212), as the breakdowns' signed values do, not the hyphen.
  return cached(numberFormats, lang, (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2 }))
    .formatToParts(value)
    .map((part) => (part.type === "minusSign" ? "\u2212" : part.value))
    .join("");
}

/** The plural category of `count` in `lang` ("one", "other", "few", …). */
export function pluralCategory(count: number, lang: string): Intl.LDMLPluralRule {
  return cached(pluralRules, lang, (l) => new Intl.PluralRules(l)).select(count);
}

/**
 * The key a phrase is written from: the key itself, or, when the lang file splits it by plural
 * category, the form `data.count` takes (falling back to `other`; a key the files lack stands for itself).
 */
export function phraseKey(p: Phrase, words: Wording): string {
  const count = p.data?.count;
  if (typeof count !== "number") return p.key;
  // The forms are asked for first: whether a lookup calls a group of keys a key is not to be relied on.
  const form = `${p.key}.${pluralCategory(count, words.lang)}`;
  if (words.has(form)) return form;
  return words.has(`${p.key}.other`) ? `${p.key}.other` : p.key;
}

/** A phrase's argument in the reader's language: a name as is, a number by locale, a phrase written. */
export function speakArg(arg: PhraseArg, words: Wording): string {
  if (typeof arg === "string") return named(arg, words);
  if (typeof arg === "number") return formatNumber(arg, words.lang);
  return speak(arg, words);
}

/** The phrase in the reader's language. */
export function speak(p: Phrase, words: Wording): string {
  const key = phraseKey(p, words);
  if (p.data === undefined) return words.localize(key);
  const data: Record<string, string> = {};
  for (const [name, arg] of Object.entries(p.data)) data[name] = speakArg(arg, words);
  return words.format(key, data);
}

/** The string at a dotted key of a lang tree; undefined for a missing key or a group of keys. */
export function lookup(tree: LangTree, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * Wording read straight from a lang file, as the CLI tools and tests use it: `{name}` is filled
 * from the data as Foundry's `format` does; a missing key stands for itself.
 */
export function langFileWording(tree: LangTree, lang = "en"): Wording {
  const localize = (key: string): string => lookup(tree, key) ?? key;
  return {
    lang,
    has: (key) => lookup(tree, key) !== undefined,
    localize,
    format: (key, data) => localize(key).replace(/\{(\w+)\}/g, (whole, name: string) => data[name] ?? whole),
  };
}
