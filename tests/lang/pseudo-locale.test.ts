/**
 * The proof that every word a player reads comes from the language files (docs/i18n.md): every
 * gallery entry (sheets, confirm dialogs, Land and Air War dialogs, chat cards, tracker states,
 * refused states) rendered with the pseudo-locale, in which every lang string reads ⟦Ŝŏ⟧. Any
 * visible text that, less its ⟦…⟧ segments and the names the fixtures supply, still holds a
 * letter was written by code, not by a lang file. The same for a dialog's refusal notification.
 */
import "../harness/install";
import { describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { harness } from "../harness/foundry";
import { lookupKey } from "../harness/handlebars-helpers";
import { fixtureDialogs, fixtureSheets, type FixtureSheet } from "../sheets/fixtures";
import { languageEnv, templateRenderer } from "../sheets/render";
import { galleryAreas, galleryFixtureData } from "../gallery/index";
import { localizeBreakdown } from "../../src/view/breakdown";
import { translator } from "../../src/base/foundry";
import { submitDirect } from "../../src/apps/base/submit";
import { ordersController } from "../../src/apps/land/orders/controller";
import { initialOrders } from "../../src/apps/land/orders/state";
import { scriptedDice } from "../../src/rules/dice";
import { world as landWorld } from "../apps/land/fixture";
import { pseudo } from "./languages";
import { OPEN, pseudoString, pseudoTree, withoutPseudo } from "./pseudo";
import { fixtureStrings, untransformed, visibleTexts } from "./visible-text";

const repo = resolve(__dirname, "../..");
const language = pseudo(repo);

/** One text not from the lang files, with the entries it shows in. */
interface Offence {
  readonly text: string;
  readonly entries: Set<string>;
}

/** "id: text" lines, one per text (its entries listed), sorted by the first entry: short enough to read. */
function report(offences: ReadonlyMap<string, Offence>): string[] {
  return [...offences.values()]
    .map((o) => ({ first: [...o.entries].sort()[0]!, line: `${[...o.entries].sort().join(", ")}: ${JSON.stringify(o.text)}` }))
    .sort((a, b) => a.first.localeCompare(b.first) || a.line.localeCompare(b.line))
    .map((o) => o.line);
}

describe("the pseudo-locale", () => {
  it("transforms every string, keeping placeholders, tags, entities and plural groups", () => {
    expect(pseudoString("Orders")).toBe("⟦Ŏŕďéŕš⟧");
    expect(pseudoString("{name} takes {mode}.")).toBe("⟦{name} ŧàķéš {mode}.⟧");
    expect(pseudoString("<strong>Hits</strong> &amp; {count}")).toBe("<strong>⟦Ĥîŧš⟧</strong>⟦ &amp; {count}⟧");
    expect(pseudoTree({ A: { Hits: { one: "{count} hit", other: "{count} hits" } } })).toEqual({
      A: { Hits: { one: "⟦{count} ĥîŧ⟧", other: "⟦{count} ĥîŧš⟧" } },
    });
    expect(withoutPseudo("1st Bde ⟦ŧàķéš ⟦Çŏmbàŧ⟧⟧ now")).toBe("1st Bde  now");
  });

  it("reads what a user sees: text, shown attributes, no citation, script or style", () => {
    const html =
      '<div title="T1"><p>Hello <b>you</b></p><cite class="source" lang="en">seed 000</cite><script>x()</script>' +
      '<button value="B1" aria-label="A1">Go</button><input type="text" value="typed"><img alt="Pic">' +
      '<span class="cited" data-tooltip="seed 001">Terrain</span><span data-tooltip="Tip">x</span></div>';
    expect(visibleTexts(html).map((t) => `${t.where}=${t.text}`)).toEqual([
      "title=T1",
      "text=Hello",
      "text=you",
      "aria-label=A1",
      "value=B1",
      "text=Go",
      "alt=Pic",
      "text=Terrain",
      "data-tooltip=Tip",
      "text=x",
    ]);
  });
});

describe("every visible word of the gallery comes from the language files", () => {
  const env = languageEnv(repo, { lang: language.tree, tag: language.tag });
  const { render } = templateRenderer(repo, env);
  /** Where the gallery could not be built or rendered (a crash is an offence too, listed by area). */
  const failures: string[] = [];
  /** Keys asked for that the language lacks, by the area that built the context or the entry rendered. */
  const missing: string[] = [];
  const noteMissing = (where: string): void => {
    for (const k of env.missing) missing.push(`${where}: ${JSON.stringify(k)}`);
    env.missing.clear();
  };
  const entries: FixtureSheet[] = [];
  const data: unknown[] = [...galleryFixtureData];
  try {
    entries.push(...fixtureSheets());
  } catch (error) {
    failures.push(`sheets: not built: ${String(error)}`);
  }
  for (const area of galleryAreas) {
    env.missing.clear();
    try {
      entries.push(...area.entries(env));
    } catch (error) {
      failures.push(`${area.area}: not built: ${String(error)}`);
    }
    noteMissing(`${area.area} (contexts)`);
  }
  const rendered: { id: string; html: string }[] = [];
  const renderOne = (id: string, html: () => string): void => {
    env.missing.clear();
    try {
      rendered.push({ id, html: html() });
    } catch (error) {
      failures.push(`${id}: not rendered: ${String(error)}`);
    }
    noteMissing(id);
  };
  for (const e of entries) {
    if (e.data !== undefined) data.push(...e.data);
    renderOne(e.id, () => render(e.template, e.context));
  }
  for (const d of fixtureDialogs()) {
    data.push(...d.data);
    renderOne(d.id, () => render("dialog/breakdown.hbs", localizeBreakdown(d.context, env)));
  }
  const check = untransformed(fixtureStrings(data));

  it("builds and renders every entry", () => {
    expect(failures).toEqual([]);
    expect(rendered.length).toBeGreaterThanOrEqual(40);
  });

  it("shows no text that is not pseudo-localized, apart from the fixtures' names", () => {
    const offences = new Map<string, Offence>();
    for (const { id, html } of rendered) {
      for (const { where, text } of visibleTexts(html)) {
        // Foundry localizes a data-tooltip that is a lang key when it shows it.
        const shown = where === "data-tooltip" ? (lookupKey(language.tree, text) ?? text) : text;
        const bad = check(shown);
        if (bad === null) continue;
        const label = where === "text" ? bad : `[${where}] ${bad}`;
        const o = offences.get(label) ?? { text: label, entries: new Set<string>() };
        o.entries.add(id);
        offences.set(label, o);
      }
    }
    const lines = report(offences);
    expect(lines.length, `${lines.length} visible texts are not from the language files:\n${lines.join("\n")}\n`).toBe(0);
  });

  it("asks for no key the language lacks", () => {
    expect(missing).toEqual([]);
  });
});

describe("notifications are written from the language files", () => {
  it("a dialog's refusal (Orders with Combat Mode and no supply point) warns in the pseudo-locale", async () => {
    const words = languageEnv(repo, { lang: language.tree, tag: language.tag });
    const game = harness.game as { i18n: unknown };
    const before = game.i18n;
    game.i18n = words;
    harness.notices.length = 0;
    try {
      const w = landWorld();
      const state = initialOrders(w.field, "Actor.h1");
      const verdict = await ordersController.submit(state, w, translator(), scriptedDice([]));
      expect(verdict.ok).toBe(false);
      await submitDirect({ ok: true }, () => verdict);
    } finally {
      game.i18n = before;
    }
    expect(harness.notices.map((n) => n.level)).toEqual(["warn"]);
    const message = harness.notices[0]!.message;
    const check = untransformed(fixtureStrings([landWorld()]));
    expect(check(message), message).toBeNull();
    // The frame ("Not done: …") and at least one reason, each from the lang file.
    expect(message.split(OPEN).length - 1, message).toBeGreaterThanOrEqual(2);
  });
});
