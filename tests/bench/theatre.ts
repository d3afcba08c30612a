/**
 * A generated theatre at megagame scale for the bench (`npm run bench`) and its small-theatre test
 * (issue #20): a seeded terrain map (a valid `nobc-terrain/1` flag) of 50 × 42 = 2,100 hexes up to
 * 400 units and 5.25 hexes a unit beyond (98 × 86 at 1,600: a bigger game has more front, so the
 * density of counters stays that of a real game; `{ fixedMap: true }` keeps 50 × 42 at any size), and
 * `units` unit counters with one HQ per ten units (40 at 400), each HQ holding support cards (two in
 * ten a nuclear card too, NATO's an ADM as well), 0.3 squadrons per unit (120 at 400, 480 at 1,600)
 * and one airbase per six squadrons. About one unit in seven is a WP attacker's partner in a ground
 * combat: `combats` lists `units / 7` contacts (58 at 400), a NATO unit in the target hex and two WP units in a neighbouring hex.
 *
 * The actors are seeds (tests/harness/actors.ts): `theatreField` reads them into a `Battlefield`
 * with the pure reader, and the Foundry-layer measures load them into the harness. Nothing here
 * touches Foundry, so pure measures may import it without the harness.
 */
import type { TerrainMap, MapHex } from "../../src/map/terrain-schema";
import {
  MAX_LABEL_INDEX,
  hexCentre,
  hexDistance,
  hexLabel,
  hexsideBetween,
  hexsideOf,
  neighbours,
  offsetOf,
  type Offset,
} from "../../src/map/hex-grid";
import { battlefield, type Battlefield, type WorldActor } from "../../src/world/battlefield";
import type { ActorSeed } from "../harness/actors";
import type { AirState, Airbase, MissionBox, Squadron } from "../../src/rules/nobc/air";
import { cardSystem, hqSystem as baseHqSystem, squadronSystem, unitSystem as baseUnitSystem } from "../apps/ground-combat/fixture";
import { seededUniform } from "../../src/rules/dice";

export const THEATRE_SIZES = [100, 400, 1600] as const;
/** The smallest map (and the fixed one): 50 × 42 = 2,100 hexes, enough for 400 units. */
export const COLUMNS = 50;
export const ROWS = 42;
export const HEX_SIZE = 100;
/** Map hexes a unit beyond the smallest map: 2,100 hexes for 400 units. */
const HEXES_PER_UNIT = (COLUMNS * ROWS) / 400;

/** The map's size for `units` counters: 50 × 42 up to 400, then about 5.25 hexes a unit, wider first (labels stop at 99). */
export function mapSize(units: number, fixedMap = false): { columns: number; rows: number } {
  const hexes = fixedMap ? 0 : units * HEXES_PER_UNIT;
  if (hexes <= COLUMNS * ROWS) return { columns: COLUMNS, rows: ROWS };
  const columns = Math.min(MAX_LABEL_INDEX - 1, Math.round(COLUMNS * Math.sqrt(hexes / (COLUMNS * ROWS))));
  return { columns, rows: Math.min(MAX_LABEL_INDEX - 1, Math.ceil(hexes / columns)) };
}

type Raw = Record<string, unknown>;
type Side = "nato" | "wp";

/** A contact: the NATO unit in `target` attacked by the two WP units in `from`. */
export interface TheatreCombat {
  readonly target: string;
  readonly from: string;
  readonly defender: string;
  readonly attackers: readonly string[];
}

export interface Theatre {
  readonly units: number;
  readonly map: TerrainMap;
  /** Every actor: HQs (with their cards), units, squadrons and airbases; units and HQs have a hex. */
  readonly seeds: readonly ActorSeed[];
  readonly combats: readonly TheatreCombat[];
  readonly hqs: number;
  readonly squadrons: number;
  readonly airbases: number;
}

/** The rules' seeded generator (mulberry32), so every run builds the same theatre. */
export const seeded = seededUniform;

