/**
 * Every custom property the stylesheets use is defined where it is used.
 *
 * The rule, kept simple on purpose (a small parser of our own reads styles/*.css):
 * - A definition (`--x: …`) made by a selector built only of the theme roots — `:root`, `html`, `body`, `.nobc`,
 *   `.themed`, `.theme-dark`, `.theme-light` — holds everywhere. Any other definition holds only in its context:
 *   the classes, ids, elements and attributes of its selector other than those roots (`.nobc .side-nato` → `side-nato`).
 * - A use `var(--x)` without a fallback passes when --x is defined everywhere, or when one of the selectors that
 *   define it has a context whose every part also appears in the selector that uses it (`.nobc .side-nato .badge`
 *   is under `.side-nato`). Each selector of a comma list must pass on its own.
 * - A use with a fallback (`var(--x, #b00020)`) passes only when --x is defined somewhere: in styles/, or inline in
 *   templates/ or src/ (`style="--chance: …"`), or by Foundry's own stylesheet (FOUNDRY below, which the gallery
 *   does not load). A property defined nowhere is a colour that never follows the theme.
 * The stylesheets are plain CSS: @media, @supports, @layer and @container are read through; any other block at-rule
 * and nested rules make this test fail, so that the parser is taught them rather than silently skipping them.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const repo = resolve(__dirname, "../..");

interface Declaration {
  file: string;
  line: number;
  selectors: string[];
  property: string;
  value: string;
}

/** The index just after the quoted string that opens at `from`. */
function skipString(text: string, from: number): number {
  const quote = text[from];
  let i = from + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** Every declaration of a stylesheet with the selectors of its rule; comments removed, line numbers kept. */
export function declarations(css: string, file = "(inline)"): Declaration[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " "));
  const lineAt = (i: number): number => text.slice(0, i).split("\n").length;
  const out: Declaration[] = [];
  const readThrough = /^@(media|supports|layer|container)\b/;

  function block(start: number, selectors: string[] | null): number {
    let i = start;
    let chunk = "";
    let chunkStart = i;
    const endDeclaration = (): void => {
      const decl = chunk.trim();
      chunk = "";
      if (decl === "" || selectors === null) return;
      const colon = decl.indexOf(":");
      if (colon < 0) throw new Error(`${file}:${lineAt(chunkStart)}: "${decl}" is not a declaration`);
      out.push({
        file,
        line: lineAt(chunkStart),
        selectors,
        property: decl.slice(0, colon).trim(),
        value: decl.slice(colon + 1).trim(),
      });
    };
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"' || c === "'") {
        const end = skipString(text, i);
        chunk += text.slice(i, end);
        i = end;
      } else if (c === "(") {
        let depth = 0;
        const from = i;
        for (; i < text.length; i++) {
          if (text[i] === '"' || text[i] === "'") i = skipString(text, i) - 1;
          else if (text[i] === "(") depth++;
          else if (text[i] === ")" && --depth === 0) break;
        }
        chunk += text.slice(from, ++i);
      } else if (c === ";") {
        if (selectors === null && chunk.trim().startsWith("@")) chunk = ""; // @import, @charset
        endDeclaration();
        i++;
        chunkStart = i;
      } else if (c === "{") {
        const prelude = chunk.trim();
        chunk = "";
        if (selectors !== null) throw new Error(`${file}:${lineAt(i)}: a nested rule ("${prelude}") is not read by this test`);
        if (prelude.startsWith("@")) {
          if (!readThrough.test(prelude)) throw new Error(`${file}:${lineAt(i)}: the at-rule "${prelude}" is not read by this test`);
          i = block(i + 1, null);
        } else {
          const list = prelude
            .split(",")
            .map((s) => s.trim())
            .filter((s) => s !== "");
          i = block(i + 1, list);
        }
        chunkStart = i;
      } else if (c === "}") {
        endDeclaration();
        return i + 1;
      } else {
        if (chunk.trim() === "" && !/\s/.test(c)) chunkStart = i;
        chunk += c;
        i++;
      }
    }
    if (start !== 0) throw new Error(`${file}: a block is not closed`);
    return i;
  }
  block(0, null);
  return out;
}

