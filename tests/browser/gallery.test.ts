/**
 * Opens the sheet gallery in headless Chromium (found by ./find-chromium.ts: CHROMIUM_PATH, else a
 * system Chromium, else the one inside the npm package @sparticuz/chromium), served over HTTP so a
 * missing asset is a failed request, and fails on any console error, page error or failed request.
 * Writes one screenshot per sheet and theme under tests/artifacts/ for a person to look at. Once
 * lang/de.json exists, the main sheets and the chat cards are also rendered in German, screenshotted
 * (`<id>-de.png`), and checked for text that does not fit its box. axe-core then scans the whole
 * page (every entry, in both themes and in German) and fails on any serious or critical violation:
 * an input without a label, a link the keyboard cannot reach, text with a contrast under 4.5:1, and
 * the like. No axe rule is turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "node:http";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
// @ts-expect-error plain ESM script without types
import { buildGallery as untypedBuildGallery } from "../../scripts/gallery.mjs";
import { launchChromium, serveDir } from "./serve";

const buildGallery = untypedBuildGallery as () => Promise<{ ids: string[]; dialogIds: string[]; germanIds: string[] | null }>;

const repo = resolve(__dirname, "../..");
const galleryDir = join(repo, "gallery");
const artifacts = join(repo, "tests", "artifacts");

/** Unset when beforeAll failed before starting them; afterAll closes what was started. */
let server: Server | undefined;
let browser: Browser | undefined;
let page: Page;
let ids: string[] = [];
let dialogIds: string[] = [];
let germanIds: string[] | null = null;
const problems: string[] = [];

beforeAll(async () => {
  ({ ids, dialogIds, germanIds } = await buildGallery());
  if (germanIds === null) console.log("gallery test: lang/de.json is absent, so the German renders are skipped");
  const served = await serveDir(galleryDir);
  server = served.server;
  const port = served.port;
  const chrome = await launchChromium((source, path) => console.log(`gallery test: Chromium from ${source}: ${path}`));
  browser = chrome;
  page = await chrome.newPage({ viewport: { width: 1600, height: 1200 } });
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(`http://127.0.0.1:${port}/index.html`, { waitUntil: "networkidle" });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
});

describe("sheet gallery in headless Chromium", () => {
  it("loads with no console error, page error or failed request", () => {
    expect(problems).toEqual([]);
  });

  it("applies the real stylesheet (side colours, large type)", async () => {
    const banner = page.locator("#unit-nato-light .sheet-banner");
    const border = await banner.evaluate((el) => getComputedStyle(el).borderLeftColor);
    expect(border).toBe("rgb(31, 78, 156)"); // NATO blue
    const wp = await page.locator("#unit-wp-light .sheet-banner").evaluate((el) => getComputedStyle(el).borderLeftColor);
    expect(wp).toBe("rgb(179, 38, 30)"); // Warsaw Pact red
    const size = await page.locator("#unit-nato-light .nobc-sheet").evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(16);
  });

  it("dark and light themes differ", async () => {
    const bg = (id: string) => page.locator(`#${id} .nobc-sheet`).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bg("hq-nato-light")).not.toBe(await bg("hq-nato-dark"));
  });

  it("a window given its own theme keeps it inside, whatever the page's theme", async () => {
    const colours = await page.evaluate(() => {
      const out: Record<string, { ink: string; badge: string; on: string }> = {};
      for (const [page, own] of [
        ["light", "dark"],
        ["dark", "light"],
      ] as const) {
        const host = document.createElement("div");
        host.className = `theme-${page}`;
        host.innerHTML = `<div class="nobc themed theme-${own}"><div class="nobc"><p>x</p><span class="side-badge">y</span></div></div>`;
        document.body.append(host);
        const p = host.querySelector("p")!;
        const badge = host.querySelector(".side-badge")!;
        out[own] = {
          ink: getComputedStyle(p).getPropertyValue("--nobc-ink"),
          badge: getComputedStyle(badge).backgroundColor,
          on: getComputedStyle(badge).color,
        };
        host.remove();
      }
      return out;
    });
    expect(colours["dark"]).toEqual({ ink: "#f4f4f4", badge: "rgb(195, 203, 214)", on: "rgb(17, 17, 17)" });
    expect(colours["light"]).toEqual({ ink: "#111111", badge: "rgb(60, 72, 88)", on: "rgb(255, 255, 255)" });
  });

  it("every sheet has one root element and a screenshot in both themes", async () => {
    mkdirSync(artifacts, { recursive: true });
    expect(ids.length).toBeGreaterThanOrEqual(7);
    for (const id of ids) {
      for (const theme of ["light", "dark"]) {
        const frame = page.locator(`#${id}-${theme}`);
        expect(await frame.count(), `${id}-${theme}`).toBe(1);
        expect(await frame.locator(".window-content > :not(footer)").count(), `${id}-${theme} root`).toBe(1);
        await frame.screenshot({ path: join(artifacts, `${id}-${theme}.png`) });
      }
    }
  });
});