const label = (col: number, row: number) => hexLabel({ col, row });

function terrainOf(r: number): MapHex["terrain"] {
  if (r < 0.6) return ["clear"];
  if (r < 0.75) return ["woods"];
  if (r < 0.83) return ["rough"];
  if (r < 0.88) return ["rough", "woods"];
  if (r < 0.93) return ["marsh"];
  if (r < 0.98) return ["town"];
  return ["city"];
}

/**
 * The map of `columns` × `rows` hexes (50 × 42 by default): West Germany in the western half (columns
 * 01-25 of 50), East Germany east of it; a minor river on the south-east sides of the last western
 * column, bridged where the autobahn along the middle row (21 of 42) crosses it (the small-theatre
 * test checks it does); roads down every tenth column from the fifth (05, 15, 35 and 45 of 50) but
 * the river's.
 */
export function theatreMap(seed = 20, { columns, rows } = { columns: COLUMNS, rows: ROWS }): TerrainMap {
  const random = seeded(seed);
  const front = Math.floor(columns / 2);
  const hexes: Record<string, MapHex> = {};
  for (let col = 0; col < columns; col++) {
    for (let row = 0; row < rows; row++) {
      hexes[label(col, row)] = { terrain: terrainOf(random()), country: col < front ? "frg" : "gdr" };
    }
  }
  const autobahnRow = Math.floor(rows / 2) - 1;
  const autobahn = Array.from({ length: columns }, (_, col) => label(col, autobahnRow));
  const crossing = hexsideBetween(label(front - 1, autobahnRow), label(front, autobahnRow));
  const hexsides = Array.from({ length: rows - 1 }, (_, row) => {
    const hex = label(front - 1, row);
    return { hex, side: "se" as const, river: "minor" as const, ...(hexsideOf(hex, "se") === crossing ? { bridge: true } : {}) };
  });
  const roadColumns = Array.from({ length: columns }, (_, col) => col).filter((col) => col % 10 === 4 && col !== front - 1);
  const roads = [
    { kind: "autobahn" as const, name: "A2", path: autobahn },
    ...roadColumns.map((col) => ({ kind: "road" as const, path: Array.from({ length: rows }, (_, row) => label(col, row)) })),
  ];
  return {
    format: "nobc-terrain/1",
    name: "Bench theatre",
    notes: "Generated for the bench (tests/bench/theatre.ts); not real geography.",
    columns,
    rows,
    hexSize: HEX_SIZE,
    hexes,
    hexsides,
    roads,
  };
}

/**
 * The shared fixture builders (tests/apps/ground-combat/fixture.ts) with the theatre's defaults: a unit
 * answers to its HQ with 1 SP; an HQ is level 3 of 4, radius 4, with no supply counters.
 */
const unitSystem = (side: Side, hq: string, extra: Raw): Raw => baseUnitSystem(side, { hq: `Actor.${hq}`, supply: 1, ...extra });
const hqSystem = (side: Side, extra: Raw): Raw =>
  baseHqSystem(side, { level: { value: 3, max: 4 }, radius: 4, supplyCounters: 0, ...extra });
const CARDS = [
  ["engineer", "Engineers", 1],
  ["signals", "Signals", 1],
  ["intelligence", "Intelligence", 1],
  ["ssm", "SSM", 3],
] as const;

/**
 * The weapons of mass destruction two HQs in ten hold besides (seed 000, Land War QRS: 3. Rear Area
 * Attacks, nuclear weapons and ADM): a nuclear card (2, as the packs' Lance strike), and for NATO an
 * ADM (the packs' deck gives the Pact none). Played only on Control's release.
 */
const WMD_CARDS = {
  nato: [
    ["nuclear", "Nuclear strike", 2],
    ["adm", "ADM", 0],
  ],
  wp: [["nuclear", "Nuclear strike", 2]],
} as const;

