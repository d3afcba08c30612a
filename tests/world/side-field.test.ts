/**
 * The battlefield as one side knows it (src/world/side-field.ts), the refusals told through a side's
 * sights (src/world/refusal-view.ts) and a move's walk against the truth (src/apps/land/move/encounter.ts),
 * pure, over a battlefield read by `battlefield` from plain documents: NATO's 34 PzBrig and I Corps
 * (with a card), the Warsaw Pact's 1 MRR (identified by NATO, last seen elsewhere), 2 MRR and 3 MRR
 * (located, in one hex), 4 MRR (unknown), 1 GTA (unknown, with a card) and a squadron of each side.
 */
import "../harness/install";
import { describe, expect, it } from "vitest";
import { battlefield, type WorldActor } from "../../src/world/battlefield";
import { sideField, isContactKey } from "../../src/world/side-field";
import { phraseThroughSights, secretsOf, throughSights } from "../../src/world/refusal-view";
import { encounterOf } from "../../src/apps/land/move/encounter";
import { hexAdjacency } from "../../src/effects/families/knowledge";
import { DEFAULT_KNOWLEDGE_OPTIONS, type Knowledge } from "../../src/rules/nobc/knowledge/types";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { phrase } from "../../src/rules/resolution";
import { cardSystem, hqSystem, squadronSystem, unitSystem } from "../apps/ground-combat/fixture";

const SIZE = 100;
const at = (label: string) => hexCentre(offsetOf(label), SIZE);
const unit = (id: string, name: string, side: "nato" | "wp", extra = {}): WorldActor => ({
  uuid: `Actor.${id}`,
  name,
  type: "unit",
  system: unitSystem(side, extra),
});

function world(): WorldActor[] {
  return [
    unit("n34", "34 PzBrig", "nato"),
    {
      uuid: "Actor.icorps",
      name: "I Corps",
      type: "hq",
      system: hqSystem("nato"),
      items: [{ uuid: "Actor.icorps.Item.c1", name: "PAH-1", type: "supportCard", system: cardSystem("nato", "combatModifier", 2, null) }],
    },
    unit("w1", "1 MRR", "wp", { arm: "motorRifle", size: "regiment", strength: { value: 6, max: 6 } }),
    unit("w2", "2 MRR", "wp", { arm: "motorRifle" }),
    unit("w3", "3 MRR", "wp", { arm: "motorRifle" }),
    unit("w4", "4 MRR", "wp", { arm: "motorRifle" }),
    {
      uuid: "Actor.gta",
      name: "1 GTA",
      type: "hq",
      system: hqSystem("wp"),
      items: [
        { uuid: "Actor.gta.Item.c2", name: "Front barrage", type: "supportCard", system: cardSystem("wp", "combatModifier", 1, null) },
      ],
    },
    {
      uuid: "Actor.s1",
      name: "JaBoG 31",
      type: "airSquadron",
      system: squadronSystem("nato", { nationality: "frg", cas: 3, deepStrike: 2 }),
    },
    {
      uuid: "Actor.s2",
      name: "Su-25 Rgt",
      type: "airSquadron",
      system: squadronSystem("wp", { nationality: "su", cas: 3, deepStrike: 1 }),
    },
  ];
}

const field = battlefield({
  actors: world(),
  tokens: [
    { actor: "Actor.n34", ...at("0202") },
    { actor: "Actor.icorps", ...at("0102") },
    { actor: "Actor.w1", ...at("0402") },
    { actor: "Actor.w2", ...at("0303") },
    { actor: "Actor.w3", ...at("0303") },
    { actor: "Actor.w4", ...at("0304") },
    { actor: "Actor.gta", ...at("0502") },
  ],
  gridSize: SIZE,
});

/** NATO identified 1 MRR at 0302 (it has moved on since) with its strength shown after combat; located 2 and 3 MRR at 0303. */
const knowledge: Knowledge = {
  nato: {
    "Actor.w1": {
      level: "identified",
      hex: "0302",
      turn: 2,
      face: { kind: "unit", name: "1 MRR", size: "regiment", arm: "motorRifle", nationality: "su" },
      strength: { value: 5, turn: 2 },
    },
    "Actor.w2": { level: "located", hex: "0303", turn: 2 },
    "Actor.w3": { level: "located", hex: "0303", turn: 2 },
  },
  wp: { "Actor.n34": { level: "located", hex: "0202", turn: 2 } },
};

