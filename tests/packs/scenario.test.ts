/**
 * The starter scenario (pack starter-scenario, one Adventure): it validates, it is what
 * scripts/scenario-build.mjs generates from packs/_scenario/, its references resolve inside the
 * adventure or the rules-reference pack, and its turn-0 set-up is legal on the map: every token on a
 * hex centre, in its side's country, under the stacking limits (seed 000, Land War QRS: Stacking).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hexCentre, hexDistance, hexLabel, mapPixelSize, offsetOf } from "../../src/map/hex-grid";
import { countryOf, mapView, terrainOf } from "../../src/map/rules-view";
import { parseTerrainMap, validateTerrainMap } from "../../src/map/terrain-schema";
import { phrase } from "../../src/rules/resolution";
import { checkStacking, stackingHexType, type StackingHex } from "../../src/rules/nobc/land/stacking";
import { adventureDocument, formatProblem, GRID_TYPES, idOfUuid, validatePack } from "../../src/schemas/index";
import { symbolPath } from "../../src/symbols/unit-symbol";
import { documentsOf, manifest, readSources, ROOT } from "./load";

const pack = manifest().packs.find((p) => p.name === "starter-scenario")!;
const sources = readSources(pack.source);
const adventure = adventureDocument.parse(sources[0]!.data);
const scene = adventure.scenes[0]!;
const mapJson = JSON.parse(readFileSync(path.join(ROOT, "packs/_map/sector-hanover.json"), "utf8")) as unknown;
const map = parseTerrainMap(mapJson, "sector-hanover.json");
const view = mapView(map);
const actorsById = new Map(adventure.actors.map((a) => [a._id, a]));
const hqs = adventure.actors.filter((a) => a.type === "hq");
const units = adventure.actors.filter((a) => a.type === "unit");
/** The actors the scene's timetable brings in later (tests/packs/scenario-timetable.test.ts): no token at turn 0. */
const arriving = new Set(
  ((scene.flags.nobc as { timetable?: { entries: { kind: string; actor?: string }[] } }).timetable?.entries ?? [])
    .filter((e) => e.kind === "arrive")
    .map((e) => idOfUuid(e.actor!)),
);
/** The hex whose centre a token sits on: its top-left corner plus half a hex each way. */
const hexOfToken = (t: { x: number; y: number }) => {
  const size = map.hexSize;
  const width = (2 * size) / Math.sqrt(3);
  for (let col = 0; col < map.columns; col++) {
    for (let row = 0; row < map.rows; row++) {
      const c = hexCentre({ col, row }, size);
      if (Math.abs(c.x - width / 2 - t.x) <= 0.5 && Math.abs(c.y - size / 2 - t.y) <= 0.5) return hexLabel({ col, row });
    }
  }
  return undefined;
};

describe("starter-scenario pack", () => {
  it("is declared as an Adventure pack hidden from players", () => {
    expect(pack.type).toBe("Adventure");
    expect(pack.ownership).toMatchObject({ PLAYER: "NONE", ASSISTANT: "OWNER" });
    expect(manifest().packFolders?.find((f) => f.packs.includes("starter-scenario"))?.name).toBe("NOBC Umpire");
  });

  it("holds one Adventure that validates", () => {
    expect(sources).toHaveLength(1);
    const problems = validatePack("Adventure", sources).map(formatProblem);
    expect(problems, JSON.stringify(problems, null, 1)).toEqual([]);
  });

  it("is exactly what scripts/scenario-build.mjs generates (nobody edited it by hand)", async () => {
    const script = path.join(ROOT, "scripts", "scenario-build.mjs");
    const { buildAdventure } = (await import(/* @vite-ignore */ script)) as { buildAdventure: () => Promise<unknown> };
    expect(await buildAdventure()).toEqual(sources[0]!.data);
  });

  it("fields tens of units a side under a corps or army HQ and a parent HQ above it", () => {
    for (const side of ["nato", "wp"] as const) {
      expect(units.filter((u) => u.system.side === side).length, side).toBeGreaterThanOrEqual(10);
    }
    const echelons = (side: string) => hqs.flatMap((h) => (h.system.side === side ? [h.system.echelon] : [])).sort();
    expect(echelons("nato")).toEqual(["armyGroup", "corps"]);
    expect(echelons("wp")).toEqual(["army", "front"]);
  });
});

