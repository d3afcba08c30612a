// `node scripts/guide-build.mjs`: writes the GM's help that lives in docs/ into the rules-reference pack, each
// document as one JournalEntry with one text page per `## ` section: the GM's guide (docs/guide.md) and the
// order-of-battle import's help (docs/orbat.md, which the import dialog points to). The Markdown stays the one
// source: tests/packs/guide.test.ts fails when a committed journal differs from what this script writes.
//
// It reads the small part of Markdown these use: `#`/`##`/`###` headings, paragraphs, `- ` and `1. ` lists (a
// wrapped line is indented), tables, fenced code, **bold**, *italic*, `code`, [links](…) and ![pictures](…) on a
// line of their own. A picture's path `../assets/…` becomes `systems/nobc/assets/…`, where Foundry serves the
// shipped file; a link to another document of the repository keeps its words only.
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { slug } from "./packs-lib.mjs";
import { isMain, root } from "./script-paths.mjs";

export const GUIDE_SOURCE = path.join(root, "docs", "guide.md");
export const GUIDE_NAME = "GM's Guide: The First Session";
export const GUIDE_FILE = path.join(root, "packs", "_source", "rules-reference", `${slug(GUIDE_NAME)}.json`);

/** The order-of-battle help: the import dialog names this journal, and the file it shows as an example ships. */
export const ORBAT_SOURCE = path.join(root, "docs", "orbat.md");
export const ORBAT_NAME = "Order-of-Battle Import";
export const ORBAT_FILE = path.join(root, "packs", "_source", "rules-reference", `${slug(ORBAT_NAME)}.json`);

/**
 * The documents written as journals. `key` seeds the ids (the guide's are those it always had); `sort` places the
 * journal among the rules reference's (the others use 0 to 3000); `intro` makes the text before the first `## `
 * a first page of that title (the guide's introduction is not a page); `skip` leaves sections out (code notes
 * for developers).
 */
export const JOURNALS = [
  { key: "guide", source: GUIDE_SOURCE, name: GUIDE_NAME, file: GUIDE_FILE, sort: 4000, intro: null, skip: [] },
  { key: "orbat", source: ORBAT_SOURCE, name: ORBAT_NAME, file: ORBAT_FILE, sort: 5000, intro: "Files it reads", skip: ["Code"] },
];

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A 16-character document id derived from a key, so a rebuild keeps every id. */
export function guideId(key, journal = "guide") {
  const bytes = createHash("sha256").update(`nobc/rules-reference/${journal}/${key}`).digest();
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
    if (line.startsWith("```")) {
      const code = [];
      i++;
      while (i < lines.length && !lines[i].startsWith("```")) code.push(escapeHtml(lines[i++]));
      i++;
      out.push(`<pre><code>${code.join("\n")}</code></pre>`);
    } else if (line.startsWith("|")) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith("|")) rows.push(tableCells(lines[i++]));
      const [head, rule, ...body] = rows;
      if (rule === undefined || !rule.every((c) => /^:?-{3,}:?$/.test(c)))
        throw new Error(`table without a --- row: | ${head.join(" | ")} |`);
      const cells = (row, tag) => row.map((c) => `<${tag}>${inline(c)}</${tag}>`).join("");
      out.push(
        `<table><thead><tr>${cells(head, "th")}</tr></thead><tbody>${body.map((r) => `<tr>${cells(r, "td")}</tr>`).join("")}</tbody></table>`,
      );
    } else if (heading) {
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
      while (i < lines.length && lines[i].trim() !== "" && !/^(#|- |\d+\. |!\[|\||```)/.test(lines[i])) para.push(lines[i++].trim());
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}

/** A table row's cells, trimmed: `| a | b |` → ["a", "b"]. */
function tableCells(line) {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());
}

/**
 * A document's sections, one per `## `. The text before the first is the introduction: a page titled `intro`
 * when given (the `# ` title line left out), else not a page. Sections named in `skip` are left out.
 */
export function guideSections(markdown, { intro = null, skip = [] } = {}) {
  const sections = [];
  const lead = { title: intro, lines: [] };
  for (const line of markdown.replace(/\r\n/g, "\n").split("\n")) {
    const heading = /^## (.*)$/.exec(line);
    if (heading) sections.push({ title: heading[1].trim(), lines: [] });
    else if (sections.length > 0) sections[sections.length - 1].lines.push(line);
    else if (!/^# /.test(line)) lead.lines.push(line);
  }
  if (sections.length === 0) throw new Error("guide: the document has no `## ` section");
  const kept = sections.filter((s) => !skip.includes(s.title));
  return intro === null ? kept : [lead, ...kept];
}

/** The JournalEntry source document of one of JOURNALS (the guide unless told). */
export function guideJournal(markdown, journal = JOURNALS[0]) {
  const idOf = (key) => guideId(key, journal.key);
  const id = idOf("journal");
  const pages = guideSections(markdown, journal).map((section, index) => {
    // A page's id comes from its number, so rewording a section's title keeps the page.
    const pid = idOf(`page/${index + 1}`);
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
    name: journal.name,
    pages,
    folder: null,
    sort: journal.sort,
    ownership: { default: 0 },
    flags: {},
    categories: [],
    _key: `!journal!${id}`,
  };
}

/** A journal's file text as the script writes it (the guide's unless told). */
export async function guideSourceText(journal = JOURNALS[0]) {
  return `${JSON.stringify(guideJournal(await readFile(journal.source, "utf8"), journal), null, 2)}\n`;
}

if (isMain(import.meta.url)) {
  for (const journal of JOURNALS) {
    await writeFile(journal.file, await guideSourceText(journal));
    console.log(`wrote ${path.relative(root, journal.file)}`);
  }
}
