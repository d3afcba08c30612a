/**
 * Stand-ins for the Foundry Handlebars helpers and partial loading the nobc templates use, so
 * tests and the gallery render the real templates with real Handlebars. They mimic Foundry's
 * behaviour closely enough for markup; they are not Foundry's code.
 */
import Handlebars from "handlebars";
import { langFileWording, lookup, type Wording } from "../../src/words/phrase";

export type Lang = Record<string, unknown>;

/** Looks a dotted key up in a lang file; undefined when missing (the system's own lookup). */
export const lookupKey: (lang: Lang, key: string) => string | undefined = lookup;

export interface HelperStandIns extends Wording {
  readonly hbs: typeof Handlebars;
  /** Keys the templates asked for that the lang file lacks (a test asserts it stays empty). */
  readonly missing: Set<string>;
}

/** A fresh Handlebars environment with the stand-in helpers registered against a lang file. */
export function createHandlebars(lang: Lang, language = "en"): HelperStandIns {
  const hbs = Handlebars.create();
  const missing = new Set<string>();
  // The lang file's words, as the CLI tools read them, noting every key asked for that the file lacks.
  const words = langFileWording(lang, language);
  const noted = (key: string): string => {
    if (!words.has(key)) missing.add(key);
    return key;
  };
  const localize = (key: string): string => words.localize(noted(key));
  const format = (key: string, data: Record<string, string>): string => words.format(noted(key), data);

  // Foundry's `localize`: a key, optionally formatted with hash arguments.
  hbs.registerHelper("localize", (key: unknown, options: Handlebars.HelperOptions) => {
    const hash = options.hash as Record<string, unknown>;
    const k = String(key);
    return Object.keys(hash).length > 0 ? format(k, Object.fromEntries(Object.entries(hash).map(([a, b]) => [a, String(b)]))) : localize(k);
  });

  // Foundry's `selectOptions`: <option>s from a value → label record, `selected` marked, labels localized on request.
  hbs.registerHelper("selectOptions", (choices: unknown, options: Handlebars.HelperOptions) => {
    const hash = options.hash as { selected?: unknown; localize?: boolean };
    const entries = Object.entries((choices ?? {}) as Record<string, string>);
    const html = entries
      .map(([value, label]) => {
        const text = hash.localize ? localize(label) : label;
        const sel = String(hash.selected) === value ? " selected" : "";
        return `<option value="${hbs.escapeExpression(value)}"${sel}>${hbs.escapeExpression(text)}</option>`;
      })
      .join("");
    return new hbs.SafeString(html);
  });

  // Foundry's `checked`: the attribute when truthy.
  hbs.registerHelper("checked", (value: unknown) => (value ? "checked" : ""));

  return { hbs, missing, localize, format, lang: language, has: (key) => words.has(key) };
}

/** Registers partials under the names Foundry gives them: their served path. */
export function registerPartials(hbs: typeof Handlebars, partials: Readonly<Record<string, string>>): void {
  for (const [name, source] of Object.entries(partials)) hbs.registerPartial(name, source);
}
