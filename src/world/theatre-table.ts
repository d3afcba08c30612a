/**
 * The theatre dashboard's table (issue #31): one row per unit, HQ, squadron and airbase of the
 * world, read from the snapshot the rules read (./battlefield.ts), with the filters and sorts
 * Control uses. Pure and linear in the rows: the table is rebuilt on every render of the window,
 * at 1,600 units (tests/bench). Rows are filtered by side, HQ (the HQ, its subordinate HQs and
 * everything under them), an umpire's sector (src/teams/umpires.ts: a unit or HQ is of the Land War,
 * a squadron or airbase of the Air War, with its HQ chain and hex), kind and state.
 */
import type { ActorRef, HexRef } from "../rules/ids";
import type { Mode, Side } from "../rules/nobc/land/types";
import type { AirBox } from "../rules/nobc/air/effects";
import type { Battlefield } from "./battlefield";
import { covers, type Sector } from "../teams/umpires";

export const THEATRE_KINDS = ["unit", "hq", "airSquadron", "airbase"] as const;
export type TheatreKind = (typeof THEATRE_KINDS)[number];

/**
 * What a row's state may be: a unit's mode, its black chip, no token on the scene, eliminated; an
 * HQ below its full level, destroyed; a squadron's Air War box; an airbase with hits. A row has
 * several (a unit in March Mode with the chip).
 */
export const THEATRE_STATES = [
  "combat",
  "march",
  "noMove",
  "offMap",
  "eliminated",
  "reduced",
  "destroyed",
  "hit",
  "ready",
  "airSuperiority",
  "cas",
  "deepStrike",
  "recce",
  "paradrop",
  "holding",
  "damaged",
] as const;
export type TheatreState = (typeof THEATRE_STATES)[number];

export interface TheatreRow {
  readonly id: ActorRef;
  readonly kind: TheatreKind;
  readonly name: string;
  readonly side: Side;
  /** A unit's HQ, an HQ's parent HQ, a squadron's airbase; null for none. */
  readonly parent: ActorRef | null;
  readonly parentName: string;
  /** "" without a token on the scene (squadrons and airbases have none). */
  readonly hex: HexRef;
  readonly strength: number | null;
  readonly strengthMax: number | null;
  /** A unit's supply points. */
  readonly supply: number | null;
  readonly mode: Mode | null;
  readonly mpLeft: number | null;
  /** The black chip: the unit may not move this turn. */
  readonly chip: boolean | null;
  readonly level: number | null;
  readonly levelMax: number | null;
  readonly radius: number | null;
  /** Support cards the HQ holds. */
  readonly cards: number | null;
  readonly box: AirBox | null;
  readonly airZone: string | null;
  /** An airbase's hits: repairable and permanent. */
  readonly hits: number | null;
  readonly permanentHits: number | null;
  readonly states: readonly TheatreState[];
  /** The HQs the row stands under, nearest first (an HQ's own id first): what the HQ filter matches. */
  readonly under: readonly ActorRef[];
}

const EMPTY = {
  strength: null,
  strengthMax: null,
  supply: null,
  mode: null,
  mpLeft: null,
  chip: null,
  level: null,
  levelMax: null,
  radius: null,
  cards: null,
  box: null,
  airZone: null,
  hits: null,
  permanentHits: null,
} as const;

