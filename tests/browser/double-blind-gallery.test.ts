/**
 * The double-blind gallery entries (tests/gallery/double-blind.ts) in headless Chromium, on their own so they can
 * be looked at without the whole gallery's screenshots: each in both themes, with its folds open
 * (`blind-<what>-<theme>.png` under tests/artifacts/), and the cards and the tracker again at the sidebar's
 * 300 px (`…-300.png`), where no line may run out of its box; then axe-core scans them, as the whole gallery's
 * test does, for any serious or critical violation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "node:http";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
// @ts-expect-error plain ESM script without types
import { buildGallery as untypedBuildGallery } from "../../scripts/gallery.mjs";
import { launchChromium, serveDir } from "./serve";

const buildGallery = untypedBuildGallery as () => Promise<{ ids: string[] }>;

const repo = resolve(__dirname, "../..");
const artifacts = join(repo, "tests", "artifacts");

let server: Server | undefined;
let browser: Browser | undefined;
let page: Page;
let ids: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  ids = (await buildGallery()).ids.filter((id) => id.startsWith("blind-"));
  const served = await serveDir(join(repo, "gallery"));
  server = served.server;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(`http://127.0.0.1:${served.port}/index.html`, { waitUntil: "networkidle" });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
});

/** What overflows its box inside `#frame` (wider content than its box), as "tag.class" names. */
const overflowing = (frame: string) =>
  page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`${sel} .window-content *`)) {
      if (el.closest("svg") !== null && el.tagName.toLowerCase() !== "svg") continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible")
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
    }
    return out;
  }, frame);

describe("the double-blind gallery entries", () => {
  it("are the boards, cards and tracker parts of each view", () => {
    expect(problems).toEqual([]);
    expect(ids).toEqual(
      expect.arrayContaining([
        "blind-board-nato",
        "blind-board-wp",
        "blind-board-control",
        "blind-card-nato",
        "blind-card-wp",
        "blind-card-control",
        "blind-tracker-nato-hqs",
        "blind-tracker-control-hqs",
      ]),
    );
  });

  it("render in both themes, and the cards and tracker fit the 300 px sidebar", async () => {
    mkdirSync(artifacts, { recursive: true });
    const tooWide: string[] = [];
    for (const id of ids) {
      for (const theme of ["light", "dark"]) {
        const sel = `#${id}-${theme}`;
        const frame = page.locator(sel);
        expect(await frame.count(), sel).toBe(1);
        await frame.evaluate((el) => el.querySelectorAll("details").forEach((d) => (d.open = true)));
        await frame.screenshot({ path: join(artifacts, `${id}-${theme}.png`) });
        if (id.startsWith("blind-board")) continue;
        await frame.evaluate((el) => ((el as HTMLElement).style.width = "300px"));
        await frame.screenshot({ path: join(artifacts, `${id}-${theme}-300.png`) });
        for (const what of await overflowing(sel)) tooWide.push(`${id}-${theme}: ${what}`);
        await frame.evaluate((el) => ((el as HTMLElement).style.width = ""));
      }
    }
    expect(tooWide).toEqual([]);
  });

  it("have no serious or critical axe-core violation, in either theme", async () => {
    const require = createRequire(import.meta.url);
    await page.addScriptTag({ content: readFileSync(join(dirname(require.resolve("axe-core")), "axe.min.js"), "utf8") });
    const frames = ids.flatMap((id) => [`#${id}-light`, `#${id}-dark`]);
    const found = await page.evaluate(async (include) => {
      interface Result {
        id: string;
        impact?: string | null;
        nodes: { target: string[]; impact?: string | null; failureSummary?: string }[];
      }
      const axe = (window as unknown as { axe: { run(c: object): Promise<{ violations: Result[] }> } }).axe;
      const { violations } = await axe.run({ include: include.map((sel) => [sel]) });
      return violations.flatMap((v) =>
        v.nodes
          .filter((n) => ["serious", "critical"].includes(n.impact ?? v.impact ?? ""))
          .map((n) => `${v.id} at ${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 200)}`),
      );
    }, frames);
    expect(found).toEqual([]);
  });
});
