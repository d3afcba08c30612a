/**
 * A side's card under double-blind (src/chat/side-card.ts), from real resolutions: a ground combat with
 * support on both sides, a rear-area attack, an air combat and a move. Each side's card holds its own
 * lines and changes in full, the enemy's lines as one total unless they name identified pieces only,
 * and no id at all; the sweep (tests/sweep/leaks.ts) finds no name, id, hex or strength of an enemy
 * piece the side does not know in the card's JSON or its rendered HTML.
 */
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { land } from "../../src/rules/index";
import { scriptedDice } from "../../src/rules/dice";
import { unwrap, type Resolution } from "../../src/rules/resolution";
import { resolveAirCombat } from "../../src/rules/nobc/air";
import { rearAreaAttack } from "../../src/rules/nobc/land/rear-area";
import type { Sight } from "../../src/rules/nobc/knowledge/view";
import type { GroundCombatInput } from "../../src/rules/nobc/land/combat";
import type { LandHq, LandUnit, Side, SupportCard } from "../../src/rules/nobc/land/types";
import { langFileWording } from "../../src/words/phrase";
import { concernedSides, sideCardView, type SideCardSource, type SideDoc } from "../../src/chat/side-card";
import { readSideCard, sideCardContext } from "../../src/chat/side-card-context";
import { createHandlebars, registerPartials, type Lang } from "../harness/handlebars-helpers";
import { findLeaks, secretsFor, type TruthDoc } from "../sweep/leaks";
import { squadron, wp } from "../rules/air/fixtures";

const repo = resolve(__dirname, "../..");
const lang = JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang;
const words = langFileWording(lang);

/** The card's HTML as a player's client shows it (real Handlebars, the card's partials). */
function html(view: ReturnType<typeof sideCardView>, side: Side): string {
  const env = createHandlebars(lang);
  const parts = readdirSync(resolve(repo, "templates/chat/parts")).map((f) => `systems/nobc/templates/chat/parts/${f}`);
  registerPartials(env.hbs, Object.fromEntries(parts.map((p) => [p, readFileSync(resolve(repo, p.replace("systems/nobc/", "")), "utf8")])));
  const template = env.hbs.compile(readFileSync(resolve(repo, "templates/chat/side-card.hbs"), "utf8"));
  const data = readSideCard({ side, link: "k1", state: "pending", view: JSON.parse(JSON.stringify(view)) });
  expect(data).toBeDefined();
  const out = template(sideCardContext(data!, env));
  expect([...env.missing]).toEqual([]);
  return out;
}

const unitBase = { size: "division", arm: "armour", mode: "combat", supply: 2, nationality: "SU" } as const;
const U = {
  gds: { ...unitBase, id: "Actor.gdsA1b2", side: "wp", name: "1st Gds Tank Div", strength: 8, hex: "0403" },
  mr: { ...unitBase, id: "Actor.mrC3d4", side: "wp", name: "35th MR Div", arm: "motorRifle", strength: 5, hex: "0404" },
  bde: {
    ...unitBase,
    id: "Actor.bdeE5f6",
    side: "nato",
    name: "2nd Bde 3rd Armd",
    size: "brigade",
    strength: 4,
    hex: "0303",
    nationality: "US",
  },
  acr: {
    ...unitBase,
    id: "Actor.acrG7h8",
    side: "nato",
    name: "11th ACR",
    size: "brigade",
    arm: "recce",
    strength: 3,
    hex: "0303",
    nationality: "US",
  },
} satisfies Record<string, LandUnit>;
const hqOf = (id: string, side: Side, name: string, hex: string): LandHq => ({
  id,
  side,
  name,
  echelon: "army",
  level: 4,
  maxLevel: 5,
  radius: 6,
  nationality: side === "wp" ? "SU" : "US",
  hex,
  mayRecover: true,
});
const wpHq = hqOf("Actor.hqWp9", "wp", "8th Gds Army", "0606");
const natoHq = hqOf("Actor.hqNa7", "nato", "V Corps", "0101");
const wpCard: SupportCard = { id: "Actor.hqWp9.Item.cWp1", side: "wp", category: "combatModifier", value: 2, hq: wpHq.id };
const cas = { id: "Actor.sqNa3", name: "F-16 Wing", side: "nato" as const, value: 1 };

