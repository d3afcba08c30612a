/**
 * No repository word in what a player reads (issue #36, finding 7): every sheet, dialog and chat card of
 * the gallery, rendered in English and German, cites the rules by the documents' names ("NOBC Land War
 * QRS"), never by our seed numbers ("seed 000") or a file of the repository, in text or in a tooltip.
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
