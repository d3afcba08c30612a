import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { langFileWording, speak, type LangTree } from "../../src/words/phrase";
import { importDialogContext } from "../../src/orbat/context";
import { formatProblem, problem } from "../../src/orbat/problems";
import { phrase } from "../../src/rules/resolution";
import { army, brigade, corps, csv, ids, prepare } from "./helpers";
import { prepareImport } from "../../src/orbat/index";

const hbs = Handlebars.create();
// Foundry's `localize` helper: a key, formatted with the hash when one is given.
hbs.registerHelper("localize", (key: string, options: { hash: Record<string, unknown> }) => {
  const args = Object.entries(options.hash)
    .sort()
    .map(([k, v]) => `${k}:${String(v)}`);
  return args.length > 0 ? `${key}(${args.join(",")})` : key;
});
const render = hbs.compile(readFileSync("templates/orbat/import-dialog.hbs", "utf8"));
const english = langFileWording(JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree);
/** A problem as the dialog shows it: its en.json text, HTML-escaped as Handlebars writes it. */
const shown = (p: Parameters<typeof formatProblem>[0]) => Handlebars.escapeExpression(speak(formatProblem(p), english));
const state = { text: "", rootFolder: "OOB", source: "oob.csv", busy: false };

describe("templates/orbat/import-dialog.hbs", () => {
  it("shows every problem of a refused file and keeps the import button disabled", () => {
    const html = render(
      importDialogContext({ ...state, result: prepare(csv([corps, brigade("X", { strength: "ten" }), brigade("X")])) }, english),
    );
    expect(html).toContain(shown(problem(3, "strength", phrase("NOBC.Orbat.Problem.NotWhole", { value: "ten" }))));
    expect(html).toContain(shown(problem(4, "name", phrase("NOBC.Orbat.Problem.NameTaken", { name: "X", type: "unit", line: "3" }))));
    expect(html).toMatch(/data-action="import"\s+disabled/);
    expect(html).not.toContain("nobc-orbat-preview");
  });

  it("previews a sound file: counts by side, the folder tree, what will be created", () => {
    const html = render(
      importDialogContext({ ...state, result: prepare(csv([corps, army, brigade("3 PzBde", { formation: "1 PzDiv" })])) }, english),
    );
    expect(html).toMatch(/<tr data-type="hq"><th>NOBC.Orbat.Type.hq<\/th><td>1<\/td><td>1<\/td><\/tr>/);
    expect(html).toContain("NOBC.Orbat.WillCreate(actors:3,folders:4,links:1)");
    expect(html).toMatch(/padding-left: 2em"><i class="fa-solid fa-folder"><\/i> 1 PzDiv \(1\)/);
    expect(html).not.toMatch(/data-action="import"\s+disabled/);
  });

  it("shows how the file was read (a Windows-1252 guess) above the preview, and nothing of the kind otherwise", () => {
    const warned = { ...prepare(csv([corps])), warnings: [phrase("NOBC.Orbat.Warning.Windows1252", { names: "Gütersloh" })] };
    const html = render(importDialogContext({ ...state, result: warned }, english));
    expect(html).toContain(`<section class="nobc-orbat-warnings" role="status">`);
    expect(html).toContain(Handlebars.escapeExpression(speak(phrase("NOBC.Orbat.Warning.Windows1252", { names: "Gütersloh" }), english)));
    expect(html).toContain("nobc-orbat-preview");
    expect(render(importDialogContext({ ...state, result: prepare(csv([corps])) }, english))).not.toContain("nobc-orbat-warnings");
  });

  it("shows the empty form before anything is checked, and disables everything while importing", () => {
    expect(render(importDialogContext({ ...state, source: null, result: null }, english))).not.toContain("NOBC.Orbat.Refused");
    const busy = render(importDialogContext({ ...state, busy: true, result: prepare(csv([corps])) }, english));
    expect(busy).toMatch(/data-action="check" disabled/);
  });

  it("lists every change to an actor of the world first; a file the world already matches disables the import", () => {
    const made = prepare(csv([corps]));
    if (!made.ok) throw new Error("refused");
    // The file has no radius column: the world's radius 6 stays; its level 3 becomes the file's 4.
    const system = { ...(made.plan.actors[0]!.system as Record<string, unknown>), radius: 6, level: { value: 3, max: 4 } };
    const world = [{ id: "a1", uuid: "Actor.a1", name: "I Corps", type: "hq", system }];
    const changed = prepareImport(csv([corps, brigade("3 PzBde")]), "csv", { newId: ids(), rootFolder: "OOB", world });
    const html = render(importDialogContext({ ...state, result: changed }, english));
    expect(html).toContain("NOBC.Orbat.WillUpdate(count:1)");
    expect(html).toMatch(/<li data-type="hq"><strong>I Corps<\/strong>\s*<ul><li><code>level<\/code> 3 → 4<\/li><\/ul>/);
    expect(html).toContain("NOBC.Orbat.WillCreate(actors:1,folders:1,links:1)");
    expect(html).not.toMatch(/data-action="import"\s+disabled/);

    const same = prepareImport(csv([corps]), "csv", {
      newId: ids(),
      rootFolder: "OOB",
      world: [{ ...world[0]!, system: { ...system, level: { value: 4, max: 4 } } }],
    });
    const unchanged = render(importDialogContext({ ...state, result: same }, english));
    expect(unchanged).toContain("NOBC.Orbat.Unchanged");
    expect(unchanged).not.toContain("NOBC.Orbat.WillCreate");
    expect(unchanged).toMatch(/data-action="import"\s+disabled/);
  });
});
