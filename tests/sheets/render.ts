/** Renders the fixture sheets with real Handlebars and the stand-in helpers (tests and gallery share it). */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { createHandlebars, registerPartials, type Lang } from "../harness/handlebars-helpers";
import { localizeBreakdown } from "../../src/view/breakdown";
import { fixtureDialogs, fixtureSheets } from "./fixtures";
import { galleryItems } from "../gallery/index";

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
}

export function renderFixtures(repo: string) {
  const lang = JSON.parse(readFileSync(join(repo, "lang/en.json"), "utf8")) as Lang;
  const env = createHandlebars(lang);
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
  const sheets: RenderedSheet[] = [...fixtureSheets(), ...galleryItems].map((f) => ({
    id: f.id,
    title: f.title,
    classes: f.classes,
    html: render(f.template, f.context),
  }));
  const dialogs: RenderedSheet[] = fixtureDialogs().map((d) => ({
    id: d.id,
    title: d.title,
    classes: "dialog",
    html: render("dialog/breakdown.hbs", localizeBreakdown(d.context, env)),
  }));
  return { env, sources, sheets, dialogs };
}