const piece = (u: LandUnit | LandHq): SideDoc => ({ ref: u.id, side: u.side, name: u.name, kind: "piece" });
const DOCS: SideDoc[] = [
  ...Object.values(U).map(piece),
  piece(wpHq),
  piece(natoHq),
  { ref: wpCard.id, side: "wp", name: "Tank Reserve", kind: "card" },
  { ref: cas.id, side: "nato", name: cas.name, kind: "squadron" },
];
const TRUTH: TruthDoc[] = [
  ...Object.values(U).map((u) => ({ ref: u.id, side: u.side, name: u.name, hex: u.hex, strength: u.strength })),
  ...[wpHq, natoHq].map((h) => ({ ref: h.id, side: h.side, name: h.name, hex: h.hex, strength: h.level })),
  { ref: wpCard.id, side: "wp", name: "Tank Reserve" },
  { ref: cas.id, side: "nato", name: cas.name },
];

function groundCombat(): { source: SideCardSource; resolution: Resolution<unknown> } {
  const input: GroundCombatInput = {
    attackerSide: "wp",
    target: "0303",
    terrain: ["woods"],
    minefield: false,
    units: Object.values(U),
    adjacency: { "0303": ["0403", "0404"], "0403": ["0404"] },
    attackers: [U.gds.id, U.mr.id],
    support: [
      { hq: wpHq, distance: 2, cards: [wpCard] },
      { hq: natoHq, distance: 2, cas: [cas] },
    ],
  };
  const plan = unwrap(land.planGroundCombat(input));
  const resolution = unwrap(land.groundCombat(input, scriptedDice([6])));
  return {
    resolution,
    source: {
      title: "Ground combat on hex 0303",
      breakdown: resolution.breakdown,
      rolls: resolution.rolls,
      effects: resolution.effects,
      groundCombat: { plan, outcome: resolution.outcome },
      acting: "wp",
    },
  };
}

/** The side card's JSON and HTML swept for what `side` may not know. */
function sweep(
  view: ReturnType<typeof sideCardView>,
  side: Side,
  sights: ReadonlyMap<string, Sight>,
  allowedHexes: string[] = [],
): string[] {
  const secrets = secretsFor(TRUTH, side, sights, { allowedHexes });
  return [...findLeaks(view, secrets), ...findLeaks(html(view, side), secrets)];
}

const NONE = new Map<string, Sight>();
const face = (u: LandUnit) => ({ kind: "unit" as const, name: u.name, size: u.size, arm: u.arm, nationality: u.nationality });

describe("a ground combat's side cards", () => {
  const { source, resolution } = groundCombat();

  it("concerns both sides", () => {
    const sideOf = (ref: string) => DOCS.find((d) => d.ref === ref)?.side ?? null;
    expect(concernedSides(source, sideOf)).toEqual(["nato", "wp"]);
  });

  it("the defender reads its own CAS in full and the attacker's card as one total; nothing of the unknown attackers", () => {
    const view = sideCardView(source, "nato", NONE, DOCS, words);
    const cardLine = resolution.breakdown.find((l) => l.text.key === "NOBC.Rules.Land.Combat.CardAttacker")!;
    expect(view.enemyTotal).toEqual({ value: cardLine.value, count: 1 });
    expect(view.lines.map((l) => l.text.key)).toContain("NOBC.Rules.Land.Combat.CasDefender");
    expect(view.lines.map((l) => l.text.key)).not.toContain("NOBC.Rules.Land.Combat.CardAttacker");
    // The score is the same as the GMs' card's: every line counted, the enemy's as their sum.
    expect(view.total).toBe(resolution.breakdown.reduce((s, l) => s + l.value, 0));
    expect(view.lines.reduce((s, l) => s + l.value, 0) + view.enemyTotal!.value).toBe(view.total);
    expect(view.acting).toBe(false);
    expect(sweep(view, "nato", NONE)).toEqual([]);
    const text = html(view, "nato");
    expect(text).toContain("F-16 Wing");
    expect(text).toMatch(/an enemy unit/i);
    expect(text).toContain("The enemy&#x27;s modifier (1 line)");
  });

  it("the attacker reads its own card by name, the defender's CAS as a total; the target hex it attacked is its own knowledge", () => {
    const view = sideCardView(source, "wp", NONE, DOCS, words);
    const text = html(view, "wp");
    expect(text).toContain("Tank Reserve");
    expect(view.enemyTotal).toEqual({ value: -1, count: 1 });
    expect(view.acting).toBe(true);
    expect(sweep(view, "wp", NONE, ["0303"])).toEqual([]);
  });

  it("an identified enemy unit is named by its face; a contact by its hex as known", () => {
    const sights = new Map<string, Sight>([
      [U.gds.id, { kind: "counter", hex: "0403", turn: 1, face: face(U.gds) }],
      [U.mr.id, { kind: "contact", hex: "0404", turn: 1 }],
    ]);
    const view = sideCardView(source, "nato", sights, DOCS, words);
    const text = html(view, "nato");
    expect(text).toContain("1st Gds Tank Div");
    expect(text).toMatch(/an enemy unit at 0404/i);
    expect(text).not.toContain("35th MR Div");
    expect(sweep(view, "nato", sights)).toEqual([]);
  });
});

