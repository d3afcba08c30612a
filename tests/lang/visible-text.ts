/**
 * What a reader sees of a rendered template: its text nodes and the attributes a browser shows
 * (title, placeholder, aria-label, alt, data-tooltip, a button's value), less citations
 * (`lang="en"`, and the tooltip of a label of class `cited`, docs/i18n.md), scripts and styles. And the data a fixture supplies (unit, HQ,
 * card, squadron and zone names, notes), gathered from the fixtures themselves, which may stand
 * outside the language files.
 */
import { Parser } from "htmlparser2";
import { withoutPseudo } from "./pseudo";

export interface VisibleText {
  /** Where it was read: "text", or the attribute's name. */
  readonly where: string;
  readonly text: string;
}

const SHOWN_ATTRIBUTES = ["title", "placeholder", "aria-label", "alt", "data-tooltip"] as const;
const HIDDEN_ELEMENTS = new Set(["script", "style"]);
const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** Every visible text of `html`, in document order (whitespace collapsed, empty ones left out). */
export function visibleTexts(html: string): VisibleText[] {
  const out: VisibleText[] = [];
  /** For each open element, whether its content is hidden from the check. */
  const hidden: boolean[] = [];
  let text = "";
  const flush = (): void => {
    const t = text.replace(/\s+/g, " ").trim();
    if (t !== "" && !hidden.includes(true)) out.push({ where: "text", text: t });
    text = "";
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        flush();
        const isCitation = (attribs["lang"] ?? "").toLowerCase().startsWith("en");
        const skip = HIDDEN_ELEMENTS.has(name) || isCitation;
        if (!skip && !hidden.includes(true)) {
          // A label of class "cited" carries its rule citation (English, not translated) as its tooltip.
          const citedTooltip = (attribs["class"] ?? "").split(/\s+/).includes("cited");
          for (const a of SHOWN_ATTRIBUTES) {
            if (a === "data-tooltip" && citedTooltip) continue;
            const v = attribs[a]?.trim();
            if (v) out.push({ where: a, text: v });
          }
          const type = (attribs["type"] ?? "").toLowerCase();
          const shownValue = name === "button" || (name === "input" && ["button", "submit", "reset"].includes(type));
          const v = attribs["value"]?.trim();
          if (shownValue && v) out.push({ where: "value", text: v });
        }
        if (!VOID_ELEMENTS.has(name)) hidden.push(skip);
      },
      ontext(data) {
        text += data;
      },
      onclosetag(name) {
        flush();
        if (!VOID_ELEMENTS.has(name)) hidden.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return out;
}

type Raw = Record<string, unknown>;

/** Keys under which fixtures hold names and notes a user typed or a scenario gives. */
const DATA_KEYS = new Set([
  "name",
  "aircraft",
  "airZone",
  "targetZone",
  "zone",
  "weaponName",
  "hex",
  "target",
  "notes",
  "enrichedNotes",
  "description",
  "enrichedDescription",
]);

/**
 * The data strings in the fixtures' inputs: values under name-like keys and the values of maps
 * (a battlefield's ref → name), searched through objects, arrays, maps and sets; HTML notes
 * are cut into their text runs.
 */
export function fixtureStrings(roots: readonly unknown[]): Set<string> {
  const found = new Set<string>();
  const seen = new Set<object>();
  const add = (s: string): void => {
    for (const run of s.split(/<[^>]*>/)) {
      const t = run.replace(/\s+/g, " ").trim();
      if (/\p{L}/u.test(t)) found.add(t);
    }
  };
  const walk = (node: unknown, key: string | null): void => {
    if (typeof node === "string") {
      if (key !== null && DATA_KEYS.has(key)) add(node);
      return;
    }
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (node instanceof Map) {
      for (const [k, v] of node) {
        if (typeof v === "string") add(v);
        else walk(v, typeof k === "string" ? k : null);
      }
    } else if (node instanceof Set || Array.isArray(node)) {
      for (const v of node as Iterable<unknown>) walk(v, key);
    } else {
      for (const [k, v] of Object.entries(node as Raw)) walk(v, k);
    }
  };
  for (const root of roots) walk(root, null);
  return found;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A test of whether a visible text came from the pseudo-localized lang files: what is left after
 * taking out the ⟦…⟧ segments and the fixtures' data (each as a whole, not inside a longer word)
 * must hold no letter. Returns the text when it fails, else null.
 */
export function untransformed(data: ReadonlySet<string>): (text: string) => string | null {
  const names = [...data].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = names.length === 0 ? null : new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.join("|")})(?![\\p{L}\\p{N}])`, "gu");
  return (text) => {
    let rest = withoutPseudo(text);
    if (pattern !== null) rest = rest.replace(pattern, " ");
    return /\p{L}/u.test(rest) ? text : null;
  };
}
