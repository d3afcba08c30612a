/**
 * A unit's move on the map, checked and priced by the rules (seed 000, Land War QRS phase 5): the
 * path a token is dragged along becomes the steps of `movePath` (terrain, road, river, minefield,
 * contamination from the scene; enemy units next to each hex from the board), and the board adds
 * what `movePath` cannot see: the hexes must join up on the map, no hex on the way may hold an
 * enemy, only the group moving now may move, and only in the Movement phase.
 *
 * Pure over a `Battlefield`; `occupancy` indexes it once (kept per battlefield), so pricing a path
 * costs a few map lookups per hex whatever the number of units. The drag's ruler, the move request
 * and the GM's check of a move all call `planMove`, so they cannot disagree.
 */
import { hexside, type ActorRef, type CardRef, type HexRef, type HexsideRef } from "../rules/ids";
import { phrase, type Phrase, type Resolution } from "../rules/resolution";
import {
  movePath,
  movementAllowance,
  stepCosts,
  type MovePathOutcome,
  type MovePathStep,
  type MoveStepResult,
  type MovementGroup,
} from "../rules/nobc/land/movement";
import { applyHits } from "../rules/nobc/land/hits";
import { ENGINEER_CARDS_FOR_UNBRIDGED } from "../rules/nobc/land/combat-tables";
import { checkStacking, type StackingViolation } from "../rules/nobc/land/stacking";
import { alwaysInMarchMode, type LandHq, type LandUnit, type Side } from "../rules/nobc/land/types";
import type { Effect } from "../rules/effects";
import { adjacentHexes, movePathSteps, terrainOf, type MapView } from "../map/rules-view";
import { directionTo, hexLabel, hexLine, offsetOf } from "../map/hex-grid";
import type { Battlefield } from "./battlefield";

/** Who stands where: units and HQs by hex, each list in the battlefield's order. */
export interface Occupancy {
  readonly unitsAt: ReadonlyMap<HexRef, readonly LandUnit[]>;
  readonly hqsAt: ReadonlyMap<HexRef, readonly LandHq[]>;
  readonly unitById: ReadonlyMap<ActorRef, LandUnit>;
}

const kept = new WeakMap<Battlefield, Occupancy>();

/** The battlefield indexed by hex, built once per battlefield (one pass over its units and HQs). */
export function occupancy(field: Battlefield): Occupancy {
  const known = kept.get(field);
  if (known !== undefined) return known;
  const unitsAt = new Map<HexRef, LandUnit[]>();
  const hqsAt = new Map<HexRef, LandHq[]>();
  const unitById = new Map<ActorRef, LandUnit>();
  for (const unit of field.units) {
    unitById.set(unit.id, unit);
    if (unit.hex === "") continue;
    const list = unitsAt.get(unit.hex);
    if (list === undefined) unitsAt.set(unit.hex, [unit]);
    else list.push(unit);
  }
  for (const hq of field.hqs) {
    if (hq.hex === "") continue;
    const list = hqsAt.get(hq.hex);
    if (list === undefined) hqsAt.set(hq.hex, [hq]);
    else list.push(hq);
  }
  const built: Occupancy = { unitsAt, hqsAt, unitById };
  kept.set(field, built);
  return built;
}

/** Where the turn is, as the move check needs it. */
export type MovementTurn =
  /** Another stage than Movement (or no turn tracker): only the GM moves units. */
  | { readonly phase: "other" }
  /** The Movement phase; `group` is the group moving now (null: every unit may move). */
  | { readonly phase: "movement"; readonly group: MovementGroup | null };

/** A move asked for: the unit, and the hexes it enters in order (its start hex left out). */
export interface MoveAsk {
  readonly unit: ActorRef;
  readonly path: readonly HexRef[];
  /** Hexes whose minefield the mover crosses taking a hit instead of paying its MP. */
  readonly ignoreMines?: readonly HexRef[];
}

