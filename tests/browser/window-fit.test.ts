/**
 * Windows and cards at their real sizes (issue #36). The sheets: the gallery frames each sheet at the
 * size its class opens at (src/view/sheet-windows.ts); with its folds closed, as a sheet opens, each
 * sheet's first view needs no scroll and holds what is played most, and no row of it wraps, in English
 * or German. The chat cards: in a 300 px sidebar, a card's label column takes at most 40 % of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "node:http";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
// @ts-expect-error plain ESM script without types
import { buildGallery as untypedBuildGallery } from "../../scripts/gallery.mjs";
import { launchChromium, serveDir } from "./serve";

const buildGallery = untypedBuildGallery as () => Promise<{ ids: string[]; germanIds: string[] | null }>;

const repo = resolve(__dirname, "../..");
const galleryDir = join(repo, "gallery");
/** One screenshot per sheet as it opens, `<id>-<theme or de>-window.png`, for a person to look at. */
const artifacts = join(repo, "tests", "artifacts");

/** What each sheet's first view must show, by the parts' selectors. */
const FIRST_VIEW: Record<string, readonly string[]> = {
  "unit-nato": [".counter", ".strength-track", ".supply-track", ".mode-now", "[name='system.movementPoints']", ".chips .chip"],
  "unit-nato-player": [".counter", ".strength-track", ".supply-track", ".mode-now", "[name='system.movementPoints']", ".chips .chip"],
  "unit-wp": [".counter", ".strength-track", ".supply-track", ".mode-now", "[name='system.movementPoints']", ".chips .chip"],
  "hq-nato": [".hq-counter", ".level-track", "[name='system.radius']", ".cards-section .card-row"],
  "hq-wp": [".hq-counter", ".level-track", "[name='system.radius']", ".cards-section"],
  squadron: [".air-counter", ".box-strip .current", ".callout", ".factors .factor-value"],
  "nqm-unit": [".counter", ".nqm-bases", "[name='system.pins.red']", "[name='system.combatUnits']"],
};

let server: Server | undefined;
let browser: Browser | undefined;
let page: Page;
let germanIds: string[] = [];

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  const built = await buildGallery();
  germanIds = built.germanIds ?? [];
  const served = await serveDir(galleryDir);
  server = served.server;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
  await page.goto(`http://127.0.0.1:${served.port}/index.html`, { waitUntil: "networkidle" });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
});

interface Fit {
  needs: number;
  window: string;
  scroll: number;
  view: number;
  missing: string[];
  wrapped: string[];
}

/**
 * One framed sheet as it opens: its content's height against the window's, the first-view parts not
 * drawn inside the window, and the rows whose boxes or text run onto a second line. Runs in the page.
 */
function measure(frame: HTMLElement, parts: readonly string[]): Fit {
  const content = frame.querySelector<HTMLElement>(".window-content")!;
  const box = content.getBoundingClientRect();
  const shown = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    return el.getClientRects().length > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  };
  const missing = parts.filter((sel) => {
    const found = [...content.querySelectorAll(sel)];
    return found.length === 0 || !found.some(shown);
  });
  // A row wraps when one of its boxes or text lines starts below where another ends.
  const wrapped: string[] = [];
  const rows = content.querySelectorAll(
    // Rows of one line each; a list of chips (.chips, .banner-chips) may take two, each chip one.

    ".banner-line:not(.banner-chips), .section-title, summary, .card-name, .card-category, .card-assigned, .card-holder, .unit-row, .weapon-row, .hit-row, .chip, .nobc-button, .air-box, .counter-foot, .counter-mode:not(.counter-mode-lines), label.inline, .factor-label",
  );
  for (const row of rows) {
    if (row.getClientRects().length === 0) continue;
    const rects: DOMRect[] = [];
    for (const child of row.childNodes) {
      if (child instanceof Element) {
        const r = child.getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && getComputedStyle(child).position !== "absolute") rects.push(r);
      } else if (child.nodeType === Node.TEXT_NODE && (child.textContent ?? "").trim() !== "") {
        const range = document.createRange();
        range.selectNodeContents(child);
        rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
      }
    }
    const breaks = rects.some((a) => rects.some((b) => b.top >= a.bottom - 2));
    if (breaks) wrapped.push(`${row.className || row.tagName.toLowerCase()} "${row.textContent.replace(/\s+/g, " ").trim().slice(0, 50)}"`);
  }
  // Nothing runs out sideways: the innermost boxes past the window's right edge are named.
  if (content.scrollWidth > content.clientWidth + 1) {
    const past = [...content.querySelectorAll("*")].filter(
      (el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > box.right + 1 && el.children.length === 0,
    );
    const names = past.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}"`);
    wrapped.push(`sideways: ${content.scrollWidth} px wide in ${content.clientWidth} px (${names.join(", ")})`);
  }
  // What the sheet needs (its last part's bottom), apart from the window it fills (`min-height: 100%`).
  const sheet = content.firstElementChild;
  const last = sheet?.lastElementChild;
  const needs = last
    ? Math.ceil(last.getBoundingClientRect().bottom - box.top + content.scrollTop + parseFloat(getComputedStyle(sheet).paddingBottom))
    : 0;
  const rect = frame.getBoundingClientRect();
  return {
    needs,
    window: `${Math.round(rect.width)}×${Math.round(rect.height)}`,
    scroll: content.scrollHeight,
    view: content.clientHeight,
    missing,
    wrapped,
  };
}

