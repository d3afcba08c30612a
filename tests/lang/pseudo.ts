/**
 * The pseudo-locale: lang/en.json with every string visibly transformed ("Orders" reads
 * "⟦Ŏŕďéŕš⟧"), so a rendered screen shows at a glance, and a test proves, which words came from the
 * language files. `{placeholders}`, HTML tags and entities are kept as they are; each run of text
 * between tags is wrapped on its own, so a text node of the rendered HTML is either wrapped or data.
 * Plural groups (`one`, `other`, …) stay groups.
 */
import type { LangTree } from "../../src/words/phrase";

/** BCP 47 private-use pseudo-locale: numbers and plurals as in English. */
export const PSEUDO_TAG = "en-XA";

export const OPEN = "\u27e6"; // ⟦
export const CLOSE = "\u27e7"; // ⟧

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = Array.from("àƀçďéƒĝĥîĵķĺɱñŏƥǫŕšŧûṽŵẋýžÀƁÇĎÉƑĜĤÎĴĶĹṀÑŎƤǪŔŠŦÛṼŴẊÝŽ");
const ACCENTS: Readonly<Record<string, string>> = Object.fromEntries(Array.from(PLAIN, (c, i) => [c, ACCENTED[i]!]));

/** Accents the letters of plain text; placeholders and entities pass through. */
function accent(text: string): string {
  return text.replace(/(\{\w+\}|&[#\w]+;)|[A-Za-z]/g, (whole, kept: string | undefined) => kept ?? ACCENTS[whole] ?? whole);
}

/** One lang string, pseudo-localized: each run of text between HTML tags accented and wrapped in ⟦ ⟧. */
export function pseudoString(text: string): string {
  return text
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith("<") || part.trim() === "" ? part : `${OPEN}${accent(part)}${CLOSE}`))
    .join("");
}

/** The whole tree pseudo-localized, groups (plural forms among them) kept. */
export function pseudoTree(tree: LangTree): LangTree {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] =
      typeof value === "string" ? pseudoString(value) : value !== null && typeof value === "object" ? pseudoTree(value as LangTree) : value;
  }
  return out;
}

/** The text with every ⟦…⟧ segment (nested ones too) taken out; an unclosed ⟦ runs to the end. */
export function withoutPseudo(text: string): string {
  let depth = 0;
  let out = "";
  for (const ch of Array.from(text)) {
    if (ch === OPEN) depth += 1;
    else if (ch === CLOSE && depth > 0) depth -= 1;
    else if (depth === 0) out += ch;
  }
  return out;
}