/** Each `var(--x …)` in a value, with whether it has a fallback (a comma at its own depth). */
export function uses(value: string): { name: string; fallback: boolean }[] {
  const out: { name: string; fallback: boolean }[] = [];
  const re = /var\(\s*(--[\w-]+)/g;
  for (let m = re.exec(value); m !== null; m = re.exec(value)) {
    let depth = 1;
    let fallback = false;
    for (let i = m.index + 4; i < value.length && depth > 0; i++) {
      if (value[i] === "(") depth++;
      else if (value[i] === ")") depth--;
      else if (value[i] === "," && depth === 1) fallback = true;
    }
    out.push({ name: m[1]!, fallback });
  }
  return out;
}

/** Foundry's own custom properties that our stylesheets use, always with a fallback (the gallery has no Foundry CSS). */
const FOUNDRY = new Set(["--color-level-error"]);

const ROOTS = new Set([":root", "html", "body", ".nobc", ".themed", ".theme-dark", ".theme-light"]);

/** The parts of a selector that name a context: classes, ids, elements and attributes, pseudo-classes left out. */
export function parts(selector: string): string[] {
  const found = selector.match(/:root|[.#]?-?[A-Za-z_][\w-]*|\[[^\]]*\]|::?[\w-]+(\([^)]*\))?/g) ?? [];
  return found.filter((p) => p === ":root" || !p.startsWith(":"));
}

/** The context of a defining selector: its parts other than the theme roots; empty means everywhere. */
export function context(selector: string): string[] {
  return parts(selector).filter((p) => !ROOTS.has(p));
}

/** What is wrong with the custom properties of these declarations, one line each; `inline` are defined outside CSS. */
export function problems(all: Declaration[], inline: ReadonlySet<string> = new Set()): string[] {
  const defined = new Map<string, string[][]>();
  for (const d of all) {
    if (!d.property.startsWith("--")) continue;
    const contexts = defined.get(d.property) ?? [];
    for (const s of d.selectors) contexts.push(context(s));
    defined.set(d.property, contexts);
  }
  const out: string[] = [];
  for (const d of all) {
    for (const use of uses(d.value)) {
      const contexts = defined.get(use.name);
      const where = `${d.file}:${d.line} ${d.property}: ${d.value}`;
      if (contexts === undefined) {
        const elsewhere = inline.has(use.name) || (use.fallback && FOUNDRY.has(use.name));
        if (!elsewhere) out.push(`${where}: ${use.name} is defined nowhere`);
        continue;
      }
      if (use.fallback || contexts.some((c) => c.length === 0)) continue;
      for (const s of d.selectors) {
        const have = new Set(parts(s));
        if (!contexts.some((c) => c.every((p) => have.has(p)))) {
          out.push(`${where}: ${use.name} is not defined for "${s}" (only under ${contexts.map((c) => c.join("")).join(", ")})`);
        }
      }
    }
  }
  return out;
}

function filesUnder(dir: string, ends: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, ends);
    return ends.some((e) => name.endsWith(e)) ? [path] : [];
  });
}

describe("the rule of this test, on small stylesheets", () => {
  const check = (css: string, inline?: Set<string>): string[] => problems(declarations(css), inline);

  it("passes a property defined at a theme root, used anywhere", () => {
    expect(check(".theme-dark .nobc { --ink: #eee; } .nobc { --ink: #111; } .nobc .a .b { color: var(--ink); }")).toEqual([]);
  });

  it("fails a property defined only under a side, used outside it, and passes it inside", () => {
    const css = ".nobc .side-nato { --side: blue; } .nobc .badge { background: var(--side); } .nobc .side-nato .x { color: var(--side); }";
    const found = check(css);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('--side is not defined for ".nobc .badge"');
  });

  it("checks each selector of a comma list on its own", () => {
    const found = check(".nobc .wp { --side: red; } .nobc .wp .a, .nobc .b { color: var(--side); }");
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('".nobc .b"');
  });

  it("passes a fallback for a property defined somewhere, fails one defined nowhere unless set inline", () => {
    expect(check(".nobc .wp { --side: red; } .nobc .b { color: var(--side, black); }")).toEqual([]);
    expect(check(".nobc .b { color: var(--alert, #b00020); }")[0]).toContain("--alert is defined nowhere");
    expect(check(".nobc .bar { width: calc(var(--chance, 0) * 100%); }", new Set(["--chance"]))).toEqual([]);
    expect(check(".chat-message { color: var(--color-level-error, #c00); }")).toEqual([]);
    expect(check(".chat-message { color: var(--color-level-error); }")[0]).toContain("defined nowhere");
  });

  it("reads through @media, skips @import, and refuses what it cannot read", () => {
    expect(check('@import "./x.css";\n@media (min-width: 1px) { .nobc .a { color: var(--none); } }')).toHaveLength(1);
    expect(() => check("@keyframes spin { from { color: red; } }")).toThrow(/at-rule/);
    expect(() => check(".a { .b { color: red; } }")).toThrow(/nested rule/);
  });

  it("keeps strings and parentheses whole (a ; or { inside them ends nothing)", () => {
    const found = declarations('.a { background: url("data:x;y{z}"); --k: var(--j, calc(1px + 2px)); }');
    expect(found.map((d) => d.property)).toEqual(["background", "--k"]);
    expect(uses(found[1]!.value)).toEqual([{ name: "--j", fallback: true }]);
  });
});

describe("styles/*.css", () => {
  const files = readdirSync(join(repo, "styles")).filter((f) => f.endsWith(".css"));
  const all = files.flatMap((f) => declarations(readFileSync(join(repo, "styles", f), "utf8"), `styles/${f}`));
  // Custom properties that templates or code set inline on an element (style="--chance: …").
  const inline = new Set<string>();
  for (const path of filesUnder(join(repo, "templates"), [".hbs"]).concat(filesUnder(join(repo, "src"), [".ts"]))) {
    for (const m of readFileSync(path, "utf8").matchAll(/(--[a-z][\w-]*)\s*:/g)) inline.add(m[1]!);
  }

  it("are all read, with their custom properties", () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(all.filter((d) => d.property.startsWith("--")).length).toBeGreaterThan(20);
    expect(all.filter((d) => uses(d.value).length > 0).length).toBeGreaterThan(50);
  });

  it("use every custom property only where it is defined (or with a fallback for one defined elsewhere)", () => {
    const found = problems(all, inline);
    expect(found, `custom properties not defined where they are used:\n${found.join("\n")}\n`).toEqual([]);
  });
});