function cardsOf(hq: string, side: Side, wmd: boolean): ActorSeed["items"] {
  return [...CARDS, ...(wmd ? WMD_CARDS[side] : [])].map(([category, name, value], i) => ({
    id: `${hq}c${i}`,
    name: `${name} ${hq}`,
    system: { ...cardSystem(side, category, value, null), modifier: 0, afterUse: "discard" },
  }));
}

const BOXES: readonly MissionBox[] = [
  "paradrop",
  "airSuperiority",
  "airSuperiority",
  "cas",
  "deepStrike",
  "airSuperiority",
  "cas",
  "holding",
  "paradrop",
];

/** A theatre of `units` unit counters (see the file's comment); the same for the same arguments. */
export function theatre(units: number, seed = 20, { fixedMap = false }: { readonly fixedMap?: boolean } = {}): Theatre {
  const random = seeded(seed * 7919 + units);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const { columns, rows } = mapSize(units, fixedMap);
  const front = Math.floor(columns / 2);
  const map = theatreMap(seed, { columns, rows });
  const seeds: ActorSeed[] = [];
  const taken = new Set<string>();

  // Contacts first: the target column's hex and the one below it, spread on a grid of cells.
  const combatCount = Math.round(units / 7);
  const cells: { target: Offset; from: Offset }[] = [];
  for (let col = 1; col < columns - 1; col += 3)
    for (let row = 1; row < rows - 1; row += 2) cells.push({ target: { col, row }, from: { col, row: row + 1 } });
  const chosen = shuffle(cells, random).slice(0, combatCount);
  for (const c of chosen) for (const o of [c.target, c.from]) taken.add(label(o.col, o.row));

  // HQs: one per ten units, NATO in the west, WP in the east, none on a contact's hexes.
  const hqCount = Math.max(2, Math.round(units / 10));
  const hqs: { id: string; side: Side; at: Offset }[] = [];
  for (let h = 0; h < hqCount; h++) {
    const side: Side = h % 2 === 0 ? "nato" : "wp";
    let at: Offset;
    do
      at = {
        col: side === "nato" ? Math.floor(random() * (front - 1)) : front + 1 + Math.floor(random() * (columns - front - 1)),
        row: Math.floor(random() * rows),
      };
    while (taken.has(label(at.col, at.row)));
    const id = `hq${h}`;
    hqs.push({ id, side, at });
    seeds.push({
      id,
      name: `${side === "nato" ? "Corps" : "Army"} ${h}`,
      type: "hq",
      hex: label(at.col, at.row),
      system: hqSystem(side, {}),
      items: cardsOf(id, side, h % 10 < 2),
    });
  }
  const nearest = (side: Side, at: Offset) =>
    hqs.filter((h) => h.side === side).reduce((best, h) => (hexDistance(h.at, at) < hexDistance(best.at, at) ? h : best));

  let n = 0;
  const unit = (side: Side, hex: Offset, hq: string, extra: Raw) => {
    const id = `u${n++}`;
    const name = `${side === "nato" ? "Brigade" : "Division"} ${n}`;
    seeds.push({ id, name, type: "unit", hex: label(hex.col, hex.row), system: unitSystem(side, hq, extra) });
    return `Actor.${id}`;
  };
  const combats: TheatreCombat[] = chosen.map((c) => ({
    target: label(c.target.col, c.target.row),
    from: label(c.from.col, c.from.row),
    defender: unit("nato", c.target, nearest("nato", c.target).id, { arm: "mechanised", supply: 1 }),
    attackers: [0, 1].map(() => unit("wp", c.from, nearest("wp", c.from).id, { size: "division", arm: "motorRifle", supply: 2 })),
  }));

  // The rest stand within three hexes of their HQ (never on a contact's hexes), some in March Mode, some artillery (in March Mode, no SP).
  while (n < units) {
    const hq = hqs[n % hqs.length]!;
    let at: Offset;
    do {
      const near = pick(neighbours(pick(neighbours(pick(neighbours(hq.at))))));
      at = { col: Math.min(columns - 1, Math.max(0, near.col)), row: Math.min(rows - 1, Math.max(0, near.row)) };
    } while (taken.has(label(at.col, at.row)));
    const r = random();
    // Artillery is always in March Mode and carries no SP (seed 000, 5. Movement and 6. Resupply; the unit model refuses
    // other values); the supply draw is made for it all the same, so the rest of the theatre stays as it was.
    const artillery = r > 0.9;
    const supply = Math.floor(random() * 3);
    unit(hq.side, at, hq.id, {
      mode: artillery || r < 0.3 ? "march" : "combat",
      arm: artillery ? "artillery" : hq.side === "nato" ? "armour" : "motorRifle",
      supply: artillery ? 0 : supply,
      strength: { value: 1 + Math.floor(random() * 5), max: 6 },
    });
  }

  // Squadrons and airbases.
  const squadronCount = Math.round(units * 0.3);
  const airbaseCount = Math.max(2, Math.round(squadronCount / 6));
  for (let b = 0; b < airbaseCount; b++) {
    const side: Side = b % 2 === 0 ? "nato" : "wp";
    seeds.push({
      id: `ab${b}`,
      name: `Airbase ${b}`,
      type: "airbase",
      system: { side, airZone: "2ATAF", baseCapacity: 8, hits: { repairable: 0, permanent: 0 }, airDefence: { value: 2, max: 2 } },
    });
  }
  for (let s = 0; s < squadronCount; s++) {
    const side: Side = s % 2 === 0 ? "nato" : "wp";
    const base = 2 * Math.floor((s % airbaseCount) / 2) + (side === "nato" ? 0 : 1);
    seeds.push({
      id: `sq${s}`,
      name: `Squadron ${s}`,
      type: "airSquadron",
      system: squadronSystem(side, {
        airToAir: 1 + (s % 5),
        cas: 1 + (s % 4),
        deepStrike: s % 3,
        recce: s % 12 === 4,
        box: "ready",
        airbase: `Actor.ab${Math.min(base, airbaseCount - 1)}`,
      }),
    });
  }
  return { units, map, seeds, combats, hqs: hqCount, squadrons: squadronCount, airbases: airbaseCount };
}

