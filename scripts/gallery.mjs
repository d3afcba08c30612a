/**
 * Builds gallery/index.html: every sheet and confirm dialog rendered from the fixture contexts
 * (tests/sheets/fixtures.ts) with the real templates and the real CSS, in the light and dark
 * themes; and, once lang/de.json exists, the main sheets and the chat cards in German (light
 * theme), to see that longer words still fit. The TypeScript is bundled with vite first (no TS
 * runner is installed).
 */
import { build } from "vite";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isMain, root as repo } from "./script-paths.mjs";

const out = join(repo, "gallery");

/** The entries shown in German: the five sheet types (both sides where there are two) and the chat cards. */
const GERMAN_SHEETS = ["unit-nato", "unit-nato-player", "unit-wp", "hq-nato", "hq-wp", "squadron", "airbase", "support-card", "nqm-unit"];
const isGermanEntry = (id) => GERMAN_SHEETS.includes(id) || id.startsWith("card-");
/** A dialog's window: an entry framed as an application, except the board's pictures (drawn on the canvas in Foundry). */
const isDialogEntry = (entry) => {
  const classes = entry.classes.split(/\s+/);
  return classes.includes("application") && !classes.includes("nobc-board");
};

export async function buildGallery() {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    configFile: false,
    root: repo,
    logLevel: "warn",
    build: {
      ssr: join(repo, "tests", "sheets", "render.ts"),
      outDir: join(out, ".build"),
      emptyOutDir: true,
      target: "node20",
      rollupOptions: { output: { format: "es", entryFileNames: "render.mjs" } },
    },
  });
  const { renderFixtures } = await import(pathToFileURL(join(out, ".build", "render.mjs")).href);
  const { sheets, dialogs, env } = renderFixtures(repo);
  if (env.missing.size > 0) throw new Error(`lang keys missing: ${[...env.missing].join(", ")}`);
  const dePath = join(repo, "lang", "de.json");
  const german = existsSync(dePath)
    ? renderFixtures(repo, { lang: JSON.parse(readFileSync(dePath, "utf8")), tag: "de", areas: ["chat cards", "nqm"] }).sheets.filter((s) =>
        isGermanEntry(s.id),
      )
    : null;
  cpSync(join(repo, "styles"), join(out, "styles"), { recursive: true });
  // Foundry ships Font Awesome and every icon button of ours draws one of its solid icons; the free set has them.
  const fa = join(repo, "node_modules", "@fortawesome", "fontawesome-free");
  for (const file of ["css/fontawesome.min.css", "css/solid.min.css", "webfonts/fa-solid-900.woff2"])
    cpSync(join(fa, file), join(out, "fa", file));

  // Foundry serves core icons; the gallery has none, so card art becomes a small inline picture.
  const cardArt =
    "data:image/svg+xml," +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect x="8" y="4" width="24" height="32" rx="3" fill="#ddd" stroke="#333" stroke-width="2"/><path d="M14 14h12M14 20h12M14 26h8" stroke="#333" stroke-width="2"/></svg>',
    );
  const fix = (html) => html.replaceAll(/src="icons\/svg\/[^"]+"/g, `src="${cardArt}"`);

  // A sheet sits in a window of its default size (src/view/sheet-windows.ts), its content scrolling as in Foundry.
  const size = (item) => (item.window ? ` style="width: ${item.window.width}px; height: ${item.window.height}px"` : "");
  const frame = (item, theme, suffix = theme) => `
    <div class="application sheet nobc nobc-app themed theme-${theme} ${item.classes}${item.window ? " sized" : ""}" id="${item.id}-${suffix}" data-sheet="${item.id}" data-theme="${theme}"${size(item)}>
      <header class="window-header"><h1 class="window-title">${item.title}</h1></header>
      <section class="window-content">${fix(item.html)}</section>
    </div>`;
  const dialogFrame = (item, theme) => `
    <div class="application dialog nobc nobc-dialog themed theme-${theme}" id="${item.id}-${theme}" data-sheet="${item.id}" data-theme="${theme}">
      <header class="window-header"><h1 class="window-title">${item.title}</h1></header>
      <section class="window-content">${item.html}
        <footer class="form-footer"><button type="button">Apply</button><button type="button">Cancel</button></footer>
      </section>
    </div>`;

  const section = (theme) => `
  <section class="gallery-theme theme-${theme}">
    <h2>${theme === "dark" ? "Dark" : "Light"} theme</h2>
    <div class="gallery-grid">
      ${sheets.map((s) => frame(s, theme)).join("\n")}
      ${dialogs.map((d) => dialogFrame(d, theme)).join("\n")}
    </div>
  </section>`;

  const germanSection =
    german === null
      ? ""
      : `
  <section class="gallery-theme theme-light" lang="de" id="gallery-de">
    <h2>Deutsch</h2>
    <div class="gallery-grid">
      ${german.map((s) => frame(s, "light", "de")).join("\n")}
    </div>
  </section>`;

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>nobc sheet gallery</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="fa/css/fontawesome.min.css">
<link rel="stylesheet" href="fa/css/solid.min.css">
<link rel="stylesheet" href="styles/nobc.css">
<style>
  /* A plain stand-in for Foundry's window frame, so the sheets sit as they would in the app. */
  body { margin: 0; font-family: "Signika", "Segoe UI", Arial, sans-serif; background: #555; }
  .gallery-theme { padding: 20px; }
  .gallery-theme.theme-dark { background: #0d0e10; color: #eee; }
  .gallery-theme.theme-light { background: #c9c4b8; color: #111; }
  .gallery-grid { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
  .application { width: 760px; border-radius: 8px; overflow: hidden; box-shadow: 0 4px 18px rgba(0,0,0,.6); }
  .application.dialog { width: 560px; }
  .application.sized { display: flex; flex-direction: column; }
  .application.sized > .window-content { flex: 1; min-height: 0; overflow-y: auto; }
  /* Foundry's window header is 36 px tall (its --header-height). */
  .window-header { background: #222; color: #fff; padding: 0 12px; height: 36px; box-sizing: border-box; display: flex; align-items: center; flex: none; }
  .window-title { font-size: 15px; margin: 0; font-weight: 600; }
  .window-content { background: var(--nobc-bg); padding: 0; }
  .dialog .window-content { padding: 12px; color: var(--nobc-ink); }
  .form-footer { display: flex; gap: 8px; margin-top: 12px; }
  .form-footer button { flex: 1; font-size: 16px; min-height: 38px; }
</style>
</head>
<body>
${section("light")}
${section("dark")}
${germanSection}
</body>
</html>
`;
  writeFileSync(join(out, "index.html"), html);
  return {
    file: join(out, "index.html"),
    ids: [...sheets, ...dialogs].map((s) => s.id),
    /** The dialogs among them: every window of a dialog (framed as an application, the board's pictures aside) and the confirm dialogs. */
    dialogIds: [...sheets.filter(isDialogEntry), ...dialogs].map((s) => s.id),
    /** The ids shown in German (framed as `<id>-de`), or null when lang/de.json does not exist yet. */
    germanIds: german === null ? null : german.map((s) => s.id),
  };
}

if (isMain(import.meta.url)) {
  const { file } = await buildGallery();
  console.log(`gallery written to ${file}`);
}