/** A rule the move breaks, by code (`NOBC.Movement.Refused.<code>`) with its words. */
export interface MoveBreak {
  readonly code:
    "notUnit" | "notPlaced" | "noMap" | "offMap" | "notAdjacent" | "outOfPhase" | "notYourGroup" | "throughEnemy" | "intoEnemy" | "rules";
  readonly text: Phrase;
}

/** The enemies in the hex a move ends in: an overrun (src/apps/land/overrun) decides what happens to them. */
export interface EnemyHex {
  readonly hex: HexRef;
  readonly units: readonly LandUnit[];
  readonly hqs: readonly LandHq[];
}

/** A move checked and priced. `breaks` empty: legal as asked. A GM's move may still be carried out over its breaks (an override). */
export interface MovePlan {
  readonly unit: LandUnit;
  readonly from: HexRef;
  readonly to: HexRef;
  /** The start hex, then every hex entered. */
  readonly path: readonly HexRef[];
  /** The rules' pricing of the path (null when it could not be priced: no map, a broken path). */
  readonly priced: Resolution<MovePathOutcome> | null;
  /**
   * Each step's MP and hits as the rules price them, also when the rules refuse the path (over the
   * allowance, the NATO stop): what the drag's ruler shows. Empty when a step cannot be priced.
   */
  readonly steps: readonly MoveStepResult[];
  /** MP the unit has before the move, and after it. */
  readonly mpBefore: number;
  readonly mpAfter: number;
  readonly breaks: readonly MoveBreak[];
  /** Enemies in the last hex, when there are any (the move is then an overrun or refused). */
  readonly enemyHex: EnemyHex | null;
  /** Stacking in the last hex once the unit stands there (a warning: checked again at the end of Movement). */
  readonly stacking: readonly StackingViolation[];
  /** The mover's Bridging Engineer cards used at river hexsides, left there for later movers. */
  readonly engineersUsed: readonly EngineersUsed[];
  /** What the move writes: MP left, hits, the engineers used, and the token moved; the hits only when the rules priced it. */
  readonly effects: readonly Effect[];
}

/** Enemy units next to a hex (units only: the seed's NATO stop names units). */
export function enemiesNextTo(field: Battlefield, at: Occupancy, hex: HexRef, side: Side): ActorRef[] {
  if (field.map === null) return [];
  const out: ActorRef[] = [];
  for (const next of adjacentHexes(field.map, hex)) for (const u of at.unitsAt.get(next) ?? []) if (u.side !== side) out.push(u.id);
  return out;
}

function enemiesIn(at: Occupancy, hex: HexRef, side: Side): EnemyHex | null {
  const units = (at.unitsAt.get(hex) ?? []).filter((u) => u.side !== side);
  const hqs = (at.hqsAt.get(hex) ?? []).filter((h) => h.side !== side);
  return units.length === 0 && hqs.length === 0 ? null : { hex, units, hqs };
}

/** The MP a unit has left, as its marker says, within 0..its allowance. */
export function mpLeftOf(field: Battlefield, unit: LandUnit): number {
  const allowance = movementAllowance(alwaysInMarchMode(unit) ? "march" : unit.mode);
  const left = field.markers.get(unit.id)?.movementPoints ?? allowance;
  return Math.min(Math.max(0, left), allowance);
}

/** Bridging Engineer cards a move uses at one river hexside: they stay there for later movers. */
export interface EngineersUsed {
  readonly hexside: HexsideRef;
  /** The mover's cards used there (discarded from its hand: "they may not be re-used again"). */
  readonly cards: readonly CardRef[];
  /** The cards at the hexside once these are left there. */
  readonly left: number;
}

/**
 * Bridging Engineers along a path (seed 000, Land War QRS, 5. Movement and Movement Rates;
 * docs/rules-decisions.md, river crossings). At each unbridged river the cards already left at the
 * hexside count (`riverCrossing` reads them from the map state); when they are too few for the reduced
 * cost, the mover's own assigned cards make up the rest, and those stay at that hexside. Cards that
 * could not reach the reduced cost are not spent.
 */
