/**
 * A theatre for the planner's and the land turn's measures and operation counts: `count` units on a
 * map of 2,000+ hexes (about five hexes a unit beyond that), two a hex in columns either side of a
 * front line down the middle, an HQ for every ten units (three cards each), three squadrons for
 * every ten. Deterministic: the same count gives the same theatre.
 */
import { adjacentHexes, mapView, movePathSteps } from "../../src/map/rules-view";
import { hexDistance, hexLabel, offsetOf } from "../../src/map/hex-grid";
import type { TerrainMap } from "../../src/map/terrain-schema";
import type { Battlefield, UnitMarkers, WorldCard } from "../../src/world/battlefield";
import type { LandHq, LandTerrain, LandUnit, Side, UnitArm, UnitSize } from "../../src/rules/nobc/land/types";
import type { Squadron } from "../../src/rules/nobc/air/types";
import { DEFAULT_RULES_OPTIONS } from "../../src/rules/nobc/land/options";
import { combatOdds, planGroundCombat, resolveGroundCombat, type GroundCombatInput } from "../../src/rules/nobc/land/combat";
import { resolveResupply, type ResupplyInput } from "../../src/rules/nobc/land/resupply";
import { movePath, type MovePathInput } from "../../src/rules/nobc/land/movement";
import { checkStacking, type StackingHex } from "../../src/rules/nobc/land/stacking";
import { seededDice } from "../../src/rules/dice";
import { unwrap } from "../../src/rules/resolution";
import { plannerController } from "../../src/apps/ground-combat/controller";
import { defaultState } from "../../src/apps/ground-combat/state";
import type { PlannerWorld } from "../../src/apps/ground-combat/world";
import { keyWording } from "../harness/wording";
import { readMapState } from "../../src/map/map-state";

/** A generated theatre: the battlefield and the hexes of the front line. */
export interface Theatre {
  readonly field: Battlefield;
  readonly frontColumn: number;
}

const TERRAINS: readonly (readonly LandTerrain[])[] = [["clear"], ["woods"], ["clear"], ["rough"], ["woods", "rough"], ["town"], ["clear"]];

/** A map of at least 2,000 hexes (about five per unit beyond that), a river along the front and a road every ninth row. */
function theatreMap(units: number): TerrainMap {
  const hexCount = Math.max(2100, units * 5.25);
  const columns = Math.min(99, Math.ceil(Math.sqrt(hexCount)));
  const rows = Math.min(99, Math.ceil(hexCount / columns));
  const hexes: TerrainMap["hexes"] = {};
  for (let col = 0; col < columns; col++)
    for (let row = 0; row < rows; row++)
      hexes[hexLabel({ col, row })] = {
        terrain: [...TERRAINS[(col * 7 + row * 3) % TERRAINS.length]!],
        country: col < columns / 2 ? "frg" : "gdr",
      };
  const front = Math.floor(columns / 2);
  const hexsides: TerrainMap["hexsides"] = [];
  for (let row = 1; row < rows; row += 3)
    hexsides.push({ hex: hexLabel({ col: front, row }), side: "n", river: "minor", bridge: row % 2 === 0 });
  const roads: TerrainMap["roads"] = [];
  for (let row = 1; row < rows; row += 9) {
    roads.push({ kind: row % 2 === 0 ? "autobahn" : "road", path: Array.from({ length: columns }, (_, col) => hexLabel({ col, row })) });
  }
  return { format: "nobc-terrain/1", name: "bench theatre", columns, rows, hexSize: 100, hexes, hexsides, roads };
}

