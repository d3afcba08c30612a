/**
 * No internal words in what a reader sees (issue #21, 2): every sheet, dialog, card and tracker entry
 * of the gallery, rendered with the real templates in English and German, is read as a browser shows
 * it (text, the shown attributes, and the rule citations too) and fails on a document's UUID
 * ("Actor.h1.Item.e1": the rules name cards by UUID, the reader by name), a field's or an option's
 * name in camel case ("chemicalReleaseConfirmed"; counter names such as "PzBrig" or "MiG-23" start with
 * a capital and are not caught), or a path in the repository ("docs/rules-decisions.md").
 */
import "../harness/install";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { renderFixtures } from "../sheets/render";
import { harness } from "../harness/foundry";
import { speak, withNames, langFileWording, type LangTree } from "../../src/words/phrase";
import { phrase } from "../../src/rules/resolution";
import { translator } from "../../src/base/foundry";
import { shownCitation } from "../../src/view/citation";
import { worldName } from "../../src/chat/render";

const INTERNAL: readonly { readonly kind: string; readonly pattern: RegExp }[] = [
  { kind: "document UUID", pattern: /\b(?:Actor|Item|Scene|JournalEntry|Combat|Macro)\.[A-Za-z0-9]+(?:\.[A-Z][a-z]+\.[A-Za-z0-9]+)*/g },
  { kind: "camel-case name", pattern: /\b[a-z]+(?:[A-Z][a-z]+)+\b/g },
  { kind: "repository path", pattern: /\b(?:docs|src|tests|lang|templates|styles|scripts)\/[\w./-]+/g },
];

/** The text a browser shows of `html`, citations included, with the shown attributes. */
function shown(html: string): string {
  // Foundry localizes a data-tooltip that is a lang key when it shows it: such a key is no visible word.
  const attributes = [...html.matchAll(/\b(title|placeholder|aria-label|alt|data-tooltip)="([^"]*)"/g)]
    .filter((m) => !(m[1] === "data-tooltip" && /^NOBC\.[\w.]+$/.test(m[2]!)))
    .map((m) => m[2]);
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
  return [text, ...attributes].join(" ").replace(/\s+/g, " ");
}

function internalWords(html: string): string[] {
  const text = shown(html);
  return INTERNAL.flatMap(({ kind, pattern }) => [...text.matchAll(pattern)].map((m) => `${kind}: ${m[0]}`));
}

describe("what a reader sees holds no internal words", () => {
  for (const lang of ["en", "de"] as const) {
    it(`every gallery entry in ${lang === "en" ? "English" : "German"}`, () => {
      const tree = JSON.parse(readFileSync(`lang/${lang}.json`, "utf8")) as LangTree;
      const { sheets, dialogs } = renderFixtures(process.cwd(), { lang: tree, tag: lang });
      expect(sheets.length + dialogs.length).toBeGreaterThan(50);
      const found = [...sheets, ...dialogs].flatMap((s) => internalWords(s.html).map((w) => `${s.id}: ${w}`));
      expect(found).toEqual([]);
    });
  }

  it("catches each kind (the check is not blind)", () => {
    expect(internalWords(`<p>SSM card Actor.h1.Item.ssm1</p>`)).toEqual(["document UUID: Actor.h1.Item.ssm1"]);
    expect(internalWords(`<p title="set chemicalReleaseConfirmed">x</p>`)).toEqual(["camel-case name: chemicalReleaseConfirmed"]);
    expect(internalWords(`<cite lang="en">docs/rules-decisions.md: Paradrop</cite>`)).toEqual(["repository path: docs/rules-decisions.md"]);
    expect(internalWords(`<p>34 PzBrig, 1/9 GIAP (MiG-23), JaBoG 31</p>`)).toEqual([]);
  });
});

describe("the names of the documents the rules name by UUID", () => {
  const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree;
  const de = JSON.parse(readFileSync("lang/de.json", "utf8")) as LangTree;

  it("are written in a phrase's data by the wording's names, a list of them too; other text is left alone", () => {
    const words = withNames(
      langFileWording(en),
      new Map([
        ["Actor.h1.Item.e1", "Pioniere"],
        ["Actor.h1.Item.e2", "Brücke"],
      ]),
    );
    const said = (card: string) => speak(phrase("NOBC.Rules.Land.Orders.Minefield", { hex: "0202", card }), words);
    expect(said("Actor.h1.Item.e1")).toBe("Minefield laid in 0202 (card Pioniere discarded)");
    expect(said("Actor.h1.Item.e1, Actor.h1.Item.e2")).toBe("Minefield laid in 0202 (card Pioniere, Brücke discarded)");
    expect(said("Actor.h1.Item.zz")).toBe("Minefield laid in 0202 (card Actor.h1.Item.zz discarded)"); // not known: as it is
    expect(said("Item 7. e1")).toBe("Minefield laid in 0202 (card Item 7. e1 discarded)");
  });

  it("are read from this client's world documents where a dialog or a card is drawn, never from what a UUID fails to name", () => {
    harness.reset();
    const hq = new harness.Actor({ id: "h1", name: "I Corps", type: "hq", system: {} });
    hq.addItem({ id: "e1", name: "Pioniere", type: "supportCard", system: {} });
    const drawn = withNames(translator(), worldName);
    const said = (card: string) => speak(phrase("NOBC.Rules.Land.Orders.Minefield", { hex: "0202", card }), drawn);
    expect(said("Actor.h1.Item.e1")).toContain("Pioniere");
    expect(said("Actor.h1.Item.e9")).toContain("Actor.h1.Item.e9");
    // The plain translator (a refusal answered to another user) names nothing.
    expect(speak(phrase("NOBC.Rules.Land.Orders.Minefield", { hex: "0202", card: "Actor.h1.Item.e1" }), translator())).toContain(
      "Actor.h1.Item.e1",
    );
  });

  it("cite our rulings by name, not by their file", () => {
    expect(shownCitation("docs/rules-decisions.md: Land orders", langFileWording(en))).toBe("nobc rulings: Land orders");
  });

  it("cite the seeds by their documents' names, not by our numbers (issue #36)", () => {
    const words = langFileWording(en);
    expect(shownCitation("seed 000 (NOBC), Land War QRS: 2. Orders", words)).toBe("NOBC Land War QRS: 2. Orders");
    expect(shownCitation("seed 003 (Operational Playsheet), Air-Ground Attacks; docs/rules-decisions.md, Air support", words)).toBe(
      "Operational Playsheet: Air-Ground Attacks; nobc rulings, Air support",
    );
    expect(shownCitation("seed 004 (NQM, 2015 edition), Table 3 (Recce Sequence)", words)).toBe(
      "NQM (2015 edition): Table 3 (Recce Sequence)",
    );
    expect(shownCitation("seed 002 (Team Yankee missions)", words)).toBe("Team Yankee missions");
    // Every seed the rules cite has its name in both languages.
    for (const lang of [en, de]) {
      const w = langFileWording(lang);
      for (const seed of ["000", "001", "002", "003", "004"]) {
        expect(shownCitation(`seed ${seed} (x), y`, w)).not.toMatch(/seed|NOBC\.Source/);
        expect(shownCitation(`seed ${seed} (x)`, w)).not.toMatch(/seed|NOBC\.Source/);
      }
    }
  });
});
