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

interface GuideBuild {
  GUIDE_NAME: string;
  GUIDE_FILE: string;
  guideSourceText(): Promise<string>;
  guideSections(markdown: string): { title: string; lines: string[] }[];
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
});

describe("scripts/guide-build.mjs reads the guide's Markdown", () => {
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
