/**
 * The world as the rules see it: every unit, HQ, support card, squadron and airbase read into the
 * rules' plain snapshots, each unit and HQ placed in the hex its token stands in on the scene, and
 * the scene's terrain map (flag `nobc.terrain`) with its lookups. Pure: `readBattlefield` in
 * ./read.ts gathers the Foundry data and calls `battlefield`.
 */
import type { ActorRef, HexRef } from "../rules/ids";
import type { LandHq, LandUnit, SupportCard } from "../rules/nobc/land/types";
import type { CombatAdjacency } from "../rules/nobc/land/combat";
import type { Airbase, Squadron } from "../rules/nobc/air/types";
import { phrase, type Phrase } from "../rules/resolution";
import type {
  AfterUse,
  AirbaseSystemView,
  AirSquadronSystemView,
  HqSystemView,
  OverrunCost,
  SupportCardSystemView,
  UnitSystemView,
} from "../view/views";
import { landHqOf, landUnitOf, squadronOf } from "../view/snapshots";
import { formatMapProblem, validateTerrainMap } from "../map/terrain-schema";
import { adjacentHexes, mapView, type MapView } from "../map/rules-view";
import { readMapState, type MapStateRead, type MapStateView } from "../map/map-state";
import { hexAtPoint, hexLabel, inMap } from "../map/hex-grid";