describe("sideField: the battlefield as a side knows it", () => {
  const { field: seen, sights } = sideField(field, knowledge, "nato");

  it("keeps the side's own units, HQs, cards and squadrons as they are", () => {
    expect(seen.units.filter((u) => u.side === "nato")).toEqual(field.units.filter((u) => u.side === "nato"));
    expect(seen.hqs.filter((h) => h.side === "nato")).toEqual(field.hqs.filter((h) => h.side === "nato"));
    expect(seen.cards.map((c) => c.id)).toEqual(["Actor.icorps.Item.c1"]);
    expect(seen.squadrons.map((s) => s.id)).toEqual(["Actor.s1"]);
  });

  it("an identified enemy stands as its face where the side last saw it, with the strength the rules showed", () => {
    expect(seen.units.filter((u) => u.side === "wp")).toEqual([
      {
        id: "Actor.w1",
        side: "wp",
        name: "1 MRR",
        size: "regiment",
        arm: "motorRifle",
        strength: 5,
        mode: "combat",
        supply: 0,
        hex: "0302",
        nationality: "su",
      },
    ]);
    expect(sights.identified).toEqual(new Set(["Actor.w1"]));
  });

  it("located enemies are one contact per hex, with no id, name or strength; unknown ones are not there at all", () => {
    expect(sights.contacts).toEqual([{ key: "contact:0303", hex: "0303", turn: 2 }]);
    expect(isContactKey(sights.contacts[0]!.key)).toBe(true);
    expect(seen.hqs.map((h) => h.id)).toEqual(["Actor.icorps"]);
    const everything = JSON.stringify({ ...seen, names: [...seen.names], markers: [...seen.markers], sights: sights.contacts });
    for (const secret of [
      "2 MRR",
      "3 MRR",
      "4 MRR",
      "1 GTA",
      "Front barrage",
      "Su-25",
      "Actor.w2",
      "Actor.w3",
      "Actor.w4",
      "Actor.gta",
      "0304",
      "0402",
      "0502",
    ])
      expect(everything).not.toContain(secret);
  });

  it("the Warsaw Pact's view holds NATO's 34 PzBrig as a contact only", () => {
    const wp = sideField(field, knowledge, "wp");
    expect(wp.field.units.every((u) => u.side === "wp")).toBe(true);
    expect(wp.sights.contacts).toEqual([{ key: "contact:0202", hex: "0202", turn: 2 }]);
    expect([...wp.field.names.values()]).not.toContain("34 PzBrig");
  });
});