/** The tallest the whole turn tracker may be in a 300 px sidebar (issue #21, section 4). */
const TRACKER_MAX_HEIGHT = 600;

/**
 * The turn tracker in a 300 px sidebar: each tracker entry is given Foundry's sidebar width, its
 * content measured and screenshotted (`<id>-<theme>-300.png`). Then the whole tracker as the sidebar
 * stacks it — the turn panel, the HQ list of the gallery's four HQs and the GM's controls, in one
 * 300 px column — is put together from those entries, once in the Land War (the Air War folded) and
 * once in the Air War (the Land War folded), measured, screenshotted (`tracker-whole-<war>-<theme>.png`)
 * and held to 600 px. The figures are printed.
 */
describe("the turn tracker in the sidebar", () => {
  it("is at most 600 px tall as a whole at 300 px wide, in either war with the other folded, in both themes", async () => {
    mkdirSync(artifacts, { recursive: true });
    const trackerIds = ids.filter((id) => id.startsWith("tracker-"));
    expect(trackerIds).toEqual(expect.arrayContaining(["tracker-air-war", "tracker-nato-first", "tracker-hqs", "tracker-footer"]));
    for (const theme of ["light", "dark"]) {
      const heights: Record<string, number> = {};
      for (const id of trackerIds) {
        const frame = page.locator(`#${id}-${theme}`);
        await frame.evaluate((el) => ((el as HTMLElement).style.width = "300px"));
        heights[id] = await frame.locator(".window-content").evaluate((el) => Math.round(el.getBoundingClientRect().height));
        await frame.screenshot({ path: join(artifacts, `${id}-${theme}-300.png`) });
        await frame.evaluate((el) => ((el as HTMLElement).style.width = ""));
      }
      for (const id of trackerIds) expect(heights[id], `${id}-${theme}`).toBeGreaterThan(40);
      const whole: Record<string, number> = {};
      for (const [war, panel] of [
        ["land", "tracker-nato-first"],
        ["air", "tracker-air-war"],
      ] as const) {
        const wholeId = `tracker-whole-${war}-${theme}`;
        const measured = await page.evaluate(
          ({ parts, theme, wholeId }) => {
            const source = document.getElementById(`${parts[0]}-${theme}`)!;
            const column = document.createElement("div");
            column.id = wholeId;
            column.className = `application sheet nobc nobc-app themed theme-${theme} tracker`;
            column.style.width = "300px";
            const content = document.createElement("section");
            content.className = "window-content";
            for (const part of parts) {
              for (const child of document.querySelectorAll(`#${part}-${theme} > .window-content > *`))
                content.append(child.cloneNode(true));
            }
            column.append(content);
            source.parentElement!.append(column);
            const folded = [...content.querySelectorAll<HTMLDetailsElement>("details.nobc-turn-war")].map(
              (d) => `${d.dataset["war"]}:${d.open}`,
            );
            return { height: Math.round(content.getBoundingClientRect().height), folded };
          },
          { parts: [panel, "tracker-hqs", "tracker-footer"], theme, wholeId },
        );
        const column = page.locator(`#${wholeId}`);
        await column.screenshot({ path: join(artifacts, `${wholeId}.png`) });
        await column.evaluate((el) => el.remove());
        whole[war] = measured.height;
        // The war the turn is not in is folded; the one it is in is open.
        expect(measured.folded, wholeId).toEqual(war === "land" ? ["air:false", "land:true"] : ["air:true", "land:false"]);
        expect(measured.height, `${wholeId} height`).toBeLessThanOrEqual(TRACKER_MAX_HEIGHT);
      }
      console.log(`tracker at 300 px wide (${theme} theme), px: ${JSON.stringify(heights)}; the whole tracker: ${JSON.stringify(whole)}`);
    }
  });
});