/** The members of an Actor or Item the reader uses. */
export interface WorldDocument {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

export interface WorldActor extends WorldDocument {
  readonly items?: Iterable<WorldDocument>;
}

/**
 * A token on the viewed scene: its actor and its centre in pixels from the scene's top-left corner;
 * in Foundry also `offset`, the map hex Foundry's grid puts it in (column and row from the scene's
 * top-left hex), which is then used as is. Pure callers may give pixels alone.
 */
export interface WorldToken {
  readonly actor: string;
  readonly x: number;
  readonly y: number;
  readonly offset?: { readonly col: number; readonly row: number };
}

export interface BattlefieldInput {
  readonly actors: Iterable<WorldActor>;
  /** Cards lying loose in the Items directory (held by no HQ). */
  readonly items?: Iterable<WorldDocument>;
  readonly tokens?: readonly WorldToken[];
  /** The scene's grid size in pixels (flat side to flat side); null without a scene. */
  readonly gridSize?: number | null;
  /** The scene's `nobc.terrain` flag, unchecked. */
  readonly terrain?: unknown;
  /** `terrain` already read by `readTerrain` (e.g. kept from an earlier read of the same flag); then not checked again. */
  readonly terrainRead?: TerrainRead;
  /** The scene's `nobc.mapState` flag, unchecked. */
  readonly mapState?: unknown;
  /** `mapState` already read by `readMapState`; then not checked again. */
  readonly mapStateRead?: MapStateRead;
}

/** A support card with what the Foundry layer knows beyond the rules' card. */
export interface WorldCard extends SupportCard {
  readonly name: string;
  readonly modifier: number;
  readonly afterUse: AfterUse;
  /** The unit it is assigned to for this turn, if any. */
  readonly assignedTo: ActorRef | null;
}

/** A unit's markers that are not part of the rules' `LandUnit` (minefields and contamination are the scene's, `mapState`). */
export interface UnitMarkers {
  readonly noMove: boolean;
  readonly minelaying: boolean;
  readonly movementPoints: number;
  readonly strengthMax: number;
  /** The overrun cost printed on the counter (null where not entered): src/world/overrun.ts reads it. */
  readonly overrunCost: OverrunCost;
}

/** One reason the scene's map cannot be read, as a phrase for the shell to write (`speak`). */
export type MapProblemNote = Phrase;

export interface Battlefield {
  /** The scene's terrain map, or null (no scene, no flag, or a flag that fails validation). */
  readonly map: MapView | null;
  /** Why `map` is null, one note per problem; empty when the map is there. */
  readonly mapProblems: readonly MapProblemNote[];
  /** Every unit; `hex` is "" when it has no token on the scene. */
  readonly units: readonly LandUnit[];
  readonly markers: ReadonlyMap<ActorRef, UnitMarkers>;
  /** Every HQ; `hex` is "" when it has no token on the scene. */
  readonly hqs: readonly LandHq[];
  readonly cards: readonly WorldCard[];
  /** Squadrons whose nationality has an air force in the rules (the others are listed in `unknownAir`). */
  readonly squadrons: readonly Squadron[];
  readonly unknownAir: readonly string[];
  readonly airbases: readonly Airbase[];
  /** Every document's name by UUID (actors and cards). */
  readonly names: ReadonlyMap<string, string>;
  /** What has happened on the map (scene flag `nobc.mapState`, src/map/map-state.ts): the one source of mines and contamination. */
  readonly mapState: MapStateView;
  /** Why the scene's map state could not be read (it then reads as empty); empty when it was read. */
  readonly mapStateProblems: readonly MapProblemNote[];
}

/** The hex label under a point, or undefined off the labelled grid. */
function hexAt(token: WorldToken, size: number): HexRef | undefined {
  if (token.offset === undefined && (!Number.isFinite(token.x) || !Number.isFinite(token.y))) return undefined;
  const off = token.offset ?? hexAtPoint(token, size);
  return inMap(off, 99, 99) ? hexLabel(off) : undefined;
}

/** A terrain flag read: its map, or null with why not. Read only; shared by the reads of an unchanged flag. */
export interface TerrainRead {
  readonly map: MapView | null;
  readonly problems: readonly MapProblemNote[];
}

/** Checks a scene's terrain flag (zod and the cross-checks, docs/map-format.md) and builds its rules view. */
export function readTerrain(terrain: unknown): TerrainRead {
  if (terrain === undefined || terrain === null) return { map: null, problems: [phrase("NOBC.World.MapProblem.missing")] };
  const check = validateTerrainMap(terrain);
  if (!check.ok)
    return {
      map: null,
      problems: check.problems.map((p) => phrase("NOBC.World.MapProblem.invalid", { problem: formatMapProblem(p) })),
    };
  return { map: mapView(check.map), problems: [] };
}

function cardOf(item: WorldDocument, holder: ActorRef | null): WorldCard {
  const s = item.system as SupportCardSystemView;
  const card: WorldCard = {
    id: item.uuid,
    side: s.side,
    category: s.category,
    value: s.value,
    name: item.name,
    modifier: s.modifier,
    afterUse: s.afterUse,
    assignedTo: s.assignedTo ?? null,
  };
  return holder === null ? card : { ...card, hq: holder };
}

/** An airbase actor as the rules read it (the Air War charts read it too). */
export function airbaseOf(doc: WorldDocument): Airbase {
  const s = doc.system as AirbaseSystemView;
  return {
    id: doc.uuid,
    name: doc.name,
    side: s.side,
    airZone: s.airZone,
    baseCapacity: s.baseCapacity,
    hits: s.hits.repairable,
    permanentHits: s.hits.permanent,
  };
}

/** A unit's overrun cost; a `system` without the field (a source older than it, a plain object) reads as not entered. */
function overrunCostOf(s: UnitSystemView): OverrunCost {
  const cost = (s as Partial<UnitSystemView>).overrunCost;
  return { mp: cost?.mp ?? null, hits: cost?.hits ?? null };
}

/** Reads the world into rules snapshots. A token off the labelled grid leaves its actor without a hex. */
export function battlefield(input: BattlefieldInput): Battlefield {
  const size = input.gridSize ?? null;
  const hexes = new Map<string, HexRef>();
  if (size !== null && size > 0) {
    for (const token of input.tokens ?? []) {
      // An actor with several tokens stands where its first token is.
      if (hexes.has(token.actor)) continue;
      const hex = hexAt(token, size);
      if (hex !== undefined) hexes.set(token.actor, hex);
    }
  }
  const { map, problems } = input.terrainRead ?? readTerrain(input.terrain);
  const units: LandUnit[] = [];
  const markers = new Map<ActorRef, UnitMarkers>();
  const hqs: LandHq[] = [];
  const cards: WorldCard[] = [];
  const squadrons: Squadron[] = [];
  const unknownAir: string[] = [];
  const airbases: Airbase[] = [];
  const names = new Map<string, string>();
  const sceneState = input.mapStateRead ?? readMapState(input.mapState);
  for (const actor of input.actors) {
    names.set(actor.uuid, actor.name);
    const hex = hexes.get(actor.uuid) ?? "";
    if (actor.type === "unit") {
      const s = actor.system as UnitSystemView;
      units.push(landUnitOf(actor, s, hex));
      markers.set(actor.uuid, {
        noMove: s.noMove,
        minelaying: s.minelaying,
        movementPoints: s.movementPoints,
        strengthMax: s.strength.max,
        overrunCost: overrunCostOf(s),
      });
    } else if (actor.type === "hq") {
      hqs.push(landHqOf(actor, actor.system as HqSystemView, hex));
      for (const item of actor.items ?? []) {
        if (item.type !== "supportCard") continue;
        names.set(item.uuid, item.name);
        cards.push(cardOf(item, actor.uuid));
      }
    } else if (actor.type === "airSquadron") {
      const squadron = squadronOf(actor, actor.system as AirSquadronSystemView);
      if (squadron === null) unknownAir.push(actor.uuid);
      else squadrons.push(squadron);
    } else if (actor.type === "airbase") {
      airbases.push(airbaseOf(actor));
    }
  }
  for (const item of input.items ?? []) {
    if (item.type !== "supportCard") continue;
    names.set(item.uuid, item.name);
    cards.push(cardOf(item, null));
  }
  return {
    map,
    mapProblems: [...problems],
    units,
    markers,
    hqs,
    cards,
    squadrons,
    unknownAir,
    airbases,
    names,
    mapState: sceneState.state,
    mapStateProblems: [...sceneState.problems],
  };
}

/** The units standing in a hex. */
export function unitsIn(field: Battlefield, hex: HexRef): LandUnit[] {
  return field.units.filter((u) => u.hex === hex);
}

/**
 * The neighbours of each given hex, as ground combat reads them (`CombatAdjacency`). Without a
 * terrain map there is no adjacency to read, so the result is empty.
 */
export function adjacencyAround(field: Battlefield, hexes: Iterable<HexRef>): CombatAdjacency {
  const out: Record<HexRef, HexRef[]> = {};
  if (field.map === null) return out;
  for (const hex of hexes) {
    if (hex === "" || out[hex] !== undefined || field.map.map.hexes[hex] === undefined) continue;
    out[hex] = adjacentHexes(field.map, hex);
  }
  return out;
}