describe("a rear-area attack's side cards", () => {
  const intel: SupportCard = { id: "Actor.hqWp9.Item.int1", side: "wp", category: "intelligence", value: 0, hq: wpHq.id };
  const recce: SupportCard = { id: "Actor.hqWp9.Item.rec1", side: "wp", category: "airRecce", value: 0, hq: wpHq.id };
  const r = unwrap(
    rearAreaAttack(
      {
        attacker: "wp",
        target: { kind: "hq", hq: natoHq, terrain: ["clear"] },
        identification: [intel, recce],
        strikes: [{ kind: "cas", squadron: "Actor.su24x", name: "Su-24 Regt", value: 4 }],
      },
      scriptedDice([5]),
    ),
  );
  const docs: SideDoc[] = [
    ...DOCS,
    { ref: intel.id, side: "wp", name: "Intelligence", kind: "card" },
    { ref: recce.id, side: "wp", name: "Air Recce", kind: "card" },
    { ref: "Actor.su24x", side: "wp", name: "Su-24 Regt", kind: "squadron" },
  ];
  const source: SideCardSource = {
    title: "Rear-area attack on 0101",
    breakdown: r.breakdown,
    rolls: r.rolls,
    effects: r.effects,
    acting: "wp",
  };

  it("the HQ attacked reads what it lost; the attacker's strikes only as a total and its squadron unnamed", () => {
    const view = sideCardView(source, "nato", NONE, docs, words);
    expect(view.changes.map((c) => c.key)).toContain("NOBC.Effect.hqLevel");
    expect(view.enemyTotal).not.toBeNull();
    const secrets = secretsFor([...TRUTH, { ref: "Actor.su24x", side: "wp", name: "Su-24 Regt" }], "nato", NONE);
    expect([...findLeaks(view, secrets), ...findLeaks(html(view, "nato"), secrets)]).toEqual([]);
  });

  it("the attacker reads its strikes in full and the HQ it hit as an enemy unit it has not identified", () => {
    const view = sideCardView(source, "wp", NONE, docs, words);
    const text = html(view, "wp");
    expect(text).toContain("Su-24 Regt");
    expect(text).not.toContain("V Corps");
    expect(sweep(view, "wp", NONE, ["0101"])).toEqual([]);
  });
});

describe("an air combat's side cards", () => {
  const inBox = { box: "airSuperiority" } as const;
  const mig = wp("Actor.mig29r", { ...inBox, airToAir: 3, name: "MiG-29 Regt" });
  const eagle = squadron("Actor.f15w", { ...inBox, airToAir: 4, name: "F-15 Wing" });
  const r = unwrap(resolveAirCombat({ squadrons: [mig, eagle], bouts: [{ wp: mig.id, nato: eagle.id }] }, scriptedDice([3, 4])));
  const docs: SideDoc[] = [
    { ref: mig.id, side: "wp", name: mig.name, kind: "squadron" },
    { ref: eagle.id, side: "nato", name: eagle.name, kind: "squadron" },
  ];
  const truth: TruthDoc[] = docs.map((d) => ({ ref: d.ref, side: d.side, name: d.name }));
  const source: SideCardSource = {
    title: "Air superiority, north",
    breakdown: r.breakdown,
    rolls: r.rolls,
    effects: r.effects,
    acting: "nato",
  };

  it("each side reads its own squadron's fire and damage, the enemy's squadron only as an enemy squadron", () => {
    for (const side of ["nato", "wp"] as const) {
      const view = sideCardView(source, side, NONE, docs, words);
      const own = side === "nato" ? eagle.name : mig.name;
      const text = html(view, side);
      expect(text).toContain(own);
      expect(text).toMatch(/an enemy squadron/i);
      const secrets = secretsFor(truth, side, NONE);
      expect([...findLeaks(view, secrets), ...findLeaks(text, secrets)]).toEqual([]);
    }
  });
});

