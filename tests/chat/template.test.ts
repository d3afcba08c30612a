import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, registerPartials, type Lang } from "../harness/handlebars-helpers";
import { CARD_FOLD_AT, cardInputOf, resolutionCardContext } from "../../src/chat/context";
import { CARD_PARTIALS } from "../../src/chat/render";
import { groundCombatText } from "../../src/chat/ground-combat-text";
import { resplit } from "../../src/chat/splits";
import { planEffects } from "../../src/effects/apply";
import { GALLERY_REFS as R, NAMES, resolveCombat } from "./combat-fixture";
import { cardEntries } from "../gallery/cards";

const repo = resolve(__dirname, "../..");
const lang = JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang;
const source = readFileSync(resolve(repo, "templates/chat/resolution-card.hbs"), "utf8");
const names: Record<string, string> = { "Actor.u1": "3 Pz Bde", "Actor.u2": "11 ACR" };
const parts = readdirSync(resolve(repo, "templates/chat/parts")).map((f) => `systems/nobc/templates/chat/parts/${f}`);

/** A Handlebars environment with the card's partials registered under their served paths, as Foundry does. */
function cardHandlebars() {
  const env = createHandlebars(lang);
  registerPartials(env.hbs, Object.fromEntries(parts.map((p) => [p, readFileSync(resolve(repo, p.replace("systems/nobc/", "")), "utf8")])));
  return env;
}

describe("resolution card template (real Handlebars)", () => {
  const env = cardHandlebars();
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
      notes: [
        {
          key: "NOBC.EffectNote.retreat",
          data: { name: "11 ACR", hexes: 1, actor: "Actor.u2", type: "retreat", count: 1 },
          effect: { type: "retreat", actor: "Actor.u2", hexes: 1 },
        },
      ],
    },
    (ref) => names[ref] ?? ref,
    env,
  );
  const html = env.hbs.compile(source)(view);

  it("groups the changes under each document's name, in order", () => {
    expect(view.documents.map((d) => [d.name, d.changes.length])).toEqual([
      ["3 Pz Bde", 2],
      ["11 ACR", 2],
    ]);
    expect(view.other).toHaveLength(1);
    expect(view.total).toBe("+2");
  });

  it("renders the modifiers with sources, the dice, the result, the changes, the notes and both buttons", () => {
    expect(html).toMatch(/^<div class="nobc nobc-resolution-card state-pending">/);
    // Each citation is the tooltip of its row's label, and read to screen readers from hidden text: no Source column.
    expect(html).toContain('<span class="cited" data-tooltip="NOBC Land War QRS: Terrain Effects">Terrain</span>');
    expect(html).toContain('<cite class="source nobc-visually-hidden" lang="en"> (NOBC Land War QRS: Terrain Effects)</cite>');
    expect(html.match(/<th[ >]/g)).toHaveLength(4); // Step and Value, Total and its sum
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
    for (const key of ["notPending", "notApplied", "notOwner", "notFound", "busy", "notCombat", "notShared", "badSplit", "badRequest"]) {
      env.localize(`NOBC.Chat.Refused.${key}`);
    }
    for (const id of [
      "breakthrough",
      "costlyBreakthrough",
      "costlySuccess",
      "success",
      "heavyFighting",
      "attackBeatenOff",
      "attackStalledEarly",
    ]) {
      env.localize(`NOBC.Chat.Crt.${id}`);
    }
    env.localize("NOBC.Chat.NoGM");
    expect([...env.missing]).toEqual([]);
  });

  it("totals the breakdown unless its values are not one score (each a different squadron's repair)", () => {
    const input = {
      title: "t",
      breakdown: [
        { label: "A", value: 4, source: "s" },
        { label: "B", value: 4, source: "s" },
      ],
      rolls: [3, 6],
    };
    const scored = env.hbs.compile(source)(resolutionCardContext({ ...input, outcome: "o", effects: [], notes: [] }, String, env));
    expect(scored).toContain("<tfoot>");
    expect(scored).toContain("+8");
    const apart = env.hbs.compile(source)(
      resolutionCardContext({ ...input, outcome: "o", effects: [], notes: [], noTotal: true }, String, env),
    );
    expect(apart).not.toContain("<tfoot>");
    expect(apart).not.toContain("+8");
    // Each line is a score of its own, not a modifier: written "4", not "+4".
    expect(scored.match(/<td class="num">([^<]*)<\/td>/g)).toEqual(['<td class="num">+4</td>', '<td class="num">+4</td>']);
    expect(apart.match(/<td class="num">([^<]*)<\/td>/g)).toEqual(['<td class="num">4</td>', '<td class="num">4</td>']);
  });

  it("says so when nothing changes", () => {
    const empty = resolutionCardContext({ title: "t", breakdown: [], rolls: [], outcome: "none", effects: [], notes: [] }, String, env);
    expect(env.hbs.compile(source)(empty)).toContain("hint");
  });
});

