import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, type Lang } from "../harness/handlebars-helpers";
import { resolutionCardContext } from "../../src/chat/context";

const repo = resolve(__dirname, "../..");
const lang = JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang;
const source = readFileSync(resolve(repo, "templates/chat/resolution-card.hbs"), "utf8");
const names: Record<string, string> = { "Actor.u1": "3 Pz Bde", "Actor.u2": "11 ACR" };

describe("resolution card template (real Handlebars)", () => {
  const env = createHandlebars(lang);
  const view = resolutionCardContext(
    {
      title: "Combat at 0405",
      breakdown: [
        { label: "Die", value: 4, source: "seed 000 (NOBC), Land War QRS: Combat Results Table" },
        { label: "Terrain", value: -2, source: "seed 000 (NOBC), Land War QRS: Terrain Effects" },
      ],
      rolls: [4],
      outcome: "Costly breakthrough",
      effects: [
        { type: "hits", actor: "Actor.u1", amount: 2 },
        { type: "mode", actor: "Actor.u1", mode: "march" },
        { type: "retreat", actor: "Actor.u2", hexes: 1 },
        { type: "hits", actor: "Actor.u2", amount: 1 },
        { type: "minefield", hex: "0405", present: true },
      ],
      notes: [{ key: "NOBC.EffectNote.retreat", data: { name: "11 ACR", hexes: 1, actor: "Actor.u2", type: "retreat" }, effect: { type: "retreat", actor: "Actor.u2", hexes: 1 } }],
    },
    (ref) => names[ref] ?? ref,
    env,
  );
  const html = env.hbs.compile(source)(view);

  it("groups the changes under each document's name, in order", () => {
    expect(view.documents.map((d) => [d.name, d.changes.length])).toEqual([["3 Pz Bde", 2], ["11 ACR", 2]]);
    expect(view.other).toHaveLength(1);
    expect(view.total).toBe("+2");
  });

  it("renders the modifiers with sources, the dice, the result, the changes, the notes and both buttons", () => {
    expect(html).toMatch(/^<div class="nobc nobc-resolution-card" data-state="pending">/);
    expect(html).toContain("Land War QRS: Terrain Effects");
    expect(html).toContain('<span class="die">4</span>');
    expect(html).toContain("Costly breakthrough");
    expect(html).toContain("<strong>11 ACR</strong>");
    expect(html).toContain("March Mode");
    expect(html).toContain('data-nobc-card="apply"');
    expect(html).toContain('data-nobc-card="undo"');
    expect(html.match(/<li>/g)!.length).toBeGreaterThanOrEqual(2 + 3 + 1 + 1);
  });

  it("asks for no lang key en.json lacks", () => {
    for (const state of ["pending", "applied", "reverted"]) env.localize(`NOBC.Chat.State.${state}`);
    for (const key of ["notPending", "notApplied", "notOwner", "notFound", "busy"]) env.localize(`NOBC.Chat.Refused.${key}`);
    env.localize("NOBC.Chat.NoGM");
    expect([...env.missing]).toEqual([]);
  });

  it("says so when nothing changes", () => {
    const empty = resolutionCardContext({ title: "t", breakdown: [], rolls: [], outcome: "none", effects: [], notes: [] }, String, env);
    expect(env.hbs.compile(source)(empty)).toContain("hint");
  });
});
