/**
 * Issue #32: the Air War chart in headless Chromium, on a world of 240 squadrons over four zones
 * (./chart-page.ts, bundled with vite: the real template, words and chart code). Measured and
 * PRINTED as one JSON line, not asserted (a test asserts no milliseconds): one chart's render, all
 * eight charts' renders, and a drag answered (the drop checked by the allocation's rules and the
 * chart drawn again). Asserted: a squadron dragged by the mouse lands in the box in the draft, a
 * drag the rules refuse (out of range) leaves it where it was with the reason, and no page error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "node:http";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { buildTestPage, launchChromium, serveDir } from "./serve";

const RUNS = 40;

let dir = "";
let server: Server | undefined;
let browser: Browser | undefined;
let page: Page;
const problems: string[] = [];

interface ChartApi {
  draw(): number;
  drawAll(): number;
  where(id: string): string | null;
  ready(): string[];
  weapon(id: string): string | null;
  setTarget(zone: string): void;
  counters(): number;
  lastDrop(): number;
  refusals(): string[];
}
declare const nobcChart: ChartApi;

beforeAll(async () => {
  dir = await buildTestPage("chart-page.ts", "chart.js", "nobc-chart-");
  writeFileSync(
    join(dir, "face.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#dbe6f7"/><path d="M20 4 L24 18 L36 22 L24 24 L22 34 L26 36 L14 36 L18 34 L16 24 L4 22 L16 18 Z" fill="#1f4e9c"/></svg>`,
  );
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><link rel="stylesheet" href="styles/nobc.css"></head>
<body><div class="nobc" id="chart" style="width: 900px; font-family: sans-serif; font-size: 16px"></div><script type="module" src="chart.js"></script></body></html>`,
  );
  const served = await serveDir(dir);
  server = served.server;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 1400 } });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  await page.goto(`http://127.0.0.1:${served.port}/index.html`, { waitUntil: "networkidle" });
  await page.waitForFunction(() => "nobcChart" in window);
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
  if (dir !== "") rmSync(dir, { recursive: true, force: true });
});

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median_ms: Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(2)),
    min_ms: Number(sorted[0]!.toFixed(2)),
    max_ms: Number(sorted.at(-1)!.toFixed(2)),
    n: sorted.length,
  };
};

describe("the Air War chart at 240 squadrons in Chromium", () => {
  it("is drawn, dragged on with the mouse and measured (printed), with no page error", async () => {
    expect(await page.evaluate(() => nobcChart.counters())).toBe(30);
    const one = await page.evaluate((runs) => {
      for (let i = 0; i < runs; i++) nobcChart.draw();
      return Array.from({ length: runs }, () => nobcChart.draw());
    }, RUNS);
    const all = await page.evaluate((runs) => Array.from({ length: runs }, () => nobcChart.drawAll()), 10);

    // A ready squadron of North's NATO chart (TFS 0, range 1, at airbase North nato 0), dragged by the
    // mouse onto the Air Superiority box, back onto its airbase, and again.
    const id = await page.evaluate(() => nobcChart.ready()[0]!);
    expect(id).toBe("Actor.s0");
    const drags: number[] = [];
    for (let i = 0; i < 6; i++) {
      const box = i % 2 === 0 ? "airSuperiority" : "airbase:Actor.bnatoNorth0";
      await page.dragAndDrop(`[data-squadron="${id}"]`, `[data-drop-box="${box}"]`);
      expect(await page.evaluate((s) => nobcChart.where(s), id)).toBe(box);
      drags.push(await page.evaluate(() => nobcChart.lastDrop()));
    }
    // An AAM card dragged onto its counter, now in the Air Superiority box.
    await page.dragAndDrop(`[data-squadron="${id}"]`, `[data-drop-box="airSuperiority"]`);
    await page.dragAndDrop(`[data-weapon="aam"]`, `[data-squadron="${id}"]`);
    expect(await page.evaluate((s) => nobcChart.weapon(s), id)).toBe("aam");
    await page.dragAndDrop(`[data-squadron="${id}"]`, `[data-drop-box="airbase:Actor.bnatoNorth0"]`);
    // Out of range: South is 2 zones from North, and TFS 0 has range 1.
    await page.evaluate(() => nobcChart.setTarget("South"));
    const far = id;
    const before = await page.evaluate((s) => nobcChart.where(s), far);
    await page.dragAndDrop(`[data-squadron="${far}"]`, `[data-drop-box="airSuperiority"]`);
    expect(await page.evaluate((s) => nobcChart.where(s), far)).toBe(before);
    expect((await page.evaluate(() => nobcChart.refusals())).join(" ")).toContain("range 1");
    expect(await page.locator(".air-refusals").count()).toBeGreaterThan(0);

    console.log(
      JSON.stringify({
        name: "air-chart-chromium",
        squadrons: 240,
        zones: 4,
        one_chart: stats(one),
        eight_charts: stats(all),
        drag_answered: stats(drags),
      }),
    );
    expect(problems).toEqual([]);
  });
});