export function theatre(count: number): Theatre {
  const map = theatreMap(count);
  const front = Math.floor(map.columns / 2);
  const units: LandUnit[] = [];
  const markers = new Map<string, UnitMarkers>();
  const hqs: LandHq[] = [];
  const cards: WorldCard[] = [];
  const names = new Map<string, string>();
  const hqCount = Math.max(2, Math.round(count / 10));
  // HQs stand a few columns behind their side's line, spread down the map.
  for (let i = 0; i < hqCount; i++) {
    const side: Side = i % 2 === 0 ? "nato" : "wp";
    const perSide = Math.ceil(hqCount / 2);
    const row = Math.floor(((i >> 1) * map.rows) / perSide);
    const col = side === "nato" ? front - 4 - (i % 3) : front + 3 + (i % 3);
    const id = `Actor.hq${i}`;
    hqs.push({
      id,
      side,
      name: `HQ ${i}`,
      echelon: side === "nato" ? "corps" : "army",
      level: 3,
      maxLevel: 4,
      radius: 5,
      nationality: side === "nato" ? "frg" : "su",
      hex: hexLabel({ col, row }),
      mayRecover: true,
      ...(i >= 4 ? { parent: `Actor.hq${i % 4}` } : {}),
    });
    names.set(id, `HQ ${i}`);
  }
  // Two units a hex, filled from the front backwards, a row at a time.
  const perSide = [0, 0];
  const mined = new Set<string>();
  for (let i = 0; i < count; i++) {
    const side: Side = i % 2 === 0 ? "nato" : "wp";
    const n = perSide[side === "nato" ? 0 : 1]!++;
    const slot = Math.floor(n / 2);
    const depth = Math.floor(slot / map.rows);
    const row = slot % map.rows;
    const col = side === "nato" ? front - 1 - depth : front + depth;
    const arm: UnitArm = n % 8 === 7 ? "artillery" : n % 3 === 0 ? "mechanised" : "armour";
    const size: UnitSize = n % 4 === 0 ? "division" : "brigade";
    const id = `Actor.u${i}`;
    const hqIndex =
      (side === "nato" ? 0 : 1) + 2 * Math.min(Math.floor(hqCount / 2) - 1, Math.floor((row * Math.ceil(hqCount / 2)) / map.rows));
    units.push({
      id,
      side,
      name: `Unit ${i}`,
      size,
      arm,
      strength: 3 + (n % 5),
      mode: n % 4 === 3 ? "march" : "combat",
      supply: n % 3,
      hex: hexLabel({ col, row }),
      hq: hqs[Math.min(hqIndex, hqs.length - 1)]!.id,
      nationality: side === "nato" ? "frg" : "su",
    });
    // Every 23rd unit of a side stands in a minefield (on the scene's map state).
    if (n % 23 === 0) mined.add(id);
    markers.set(id, {
      noMove: false,
      minelaying: false,
      movementPoints: 4,
      overrunCost: { mp: null, hits: null },
      strengthMax: 8,
    });
    names.set(id, `Unit ${i}`);
  }
  // Three cards an HQ, the first assigned to one of its units.
  hqs.forEach((hq, h) => {
    const own = units.filter((u) => u.hq === hq.id);
    (["combatModifier", "signals", "bridgingEngineers"] as const).forEach((category, c) => {
      const id = `Actor.hq${h}.Item.c${c}`;
      cards.push({
        id,
        side: hq.side,
        category,
        value: 1,
        hq: hq.id,
        name: `Card ${h}.${c}`,
        modifier: 1,
        afterUse: "discard",
        assignedTo: c === 0 && own[0] !== undefined ? own[0].id : null,
      } as WorldCard);
      names.set(id, `Card ${h}.${c}`);
    });
  });
  const squadrons: Squadron[] = Array.from({ length: Math.round(count * 0.3) }, (_, i) => ({
    id: `Actor.s${i}`,
    name: `Sqn ${i}`,
    side: i % 2 === 0 ? "nato" : "wp",
    nationality: i % 2 === 0 ? "frg" : "su",
    airToAir: 2,
    cas: 2,
    deepStrike: 1,
    weapons: [],
    range: 2,
    recce: false,
    ew: false,
    harrier: false,
    box: i % 3 === 0 ? "cas" : "ready",
    airbase: null,
    airZone: "1",
  })) as unknown as Squadron[];
  const view = mapView(map);
  const mines = new Set(units.filter((u) => mined.has(u.id)).map((u) => u.hex));
  const field: Battlefield = {
    map: view,
    mapProblems: [],
    units,
    markers,
    hqs,
    cards,
    squadrons,
    unknownAir: [],
    airbases: [],
    names,
    mapState: { ...readMapState(undefined).state, mines },
    mapStateProblems: [],
  };
  return { field, frontColumn: front };
}