export function withEngineers(
  field: Battlefield,
  unit: ActorRef,
  path: readonly HexRef[],
  steps: readonly MovePathStep[],
): { readonly steps: MovePathStep[]; readonly used: EngineersUsed[] } {
  const own: CardRef[] = [];
  for (const card of field.cards) if (card.assignedTo === unit && card.category === "bridgingEngineer") own.push(card.id);
  const used: EngineersUsed[] = [];
  // What this path itself leaves at a hexside serves it when it crosses there again.
  const leftHere = new Map<HexsideRef, number>();
  const out = steps.map((step, i) => {
    const river = step.river;
    if (river === undefined || river.bridged) return step;
    const key = hexside(path[i]!, step.hex);
    const left = leftHere.get(key) ?? river.bridgingEngineers ?? 0;
    const short = ENGINEER_CARDS_FOR_UNBRIDGED[river.kind] - left;
    if (short <= 0 || short > own.length)
      return left === (river.bridgingEngineers ?? 0) ? step : { ...step, river: { ...river, bridgingEngineers: left } };
    const cards = own.splice(0, short);
    used.push({ hexside: key, cards, left: left + short });
    leftHere.set(key, left + short);
    return { ...step, river: { ...river, bridgingEngineers: left + short } };
  });
  return { steps: out, used };
}

/** What using Bridging Engineers writes: the mover's cards discarded, the count left at the hexside. */
export function engineerEffects(used: readonly EngineersUsed[]): Effect[] {
  const out: Effect[] = [];
  for (const u of used) {
    for (const card of u.cards) out.push({ type: "cardDiscarded", card });
    out.push({ type: "engineersLeft", hexside: u.hexside, count: u.left });
  }
  return out;
}

/**
 * The rules' steps of a path (start hex first): each hex entered with its terrain, road, river
 * (with the Bridging Engineers at work there, `withEngineers`), minefield and contamination from the
 * scene, and the enemy units next to it; `ignoreMines` names the minefields crossed taking a hit.
 */
export function unitPathSteps(
  field: Battlefield,
  unit: LandUnit,
  path: readonly HexRef[],
  ignoreMines: readonly HexRef[] = [],
): { readonly steps: MovePathStep[]; readonly used: EngineersUsed[] } {
  if (field.map === null) return { steps: [], used: [] };
  const at = occupancy(field);
  const ignored = new Set(ignoreMines);
  const steps = movePathSteps(field.map, path, field.mapState).map((step) => {
    const out: MovePathStep = { ...step, adjacentEnemies: enemiesNextTo(field, at, step.hex, unit.side) };
    if (ignored.has(step.hex) && step.mines === true) out.ignoreMines = true;
    return out;
  });
  return withEngineers(field, unit.id, path, steps);
}

/** Enemy units next to the hex a unit stands in: leaving one of them is disengaging (NATO, +1 MP and 1 hit). */
export function startEnemiesOf(field: Battlefield, unit: LandUnit): ActorRef[] {
  return unit.hex === "" ? [] : enemiesNextTo(field, occupancy(field), unit.hex, unit.side);
}

/** Why a path (its start first) cannot be read on the map: a hex off it, or two hexes that do not touch; null when it can. */
function pathRefusal(map: MapView, name: string, path: readonly HexRef[]): MoveBreak | null {
  for (let i = 1; i < path.length; i++) {
    const hex = path[i]!;
    if (map.map.hexes[hex] === undefined) return { code: "offMap", text: phrase("NOBC.Movement.Refused.offMap", { unit: name, hex }) };
    if (directionTo(offsetOf(path[i - 1]!), offsetOf(hex)) === undefined)
      return { code: "notAdjacent", text: phrase("NOBC.Movement.Refused.notAdjacent", { from: path[i - 1]!, hex }) };
  }
  return null;
}

/** An HQ's move checked: no MP (the seed gives HQs no allowance), the path and the phase only. */
export interface HqMovePlan {
  readonly hq: LandHq;
  readonly from: HexRef;
  readonly to: HexRef;
  /** The start hex, then every hex entered. */
  readonly path: readonly HexRef[];
  /** Out of the Movement phase, through or into an enemy's hex. */
  readonly breaks: readonly MoveBreak[];
  /** The token moved (from its start hex). */
  readonly effects: readonly Effect[];
}

