// `node scripts/guide-build.mjs`: writes the GM's guide (docs/guide.md) into the rules-reference pack as one
// JournalEntry, one text page per `## ` section. docs/guide.md stays the one source: tests/packs/guide.test.ts
// fails when the committed journal differs from what this script writes.
//
// It reads the small part of Markdown the guide uses: `#`/`##`/`###` headings, paragraphs, `- ` and `1. `
// lists (a wrapped line is indented), **bold**, *italic*, `code`, [links](…) and ![pictures](…) on a line of
// their own. A picture's path `../assets/…` becomes `systems/nobc/assets/…`, where Foundry serves the shipped
// file; a link to another document of the repository keeps its words only.
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { slug } from "./packs-lib.mjs";
import { isMain, root } from "./script-paths.mjs";

export const GUIDE_SOURCE = path.join(root, "docs", "guide.md");
export const GUIDE_NAME = "GM's Guide: The First Session";
export const GUIDE_FILE = path.join(root, "packs", "_source", "rules-reference", `${slug(GUIDE_NAME)}.json`);
/** Where the journal sits among the rules reference's journals (the others use 0 to 3000). */
const GUIDE_SORT = 4000;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A 16-character document id derived from a key, so a rebuild keeps every id. */
export function guideId(key) {
  const bytes = createHash("sha256").update(`nobc/rules-reference/guide/${key}`).digest();
  return Array.from(bytes.subarray(0, 16), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A picture's path in Foundry: the shipped file under systems/nobc/. */
export function foundryImagePath(src) {
  const rel = path.posix.normalize(path.posix.join("docs", src));
  if (rel.startsWith("..") || path.posix.isAbsolute(src)) throw new Error(`guide: picture ${src} lies outside the repository`);
  return `systems/nobc/${rel}`;
}

/** Inline Markdown (code, pictures, links, bold, italic) to HTML. */
function inline(text) {
  const codes = [];
  let html = escapeHtml(text).replace(/`([^`]+)`/g, (_, code) => {
    codes.push(`<code>${code}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  html = html
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_, words, href) => (/^https?:\/\//.test(href) ? `<a href="${href}">${words}</a>` : words))
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>");
  return html.replace(/\uE000(\d+)\uE000/g, (_, i) => codes[Number(i)]);
}

/** One section's Markdown lines to HTML. */
export function sectionHtml(lines) {
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "") {
      i++;
      continue;
    }
    const heading = /^(#{3,6}) (.*)$/.exec(line);
    const picture = /^!\[([^\]]*)\]\(([^)]+)\)$/.exec(line.trim());
    const item = /^(- |\d+\. )/.exec(line);
    if (heading) {
      out.push(`<h${heading[1].length - 1}>${inline(heading[2])}</h${heading[1].length - 1}>`);
      i++;
    } else if (picture) {
      out.push(`<p><img src="${foundryImagePath(picture[2])}" alt="${escapeHtml(picture[1])}"></p>`);
      i++;
    } else if (item) {
      const ordered = item[1] !== "- ";
      const items = [];
      while (i < lines.length && /^(- |\d+\. )/.test(lines[i]) === true) {
        let text = lines[i].replace(/^(- |\d+\. )/, "");
        i++;
        while (i < lines.length && /^ {2,}\S/.test(lines[i])) text += ` ${lines[i++].trim()}`;
        items.push(`<li>${inline(text)}</li>`);
      }
      out.push(ordered ? `<ol>${items.join("")}</ol>` : `<ul>${items.join("")}</ul>`);
    } else {
      const para = [];
      while (i < lines.length && lines[i].trim() !== "" && !/^(#|- |\d+\. |!\[)/.test(lines[i])) para.push(lines[i++].trim());
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}

/** The guide's sections: the text before the first `## ` is the introduction, not a page. */
export function guideSections(markdown) {
  const sections = [];
  for (const line of markdown.replace(/\r\n/g, "\n").split("\n")) {
    const heading = /^## (.*)$/.exec(line);
    if (heading) sections.push({ title: heading[1].trim(), lines: [] });
    else if (sections.length > 0) sections[sections.length - 1].lines.push(line);
  }
  if (sections.length === 0) throw new Error("guide: docs/guide.md has no `## ` section");
  return sections;
}

/** The JournalEntry source document of the guide. */
export function guideJournal(markdown) {
  const id = guideId("journal");
  const pages = guideSections(markdown).map((section, index) => {
    // A page's id comes from its number, so rewording a section's title keeps the page.
    const pid = guideId(`page/${index + 1}`);
    return {
      _id: pid,
      name: section.title,
      type: "text",
      title: { show: true, level: 1 },
      text: { format: 1, content: sectionHtml(section.lines) },
      sort: (index + 1) * 1000,
      ownership: { default: -1 },
      flags: {},
      _key: `!journal.pages!${id}.${pid}`,
    };
  });
  return {
    _id: id,
    name: GUIDE_NAME,
    pages,
    folder: null,
    sort: GUIDE_SORT,
    ownership: { default: 0 },
    flags: {},
    categories: [],
    _key: `!journal!${id}`,
  };
}

/** The file's text as the script writes it. */
export async function guideSourceText() {
  return `${JSON.stringify(guideJournal(await readFile(GUIDE_SOURCE, "utf8")), null, 2)}\n`;
}

if (isMain(import.meta.url)) {
  await writeFile(GUIDE_FILE, await guideSourceText());
  console.log(`wrote ${path.relative(root, GUIDE_FILE)}`);
}