describe("references resolve inside the adventure", () => {
  it("every unit's hq and every HQ's parent names an HQ of the adventure", () => {
    for (const a of adventure.actors) {
      const ref = a.type === "unit" ? a.system.hq : a.type === "hq" ? a.system.parent : null;
      if (a.type === "unit") expect(ref, a.name).not.toBeNull();
      if (ref === null) continue;
      expect(ref, a.name).toMatch(/^Actor\.[A-Za-z0-9]{16}$/);
      const target = actorsById.get(idOfUuid(ref));
      expect(target?.type, a.name).toBe("hq");
      expect(target?.system.side, a.name).toBe(a.system.side);
    }
  });

  it("the schema refuses a unit whose HQ is not in the adventure, and a token of a missing actor", () => {
    const broken = structuredClone(sources[0]!.data) as {
      actors: { type: string; system: { hq: string } }[];
      scenes: { tokens: { actorId: string }[] }[];
    };
    broken.actors.find((a) => a.type === "unit")!.system.hq = "Actor.AAAAAAAAAAAAAAAA";
    broken.scenes[0]!.tokens[0]!.actorId = "BBBBBBBBBBBBBBBB";
    const problems = validatePack("Adventure", [{ file: "adv.json", data: broken }]).map(formatProblem);
    expect(problems).toEqual([
      phrase("NOBC.Validation.SourceProblem", {
        file: "adv.json",
        field: expect.stringMatching(/^actors\[\d+\]\.system\.hq$/) as string,
        problem: phrase("NOBC.Validation.Pack.NotAnHq", { uuid: "Actor.AAAAAAAAAAAAAAAA" }),
      }),
      phrase("NOBC.Validation.SourceProblem", {
        file: "adv.json",
        field: "scenes[0].tokens[0].actorId",
        problem: phrase("NOBC.Validation.Pack.NotAnActor", { id: "BBBBBBBBBBBBBBBB" }),
      }),
    ]);
  });

  it("every token is linked to an actor of the adventure, one token per HQ and unit (but those the timetable brings in), with its unit symbol", () => {
    expect(arriving.size).toBeGreaterThan(0);
    expect(scene.tokens.map((t) => t.actorId).sort()).toEqual(
      adventure.actors
        // Squadrons and airbases stand on the air charts, not the map.
        .filter((a) => a.type === "hq" || a.type === "unit")
        .map((a) => a._id)
        .filter((id) => !arriving.has(id))
        .sort(),
    );
    for (const t of scene.tokens) {
      const actor = actorsById.get(t.actorId!)!;
      expect(t.actorLink, t.name).toBe(true);
      expect(t.name).toBe(actor.name);
      const expected =
        actor.type === "hq"
          ? symbolPath(actor.system.side, "hq", actor.system.echelon)
          : actor.type === "unit"
            ? symbolPath(actor.system.side, actor.system.arm, actor.system.size)
            : "";
      expect(t.texture.src, t.name).toBe(expected);
      expect(existsSync(path.join(ROOT, expected.replace("systems/nobc/", ""))), expected).toBe(true);
    }
  });

  it("HQs hold support cards of their own side taken from the decks under new ids", () => {
    const deck = new Map(documentsOf<{ _id: string; name: string }>("support-cards").map((c) => [c.name, c._id]));
    const cards = hqs.flatMap((h) => h.items);
    expect(cards.length).toBeGreaterThanOrEqual(4);
    for (const card of cards) {
      expect(deck.has(card.name), card.name).toBe(true);
      expect(card._id, card.name).not.toBe(deck.get(card.name));
    }
  });

  it("every journal link points at a journal of the adventure or of the rules-reference pack", () => {
    const own = new Set(adventure.journal.map((j) => j._id));
    const rules = new Set(documentsOf<{ _id: string }>("rules-reference").map((j) => j._id));
    const texts = [adventure.description, ...adventure.journal.flatMap((j) => j.pages.map((p) => p.text.content))];
    const links = texts.flatMap((t) => [...t.matchAll(/@UUID\[([^\]]+)\]/g)].map((m) => m[1]!));
    expect(links.length).toBeGreaterThan(0);
    for (const uuid of links) {
      const inRules = /^Compendium\.nobc\.rules-reference\.JournalEntry\.([A-Za-z0-9]{16})$/.exec(uuid);
      const inOwn = /^JournalEntry\.([A-Za-z0-9]{16})$/.exec(uuid);
      expect(inRules ? rules.has(inRules[1]!) : inOwn ? own.has(inOwn[1]!) : false, uuid).toBe(true);
    }
    expect(links.some((l) => l.startsWith("Compendium.nobc.rules-reference."))).toBe(true);
    expect(adventure.journal.map((j) => j.name)).toEqual(["Briefing: NATO", "Briefing: Warsaw Pact", "Umpire: Turn 0"]);
  });
});