/** The tallest a ground-combat chat card may be, folded, in a chat sidebar 300 px wide (issue #21). */
const CARD_MAX_HEIGHT = 450;

describe("chat cards in a 300 px sidebar", () => {
  it("fold their inputs and breakdown away, and a folded ground-combat card is at most 450 px tall", async () => {
    mkdirSync(artifacts, { recursive: true });
    for (const id of ["card-combat-pending", "card-combat-applied"]) {
      for (const theme of ["light", "dark"]) {
        const frame = page.locator(`#${id}-${theme}`);
        const measured = await frame.evaluate((el: HTMLElement) => {
          const width = el.style.width;
          el.style.width = "300px";
          const card = el.querySelector<HTMLElement>(".nobc-resolution-card")!;
          const details = card.querySelector<HTMLDetailsElement>("details.card-details")!;
          const closed = !details.open;
          const folded = card.getBoundingClientRect().height;
          const frameWidth = el.getBoundingClientRect().width;
          details.open = true;
          const opened = card.getBoundingClientRect().height;
          details.open = false;
          el.style.width = width;
          const tipped = [...card.querySelectorAll<HTMLElement>(".card-breakdown [data-tooltip]")].map((t) => t.dataset["tooltip"] ?? "");
          const splitFolds = [...card.querySelectorAll<HTMLDetailsElement>("details.card-split-fold")].map((d) => d.open);
          const inputs = card.querySelectorAll("input").length;
          return { closed, folded, opened, frameWidth, summary: details.querySelector("summary")!.textContent, tipped, splitFolds, inputs };
        });
        console.log(
          `gallery test: ${id}-${theme} at 300 px: ${Math.round(measured.folded)} px folded, ${Math.round(measured.opened)} px open`,
        );
        // As a chat sidebar shows it (the guide's picture of a combat card, scripts/guide-pictures.mjs).
        await frame.evaluate((el: HTMLElement) => (el.style.width = "300px"));
        await frame.screenshot({ path: join(artifacts, `${id}-${theme}-300.png`) });
        await frame.evaluate((el: HTMLElement) => (el.style.width = ""));
        expect(measured.frameWidth, id).toBe(300);
        expect(measured.closed, `${id}-${theme} folded by default`).toBe(true);
        expect(measured.summary).toBe("How it was worked out");
        expect(measured.opened).toBeGreaterThan(measured.folded);
        expect(measured.tipped.length).toBeGreaterThan(0);
        for (const tip of measured.tipped) expect(tip).toMatch(/QRS/);
        // Pending: the split editors sit in one more closed fold; applied: no editor, no input at all.
        if (id === "card-combat-pending") expect(measured.splitFolds).toEqual([false]);
        else expect([measured.splitFolds.length, measured.inputs]).toEqual([0, 0]);
        expect(measured.folded, `${id}-${theme} folded height`).toBeLessThanOrEqual(CARD_MAX_HEIGHT);
      }
    }
  });
});

/**
 * The share of a dialog's visible text that is small, and the bound it must stay under. A dialog
 * reads at the sheets' 16 px; below 14 px may sit only the odd caption: a rule citation beside a
 * modifier, a unit's values under its name. 10 % of the characters leaves room for those and no
 * more: a dialog whose hints or tables are small fails (the land dialogs had 46–61 % at 13 px).
 */
const SMALL_TEXT_PX = 14;
const SMALL_TEXT_MAX_SHARE = 0.1;

/**
 * Counts the characters (spaces aside) a reader sees in one frame's window content, and how many
 * of them are drawn below `limit` px: text nodes of rendered elements (nothing hidden, folded or
 * kept for screen readers only), the values typed into inputs and the option a select shows. Runs in the page.
 */
function smallTextIn(frame: Element, limit: number): { chars: number; small: number; sizes: Record<string, number> } {
  let chars = 0;
  let small = 0;
  const sizes: Record<string, number> = {};
  const count = (el: Element, text: string): void => {
    const n = text.replace(/\s+/g, "").length;
    if (n === 0) return;
    const size = parseFloat(getComputedStyle(el).fontSize);
    chars += n;
    if (size < limit) small += n;
    const key = `${Math.round(size * 10) / 10}px`;
    sizes[key] = (sizes[key] ?? 0) + n;
  };
  const seen = (el: Element): boolean => {
    if (el.closest(".nobc-visually-hidden, option, script, style") !== null) return false;
    if (el.getClientRects().length === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && parseFloat(style.opacity) > 0;
  };
  const content = frame.querySelector(".window-content");
  if (content === null) return { chars, small, sizes };
  const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent !== null && seen(parent)) count(parent, node.textContent ?? "");
  }
  for (const input of content.querySelectorAll<HTMLInputElement>(
    "input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea",
  )) {
    if (seen(input)) count(input, input.value);
  }
  for (const select of content.querySelectorAll<HTMLSelectElement>("select")) {
    if (seen(select)) count(select, select.selectedOptions[0]?.textContent ?? "");
  }
  return { chars, small, sizes };
}

