#!/usr/bin/env node
// `node scripts/scenario-build.mjs`: writes the starter scenario's Adventure document
// (packs/_source/starter-scenario/) from its readable source packs/_scenario/starter-scenario.json,
// the terrain map it names and the support-card deck. The Adventure is generated, never edited by
// hand: ids are derived from names, so a rebuild gives the same ids, and the scene's terrain flag is
// copied from the map file, which stays the one source of the terrain.
import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { packsCli } from "./import-ts.mjs";
import { root, slug, sourceRoot } from "./packs-lib.mjs";
import { isMain } from "./script-paths.mjs";

const PACK = "starter-scenario";
const SCENARIO = path.join(root, "packs", "_scenario", `${PACK}.json`);
const RULES_PACK = "Compendium.nobc.rules-reference.JournalEntry";
/** Foundry v13 CONST.GRID_TYPES.HEXODDQ: flat-topped hexes, odd columns (0-based) shifted down. */
const HEXODDQ = 4;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A stable 16-character id from a key: the same key always gives the same id. */
export function stableId(key) {
  const bytes = createHash("sha256").update(`nobc/${PACK}/${key}`).digest();
  return Array.from(bytes.subarray(0, 16), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** Centre of hex "CCRR" in pixels; the same formula as src/map/hex-grid.ts `hexCentre`. */
function hexCentre(label, size) {
  const col = Number(label.slice(0, 2)) - 1;
  const row = Number(label.slice(2)) - 1;
  const radius = size / Math.sqrt(3);
  return { x: radius + 1.5 * radius * col, y: size / 2 + size * row + (col % 2 === 1 ? size / 2 : 0) };
}

function symbolPath(side, arm, size) {
  return `systems/nobc/assets/symbols/${side}-${arm}-${size}.svg`;
}

const HIDDEN = { default: 0 };

function actorBase(id, name, img, sort) {
  return {
    _id: id,
    name,
    img,
    folder: null,
    sort,
    ownership: HIDDEN,
    flags: {},
    effects: [],
    prototypeToken: { name, actorLink: true, texture: { src: img }, width: 1, height: 1 },
    _key: `!actors!${id}`,
  };
}

async function cardsFor(hqId, hqName, files) {
  const out = [];
  for (const [i, file] of (files ?? []).entries()) {
    const card = JSON.parse(await readFile(path.join(sourceRoot, "support-cards", file), "utf8"));
    const id = stableId(`card/${hqName}/${file}`);
    out.push({ ...card, _id: id, folder: null, sort: (i + 1) * 100, ownership: HIDDEN, _key: `!actors.items!${hqId}.${id}` });
  }
  return out;
}

function hqActor(hq, id, parentId, items, sort) {
  const img = symbolPath(hq.side, "hq", hq.echelon);
  return {
    ...actorBase(id, hq.name, img, sort),
    type: "hq",
    system: {
      side: hq.side,
      nationality: hq.nationality,
      echelon: hq.echelon,
      level: { value: hq.level, max: hq.level },
      radius: hq.radius,
      supplyCounters: 0,
      mayRecover: hq.side === "wp",
      parent: parentId ? `Actor.${parentId}` : null,
      initiative: hq.initiative ?? false,
      notes: "",
    },
    items,
  };
}

/**
 * Supply a unit starts with: full, by the rules' carrying capacity (src/rules/nobc/land/resupply.ts
 * `SUPPLY_CAPACITY`: division 3, brigade and regiment 2, battalion none; artillery carries none), as
 * the order-of-battle import gives.
 */
function startingSupply(u) {
  if (u.arm === "artillery") return 0;
  return { division: 3, brigade: 2, regiment: 2 }[u.size] ?? 0;
}

/**
 * The scenario's air order of battle: airbases and squadrons copied from the air-order-of-battle
 * pack (their ratings and capacities are the pack's), each with an id from its name and every
 * squadron's airbase pointed at the copied base (a squadron whose base is not copied is refused).
 */
async function airActors(air, firstSort) {
  if (air === undefined) return [];
  const read = async (file) => JSON.parse(await readFile(path.join(sourceRoot, "air-order-of-battle", file), "utf8"));
  const copy = (doc, sort) => {
    const id = stableId(`actor/${doc.name}`);
    // The pack's folder and key are replaced: the adventure's actors stand in no folder.
    return { ...doc, _id: id, folder: null, sort, ownership: HIDDEN, _key: `!actors!${id}` };
  };
  const out = [];
  const bases = new Map();
  let sort = firstSort;
  for (const file of air.airbases) {
    const doc = await read(file);
    const base = copy(doc, (sort += 100));
    bases.set(`Actor.${doc._id}`, `Actor.${base._id}`);
    out.push(base);
  }
  for (const file of air.squadrons) {
    const doc = await read(file);
    const airbase = bases.get(doc.system.airbase);
    if (airbase === undefined) throw new Error(`squadron ${doc.name}: its airbase ${doc.system.airbase} is not in the scenario`);
    out.push({ ...copy(doc, (sort += 100)), system: { ...doc.system, airbase } });
  }
  return out;
}

function unitActor(u, side, id, hqId, sort) {
  const img = symbolPath(side, u.arm, u.size);
  const alwaysMarch = u.arm === "artillery" || u.size === "battalion";
  return {
    ...actorBase(id, u.name, img, sort),
    type: "unit",
    system: {
      side,
      nationality: u.nationality,
      hq: `Actor.${hqId}`,
      size: u.size,
      arm: u.arm,
      strength: { value: u.strength, max: u.strength },
      supply: startingSupply(u),
      mode: alwaysMarch ? "march" : "combat",
      minelaying: u.minelaying ?? false,
      noMove: false,
      movementPoints: 0,
      overrunCost: { mp: u.overrunMp ?? null, hits: u.overrunHits ?? null },
      notes: "",
    },
    items: [],
  };
}

function token(actor, hex, size, sort) {
  const c = hexCentre(hex, size);
  // A one-hex token on a flat-topped grid is a hex wide (two corner radii) and a hex high.
  const width = (2 * size) / Math.sqrt(3);
  return {
    _id: stableId(`token/${actor.name}`),
    name: actor.name,
    actorId: actor._id,
    actorLink: true,
    x: Math.round(c.x - width / 2),
    y: Math.round(c.y - size / 2),
    width: 1,
    height: 1,
    texture: { src: actor.img },
    disposition: actor.system.side === "nato" ? 1 : -1,
    hidden: false,
    sort,
    flags: { nobc: { hex } },
  };
}

const link = (doc, label) => `@UUID[JournalEntry.${doc._id}]{${label ?? doc.name}}`;

function journal(name, pages, sort) {
  const id = stableId(`journal/${name}`);
  return {
    _id: id,
    name,
    folder: null,
    sort,
    ownership: HIDDEN,
    flags: {},
    pages: pages.map(([title, html], i) => {
      const pid = stableId(`page/${name}/${title}`);
      return {
        _id: pid,
        name: title,
        type: "text",
        title: { show: true, level: 1 },
        text: { format: 1, content: html },
        sort: (i + 1) * 100,
        ownership: { default: -1 },
        flags: {},
        _key: `!journal.pages!${id}.${pid}`,
      };
    }),
    _key: `!journal!${id}`,
  };
}

function listOf(items) {
  return `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
}

async function rulesJournals() {
  const dir = path.join(sourceRoot, "rules-reference");
  const docs = [];
  for (const f of (await readdir(dir)).sort()) if (f.endsWith(".json")) docs.push(JSON.parse(await readFile(path.join(dir, f), "utf8")));
  const find = (name) => {
    const doc = docs.find((d) => d.name === name);
    if (!doc) throw new Error(`rules-reference has no journal "${name}"`);
    return `@UUID[${RULES_PACK}.${doc._id}]{${doc.name}}`;
  };
  return { land: find("Land War Quick Reference"), air: find("Air War Quick Reference") };
}

function journals(s, actors, qrs) {
  const names = (side, type) => actors.filter((a) => a.system.side === side && a.type === type).map((a) => a.name);
  const roster = (side) =>
    `<p>HQs: ${names(side, "hq").join(", ")}.</p><p>Units: ${names(side, "unit").join(", ")}.</p><p>Air: ${names(side, "airSquadron").join(", ")}, from ${names(side, "airbase").join(", ")}.</p>`;
  const rules = `<p>Rules at the table: ${qrs.land} and ${qrs.air}.</p>`;
  const nato = journal(
    "Briefing: NATO",
    [
      [
        "Your situation",
        `<p>You command I (BR) Corps under NORTHAG, deployed east of Hanover between the Elbe lowlands and the Harz. The Warsaw Pact has crossed the inner-German border at dawn. Your armoured brigades stand close behind the border; the 2nd Infantry Division's brigades and a Home Defence brigade hold the rear.</p>${roster("nato")}`,
      ],
      [
        "Your task",
        `<p>Hold the line of the border hills, then fall back by bounds if you must, but keep the Warsaw Pact out of Hanover and off the autobahn west of Brunswick. Your corps holds the initiative: its units move before the Warsaw Pact.</p><p>On turn 0 your engineers may blow minor bridges only (a demolition succeeds on 3–6); major bridges stay up until turn 1.</p>${rules}`,
      ],
    ],
    100,
  );
  const wp = journal(
    "Briefing: Warsaw Pact",
    [
      [
        "Your situation",
        `<p>You command 3rd Shock Army, first echelon of the Group of Soviet Forces in Germany, massed west of Magdeburg. Four tank divisions and a motor rifle division are ready to cross the border; the front holds an artillery division and an engineer brigade in reserve.</p>${roster("wp")}`,
      ],
      [
        "Your task",
        `<p>Break the British corps, seize the bridges and reach Hanover. Speed matters more than losses: every bridge NATO blows costs you a turn. Your divisions destroy a bridge next to them with their own engineers, but no one may take down a major bridge on turn 0.</p>${rules}`,
      ],
    ],
    200,
  );
  const umpire = journal(
    "Umpire: Turn 0",
    [
      [
        "Setting up",
        `<p>Import the adventure (Foundry's importer keeps its documents' ids, so the units' links to their HQs hold; importing it again overwrites them). Open the scene "${s.sceneName}": every unit and HQ stands at its turn-0 hex, NATO in the Federal Republic, the Warsaw Pact in the GDR, no hex over the stacking limits. The terrain of the map is stored on the scene (flag <code>nobc.terrain</code>) for the rules to read.</p><p>Hand each side its briefing: ${link(nato)} and ${link(wp)}.</p>`,
      ],
      [
        "Turn 0",
        listOf([
          "Turn 0 is NATO's last chance to prepare: the Warsaw Pact crosses the border during it.",
          "Bridges: NATO engineers, within their HQ's radius and with an engineer card per bridge, blow a minor bridge on 3–6. No major bridge can be demolished on turn 0 by anyone; from turn 1 NATO blows minor bridges automatically and major ones on 3–6.",
          "Movement order: I (BR) Corps holds the initiative, so its units move first, then the Warsaw Pact, then the other NATO units (Heimatschutzbrigade 51 under NORTHAG). Airborne units, if any join, move before everyone.",
          "Cards: each corps, army and front HQ starts with the support cards embedded in it; deal more from the support-card decks as you see fit.",
          "Air: each side's squadrons stand in the Ready box of their airbases' charts (RAF Germany in 2ATAF, 16th Air Army in WP-North, the zone opposite), so turn 0's Air War opens with their allocation. Before it, open <b>Air zone distances</b> on the tracker and set 2ATAF to WP-North at 1: the Warsaw Pact's squadrons then fly their missions over 2ATAF, where the air battle is fought. Add more squadrons from the air order of battle as you see fit.",
          "Timetable: the scene carries the scenario's schedule (flag <code>nobc.timetable</code>). 1st Infantry Brigade has no counter at turn 0: it arrives on the road west of Hanover in turn 1's Movement phase, and Heimatschutzbrigade 51 is withdrawn in turn 2's Orders phase. The tracker shows the umpire what comes next; each is a card to apply when its stage begins.",
        ]),
      ],
      [
        "Objectives and special rules",
        `${listOf([
          "Warsaw Pact wins by holding a road or autobahn hex west of the line of the Oker with a supplied division at the end of turn 4, or by breaking I (BR) Corps (its HQ at level 0).",
          "NATO wins by denying that; a clean hold with every armoured brigade above half strength is a major NATO success.",
          "No chemical or nuclear release in this scenario unless the umpire decides otherwise.",
          "Strengths, HQ levels and radii, starting supply and positions are the nobc scenario designer's values for play, not figures from the published game.",
        ])}${rules}`,
      ],
    ],
    300,
  );
  return [nato, wp, umpire];
}