describe("a move's and a retreat's side cards", () => {
  it("the moving side reads its move in full; no id is kept", () => {
    const source: SideCardSource = {
      title: "Move",
      breakdown: [],
      rolls: [],
      effects: [{ type: "moved", actor: U.bde.id, path: ["0302", "0301"], from: "0303" }],
      acting: "nato",
    };
    const sideOf = (ref: string) => DOCS.find((d) => d.ref === ref)?.side ?? null;
    expect(concernedSides(source, sideOf)).toEqual(["nato"]);
    const view = sideCardView(source, "nato", NONE, DOCS, words);
    expect(html(view, "nato")).toContain("2nd Bde 3rd Armd");
    expect(JSON.stringify(view)).not.toContain(U.bde.id);
    expect(sweep(view, "nato", NONE)).toEqual([]);
  });

  it("an enemy's retreat after combat is read as an outcome, by the unit as known; its path is not", () => {
    const source: SideCardSource = {
      title: "Retreat",
      breakdown: [],
      rolls: [],
      effects: [
        { type: "retreat", actor: U.mr.id, hexes: 1 },
        { type: "moved", actor: U.mr.id, path: ["0505"], from: "0404" },
      ],
      acting: "wp",
    };
    const sights = new Map<string, Sight>([[U.mr.id, { kind: "contact", hex: "0404", turn: 1 }]]);
    const view = sideCardView(source, "nato", sights, DOCS, words);
    expect(view.changes.map((c) => c.key)).toEqual(["NOBC.Effect.retreat"]);
    const text = html(view, "nato");
    expect(text).toMatch(/an enemy unit at 0404/i);
    expect(text).not.toContain("0505");
    expect(sweep(view, "nato", sights)).toEqual([]);
  });
});

describe("the sweep itself", () => {
  it("finds in the GMs' card data every id and name the defender's card leaves out", () => {
    const { source } = groundCombat();
    const leaks = findLeaks(source, secretsFor(TRUTH, "nato", NONE));
    for (const what of [`uuid of ${U.gds.id}`, `name of ${U.gds.id}`, `hex of ${U.mr.id}`, `uuid of ${wpCard.id}`])
      expect(leaks.some((l) => l.startsWith(what))).toBe(true);
  });

  it("finds a strength by its key, not any number", () => {
    const secrets = secretsFor(TRUTH, "nato", NONE);
    expect(findLeaks({ strength: 8 }, secrets).some((l) => l.startsWith(`strength of ${U.gds.id}`))).toBe(true);
    expect(findLeaks({ rolls: [8] }, secrets)).toEqual([]);
  });
});

describe("a ground combat's headline for the attacker", () => {
  it("names defenders it cannot tell apart once, the verb agreeing", () => {
    const view = sideCardView(groundCombat().source, "wp", NONE, DOCS, words);
    expect(html(view, "wp")).toContain("Heavy fighting: an enemy unit holds");
  });
});

describe("a document the card knows no side of", () => {
  it("is named by no UUID: neither in a change nor in a text", () => {
    const source: SideCardSource = {
      title: "Air defence of JournalEntry.j1",
      breakdown: [],
      rolls: [],
      effects: [{ type: "airDefence", chart: "Actor.chart9", delta: -1 }],
      acting: "nato",
    };
    const view = sideCardView(source, "nato", NONE, DOCS, words);
    const text = JSON.stringify(view) + html(view, "nato");
    expect(text).not.toMatch(/Actor\.chart9|JournalEntry\.j1/);
    expect(text).toContain("(not named)");
  });
});