describe("sheets at their default window size", () => {
  const frames = (): string[] => [
    ...Object.keys(FIRST_VIEW).flatMap((id) => [`${id}-light`, `${id}-dark`]),
    ...Object.keys(FIRST_VIEW)
      .filter((id) => germanIds.includes(id))
      .map((id) => `${id}-de`),
  ];

  it("shows what is played most in the first view, with no scroll and no row wrapped, in English and German", async () => {
    expect(germanIds).toEqual(expect.arrayContaining(Object.keys(FIRST_VIEW)));
    const problems: string[] = [];
    for (const frame of frames()) {
      const id = frame.replace(/-(light|dark|de)$/, "");
      const fit = await page.locator(`#${frame}`).evaluate(measure, FIRST_VIEW[id] ?? []);
      await page.locator(`#${frame}`).screenshot({ path: join(artifacts, `${frame}-window.png`) });
      console.log(`window-fit: ${frame} in ${fit.window}: the sheet needs ${fit.needs} px of ${fit.view} px`);
      if (fit.scroll > fit.view + 1) problems.push(`${frame}: ${fit.scroll} px of content in ${fit.view} px (scrolls)`);
      for (const m of fit.missing) problems.push(`${frame}: ${m} is not in the first view`);
      for (const w of fit.wrapped) problems.push(`${frame}: wraps: ${w}`);
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("frames each sheet at its class's default size", async () => {
    const sizes = await page.evaluate(() =>
      Object.fromEntries(
        ["unit-nato", "hq-nato", "squadron", "nqm-unit", "airbase", "support-card"].map((id) => {
          const r = document.getElementById(`${id}-light`)!.getBoundingClientRect();
          return [id, `${r.width}×${r.height}`];
        }),
      ),
    );
    expect(sizes).toEqual({
      "unit-nato": "560×680",
      "hq-nato": "600×820",
      squadron: "540×740",
      "nqm-unit": "560×740",
      airbase: "540×600",
      "support-card": "480×520",
    });
  });

  it("draws a player's locked fields unlike the GM's editable ones (issue #36, finding 3)", async () => {
    const look = (frame: string) =>
      page.locator(`#${frame} [name='system.movementPoints']`).evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        return { disabled: el.disabled, border: style.borderTopStyle, background: style.backgroundColor, cursor: style.cursor };
      });
    for (const theme of ["light", "dark"]) {
      const gm = await look(`unit-nato-${theme}`);
      const player = await look(`unit-nato-player-${theme}`);
      expect([gm.disabled, player.disabled]).toEqual([false, true]);
      expect(player.border, theme).toBe("dashed");
      expect(player.background, theme).not.toBe(gm.background);
      expect(player.cursor).toBe("not-allowed");
    }
  });

  it("shows every placeholder whole and runs nothing out sideways, folds opened, in English and German", async () => {
    const clipped: string[] = [];
    for (const frame of frames()) {
      const found = await page.locator(`#${frame}`).evaluate((el) => {
        el.querySelectorAll("details").forEach((d) => (d.open = true));
        const ctx = document.createElement("canvas").getContext("2d")!;
        const out: string[] = [];
        for (const input of el.querySelectorAll<HTMLInputElement>("input[placeholder]")) {
          if (input.value !== "" || input.getClientRects().length === 0) continue;
          const style = getComputedStyle(input);
          ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const needs = ctx.measureText(input.placeholder).width;
          if (needs > room) out.push(`${input.name} "${input.placeholder}": ${Math.round(needs)} px in ${Math.round(room)} px`);
        }
        const content = el.querySelector(".window-content")!;
        if (content.scrollWidth > content.clientWidth + 1) {
          const right = content.getBoundingClientRect().right;
          const past = [...content.querySelectorAll("*")].filter(
            (x) => x.children.length === 0 && x.getBoundingClientRect().right > right + 1,
          );
          const names = past.slice(0, 3).map((x) => `${x.tagName.toLowerCase()}.${x.className} "${x.textContent.trim().slice(0, 30)}"`);
          out.push(`folds open, ${content.scrollWidth} px wide in ${content.clientWidth} px (${names.join(", ")})`);
        }
        el.querySelectorAll("details").forEach((d) => (d.open = false));
        return out;
      });
      for (const f of found) clipped.push(`${frame}: ${f}`);
    }
    expect(clipped, clipped.join("\n")).toEqual([]);
  });
});

/** The widest a chat card's label column may be in a 300 px sidebar, as a share of the card. */
const LABEL_COLUMN_MAX_SHARE = 0.4;

describe("chat cards in a 300 px sidebar", () => {
  it(`keep each card's label column within ${LABEL_COLUMN_MAX_SHARE * 100} % of the card, in English and German`, async () => {
    const frames = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("[data-sheet^='card-']")]
        .filter((f) => f.querySelector(".card-inputs dt"))
        .map((f) => f.id),
    );
    expect(frames.some((f) => f.endsWith("-de"))).toBe(true);
    const wide: string[] = [];
    for (const frame of frames) {
      const { column, card } = await page.locator(`#${frame}`).evaluate((el: HTMLElement) => {
        const width = el.style.width;
        el.style.width = "300px";
        const list = el.querySelector<HTMLElement>(".card-inputs")!;
        const column = Math.max(...[...list.querySelectorAll("dt")].map((dt) => dt.getBoundingClientRect().width));
        const card = list.getBoundingClientRect().width;
        el.style.width = width;
        return { column, card };
      });
      if (column > card * LABEL_COLUMN_MAX_SHARE + 1) wide.push(`${frame}: labels ${Math.round(column)} px of ${Math.round(card)} px`);
    }
    expect(wide, wide.join("\n")).toEqual([]);
  });
});