function shuffle<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A hex's centre in pixels from the scene's top-left corner (what the harness places tokens by). */
export const theatreAt = (hex: string) => hexCentre(offsetOf(hex), HEX_SIZE);

/** The seeds as the pure reader takes them. */
export function theatreActors(t: Theatre): WorldActor[] {
  return t.seeds.map((s) => ({
    uuid: `Actor.${s.id}`,
    name: s.name,
    type: s.type,
    system: s.system,
    items: (s.items ?? []).map((i) => ({ uuid: `Actor.${s.id}.Item.${i.id}`, name: i.name, type: "supportCard", system: i.system })),
  }));
}

/** The theatre read by the pure reader, as `readBattlefield` would read it from Foundry. */
export function theatreField(t: Theatre): Battlefield {
  return battlefield({
    actors: theatreActors(t),
    tokens: t.seeds.filter((s) => s.hex !== undefined).map((s) => ({ actor: `Actor.${s.id}`, ...theatreAt(s.hex!) })),
    gridSize: HEX_SIZE,
    terrain: t.map,
  });
}

/** The air charts of the theatre's field, and the box each squadron is ordered to (a spread of missions). */
export function theatreAir(field: Battlefield): { state: AirState; wanted: Map<string, MissionBox> } {
  const squadrons: Squadron[] = [...field.squadrons];
  const airbases: Airbase[] = [...field.airbases];
  const charts = airbases.map((a) => ({ id: a.id, name: a.name, side: a.side, airZone: a.airZone, lost: 1 }));
  const wanted = new Map(squadrons.map((s, i) => [s.id, s.recce ? "recce" : BOXES[i % BOXES.length]!]));
  return { state: { squadrons, airbases, charts }, wanted };
}
