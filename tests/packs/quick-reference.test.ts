/**
 * The quick-reference journals carry the rules' numbers exactly: their tables are compared row by row
 * with the rules core's tables (seed 000, Land War QRS and Air War QRS).
 */
import { describe, expect, it } from "vitest";
import { REPAIR_SCORES, SORTIES_TABLE } from "../../src/rules/nobc/air/index";
import { GROUND_COMBAT_ODDS, GROUND_COMBAT_TERRAIN, REAR_AREA_RESULTS } from "../../src/rules/nobc/land/index";
import { documentsOf } from "./load";

interface Journal {
  name: string;
  pages: { name: string; text: { content: string } }[];
}

const journals = documentsOf<Journal>("rules-reference");

function page(journal: string, name: string): string {
  const html = journals.find((j) => j.name === journal)?.pages.find((p) => p.name === name)?.text.content;
  if (html === undefined) throw new Error(`no page "${name}" in ${journal}`);
  return html;
}

/** The cells of every body row of the page's tables, as plain text. */
function rows(html: string): string[][] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)]
    .map((r) => [...r[1]!.matchAll(/<td>(.*?)<\/td>/g)].map((c) => c[1]!))
    .filter((cells) => cells.length > 0);
}

const LAND = "Land War Quick Reference";
const AIR = "Air War Quick Reference";
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "+0");

describe("Land War quick reference (seed 000, Land War QRS)", () => {
  it("rear-area results table, row by row", () => {
    const table = rows(page(LAND, "3. Rear Area Attacks"));
    expect(table).toHaveLength(REAR_AREA_RESULTS.length);
    REAR_AREA_RESULTS.forEach((r, i) => {
      const [score, hq, unit] = table[i]!;
      expect(score).toBe(Number.isFinite(r.max) ? `${r.min}–${r.max}` : `${r.min}+`);
      expect(unit).toBe(`${r.unitHits} hit${r.unitHits === 1 ? "" : "s"}`);
      if (r.hqBoxes === 0) expect(hq).toBe("No effect");
      else expect(hq).toMatch(new RegExp(`loses ${r.hqBoxes} box`));
      if (r.supportCardsRemoved > 0) expect(hq).toMatch(new RegExp(`${r.supportCardsRemoved} support card`));
    });
  });

  it("Step One odds row", () => {
    const [header, modifiers] = [...page(LAND, "4. Ground Combat").matchAll(/<tr>(.*?)<\/tr>/g)].map((r) =>
      [...r[1]!.matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((c) => c[1]!),
    );
    const fromJournal = header!.slice(1).map((odds, i) => ({ ratio: Number(odds.split(":")[0]), modifier: Number(modifiers![i + 1]) }));
    expect(fromJournal).toEqual([...GROUND_COMBAT_ODDS].reverse());
  });

  it("Step Two terrain modifiers", () => {
    const html = page(LAND, "4. Ground Combat");
    for (const [terrain, value] of Object.entries(GROUND_COMBAT_TERRAIN).filter(([, v]) => v !== 0)) {
      expect(html).toContain(`${terrain[0]!.toUpperCase()}${terrain.slice(1)} ${signed(value)}`);
    }
  });
});

describe("Air War quick reference (seed 000, Air War QRS)", () => {
  it("sortie allotments by air level", () => {
    const table = rows(page(AIR, "5. CAS and deep-strike sorties"));
    const levels = ["contested", "superiority", "supremacy"] as const;
    levels.forEach((level, i) => {
      const { winner, loser } = SORTIES_TABLE[level];
      expect(table[i]!.slice(1).map(Number)).toEqual([winner.cas, winner.recceEw, loser.cas, loser.recceEw]);
    });
  });

  it("repair scores by air force", () => {
    const table = rows(page(AIR, "9. Aircraft repair"));
    const groups = [
      ["us", "uk", "frg", "ca", "fr"],
      ["nl", "be", "dk"],
      ["su", "gdr"],
      ["pl", "cs"],
    ] as const;
    groups.forEach((group, i) => {
      for (const nat of group) expect(Number(table[i]![1]), nat).toBe(REPAIR_SCORES[nat]);
    });
  });
});
