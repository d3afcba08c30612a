/** The planner template with real Handlebars over the gallery's contexts: Roll only when accepted, no missing key. */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, type Lang } from "../../harness/handlebars-helpers";
import { groundCombatEntries } from "../../gallery/ground-combat";

const repo = resolve(__dirname, "../../..");
const lang = JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang;
const env = createHandlebars(lang);
const groundCombatGallery = groundCombatEntries(env);
const template = env.hbs.compile(readFileSync(resolve(repo, "templates/apps/ground-combat.hbs"), "utf8"));
const html = (id: string) => template(groundCombatGallery.find((g) => g.id === id)!.context);
const rollButton = (page: string) => /<button[^>]*data-action="roll"[^>]*>/.exec(page)![0];

describe("ground-combat template", () => {
  it("shows the breakdown, the odds table and an enabled Roll for an accepted plan", () => {
    const page = html("ground-combat-accepted");
    expect(rollButton(page)).not.toContain("disabled");
    expect(page).toContain("Odds: attack 15 (artillery 3) against defence 4, read as 3:1");
    expect(page).toContain("CAS Su-25 Rgt for the attacker");
    expect(page.match(/<tr class="[^"]*">\s*<td>(16\+|12-15|8-11|5-7|4-)<\/td>/g)).toHaveLength(5);
    expect(page).toContain("%");
    expect(page).not.toContain("gc-refusals");
  });

  it("lists every refusal under its group and disables Roll", () => {
    const page = html("ground-combat-refused");
    expect(rollButton(page)).toContain("disabled");
    expect(page).toContain('data-group="attackers"');
    expect(page).toContain("3 MRR is in March Mode; only Combat Mode units can attack.");
    expect(page).toContain('data-group="chemicalReleaseConfirmed"');
    expect(page).toContain('name="chemicalReleaseConfirmed"');
  });

  it("offers terrain boxes, river choices and distance inputs without a map", () => {
    const page = html("ground-combat-no-map");
    expect(page).toContain('name="terrain" value="woods"');
    expect(page).toContain('name="river.0301"');
    expect(page).toContain('name="distance.Actor.gta"');
  });

  it("uses only keys the lang file has", () => {
    for (const g of groundCombatGallery) template(g.context);
    expect([...env.missing]).toEqual([]);
  });
});
