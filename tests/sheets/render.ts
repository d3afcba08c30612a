/**
 * Renders the fixture sheets with real Handlebars and the stand-in helpers (tests and gallery share
 * it), in one language: English by default, or any lang tree and its tag (German, the pseudo-locale).
 * The contexts are built with the same words the templates are rendered with.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { createHandlebars, registerPartials, type HelperStandIns, type Lang } from "../harness/handlebars-helpers";
import { localizeBreakdown } from "../../src/view/breakdown";
import { fixtureDialogs, fixtureSheets } from "./fixtures";
import { galleryAreas } from "../gallery/index";
import { sheetWindowOf } from "../../src/view/sheet-windows";

export function listTemplates(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".hbs")) out.push(relative(root, full).split("\\").join("/"));
    }
  };
  walk(root);
  return out.sort();
}

export interface RenderedSheet {
  readonly id: string;
  readonly title: string;
  readonly classes: string;
  readonly html: string;
  /** What the entry was built from, when it says (names and notes the fixtures supply). */
  readonly data?: readonly unknown[];
  /** A sheet's default window (src/view/sheet-windows.ts): the gallery frames the sheet at that size. */
  readonly window?: { readonly width: number; readonly height: number };
}

export interface RenderLanguage {
  /** The lang tree; lang/en.json of `repo` when left out. */
  readonly lang?: Lang;
  /** Its BCP 47 tag ("en", "de", "en-XA"). */
  readonly tag?: string;
  /** Only these areas of the game-loop gallery (tests/gallery/index.ts `galleryAreas`); all when left out. */
  readonly areas?: readonly string[];
}

export interface RenderedGallery {
  readonly env: HelperStandIns;
  readonly sources: Readonly<Record<string, string>>;
  readonly sheets: readonly RenderedSheet[];
  readonly dialogs: readonly RenderedSheet[];
}

/** The templates of `repo` (partials registered in `env`) and a function rendering one of them. */
export function templateRenderer(repo: string, env: HelperStandIns) {
  const root = join(repo, "templates");
  const sources = Object.fromEntries(listTemplates(root).map((rel) => [rel, readFileSync(join(root, rel), "utf8")]));
  registerPartials(
    env.hbs,
    Object.fromEntries(
      Object.entries(sources)
        .filter(([rel]) => rel.startsWith("partials/") || rel.includes("/parts/"))
        .map(([rel, src]) => [`systems/nobc/templates/${rel}`, src]),
    ),
  );
  const render = (rel: string, context: object): string => {
    const source = sources[rel];
    if (source === undefined) throw new Error(`no template ${rel}`);
    return env.hbs.compile(source, { strict: false })(context);
  };
  return { sources, render };
}

/** The words of `language` (lang/en.json of `repo` by default) as the templates' helpers and the contexts use them. */
export function languageEnv(repo: string, language: RenderLanguage = {}): HelperStandIns {
  const lang = language.lang ?? (JSON.parse(readFileSync(join(repo, "lang/en.json"), "utf8")) as Lang);
  return createHandlebars(lang, language.tag ?? "en");
}

function windowOf(template: string): { window?: { width: number; height: number } } {
  const found = sheetWindowOf(template);
  return found === undefined ? {} : { window: { width: found.width, height: found.height } };
}

export function renderFixtures(repo: string, language: RenderLanguage = {}): RenderedGallery {
  const env = languageEnv(repo, language);
  const { sources, render } = templateRenderer(repo, env);
  const areas = galleryAreas.filter((a) => language.areas?.includes(a.area) ?? true);
  const sheets: RenderedSheet[] = [...fixtureSheets(), ...areas.flatMap((a) => a.entries(env))].map((f) => ({
    id: f.id,
    title: f.title,
    classes: f.classes,
    html: render(f.template, f.context),
    ...(f.data === undefined ? {} : { data: f.data }),
    ...windowOf(f.template),
  }));
  const dialogs: RenderedSheet[] = fixtureDialogs().map((d) => ({
    id: d.id,
    title: d.title,
    classes: "dialog",
    html: render("dialog/breakdown.hbs", localizeBreakdown(d.context, env)),
    data: d.data,
  }));
  return { env, sources, sheets, dialogs };
}
