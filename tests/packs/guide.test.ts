/**
 * The GM's guide: docs/guide.md is its one source, and the rules-reference pack holds it as a journal with one
 * page per section (scripts/guide-build.mjs). The committed journal must be what the script writes, the built pack
 * must hold its pages, and every picture a journal of the pack shows must be a file the system ships.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentsOf, listFiles, manifest, ROOT } from "./load";
import { ORBAT_EXAMPLE_PATH, ORBAT_HELP_UUID } from "../../src/orbat/help";

interface Page {
  _id: string;
  name: string;
  text: { content: string };
}
interface Journal {
  _id: string;
  name: string;
  pages: Page[];
}

interface JournalSource {
  key: string;
  source: string;
  name: string;
  file: string;
  intro: string | null;
  skip: string[];
}

interface GuideBuild {
  GUIDE_NAME: string;
  GUIDE_FILE: string;
  ORBAT_NAME: string;
  JOURNALS: JournalSource[];
  guideSourceText(journal?: JournalSource): Promise<string>;
  guideSections(markdown: string, options?: { intro?: string | null; skip?: string[] }): { title: string; lines: string[] }[];
  sectionHtml(lines: string[]): string;
  foundryImagePath(src: string): string;
}

const load = async <T>(script: string) => (await import(/* @vite-ignore */ path.join(ROOT, "scripts", script))) as T;
const guideMarkdown = readFileSync(path.join(ROOT, "docs", "guide.md"), "utf8");
/** Pictures of the guide and the journals are small: together under this many bytes. */
const PICTURE_BUDGET = 400 * 1024;

let build: GuideBuild;
let shippedDirs: string[];
let work: string;
let built: Journal[];