/** Hex distance on the flat-topped odd-column grid (src/map/hex-grid.ts). */
const distance = (a: string, b: string) => hexDistance(offsetOf(a), offsetOf(b));
const hexOfActor = (id: string) => hexOfToken(scene.tokens.find((t) => t.actorId === id)!)!;

describe("turn 0 is playable (issue #36, item 11)", () => {
  const squadrons = adventure.actors.filter((a) => a.type === "airSquadron");
  const airbases = adventure.actors.filter((a) => a.type === "airbase");

  it("each side has squadrons on airbases of its own side and zone, copied from the air order of battle with their ratings", () => {
    const pack = new Map(documentsOf<{ name: string; system: Record<string, unknown> }>("air-order-of-battle").map((d) => [d.name, d]));
    const bases = new Map(airbases.map((b) => [`Actor.${b._id}`, b]));
    for (const side of ["nato", "wp"] as const) {
      expect(squadrons.filter((s) => s.system.side === side).length, side).toBeGreaterThanOrEqual(4);
      expect(airbases.filter((b) => b.system.side === side).length, side).toBeGreaterThanOrEqual(2);
    }
    for (const s of squadrons) {
      const base = bases.get(s.system.airbase ?? "");
      expect(base, s.name).toBeDefined();
      expect([base!.system.side, base!.system.airZone], s.name).toEqual([s.system.side, s.system.airZone]);
      expect(s.system.box, s.name).toBe("ready");
      const { airbase: _a, ...ratings } = s.system;
      const { airbase: _b, ...source } = pack.get(s.name)!.system;
      expect(ratings, s.name).toEqual(source);
    }
    for (const b of airbases) expect(b.system, b.name).toEqual(pack.get(b.name)!.system);
  });

  it("every regiment and brigade that is not artillery starts with the 2 SP it carries (seed 000, Land War QRS: 6. Resupply)", () => {
    for (const u of units) {
      if (u.system.arm === "artillery" || u.system.size === "battalion") expect(u.system.supply, u.name).toBe(0);
      else expect(u.system.supply, u.name).toBe(u.system.size === "division" ? 3 : 2);
    }
  });

  it("each corps and army HQ's radius reaches at least half its units and half its front (those within 5 hexes of the enemy)", () => {
    for (const hq of hqs.filter((h) => h.system.echelon === "corps" || h.system.echelon === "army")) {
      const at = hexOfActor(hq._id);
      const own = units.filter((u) => u.system.hq === `Actor.${hq._id}` && !arriving.has(u._id));
      const reached = own.filter((u) => distance(at, hexOfActor(u._id)) <= hq.system.radius);
      expect(reached.length * 2, hq.name).toBeGreaterThanOrEqual(own.length);
      const enemy = units.filter((u) => u.system.side !== hq.system.side && !arriving.has(u._id));
      const nearEnemy = (u: (typeof units)[number]) => enemy.some((e) => distance(hexOfActor(u._id), hexOfActor(e._id)) <= 5);
      const front = own.filter(nearEnemy);
      expect(front.length, hq.name).toBeGreaterThan(0);
      expect(reached.filter(nearEnemy).length * 2, hq.name).toBeGreaterThanOrEqual(front.length);
    }
  });

  it("I (BR) Corps holds an engineer card (its journal's turn-0 demolitions need one a bridge)", () => {
    const corps = hqs.find((h) => h.name === "I (BR) Corps")!;
    expect(corps.items.some((c) => c.system.category === "engineer")).toBe(true);
  });
});