/** The land turn's rules-core work for a theatre: combats (one for every seven units), resupply, movement, stacking. */
export interface LandTurn {
  readonly combats: GroundCombatInput[];
  readonly resupply: ResupplyInput[];
  readonly moves: MovePathInput[];
  readonly stacking: StackingHex[];
}

export function landTurn({ field }: Theatre): LandTurn {
  const view = field.map!;
  const byHex = new Map<string, LandUnit[]>();
  for (const u of field.units) byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), u]);
  const canAttack = (u: LandUnit) => u.mode === "combat" && u.arm !== "artillery" && u.size !== "battalion";
  const combats: GroundCombatInput[] = [];
  const wanted = Math.round(field.units.length / 7);
  for (const [hex, here] of byHex) {
    if (combats.length >= wanted) break;
    const attackers = here.filter(canAttack);
    if (attackers.length === 0) continue;
    const side = attackers[0]!.side;
    for (const next of adjacentHexes(view, hex)) {
      if (combats.length >= wanted) break;
      const there = byHex.get(next) ?? [];
      if (there.length === 0 || there.some((u) => u.side === side)) continue;
      if (combats.some((c) => c.target === next)) continue;
      const adjacency: Record<string, string[]> = { [next]: adjacentHexes(view, next), [hex]: adjacentHexes(view, hex) };
      combats.push({
        attackerSide: side,
        target: next,
        terrain: view.map.hexes[next]!.terrain,
        minefield: false,
        units: field.units,
        adjacency,
        attackers: attackers.filter((u) => u.side === side).map((u) => u.id),
        options: DEFAULT_RULES_OPTIONS,
      });
    }
  }
  const resupply: ResupplyInput[] = field.hqs.map((hq) => {
    const own = field.units.filter((u) => u.hq === hq.id);
    const candidates = own.map((u) => ({
      unit: u,
      onOrAdjacentToRoad: true,
      distance: hexDistance(offsetOf(hq.hex), offsetOf(u.hex)),
    }));
    const near = candidates.filter((c) => c.distance <= hq.radius && c.unit.arm !== "artillery").slice(0, hq.level);
    return { hq, candidates, allocation: Object.fromEntries(near.map((c) => [c.unit.id, 1])) };
  });
  // Every unit moves two hexes straight back along its row.
  const moves: MovePathInput[] = field.units.map((u) => {
    const from = offsetOf(u.hex);
    const dir = u.side === "nato" ? -1 : 1;
    const path = [0, 1, 2].map((k) => hexLabel({ col: Math.max(0, Math.min(view.map.columns - 1, from.col + dir * k)), row: from.row }));
    const clean = path.filter((h, i) => i === 0 || h !== path[i - 1]);
    return { unit: u, steps: movePathSteps(view, clean.length > 1 ? clean : [u.hex, adjacentHexes(view, u.hex)[0]!], field.mapState) };
  });
  const stacking: StackingHex[] = [...byHex].map(([hex, here]) => ({ hex, terrain: view.map.hexes[hex]!.terrain, units: here }));
  return { combats, resupply, moves, stacking };
}

export function runLandTurn(turn: LandTurn): void {
  const dice = seededDice(7);
  for (const input of turn.combats) {
    const plan = unwrap(planGroundCombat(input));
    combatOdds(plan);
    resolveGroundCombat(plan, dice);
  }
  for (const input of turn.resupply) resolveResupply(input);
  for (const input of turn.moves) movePath(input);
  checkStacking(turn.stacking);
}

const i18n = keyWording();

export function plannerWorld({ field }: Theatre): PlannerWorld {
  return { field, whole: field, owned: new Set(), isGM: true, options: DEFAULT_RULES_OPTIONS };
}

/** The planner opened by a GM with nothing selected: its default state and its first render's context. */
export function openEmpty(world: PlannerWorld): void {
  const state = defaultState(world.field, { selected: [], targeted: [] }, world.options);
  plannerController.context(state, world, i18n);
}