describe("the card family: inputs, table row, split editors, state", () => {
  const env = cardHandlebars();
  const render = env.hbs.compile(source);
  const combat = resolveCombat(R, 3);
  const refName = (ref: string) =>
    Object.entries(R)
      .map(([k, v]): [unknown, string] => [v, NAMES[k as keyof typeof NAMES]])
      .find(([v]) => v === ref)?.[1] ?? ref;
  const text = groundCombatText(combat, env);
  const display = {
    title: "Ground combat at T",
    inputs: [
      { label: "Attackers", value: "1st Gds Tank Div, 35th MR Div" },
      { label: "Terrain", value: "Woods" },
    ],
    breakdown: combat.resolution.breakdown,
    rolls: combat.resolution.rolls,
    ...text,
  };
  const card = {
    effects: combat.resolution.effects,
    state: "pending" as const,
    display,
    groundCombat: { plan: combat.plan, outcome: combat.outcome, splits: {} },
  };

  it("loads every part it uses on init", () => {
    expect([...CARD_PARTIALS].sort()).toEqual([...parts].sort());
  });

  it("shows the result and the changes first; the split editors and the inputs, modifiers, die and CRT row fold away", () => {
    const html = render(resolutionCardContext(cardInputOf(card, []), refName, env));
    const at = (needle: string) => html.indexOf(needle);
    // The procedure's name is the kicker; the headline says the result, with the defenders by name.
    const result = at(
      `<h3 class="card-title">Attack beaten off: ${NAMES.bde}, ${NAMES.acr} hold — attackers 3 hits shared, defenders 2 hits shared</h3>`,
    );
    expect(result).toBeGreaterThan(at('<p class="card-kicker">Ground combat at T</p>'));
    expect(at('<p class="card-kicker">')).toBeGreaterThan(-1);
    expect(at("<strong>1st Gds Tank Div</strong>")).toBeGreaterThan(result);
    expect(at('<fieldset class="card-split"')).toBeGreaterThan(at("<strong>1st Gds Tank Div</strong>"));
    // Two closed <details> (no `open`), their summaries in words from the lang file: the split editors, then the breakdown.
    expect(html.match(/<details[^>]*>/g)).toEqual(['<details class="card-split-fold">', '<details class="card-details">']);
    expect(html).toContain("<summary>Change the split of the shared hits</summary>");
    expect(html).toContain("<summary>How it was worked out</summary>");
    expect(at('<fieldset class="card-split"')).toBeGreaterThan(at('<details class="card-split-fold">'));
    const folded = html.slice(at('<details class="card-details">'), html.indexOf("</details>", at('<details class="card-details">')));
    expect(at('<details class="card-details">')).toBeGreaterThan(html.lastIndexOf("</fieldset>"));
    const inFold = (needle: string) => folded.indexOf(needle);
    expect(inFold("<dt>Attackers</dt><dd>1st Gds Tank Div, 35th MR Div</dd>")).toBeGreaterThan(0);
    expect(inFold("Defending hex terrain: woods")).toBeGreaterThan(inFold("<dd>Woods</dd>"));
    expect(inFold('<span class="die">3</span>')).toBeGreaterThan(inFold("Defending hex terrain"));
    expect(inFold("Combat Results Table, score 2: row ≤ 4, no minefield")).toBeGreaterThan(inFold('<span class="die">3</span>'));
    expect(inFold("Attack beaten off")).toBe(-1);
    expect(at('<p class="card-state">')).toBeGreaterThan(html.lastIndexOf("</details>"));
    expect([...env.missing]).toEqual([]);
  });

  it("has nothing to fold when there are no inputs, modifiers, dice or table row", () => {
    const bare = render(
      resolutionCardContext({ title: "t", breakdown: [], rolls: [], outcome: "done", effects: [], notes: [] }, String, env),
    );
    expect(bare).not.toContain("<details");
    expect(bare).toContain("done");
  });

  it("renders one editor per shared side: each unit, its strength and its hits as a number input, and Save", () => {
    const html = render(resolutionCardContext(cardInputOf(card, []), refName, env));
    expect(html.match(/<fieldset class="card-split"/g)).toHaveLength(2);
    expect(html).toContain("Attackers: 3 hits shared between all");
    expect(html).toContain("Defenders: 2 hits shared between all");
    expect(html).toContain(`value="2" data-nobc-split="attackers" data-actor="${R.gds}"`);
    expect(html).toContain(`value="1" data-nobc-split="defenders" data-actor="${R.acr}"`);
    expect(html).toContain('max="3"');
    expect(html).not.toContain(NAMES.art); // artillery takes no hits: not in the editor, not in the changes
    expect(html.match(/data-nobc-card="split" data-side="(attackers|defenders)">Save split/g)).toHaveLength(2);
  });

  it("after a split the editor holds it and the changes list shows it", () => {
    const next = resplit(card.groundCombat, "attackers", [
      { actor: R.gds, hits: 0 },
      { actor: R.mr, hits: 3 },
    ]);
    if (!next.ok) throw new Error("refused");
    const html = render(
      resolutionCardContext(cardInputOf({ ...card, effects: next.value.effects, groundCombat: next.value.card }, []), refName, env),
    );
    expect(html).toContain(`value="0" data-nobc-split="attackers" data-actor="${R.gds}"`);
    expect(html).toContain("35th MR Div takes 3 hit");
    expect(html).not.toContain("<strong>1st Gds Tank Div</strong>");
  });

  it("an applied card greys out Apply and shows each split as text, with no input, hint or Save; a reverted one greys out both buttons", () => {
    const applied = render(resolutionCardContext(cardInputOf({ ...card, state: "applied" }, []), refName, env));
    expect(applied).toContain("nobc-resolution-card state-applied");
    expect(applied).toContain("Applied.");
    expect(applied).toContain('data-nobc-card="apply" disabled');
    expect(applied).toContain('data-nobc-card="undo">');
    expect(applied).not.toContain("<fieldset");
    expect(applied).not.toContain("card-split-fold");
    expect(applied).not.toContain("<input");
    expect(applied).not.toContain('data-nobc-card="split"');
    expect(applied).not.toContain(env.format("NOBC.Chat.Split.Hint", { total: "3" }));
    // Each side's split as one line of text: 2 hits on the tank division, 1 on the rifle division; 2 on the brigade, 0 on the cavalry.
    expect(applied).toContain(
      '<p class="card-split-text" data-side="attackers"><strong>Attackers: 3 hits shared between all.</strong> 1st Gds Tank Div: 2 hits, 35th MR Div: 1 hit</p>',
    );
    expect(applied).toContain('<p class="card-split-text" data-side="defenders"><strong>Defenders: 2 hits shared between all.</strong>');
    const reverted = render(resolutionCardContext(cardInputOf({ ...card, state: "reverted" }, []), refName, env));
    expect(reverted).toContain('data-nobc-card="undo" disabled');
    expect(reverted).toContain("Undone.");
  });

  it("shows the write path's map notes (a retreat to move on the map)", () => {
    const retreat = [{ type: "retreat", actor: R.bde, hexes: 1 } as const];
    const snapshot = {
      uuid: R.bde,
      id: "bde",
      documentName: "Actor" as const,
      type: "unit",
      name: NAMES.bde,
      system: { strength: { value: 4, max: 4 } },
    };
    const notes = planEffects(retreat, (uuid) => (uuid === R.bde ? snapshot : undefined)).notes;
    const html = render(resolutionCardContext(cardInputOf({ ...card, effects: retreat }, notes), refName, env));
    expect(html).toContain("To do on the map");
  });
});