describe("the scene matches the map", () => {
  it("embeds the terrain map file exactly, and it validates", () => {
    // Beside the terrain the scene holds only its timetable (tests/packs/scenario-timetable.test.ts).
    expect(Object.keys(scene.flags.nobc as object).sort()).toEqual(["terrain", "timetable"]);
    expect((scene.flags.nobc as { terrain: unknown }).terrain).toEqual(mapJson);
    expect(validateTerrainMap((scene.flags.nobc as { terrain: unknown }).terrain).ok).toBe(true);
  });

  it("uses the map image, a flat-topped odd-column hex grid of the map's hex size, 10 km a hex", () => {
    // The v13 shape, which v14 moves onto the scene's first level when it loads the scene.
    expect(scene.background?.src).toBe("systems/nobc/assets/maps/sector-hanover.svg");
    expect(scene.grid).toMatchObject({ type: GRID_TYPES.hexOddQ, size: map.hexSize, distance: 10, units: "km" });
    expect(scene.padding).toBe(0);
  });

  it("a scene is valid with its image on the scene (v13) or on a level (v14), and refused with neither, naming the field", () => {
    const source = structuredClone(sources[0]!.data) as { scenes: Record<string, unknown>[] };
    const v13 = source.scenes[0]!;
    const { background, ...rest } = v13;
    const v14 = { ...rest, levels: [{ _id: "defaultLevel0000", background }] };
    expect(adventureDocument.safeParse({ ...source, scenes: [v14] }).success).toBe(true);
    const bare = adventureDocument.safeParse({ ...source, scenes: [{ ...rest, levels: [{ _id: "defaultLevel0000" }] }] });
    expect(bare.success).toBe(false);
    expect(bare.error!.issues.map((i) => i.path.join("."))).toEqual(["scenes.0.background.src"]);
  });

  it("is as large as the image (rounded up to whole pixels), which covers the whole grid", () => {
    const svg = readFileSync(path.join(ROOT, "assets/maps/sector-hanover.svg"), "utf8");
    const [, w, h] = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg)!;
    expect([scene.width, scene.height]).toEqual([Math.ceil(Number(w)), Math.ceil(Number(h))]);
    const grid = mapPixelSize(map.columns, map.rows, map.hexSize);
    expect(scene.width).toBeGreaterThanOrEqual(grid.width);
    expect(scene.height).toBeGreaterThanOrEqual(grid.height);
  });
});

describe("turn-0 set-up", () => {
  const placed = scene.tokens.map((t) => ({ token: t, actor: actorsById.get(t.actorId!)!, hex: hexOfToken(t) }));

  it("every token sits on the centre of a hex of the map, the hex its flag names", () => {
    for (const { token, hex } of placed) {
      expect(hex, token.name).toBeDefined();
      expect(token.flags.nobc, token.name).toEqual({ hex });
      expect(map.hexes[hex!], token.name).toBeDefined();
    }
  });

  it("the hex-finding helper agrees with hex-grid for a corner and the far corner", () => {
    const size = map.hexSize;
    const at = (label: string) => {
      const c = hexCentre(offsetOf(label), size);
      return { x: Math.round(c.x - size / Math.sqrt(3)), y: Math.round(c.y - size / 2) };
    };
    expect(hexOfToken(at("0101"))).toBe("0101");
    expect(hexOfToken(at("3024"))).toBe("3024");
    expect(hexOfToken({ x: -500, y: -500 })).toBeUndefined();
  });

  it("NATO stands in West Germany, the Warsaw Pact in East Germany", () => {
    const home = { nato: "frg", wp: "gdr" } as const;
    for (const { actor, hex } of placed) expect(countryOf(view, hex!), `${actor.name} at ${hex}`).toBe(home[actor.system.side]);
  });

  /** The units of each hex as the rules core's stacking check takes them; HQs are left out. */
  const stackingHexes = (at: readonly { actor: (typeof placed)[number]["actor"]; hex?: string }[]) => {
    const byHex = new Map<string, StackingHex>();
    for (const { actor, hex } of at) {
      if (actor.type !== "unit") continue;
      const entry = byHex.get(hex!) ?? { hex: hex!, terrain: terrainOf(view, hex!), units: [] };
      byHex.set(hex!, {
        ...entry,
        units: [
          ...entry.units,
          { id: actor._id, name: actor.name, size: actor.system.size, arm: actor.system.arm, mode: actor.system.mode },
        ],
      });
    }
    return [...byHex.values()];
  };

  it("no hex breaks the stacking limits (seed 000, Land War QRS: Stacking; HQs are not counted)", () => {
    const hexes = stackingHexes(placed);
    expect(hexes.length).toBe(units.filter((u) => !arriving.has(u._id)).length);
    expect(checkStacking(hexes)).toEqual([]);
  });

  it("the same check catches a crowded hex: every Warsaw Pact division in one open hex", () => {
    const crowded = placed.map((p) =>
      p.actor.type === "unit" && p.actor.system.size === "division" && p.actor.system.side === "wp" ? { ...p, hex: "2005" } : p,
    );
    expect(stackingHexType(terrainOf(view, "2005"))).toBe("open");
    expect(checkStacking(stackingHexes(crowded)).map((v) => v.rule)).toContain("divisions");
  });

  it("no two sides share a hex", () => {
    const sides = new Map<string, Set<string>>();
    for (const { actor, hex } of placed) sides.set(hex!, (sides.get(hex!) ?? new Set()).add(actor.system.side));
    for (const [hex, s] of sides) expect(s.size, hex).toBe(1);
  });
});