/**
 * An HQ's move (docs/rules-decisions.md, "Movement in play": HQs): read on the map hex by hex like a
 * unit's, in the Movement phase (any group's turn: HQs are in no group), never through or into a hex
 * holding enemies. It spends nothing and writes only the token's move.
 */
export function planHqMove(field: Battlefield, turn: MovementTurn, ask: MoveAsk): HqMovePlan | { readonly refused: MoveBreak } {
  const at = occupancy(field);
  const hq = field.hqs.find((h) => h.id === ask.unit);
  if (hq === undefined) return { refused: { code: "notUnit", text: phrase("NOBC.Movement.Refused.notUnit", { unit: ask.unit }) } };
  if (hq.hex === "") return { refused: { code: "notPlaced", text: phrase("NOBC.Movement.Refused.notPlaced", { unit: hq.name }) } };
  if (field.map === null) return { refused: { code: "noMap", text: phrase("NOBC.Movement.Refused.noMap") } };
  const path = [hq.hex, ...ask.path];
  const unreadable = pathRefusal(field.map, hq.name, path);
  if (unreadable !== null) return { refused: unreadable };
  const breaks: MoveBreak[] = [];
  if (turn.phase !== "movement") breaks.push({ code: "outOfPhase", text: phrase("NOBC.Movement.Refused.outOfPhase", { unit: hq.name }) });
  const through = path.slice(1, -1).find((hex) => enemiesIn(at, hex, hq.side) !== null);
  if (through !== undefined)
    breaks.push({ code: "throughEnemy", text: phrase("NOBC.Movement.Refused.throughEnemy", { unit: hq.name, hex: through }) });
  const to = path[path.length - 1]!;
  if (path.length > 1 && enemiesIn(at, to, hq.side) !== null)
    breaks.push({ code: "intoEnemy", text: phrase("NOBC.Movement.Refused.intoEnemy", { unit: hq.name, hex: to }) });
  const effects: Effect[] = path.length > 1 ? [{ type: "moved", actor: hq.id, from: hq.hex, path: path.slice(1) }] : [];
  return { hq, from: hq.hex, to, path, breaks, effects };
}

