/**
 * Words in what a player reads, over every sheet, dialog and chat card of the gallery (issue #36).
 * No repository word (finding 7): rendered in English and German, the rules are cited by the
 * documents' names ("NOBC Land War QRS"), never by our seed numbers ("seed 000") or a file of the
 * repository, in text or in a tooltip. German numbers and abbreviations (finding 5): a percentage
 * has a decimal comma, and a counter's supply points are "VP", not "SP".
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { renderFixtures } from "./render";

const repo = resolve(__dirname, "../..");
const de = JSON.parse(readFileSync(join(repo, "lang", "de.json"), "utf8")) as Parameters<typeof renderFixtures>[1] extends infer L
  ? L extends { lang?: infer T }
    ? T
    : never
  : never;

const REPOSITORY_WORDS = /seed \d{3}|rules-decisions\.md|RULES-NOTES/i;

describe("the rules cited in rendered output", () => {
  for (const [language, options] of [
    ["en", {}],
    ["de", { lang: de, tag: "de" }],
  ] as const) {
    it(`name the documents, not the seeds, in every gallery entry (${language})`, () => {
      const { sheets, dialogs } = renderFixtures(repo, options);
      const entries = [...sheets, ...dialogs];
      expect(entries.length).toBeGreaterThan(50);
      const found = entries.flatMap((e) => {
        const hit = REPOSITORY_WORDS.exec(e.html);
        return hit === null ? [] : [`${e.id}: …${e.html.slice(Math.max(0, hit.index - 60), hit.index + 60)}…`];
      });
      expect(found, found.join("\n")).toEqual([]);
      // The documents are still named: the ground-combat card cites the NOBC Land War QRS.
      const combat = entries.find((e) => e.id === "card-combat-pending");
      expect(combat?.html).toContain("NOBC Land War QRS");
    });
  }
});

describe("German numbers and abbreviations in rendered output", () => {
  const { sheets, dialogs } = renderFixtures(repo, { lang: de, tag: "de" });
  const entries = [...sheets, ...dialogs];

  it("writes every percentage with a decimal comma", () => {
    const english = entries.flatMap((e) => [...e.html.matchAll(/\d+\.\d+\s?%/g)].map((m) => `${e.id}: ${m[0]}`));
    expect(english, english.join("\n")).toEqual([]);
    const german = entries.filter((e) => /\d+,\d\s?%/.test(e.html)).map((e) => e.id);
    expect(german.length, "entries with a percentage").toBeGreaterThan(5);
  });

  it("abbreviates supply points as German does (VP), on the unit's counter and the HQ's list", () => {
    const unit = entries.find((e) => e.id === "unit-nato")!;
    expect(unit.html).toMatch(/class="counter-supply"[^>]*>1 VP</);
    const hq = entries.find((e) => e.id === "hq-nato")!;
    expect(hq.html).toMatch(/data-tooltip="NOBC.Unit.Supply">\d+ VP</);
    for (const e of entries) expect(e.html, e.id).not.toMatch(/\d SP</);
  });
});

describe("a card of changes to make by hand (issue #36, finding 6)", () => {
  it("lists them on your map and offers no 'Nothing changes', state or Apply", () => {
    const { sheets } = renderFixtures(repo);
    const cards = sheets.filter((e) => e.id.startsWith("card-playsheet-") && e.html.includes('class="card-by-hand"'));
    expect(cards.length).toBeGreaterThan(3);
    for (const card of cards) {
      expect(card.html, card.id).not.toContain('class="card-changes"');
      expect(card.html, card.id).not.toContain("data-nobc-card");
      expect(card.html, card.id).not.toContain('class="card-state"');
    }
    // A card that writes keeps its list, state and buttons.
    const combat = sheets.find((e) => e.id === "card-combat-pending")!;
    for (const part of ['class="card-changes"', 'data-nobc-card="apply"', 'class="card-state"']) expect(combat.html).toContain(part);
  });
});
