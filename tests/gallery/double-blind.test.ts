/**
 * The double-blind gallery entries (./double-blind.ts) show what each reader may know and nothing more: each
 * team's board holds its own counters, its markers of the enemy and the minefields it found; Control's holds
 * everything; the team cards and the player's tracker name no enemy piece, card or HQ the side does not know.
 * Read from the rendered HTML, as the gallery shows it.
 */
import { describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { languageEnv, templateRenderer } from "../sheets/render";
import { doubleBlindGallery } from "./double-blind";
import { fitLine } from "../../src/symbols/counter";

const repo = resolve(__dirname, "../..");
const env = languageEnv(repo);
const { render } = templateRenderer(repo, env);
const html = new Map(doubleBlindGallery(env).map((e) => [e.id, render(e.template, e.context)]));
const shown = (id: string) => html.get(id)!;

/** A designation as a counter prints it (fitted to its width), escaped as in the SVG. */
const printed = (name: string) => fitLine(name, 92, 19, 13).text.replaceAll("&", "&amp;");
/** The pieces' counters drawn on a board, by the text along their bottom. */
const counters = (svg: string) => [...svg.matchAll(/<text [^>]*text-anchor="middle"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
const contacts = (svg: string) => (svg.match(/>\?<\/text>/g) ?? []).length;
/** Minefields drawn: each has three mines (src/map/overlay.ts), drawn as circles in the mines group. */
const minefields = (svg: string) => (/<g data-kind="mines">([\s\S]*?)<\/g>/.exec(svg)?.[1]?.match(/<circle /g) ?? []).length / 3;

const NATO = ["2nd Bde, 3rd Armd Div", "11th Armd Cav Regt", "210th FA Bde"];
const WP = ["1st Gds Tank Div", "35th MR Div", "34th Gds Art Div"];

describe("the double-blind gallery's boards", () => {
  it("NATO's: its three units in full, the Guards division identified with the strength shown, one contact, the minefields it has or found", () => {
    const svg = shown("blind-board-nato");
    const names = counters(svg);
    for (const n of NATO) expect(names).toContain(printed(n));
    expect(names).toContain(printed("1st Gds Tank Div"));
    expect(names).not.toContain(printed("35th MR Div"));
    expect(names).not.toContain(printed("34th Gds Art Div"));
    expect(contacts(svg)).toBe(1);
    // Its own in 0201 and the Warsaw Pact's in 0203 next to the brigade; not the one in 0402.
    expect(minefields(svg)).toBe(2);
    expect(svg).not.toContain("8th Guards Army");
  });

  it("the Warsaw Pact's: its three units, NATO's brigade identified, the cavalry a contact; the artillery and V Corps not at all", () => {
    const svg = shown("blind-board-wp");
    const names = counters(svg);
    for (const n of WP) expect(names).toContain(printed(n));
    expect(names).toContain(printed("2nd Bde, 3rd Armd Div"));
    expect(names).not.toContain(printed("11th Armd Cav Regt"));
    expect(names).not.toContain(printed("210th FA Bde"));
    expect(contacts(svg)).toBe(1);
    expect(minefields(svg)).toBe(3);
  });

  it("the Warsaw Pact's where contacts show a count: the contact in 0202 says one piece, the rest as before", () => {
    const svg = shown("blind-board-wp-count");
    expect(contacts(svg)).toBe(1);
    expect(svg).toMatch(/<g class="contact-count">.*?>1<\/text><\/g>/);
    expect(counters(svg.replace(/<g class="contact-count">.*?<\/g>/g, ""))).toEqual(counters(shown("blind-board-wp")));
  });

  it("Control's: every piece of both sides, no marker, every minefield", () => {
    const svg = shown("blind-board-control");
    const names = counters(svg);
    for (const n of [...NATO, ...WP]) expect(names).toContain(printed(n));
    expect(contacts(svg)).toBe(0);
    expect(minefields(svg)).toBe(3);
  });
});

describe("the double-blind gallery's cards and tracker", () => {
  it("NATO's card names the identified division, the motor rifles as a contact, the enemy's card as a total only", () => {
    const card = shown("blind-card-nato");
    expect(card).toContain("1st Gds Tank Div");
    expect(card).not.toContain("35th MR Div");
    expect(card).not.toContain("Tank Reserve");
    expect(card).toContain("F-16 Wing");
    expect(card).toMatch(/an enemy unit at 0303/i);
  });

  it("the Warsaw Pact's card names its own card, NATO's CAS as a total and the cavalry as a contact", () => {
    const card = shown("blind-card-wp");
    expect(card).toContain("Tank Reserve");
    expect(card).not.toContain("F-16 Wing");
    expect(card).not.toContain("11th Armd Cav Regt");
    expect(card).toContain("2nd Bde, 3rd Armd Div");
  });

  it("Control's card names everyone, with Apply", () => {
    const card = shown("blind-card-control");
    for (const n of ["1st Gds Tank Div", "35th MR Div", "2nd Bde, 3rd Armd Div", "11th Armd Cav Regt", "Tank Reserve", "F-16 Wing"])
      expect(card).toContain(n);
  });

  it("a NATO player's tracker lists NATO's HQs and counts the enemy's; Control's lists all", () => {
    for (const id of ["blind-tracker-nato-hqs", "blind-tracker-nato-ready"]) {
      expect(shown(id)).toContain("V (US) Corps");
      expect(shown(id)).not.toContain("8th Guards Army");
      expect(shown(id)).not.toContain("3rd Shock Army");
    }
    expect(shown("blind-tracker-nato-hqs")).toContain("2 HQs in the turn");
    for (const id of ["blind-tracker-control-hqs", "blind-tracker-control-ready"])
      for (const n of ["V (US) Corps", "I (BR) Corps", "8th Guards Army", "3rd Shock Army"]) expect(shown(id)).toContain(n);
  });
});