beforeAll(async () => {
  build = await load<GuideBuild>("guide-build.mjs");
  shippedDirs = (await load<{ SHIPPED_DIRS: string[] }>("package.mjs")).SHIPPED_DIRS;
  work = mkdtempSync(path.join(tmpdir(), "nobc-guide-"));
  const pack = manifest().packs.find((p) => p.name === "rules-reference")!;
  await compilePack(pack.source, path.join(work, "db"), { recursive: true });
  await extractPack(path.join(work, "db"), path.join(work, "out"), {});
  built = listFiles(path.join(work, "out")).map((f) => JSON.parse(readFileSync(f, "utf8")) as Journal);
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The `src` of every picture in an HTML text. */
const pictures = (html: string) => [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);

describe("the GM's guide in the rules reference", () => {
  it("the committed journal is what scripts/guide-build.mjs writes from docs/guide.md", async () => {
    expect(readFileSync(build.GUIDE_FILE, "utf8")).toBe(await build.guideSourceText());
  });

  it("has one page per section of docs/guide.md, in order, each with text", () => {
    const guide = documentsOf<Journal>("rules-reference").find((j) => j.name === build.GUIDE_NAME);
    expect(guide).toBeDefined();
    const titles = build.guideSections(guideMarkdown).map((s) => s.title);
    expect(titles.length).toBeGreaterThanOrEqual(8);
    expect(guide!.pages.map((p) => p.name)).toEqual(titles);
    for (const page of guide!.pages) expect(page.text.content.replace(/<[^>]+>/g, "").trim().length, page.name).toBeGreaterThan(200);
  });

  it("covers what a first session needs", () => {
    const text = documentsOf<Journal>("rules-reference")
      .find((j) => j.name === build.GUIDE_NAME)!
      .pages.map((p) => p.text.content)
      .join("\n");
    for (const words of ["Configure Ownership", "Import order of battle", "Map terrain", "Token Vision", "Start the NOBC turn track"]) {
      expect(text).toContain(words);
    }
    expect(text).toMatch(/active GM/);
  });

  it("the built pack holds the guide's journal and every one of its pages", () => {
    const source = documentsOf<Journal>("rules-reference").find((j) => j.name === build.GUIDE_NAME)!;
    const journal = built.find((j) => j._id === source._id);
    expect(journal?.name).toBe(build.GUIDE_NAME);
    expect(journal!.pages.map((p) => [p._id, p.name, p.text.content])).toEqual(source.pages.map((p) => [p._id, p.name, p.text.content]));
  });

  it("every picture a journal of the built pack shows is a shipped file, and the guide shows some", () => {
    const sources = built.flatMap((j) => j.pages.flatMap((p) => pictures(p.text.content)));
    const guide = built.find((j) => j.name === build.GUIDE_NAME)!;
    expect(guide.pages.flatMap((p) => pictures(p.text.content)).length).toBeGreaterThanOrEqual(4);
    for (const src of sources) {
      expect(src, src).toMatch(/^systems\/nobc\//);
      const rel = src.slice("systems/nobc/".length);
      expect(shippedDirs, src).toContain(rel.split("/")[0]);
      expect(existsSync(path.join(ROOT, rel)), src).toBe(true);
    }
    const bytes = [...new Set(sources)].reduce((sum, src) => sum + statSync(path.join(ROOT, src.slice("systems/nobc/".length))).size, 0);
    expect(bytes).toBeLessThan(PICTURE_BUDGET);
  });

  it("docs/guide.md shows the same pictures, by paths that work from docs/", () => {
    const inMarkdown = [...guideMarkdown.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(inMarkdown.length).toBeGreaterThanOrEqual(4);
    for (const src of inMarkdown) expect(existsSync(path.join(ROOT, "docs", src)), src).toBe(true);
  });

  it("every picture of the guide is remade from a named gallery screenshot (scripts/guide-pictures.mjs)", async () => {
    const { GUIDE_PICTURES } = await load<{ GUIDE_PICTURES: Record<string, string> }>("guide-pictures.mjs");
    const shown = [...guideMarkdown.matchAll(/!\[[^\]]*\]\(\.\.\/assets\/guide\/([^)]+)\)/g)].map((m) => m[1]!);
    expect(shown.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(GUIDE_PICTURES).sort()).toEqual([...new Set(shown)].sort());
    for (const png of Object.values(GUIDE_PICTURES)) expect(png).toMatch(/^[a-z0-9-]+-(light|dark)(-300)?\.png$/);
  });
});

describe("the order-of-battle help in the rules reference", () => {
  const orbat = () => build.JOURNALS.find((j) => j.name === build.ORBAT_NAME)!;

  it("the committed journal is what scripts/guide-build.mjs writes from docs/orbat.md", async () => {
    expect(readFileSync(orbat().file, "utf8")).toBe(await build.guideSourceText(orbat()));
  });

  it("opens with what files it reads, then the sections a GM uses, without the code notes", () => {
    const journal = built.find((j) => j.name === build.ORBAT_NAME)!;
    const names = journal.pages.map((p) => p.name);
    expect(names[0]).toBe("Files it reads");
    expect(names).toEqual(expect.arrayContaining(["Checking a file", "Columns", "What is refused", "Apply and Undo"]));
    expect(names).not.toContain("Code");
    const text = journal.pages.map((p) => p.text.content).join("\n");
    // The columns are a table, the commands a code block: as docs/orbat.md shows them.
    expect(text).toMatch(/<table><thead><tr><th>column<\/th>/);
    expect(text).toContain("<pre><code>npm run orbat -- validate examples/orbat-example.csv");
    expect(text).not.toMatch(/<p>\| /);
  });

  it("no journal of the pack shows a Markdown table as a paragraph of bars", () => {
    for (const journal of built)
      for (const page of journal.pages) expect(page.text.content, `${journal.name}: ${page.name}`).not.toMatch(/<p>\|/);
  });
});

describe("scripts/guide-build.mjs reads the guide's Markdown", () => {
  it("tables and fenced code", () => {
    expect(build.sectionHtml(["| a | `b` |", "| --- | --- |", "| 1 | **2** |", "", "```sh", "npm run x <y>", "```"])).toBe(
      [
        "<table><thead><tr><th>a</th><th><code>b</code></th></tr></thead><tbody><tr><td>1</td><td><strong>2</strong></td></tr></tbody></table>",
        "<pre><code>npm run x &lt;y&gt;</code></pre>",
      ].join("\n"),
    );
    expect(() => build.sectionHtml(["| a |", "| b |"])).toThrow(/--- row/);
  });

  it("an introduction becomes a first page only when it is given a title, and skipped sections are left out", () => {
    const md = "# Title\n\nLead text.\n\n## One\n\nx\n\n## Code\n\ny\n";
    expect(build.guideSections(md).map((s) => s.title)).toEqual(["One", "Code"]);
    expect(build.guideSections(md, { intro: "Start", skip: ["Code"] }).map((s) => [s.title, s.lines.join("").trim()])).toEqual([
      ["Start", "Lead text."],
      ["One", "x"],
    ]);
  });

  it("headings, lists, emphasis, code and links", () => {
    const html = build.sectionHtml([
      "### Sub",
      "A **bold** and *quiet* `npm run <x>` line,",
      "wrapped, see [the map format](map-format.md) or [Foundry](https://foundryvtt.com).",
      "",
      "- one",
      "  continued",
      "- two",
      "",
      "1. first",
      "2. second",
    ]);
    expect(html).toBe(
      [
        "<h2>Sub</h2>",
        '<p>A <strong>bold</strong> and <em>quiet</em> <code>npm run &lt;x&gt;</code> line, wrapped, see the map format or <a href="https://foundryvtt.com">Foundry</a>.</p>',
        "<ul><li>one continued</li><li>two</li></ul>",
        "<ol><li>first</li><li>second</li></ol>",
      ].join("\n"),
    );
  });

  it("a picture becomes the shipped file's path in Foundry; one outside the repository is refused", () => {
    expect(build.sectionHtml(["![A sheet](../assets/guide/x.webp)"])).toBe(
      '<p><img src="systems/nobc/assets/guide/x.webp" alt="A sheet"></p>',
    );
    expect(() => build.foundryImagePath("../../x.webp")).toThrow(/outside the repository/);
  });
});

describe("the import dialog's way to the help", () => {
  it("names the order-of-battle journal of the pack, and a shipped example file", () => {
    const journal = documentsOf<Journal>("rules-reference").find((j) => j.name === build.ORBAT_NAME)!;
    expect(ORBAT_HELP_UUID).toBe(`Compendium.nobc.rules-reference.JournalEntry.${journal._id}`);
    const rel = ORBAT_EXAMPLE_PATH.slice("systems/nobc/".length);
    expect(shippedDirs).toContain(rel.split("/")[0]);
    expect(existsSync(path.join(ROOT, rel))).toBe(true);
  });
});