describe("the dialogs' type", () => {
  it(`draws at most ${SMALL_TEXT_MAX_SHARE * 100} % of each dialog's visible text below ${SMALL_TEXT_PX} px, in both themes`, async () => {
    expect(dialogIds.length).toBeGreaterThanOrEqual(20);
    const over: string[] = [];
    for (const theme of ["light", "dark"]) {
      const lines: string[] = [];
      for (const id of dialogIds) {
        const { chars, small, sizes } = await page.locator(`#${id}-${theme}`).evaluate(smallTextIn, SMALL_TEXT_PX);
        const share = chars === 0 ? 0 : small / chars;
        lines.push(`${id}: ${(share * 100).toFixed(1)} % of ${chars} (${JSON.stringify(sizes)})`);
        expect(chars, `${id}-${theme} has visible text`).toBeGreaterThan(0);
        if (share > SMALL_TEXT_MAX_SHARE) over.push(`${id}-${theme}: ${(share * 100).toFixed(1)} % below ${SMALL_TEXT_PX} px`);
      }
      console.log(`dialog text below ${SMALL_TEXT_PX} px (${theme} theme), share of characters:\n  ${lines.join("\n  ")}`);
    }
    expect(over, `dialogs with too much small text:\n${over.join("\n")}\n`).toEqual([]);
  });

  it("labels every input of every dialog: a <label> around it or naming it, or an aria-label (a placeholder is not a label)", async () => {
    const unlabelled: string[] = [];
    for (const id of dialogIds) {
      const found = await page.locator(`#${id}-light .window-content`).evaluate((content) =>
        [
          ...content.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
            "input:not([type=hidden]), select, textarea",
          ),
        ]
          .filter((control) => {
            const named = (control.getAttribute("aria-label") ?? "").trim() !== "" || control.hasAttribute("aria-labelledby");
            const labels: HTMLLabelElement[] = Array.from(control.labels ?? []);
            const labelled = labels.some((l) => l.textContent.trim() !== "");
            return !named && !labelled;
          })
          .map((control) => `<${control.tagName.toLowerCase()} name="${control.getAttribute("name") ?? ""}">`),
      );
      for (const control of found) unlabelled.push(`${id}: ${control}`);
    }
    expect(unlabelled, `inputs without a label:\n${unlabelled.join("\n")}\n`).toEqual([]);
  });
});