describe("gallery cards", () => {
  it("are four resolution cards built from real resolutions, and the stacking card, worded with no missing key", () => {
    const cardI18n = createHandlebars(lang);
    const cardGallery = cardEntries(cardI18n);
    expect(cardGallery.map((c) => [c.id, (c.context as { state: string }).state])).toEqual([
      ["card-combat-pending", "pending"],
      ["card-combat-applied", "applied"],
      ["card-reverted", "reverted"],
      ["card-inputs", "pending"],
      ["card-stacking-end", undefined],
    ]);
    const pending = cardGallery[0]!.context as { splits: { side: string; rows: { hits: number }[] }[]; inputs: unknown[] };
    expect(pending.splits.map((s) => [s.side, s.rows.map((r) => r.hits)])).toEqual([
      ["attackers", [2, 1]],
      ["defenders", [2, 0]],
    ]);
    expect(pending.inputs).toHaveLength(3);
    expect([...cardI18n.missing]).toEqual([]);
  });
});

describe("a card of many changes (real Handlebars)", () => {
  it("shows a summary line in a closed <details> and writes no list, up to CARD_FOLD_AT documents listing them as before", () => {
    const env = cardHandlebars();
    const card = (documents: number) =>
      resolutionCardContext(
        {
          title: "Movement",
          breakdown: [],
          rolls: [],
          outcome: "",
          effects: Array.from({ length: documents }, (_, i) => ({ type: "movementPoints" as const, actor: `Actor.u${i}`, value: 4 })),
          notes: [],
        },
        (ref) => ref,
        env,
      );
    const folded = card(400);
    expect(folded.fold).toBe("400 changes: show the list");
    expect(folded.documents).toEqual([]);
    const html = env.hbs.compile(source)(folded);
    expect(html).toContain('<details class="card-fold"><summary>400 changes: show the list</summary></details>');
    expect(html).not.toContain("card-documents");
    expect(html).not.toContain("<li>");
    const listed = card(CARD_FOLD_AT);
    expect(listed.fold).toBeNull();
    expect(env.hbs.compile(source)(listed)).toContain('<ul class="card-documents">');
    expect(env.missing).toEqual(new Set());
  });
});