/** Every row of the theatre: HQs, units, squadrons, airbases, each in the world's order. */
export function theatreRows(field: Battlefield): TheatreRow[] {
  const parentOf = new Map<ActorRef, ActorRef | undefined>(field.hqs.map((h) => [h.id, h.parent]));
  // An HQ's chain upwards, once per HQ (a chain that loops stops where it comes back).
  const chains = new Map<ActorRef, readonly ActorRef[]>();
  const chain = (hq: ActorRef | undefined): readonly ActorRef[] => {
    if (hq === undefined || !parentOf.has(hq)) return [];
    const known = chains.get(hq);
    if (known !== undefined) return known;
    const out: ActorRef[] = [];
    for (let at: ActorRef | undefined = hq; at !== undefined && parentOf.has(at) && !out.includes(at); at = parentOf.get(at)) out.push(at);
    chains.set(hq, out);
    return out;
  };
  const cards = new Map<ActorRef, number>();
  for (const c of field.cards) if (c.hq !== undefined) cards.set(c.hq, (cards.get(c.hq) ?? 0) + 1);
  const name = (id: ActorRef | null | undefined) => (id === null || id === undefined ? "" : (field.names.get(id) ?? ""));
  const rows: TheatreRow[] = [];
  for (const h of field.hqs) {
    const states: TheatreState[] = [];
    if (h.hex === "") states.push("offMap");
    if (h.level === 0) states.push("destroyed");
    else if (h.level < h.maxLevel) states.push("reduced");
    rows.push({
      ...EMPTY,
      id: h.id,
      kind: "hq",
      name: h.name,
      side: h.side,
      parent: h.parent ?? null,
      parentName: name(h.parent),
      hex: h.hex,
      level: h.level,
      levelMax: h.maxLevel,
      radius: h.radius,
      cards: cards.get(h.id) ?? 0,
      states,
      under: chain(h.id),
    });
  }
  for (const u of field.units) {
    const m = field.markers.get(u.id);
    const states: TheatreState[] = [u.mode];
    if (m?.noMove === true) states.push("noMove");
    if (u.hex === "") states.push("offMap");
    if (u.strength === 0) states.push("eliminated");
    rows.push({
      ...EMPTY,
      id: u.id,
      kind: "unit",
      name: u.name,
      side: u.side,
      parent: u.hq ?? null,
      parentName: name(u.hq),
      hex: u.hex,
      strength: u.strength,
      strengthMax: m?.strengthMax ?? null,
      supply: u.supply,
      mode: u.mode,
      mpLeft: m?.movementPoints ?? null,
      chip: m?.noMove ?? null,
      states,
      under: chain(u.hq),
    });
  }
  for (const s of field.squadrons) {
    rows.push({
      ...EMPTY,
      id: s.id,
      kind: "airSquadron",
      name: s.name,
      side: s.side,
      parent: s.airbase,
      parentName: name(s.airbase),
      hex: "",
      box: s.box,
      airZone: s.airZone,
      states: [s.box],
      under: [],
    });
  }
  for (const b of field.airbases) {
    rows.push({
      ...EMPTY,
      id: b.id,
      kind: "airbase",
      name: b.name,
      side: b.side,
      parent: null,
      parentName: "",
      hex: "",
      airZone: b.airZone,
      hits: b.hits,
      permanentHits: b.permanentHits,
      states: b.hits + b.permanentHits > 0 ? ["hit"] : [],
      under: [],
    });
  }
  return rows;
}

/** An umpire's sector chosen on the dashboard: the umpire (the form's value) and their sector. */
export interface SectorChoice {
  readonly umpire: string;
  readonly sector: Sector;
}

/** What the dashboard shows: each filter null for all. `text` matches a name, HQ or hex, without regard to case. */
export interface TheatreFilter {
  readonly side: Side | null;
  readonly hq: ActorRef | null;
  readonly sector: SectorChoice | null;
  readonly kind: TheatreKind | null;
  readonly state: TheatreState | null;
  readonly text: string;
}

export const NO_FILTER: TheatreFilter = { side: null, hq: null, sector: null, kind: null, state: null, text: "" };

/** Whether the row lies in the sector: its war (a unit's or HQ's Land, a squadron's or airbase's Air), its HQ chain, its hex. */
function inSector(row: TheatreRow, sector: Sector): boolean {
  const war = row.kind === "unit" || row.kind === "hq" ? "land" : "air";
  return covers(sector, { war, hqs: row.under, hex: row.hex === "" ? null : row.hex });
}

export function filterRows(rows: readonly TheatreRow[], f: TheatreFilter): TheatreRow[] {
  const text = f.text.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (f.side === null || r.side === f.side) &&
      (f.kind === null || r.kind === f.kind) &&
      (f.hq === null || r.under.includes(f.hq)) &&
      (f.sector === null || inSector(r, f.sector.sector)) &&
      (f.state === null || r.states.includes(f.state)) &&
      (text === "" || r.name.toLowerCase().includes(text) || r.parentName.toLowerCase().includes(text) || r.hex.includes(text)),
  );
}

export const SORT_KEYS = [
  "name",
  "kind",
  "side",
  "parentName",
  "hex",
  "strength",
  "supply",
  "mode",
  "mpLeft",
  "chip",
  "level",
  "radius",
  "cards",
  "box",
  "hits",
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface TheatreSort {
  readonly key: SortKey;
  readonly descending: boolean;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/**
 * Rows in the order of `key` (names as a reader sorts them, "10 PzBde" after "9 PzBde"), ties by
 * name. Rows without the value (an HQ's strength) go last whichever way.
 */
export function sortRows(rows: readonly TheatreRow[], sort: TheatreSort): TheatreRow[] {
  const sign = sort.descending ? -1 : 1;
  const value = (r: TheatreRow): string | number | null => {
    const v = r[sort.key];
    return typeof v === "boolean" ? Number(v) : v === "" && sort.key !== "name" ? null : v;
  };
  const keyed = rows.map((r) => ({ r, v: value(r) }));
  keyed.sort((a, b) => {
    if (a.v === null || b.v === null) return a.v === b.v ? collator.compare(a.r.name, b.r.name) : a.v === null ? 1 : -1;
    const by = typeof a.v === "number" && typeof b.v === "number" ? a.v - b.v : collator.compare(String(a.v), String(b.v));
    return by !== 0 ? sign * by : collator.compare(a.r.name, b.r.name);
  });
  return keyed.map((k) => k.r);
}