/** The path and stacking checks of a move; see the module comment. */
export function planMove(field: Battlefield, turn: MovementTurn, ask: MoveAsk): MovePlan | { readonly refused: MoveBreak } {
  const at = occupancy(field);
  const unit = at.unitById.get(ask.unit);
  if (unit === undefined) return { refused: { code: "notUnit", text: phrase("NOBC.Movement.Refused.notUnit", { unit: ask.unit }) } };
  if (unit.hex === "") return { refused: { code: "notPlaced", text: phrase("NOBC.Movement.Refused.notPlaced", { unit: unit.name }) } };
  const map = field.map;
  if (map === null) return { refused: { code: "noMap", text: phrase("NOBC.Movement.Refused.noMap") } };
  const path = [unit.hex, ...ask.path];
  const unreadable = pathRefusal(map, unit.name, path);
  if (unreadable !== null) return { refused: unreadable };
  const breaks: MoveBreak[] = [];
  if (turn.phase !== "movement") breaks.push({ code: "outOfPhase", text: phrase("NOBC.Movement.Refused.outOfPhase", { unit: unit.name }) });
  else if (turn.group !== null && !turn.group.units.includes(unit.id))
    breaks.push({ code: "notYourGroup", text: phrase("NOBC.Movement.Refused.notYourGroup", { unit: unit.name }) });

  const to = path[path.length - 1]!;
  for (const hex of path.slice(1, -1)) {
    if (enemiesIn(at, hex, unit.side) !== null) {
      breaks.push({ code: "throughEnemy", text: phrase("NOBC.Movement.Refused.throughEnemy", { unit: unit.name, hex }) });
      break;
    }
  }
  const enemyHex = path.length > 1 ? enemiesIn(at, to, unit.side) : null;

  const { steps, used: engineersOnPath } = unitPathSteps(field, unit, path, ask.ignoreMines);
  const startAdjacentEnemies = enemiesNextTo(field, at, unit.hex, unit.side);
  const mpBefore = mpLeftOf(field, unit);
  const allowance = movementAllowance(alwaysInMarchMode(unit) ? "march" : unit.mode);
  const marker = field.markers.get(unit.id);
  const priced =
    steps.length === 0
      ? null
      : movePath({
          unit: {
            id: unit.id,
            name: unit.name,
            side: unit.side,
            mode: unit.mode,
            strength: unit.strength,
            noMove: marker?.noMove ?? false,
          },
          startAdjacentEnemies,
          mpSpentBefore: allowance - mpBefore,
          steps,
        });
  if (priced !== null && !priced.ok) for (const r of priced.refusals) breaks.push({ code: "rules", text: r.text });
  // Hits on the way that eliminate the unit end the move in that hex (seen in #29): the rest of the path is not
  // entered, so no engineers are used there and nothing stacks at its end.
  const eliminatedAt = priced?.ok === true ? priced.value.outcome.eliminatedAt : undefined;
  const entered = eliminatedAt === undefined ? path : path.slice(0, (priced?.ok === true ? priced.value.outcome.steps.length : 0) + 1);
  const engineersUsed = entered === path ? engineersOnPath : unitPathSteps(field, unit, entered, ask.ignoreMines).used;

  const stacking =
    path.length > 1 && eliminatedAt === undefined
      ? checkStacking([
          {
            hex: to,
            terrain: terrainOf(map, to),
            units: [...(at.unitsAt.get(to) ?? []).filter((u) => u.id !== unit.id && u.side === unit.side), unit],
          },
        ])
      : [];
  const value = priced?.ok === true ? priced.value : null;
  const stepResults = steps.length === 0 ? [] : (stepCosts({ unit, startAdjacentEnemies, steps }) ?? []);
  const effects: Effect[] = [];
  let mpAfter = value?.outcome.mpLeft ?? mpBefore;
  let eliminated = value?.outcome.eliminated === true;
  if (value !== null) effects.push(...value.effects);
  else if (stepResults.length > 0) {
    // Refused by the rules (over the allowance, the NATO stop, the chip): what a GM's override writes is
    // still each step's price, the MP down to 0 at most, the hits capped at the unit's strength.
    const spent = stepResults.reduce((n, s) => n + s.mp, 0);
    const hits = applyHits(
      unit,
      stepResults.reduce((n, s) => n + s.hits, 0),
    );
    mpAfter = Math.max(0, mpBefore - spent);
    eliminated = hits.eliminated;
    effects.push({ type: "movementPoints", actor: unit.id, value: mpAfter }, ...hits.effects);
  }
  if (value !== null || stepResults.length > 0) effects.push(...engineerEffects(engineersUsed));
  if (path.length > 1 && !eliminated) effects.push({ type: "moved", actor: unit.id, from: unit.hex, path: path.slice(1) });
  const cut = entered !== path;
  return {
    unit,
    from: unit.hex,
    to: cut ? entered[entered.length - 1]! : to,
    path: entered,
    priced: value,
    steps: stepResults,
    mpBefore,
    mpAfter,
    breaks,
    enemyHex: cut ? null : enemyHex,
    stacking,
    engineersUsed,
    effects,
  };
}

/**
 * The hexes a token passes through along its waypoints' hexes (the hex of each waypoint, start
 * first), filled in hex by hex with straight lines between waypoints that are not neighbours, and
 * without repeats of a hex stayed in: the `path` of a `MoveAsk` once its start is dropped.
 */
export function hexPathThrough(waypoints: readonly HexRef[]): HexRef[] {
  const out: HexRef[] = [];
  for (const hex of waypoints) {
    const last = out[out.length - 1];
    if (last === undefined) {
      out.push(hex);
      continue;
    }
    if (last === hex) continue;
    for (const step of hexLine(offsetOf(last), offsetOf(hex)).slice(1)) out.push(hexLabel(step));
  }
  return out;
}