/**
 * The scene's `nobc.timetable` flag (src/schemas/timetable.ts) from the scenario's: units and HQs
 * named become `Actor.<id>` of the adventure (`unit` → `actor`, `hq` stays `hq`); its comment is left out.
 */
function timetableFlag(timetable, ids) {
  const ref = (name, entry) => {
    if (!ids.has(name)) throw new Error(`timetable, turn ${entry.turn} ${entry.kind}: no unit or HQ "${name}"`);
    return `Actor.${ids.get(name)}`;
  };
  const entries = timetable.entries.map((entry) => {
    const { unit, hq, ...rest } = entry;
    return {
      ...rest,
      ...(unit === undefined ? {} : { actor: ref(unit, entry) }),
      ...(hq === undefined ? {} : { hq: ref(hq, entry) }),
    };
  });
  return { format: "nobc-timetable/1", areas: timetable.areas ?? {}, entries };
}

function svgSize(svg) {
  const m = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error("the map image has no width and height");
  return { width: Math.ceil(Number(m[1])), height: Math.ceil(Number(m[2])) };
}

export async function buildAdventure() {
  const s = JSON.parse(await readFile(SCENARIO, "utf8"));
  const terrain = JSON.parse(await readFile(path.join(root, s.map), "utf8"));
  const svgFile = path.join(root, s.background.replace(/^systems\/nobc\//, ""));
  const { width, height } = svgSize(await readFile(svgFile, "utf8"));
  const size = terrain.hexSize;

  const ids = new Map(s.hqs.map((h) => [h.name, stableId(`actor/${h.name}`)]));
  const sideOf = new Map(s.hqs.map((h) => [h.name, h.side]));
  const actors = [];
  const hexes = new Map();
  let sort = 0;
  for (const hq of s.hqs) {
    const id = ids.get(hq.name);
    if (hq.parent && !ids.has(hq.parent)) throw new Error(`HQ ${hq.name}: no parent HQ "${hq.parent}"`);
    actors.push(hqActor(hq, id, hq.parent ? ids.get(hq.parent) : null, await cardsFor(id, hq.name, hq.cards), (sort += 100)));
    hexes.set(id, hq.hex);
  }
  for (const u of s.units) {
    if (!ids.has(u.hq)) throw new Error(`unit ${u.name}: no HQ "${u.hq}"`);
    const id = stableId(`actor/${u.name}`);
    ids.set(u.name, id);
    actors.push(unitActor(u, sideOf.get(u.hq), id, ids.get(u.hq), (sort += 100)));
    hexes.set(id, u.hex);
  }
  actors.push(...(await airActors(s.air, sort)));

  const sceneId = stableId("scene");
  const scene = {
    _id: sceneId,
    name: s.sceneName,
    active: false,
    navigation: true,
    navOrder: 0,
    background: { src: s.background, offsetX: 0, offsetY: 0 },
    width,
    height,
    padding: 0,
    backgroundColor: "#999999",
    grid: { type: HEXODDQ, size, distance: 10, units: "km" },
    tokenVision: false,
    // A unit the timetable brings in later has no turn-0 hex, so no token yet.
    // Squadrons and airbases live on the air charts, not the map: no token.
    tokens: actors.flatMap((a, i) => (!hexes.has(a._id) || hexes.get(a._id) === null ? [] : [token(a, hexes.get(a._id), size, i)])),
    drawings: [],
    lights: [],
    notes: [],
    regions: [],
    sounds: [],
    templates: [],
    tiles: [],
    walls: [],
    folder: null,
    sort: 0,
    ownership: HIDDEN,
    flags: { nobc: { terrain, ...(s.timetable ? { timetable: timetableFlag(s.timetable, ids) } : {}) } },
    _key: `!scenes!${sceneId}`,
  };

  const qrs = await rulesJournals();
  const journal = journals(s, actors, qrs);
  const id = stableId("adventure");
  return {
    _id: id,
    name: s.name,
    img: s.background,
    caption: "I (BR) Corps against 3rd Shock Army, east of Hanover, on the first day.",
    description: `<p>A NORTHAG starter scenario for the NOBC Land War: one scene of the Hanover–Brunswick–Magdeburg sector with every counter at its turn-0 hex, the actors of I (BR) Corps and 3rd Shock Army with their HQs and starting support cards, and briefings for both sides and the umpire.</p><p>Strengths, HQ levels and radii, starting supply, cards and positions are the nobc scenario designer's values for play, not figures from the published game. Foundry's importer keeps the documents' ids, so the units' links to their HQs hold.</p><p>Start with the ${link(journal[2])}.</p>`,
    actors,
    combats: [],
    items: [],
    journal,
    scenes: [scene],
    tables: [],
    macros: [],
    cards: [],
    playlists: [],
    folders: [],
    folder: null,
    sort: 0,
    flags: {},
    _key: `!adventures!${id}`,
  };
}

async function main() {
  const adventure = await buildAdventure();
  const dir = path.join(sourceRoot, PACK);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${slug(adventure.name)}.json`), `${JSON.stringify(adventure, null, 2)}\n`);
  const { cli, say } = await packsCli();
  console.log(
    say(
      cli.scenarioBuilt(PACK, {
        actors: adventure.actors.length,
        tokens: adventure.scenes[0].tokens.length,
        journals: adventure.journal.length,
      }),
    ),
  );
}

if (isMain(import.meta.url)) {
  main().catch(async (err) => {
    const { cli, say } = await packsCli();
    console.error(say(cli.scenarioFailed(String(err.message))));
    process.exit(1);
  });
}
