/**
 * Remakes the guide's pictures (assets/guide/*.webp) from the gallery's screenshots in tests/artifacts/,
 * which `npm run test:browser` writes. Each picture names the gallery screenshot it shows, so a card or
 * sheet that changed is one command away from its picture in the guide:
 *
 *   npm run test:browser && npm run guide:pictures
 *
 * Named pictures alone are remade from the screenshots a single browser test wrote, e.g.
 *
 *   npx vitest run --config vitest.browser.config.ts tests/browser/double-blind-gallery.test.ts
 *   node scripts/guide-pictures.mjs blind-board-nato.webp
 *
 * Chromium encodes the WebP (a canvas), so no image library is needed. The TypeScript that finds the
 * Chromium is bundled with vite first, as scripts/gallery.mjs does.
 */
import { build } from "vite";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isMain, root } from "./script-paths.mjs";

/** Each guide picture and the gallery screenshot it is made from (tests/browser/gallery.test.ts names them). */
export const GUIDE_PICTURES = {
  "map-terrain.webp": "map-terrain-warnings-light.png",
  "unit-sheet.webp": "unit-nato-light.png",
  "turn-tracker.webp": "tracker-whole-land-light.png",
  "combat-card.webp": "card-combat-pending-light-300.png",
  "combat-planner.webp": "ground-combat-accepted-light.png",
  "blind-board-nato.webp": "blind-board-nato-light.png",
};

const artifacts = join(root, "tests", "artifacts");
const target = join(root, "assets", "guide");

async function launch() {
  const out = join(root, "gallery", ".pictures-build");
  rmSync(out, { recursive: true, force: true });
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    build: {
      ssr: join(root, "tests", "browser", "serve.ts"),
      outDir: out,
      emptyOutDir: true,
      target: "node20",
      rollupOptions: { output: { format: "es", entryFileNames: "serve.mjs" } },
    },
  });
  const { launchChromium } = await import(pathToFileURL(join(out, "serve.mjs")).href);
  return launchChromium();
}

/** Makes the pictures named in `only` (all when empty); each needs its screenshot in tests/artifacts/. */
export async function makeGuidePictures(only = []) {
  const unknown = only.filter((webp) => !Object.hasOwn(GUIDE_PICTURES, webp));
  if (unknown.length > 0) throw new Error(`no guide picture ${unknown.join(", ")}: see GUIDE_PICTURES`);
  const chosen = Object.entries(GUIDE_PICTURES).filter(([webp]) => only.length === 0 || only.includes(webp));
  const missing = chosen.map(([, png]) => png).filter((png) => !existsSync(join(artifacts, png)));
  if (missing.length > 0) throw new Error(`run npm run test:browser first: tests/artifacts/ lacks ${missing.join(", ")}`);
  mkdirSync(target, { recursive: true });
  const browser = await launch();
  try {
    const page = await browser.newPage();
    for (const [webp, png] of chosen) {
      const source = `data:image/png;base64,${readFileSync(join(artifacts, png)).toString("base64")}`;
      const encoded = await page.evaluate(async (src) => {
        // Runs in the page, where the DOM's globals are.
        const { Image, document } = globalThis;
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext("2d").drawImage(img, 0, 0);
        return canvas.toDataURL("image/webp", 0.9);
      }, source);
      if (!encoded.startsWith("data:image/webp;base64,")) throw new Error(`Chromium did not encode ${webp} as WebP`);
      writeFileSync(join(target, webp), Buffer.from(encoded.slice("data:image/webp;base64,".length), "base64"));
      console.log(`${webp} ← ${png}`);
    }
  } finally {
    await browser.close();
  }
}

if (isMain(import.meta.url)) await makeGuidePictures(process.argv.slice(2));