/** One axe finding in the gallery, named by the frame (entry and theme, `<id>-<theme>`) it sits in. */
interface AxeFinding {
  frame: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** The little of axe-core's results that the scan reads. */
interface AxeNode {
  target: string[];
  impact?: string | null;
  failureSummary?: string;
}
interface AxeResult {
  id: string;
  impact?: string | null;
  nodes: AxeNode[];
}
interface AxeResults {
  violations: AxeResult[];
  passes: AxeResult[];
}

/**
 * Runs axe-core (already injected) once over the whole page, every rule it has on by default, and
 * gives each serious or critical violation with the frame it is in, and the frames in which axe
 * checked the contrast of some text (every frame has text, so every frame must be there). Runs in the page.
 */
async function axeScan(): Promise<{ findings: AxeFinding[]; contrastChecked: string[] }> {
  const axe = (window as unknown as { axe: { run(context: Document): Promise<AxeResults> } }).axe;
  const { violations, passes } = await axe.run(document);
  const frameOf = (n: AxeNode): string => document.querySelector(n.target[0] ?? "")?.closest("[data-sheet]")?.id ?? "(outside any frame)";
  const findings: AxeFinding[] = [];
  for (const v of violations) {
    for (const n of v.nodes) {
      const impact = n.impact ?? v.impact ?? "";
      if (impact !== "serious" && impact !== "critical") continue;
      const summary = (n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 240);
      findings.push({ frame: frameOf(n), rule: v.id, impact, target: n.target.join(" "), summary });
    }
  }
  const contrast = passes.find((p) => p.id === "color-contrast")?.nodes ?? [];
  return { findings, contrastChecked: [...new Set(contrast.map(frameOf))] };
}

describe("accessibility of the gallery (axe-core)", () => {
  it("has no serious or critical violation in any entry, in either theme", async () => {
    const require = createRequire(import.meta.url);
    const axeScript = readFileSync(join(dirname(require.resolve("axe-core")), "axe.min.js"), "utf8");
    await page.addScriptTag({ content: axeScript });
    // Every fold opened (a card's details and split editors), so axe reads what they hold too.
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
    const { findings, contrastChecked } = await page.evaluate(axeScan);
    for (const id of ids) for (const theme of ["light", "dark"]) expect(contrastChecked, "frames axe read").toContain(`${id}-${theme}`);
    const lines = findings.map((f) => `${f.frame}: ${f.rule} (${f.impact}) at ${f.target} — ${f.summary}`);
    expect(lines, `axe-core found ${lines.length} serious or critical violations:\n${lines.join("\n")}\n`).toEqual([]);
  });
});

/**
 * What does not fit inside one rendered frame: a label, button, heading, table cell, legend,
 * option list or card category whose text is wider than its box (`scrollWidth > clientWidth`,
 * inline boxes aside), any box that clips its text (overflow hidden, an ellipsis), and the window
 * content itself scrolling sideways. Runs in the page.
 */
function overflowsIn(frame: Element): string[] {
  const what = (el: Element): string => {
    const cls = typeof el.className === "string" && el.className !== "" ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
    return `${el.tagName.toLowerCase()}${cls} "${el.textContent.replace(/\s+/g, " ").trim().slice(0, 60)}"`;
  };
  const out: string[] = [];
  const content = frame.querySelector(".window-content");
  if (content !== null && content.scrollWidth > content.clientWidth + 1) {
    out.push(`window content is ${content.scrollWidth}px wide in ${content.clientWidth}px`);
  }
  const boxes = frame.querySelectorAll("label, button, th, td, legend, h1, h2, h3, h4, select, .tab, .card-category, [data-tooltip]");
  const seen = new Set<Element>();
  for (const el of Array.from(boxes)) {
    const style = getComputedStyle(el);
    if (style.display === "inline" || style.display === "none" || el.clientWidth === 0) continue;
    seen.add(el);
    if (el.scrollWidth > el.clientWidth + 1) out.push(`${what(el)}: ${el.scrollWidth}px of text in ${el.clientWidth}px`);
  }
  // Anything else that cuts its text off (overflow hidden or clipped, an ellipsis).
  for (const el of Array.from(frame.querySelectorAll(".window-content *"))) {
    if (seen.has(el) || el.clientWidth === 0 || !/\p{L}/u.test(el.textContent)) continue;
    // Words for screen readers only are clipped on purpose.
    if (el.closest(".nobc-visually-hidden") !== null) continue;
    const style = getComputedStyle(el);
    const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    if (clips && el.scrollWidth > el.clientWidth + 1) out.push(`${what(el)}: clipped, ${el.scrollWidth}px of text in ${el.clientWidth}px`);
  }
  return out;
}

describe.skipIf(!existsSync(join(repo, "lang", "de.json")))("the gallery in German (lang/de.json)", () => {
  it("renders the main sheets and the chat cards, each screenshotted", async () => {
    mkdirSync(artifacts, { recursive: true });
    const shown = germanIds ?? [];
    for (const id of ["unit-nato", "hq-nato", "squadron", "airbase", "support-card"]) expect(shown, id).toContain(id);
    expect(shown.filter((id) => id.startsWith("card-")).length).toBeGreaterThan(0);
    for (const id of shown) {
      const frame = page.locator(`#${id}-de`);
      expect(await frame.count(), `${id}-de`).toBe(1);
      await frame.screenshot({ path: join(artifacts, `${id}-de.png`) });
    }
  });

  it("fits every German word in its box (no label, button or cell overflows)", async () => {
    const problems: string[] = [];
    for (const id of germanIds ?? []) {
      for (const p of await page.locator(`#${id}-de`).evaluate(overflowsIn)) problems.push(`${id}: ${p}`);
    }
    expect(problems.length, `German text overflows:\n${problems.join("\n")}\n`).toBe(0);
  });
});