describe("refusals through the side's sights", () => {
  const { sights } = sideField(field, knowledge, "nato");
  const secrets = secretsOf(field, sights);
  const words = { unit: "an enemy unit", hq: "an enemy HQ" };

  it("every enemy the side has not identified is a secret, by name and UUID; an identified one and the side's own are not", () => {
    const listed = secrets.map(([s]) => s);
    expect(new Set(listed)).toEqual(new Set(["2 MRR", "Actor.w2", "3 MRR", "Actor.w3", "4 MRR", "Actor.w4", "1 GTA", "Actor.gta"]));
    expect(throughSights("3 MRR and 1 GTA block 34 PzBrig; 1 MRR is known", secrets, words)).toBe(
      "an enemy unit and an enemy HQ block 34 PzBrig; 1 MRR is known",
    );
  });

  it("a phrase naming a hidden enemy hides the face words beside it too; a phrase naming none is left as it is", () => {
    const said = phrase("NOBC.Rules.Land.Movement.Refusal.notOverrunnable", {
      unit: "Actor.w3",
      size: phrase("NOBC.Rules.Land.Size.brigade"),
    });
    expect(phraseThroughSights(said, secrets, words)).toEqual(
      phrase("NOBC.Rules.Land.Movement.Refusal.notOverrunnable", {
        unit: phrase("NOBC.Hidden.EnemyUnit"),
        size: phrase("NOBC.Hidden.Face"),
      }),
    );
    const known = phrase("NOBC.Rules.Land.Movement.Refusal.notOverrunnable", {
      unit: "1 MRR",
      size: phrase("NOBC.Rules.Land.Size.regiment"),
    });
    expect(phraseThroughSights(known, secrets, words)).toEqual(known);
  });

  it("a phrase naming a hidden enemy hides its numbers too, a count keeping the plural form 'other'; a list of hidden names is told once", () => {
    const strength = phrase("NOBC.Rules.Land.CombatEligibility.Refusal.invalidStrengthDefender", { unit: "3 MRR", strength: 0 });
    expect(phraseThroughSights(strength, secrets, words)).toEqual(
      phrase("NOBC.Rules.Land.CombatEligibility.Refusal.invalidStrengthDefender", {
        unit: phrase("NOBC.Hidden.EnemyUnit"),
        strength: phrase("NOBC.Hidden.Number"),
      }),
    );
    // A number written out is a number too (the rules pass some as text); a hex label, digits as well, stays (below).
    const written = phrase("NOBC.Rules.Land.CombatEligibility.Refusal.invalidStrengthDefender", { unit: "Actor.w3", strength: "0" });
    expect(phraseThroughSights(written, secrets, words).data?.["strength"]).toEqual(phrase("NOBC.Hidden.Number"));
    const key = "NOBC.Rules.Land.CombatHits.Refusal.invalidRetreated";
    const counted = phrase(key, { unit: "Actor.w2", count: 1, retreated: 3 });
    expect(phraseThroughSights(counted, secrets, { ...words, has: (k) => k === `${key}.other` })).toEqual(
      phrase(`${key}.other`, {
        unit: phrase("NOBC.Hidden.EnemyUnit"),
        count: phrase("NOBC.Hidden.Number"),
        retreated: phrase("NOBC.Hidden.Number"),
      }),
    );
    // A phrase naming only what the side knows keeps its numbers.
    const own = phrase(key, { unit: "34 PzBrig", count: 1, retreated: 3 });
    expect(phraseThroughSights(own, secrets, words)).toEqual(own);
    expect(throughSights("2 MRR, 3 MRR, 4 MRR", secrets, words)).toBe("an enemy unit");
    expect(
      phraseThroughSights(
        phrase("NOBC.Rules.Land.Stacking.Refusal.Battalions", { hex: "0302", count: 3, units: "2 MRR, 3 MRR, 4 MRR", limit: 2 }),
        secrets,
        words,
      ),
    ).toEqual(
      phrase("NOBC.Rules.Land.Stacking.Refusal.Battalions", {
        hex: "0302",
        count: phrase("NOBC.Hidden.Number"),
        units: "an enemy unit",
        limit: phrase("NOBC.Hidden.Number"),
      }),
    );
  });

  it("a player of no side knows no piece of either", () => {
    const none = secretsOf(field, { side: null, contacts: [], identified: new Set() }).map(([s]) => s);
    expect(none).toEqual(expect.arrayContaining(["34 PzBrig", "I Corps", "1 MRR"]));
  });
});

describe("encounterOf: a move's path against the truth", () => {
  const options = DEFAULT_KNOWLEDGE_OPTIONS;
  const walk = (mover: string, path: string[], o = options) =>
    encounterOf({ field, knowledge, mover, path, turn: 3, options: o, adjacency: hexAdjacency });

  it("a Warsaw Pact move stops before the hex of a NATO unit it had not found", () => {
    const empty: Knowledge = { nato: knowledge.nato, wp: {} };
    const met = encounterOf({
      field,
      knowledge: empty,
      mover: "Actor.w4",
      path: ["0204", "0203", "0202"],
      turn: 3,
      options,
      adjacency: hexAdjacency,
    });
    expect(met.path).toEqual(["0204", "0203"]);
    expect(met.stop).toMatchObject({ reason: "enemyInHex", hex: "0203", found: ["Actor.n34"] });
    expect(met.found).toEqual(phrase("NOBC.Move.Found.enemyInHex", { hex: "0203", hexes: "0202" }));
  });

  it("NATO stops next to an unseen WP unit; the card's words count or name what was found as the settings say", () => {
    // 34 PzBrig 0202 → 0203 comes next to 4 MRR (0304), which NATO has not found.
    const met = walk("Actor.n34", ["0203", "0204"]);
    expect(met.path).toEqual(["0203"]);
    expect(met.found).toEqual(phrase("NOBC.Move.Found.adjacentToEnemy", { hex: "0203", hexes: "0304" }));
    expect(walk("Actor.n34", ["0203", "0204"], { ...options, contactShowsCount: true }).found).toEqual(
      phrase("NOBC.Move.Found.adjacentToEnemyCount", { hex: "0203", hexes: "0304", count: 1 }),
    );
    expect(walk("Actor.n34", ["0203", "0204"], { ...options, contactIdentifies: true }).found).toEqual(
      phrase("NOBC.Move.Found.adjacentToEnemyNamed", { hex: "0203", hexes: "0304", names: "4 MRR" }),
    );
  });

  it("a path that meets nothing unseen is carried out whole", () => {
    expect(walk("Actor.n34", ["0102"])).toEqual({ path: ["0102"], stop: null, found: null });
  });
});
