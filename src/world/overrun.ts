/**
 * Moving into an enemy's hex (seed 000, Land War QRS, 5. Movement): battalions there are overrun
 * (eliminated, at the cost printed on the mover's counter plus the seed's extra hits), and an HQ or
 * artillery unit met alone retreats four hexes and loses 2 levels or takes 2 hits.
 *
 * Pure over a `Battlefield`, from a `MovePlan` of `planMove` over that same battlefield whose
 * `enemyHex` is set: the path is priced again with the move into the hex counted as the overrun (the
 * defenders in it neither stop a NATO mover in the hex before it nor count as units it leaves), then
 * `resolveOverrun` is run with
 * the MP left, the hex's terrain and road, and the river crossed into it. The effects are everything
 * the card writes: the mover's MP and hits, the defenders' losses and retreats, and the mover's token
 * moved into the hex. docs/movement.md, "Overrun"; readings in docs/rules-decisions.md.
 */
import type { ActorRef, HexRef } from "../rules/ids";
import { phrase, refuse, type BreakdownLine, type Checked, type Phrase, type Refusal, type Resolution } from "../rules/resolution";
import type { Effect } from "../rules/effects";
import {
  movePath,
  movementAllowance,
  resolveOverrun,
  stepCosts,
  type MovePathStep,
  type MoveStepResult,
  type RoadKind,
} from "../rules/nobc/land/movement";
import type { RulesOptionsInput } from "../rules/nobc/land/options";
import { alwaysInMarchMode, type LandUnit } from "../rules/nobc/land/types";
import { listOf, sizeName } from "../rules/nobc/land/words";
import { movePathSteps, terrainOf, type MapView } from "../map/rules-view";
import type { Battlefield } from "./battlefield";
import { enemiesNextTo, engineerEffects, occupancy, withEngineers, type EngineersUsed, type EnemyHex, type MovePlan } from "./movement";

/** What an overrun reads beside the plan: the world's rules options, and the mover's choice at minefields. */
export interface OverrunPlanOptions {
  /** The world's rules options (`rulesOptions()`), whole or in part; their `overrun` section is read. */
  readonly rules?: RulesOptionsInput;
  /** Hexes of the path whose minefield the mover crosses taking a hit instead of paying its MP (the move's `ignoreMines`). */
  readonly ignoreMines?: readonly HexRef[];
}

/** A move into an enemy's hex, resolved. */
export interface OverrunPlanOutcome {
  /** "overrun": battalions eliminated at a cost; "displaced": only HQs or artillery were met. */
  readonly kind: "overrun" | "displaced";
  readonly unit: ActorRef;
  readonly hex: HexRef;
  /** MP the whole move spends: the path into the hex and the overrun's cost; the breakdown adds up to it. */
  readonly mpSpent: number;
  readonly total: number;
  readonly mpLeft: number;
  /** Hits the mover takes on the way and from the overrun, and what lands of them (capped at its strength). */
  readonly hits: number;
  readonly hitsApplied: number;
  readonly unitEliminated: boolean;
  /** True when the mover's token goes into the hex (it survived). */
  readonly entersHex: boolean;
  /** Battalions overrun, and artillery the 2 hits bring to 0. */
  readonly eliminated: readonly ActorRef[];
  /** HQs and artillery that retreat 4 hexes (a `retreat` effect each). */
  readonly retreated: readonly ActorRef[];
  /** The card's title and its outcome line, outcome first. */
  readonly title: Phrase;
  readonly line: Phrase;
}

/** Units that an overrun cannot meet: anything but battalions and artillery (HQs always can). */
function notOverrunnable(units: readonly LandUnit[]): LandUnit[] {
  return units.filter((u) => u.arm !== "artillery" && u.size !== "battalion");
}

/**
 * Whether the hex the plan ends in can be overrun at all: it must hold enemies, and only battalions,
 * artillery and HQs. The refusals name each unit in the way (it must be attacked in combat).
 */
export function overrunnable(field: Battlefield, plan: MovePlan): Checked<EnemyHex> {
  const enemy = plan.enemyHex;
  if (enemy === null)
    return refuse({ code: "noEnemy", text: phrase("NOBC.Overrun.Refused.noEnemy", { unit: plan.unit.name, hex: plan.to }) });
  const inTheWay = notOverrunnable(enemy.units);
  if (inTheWay.length > 0)
    return refuse(
      ...inTheWay.map((u): Refusal => ({
        code: "notOverrunnable",
        text: phrase("NOBC.Rules.Land.Movement.Refusal.notOverrunnable", { unit: u.name, size: sizeName(u.size) }),
        field: "enemyHex",
      })),
    );
  if (field.map === null) return refuse({ code: "noMap", text: phrase("NOBC.Movement.Refused.noMap") });
  return { ok: true, value: enemy };
}

/**
 * The road in a hex for the overrun's "+1 Minor Road": a road that is not an autobahn passing
 * through it wins (docs/rules-decisions.md, "overrun extra hits"); then an autobahn; else none.
 */
function roadIn(map: MapView, hex: HexRef): RoadKind | undefined {
  let found: RoadKind | undefined;
  for (const road of map.map.roads) {
    if (!road.path.includes(hex)) continue;
    if (road.kind === "road") return "road";
    found = road.kind;
  }
  return found;
}

/**
 * The steps of the path with the move into the hex counted as the overrun: the defenders there are
 * left out of what the hex before it is next to (so a NATO mover is not stopped by the units it
 * overruns), and out of what the mover started next to when it starts beside them or one hex off
 * (moving into them is not leaving them).
 */
function overrunSteps(
  field: Battlefield,
  map: MapView,
  plan: MovePlan,
  defenders: ReadonlySet<ActorRef>,
  options: OverrunPlanOptions,
): { steps: MovePathStep[]; used: EngineersUsed[]; startAdjacent: ActorRef[] } {
  const at = occupancy(field);
  const side = plan.unit.side;
  const n = plan.path.length - 1;
  const without = (ids: ActorRef[]) => ids.filter((id) => !defenders.has(id));
  const ignored = new Set(options.ignoreMines ?? []);
  const steps = movePathSteps(map, plan.path, field.mapState).map((step, i) => {
    const next = enemiesNextTo(field, at, step.hex, side);
    const out: MovePathStep = { ...step, adjacentEnemies: i === n - 2 ? without(next) : next };
    if (ignored.has(step.hex) && step.mines === true) out.ignoreMines = true;
    return out;
  });
  const start = enemiesNextTo(field, at, plan.from, side);
  return { ...withEngineers(field, plan.unit.id, plan.path, steps), startAdjacent: n <= 2 ? without(start) : start };
}

/**
 * Each step's MP and hits on the way into the enemy's hex, priced as `planOverrun` prices the path
 * (the defenders neither stop a NATO mover next to them nor count as units it leaves): what the drag's
 * ruler shows before the counter's cost is added at the last step. Empty when a step cannot be priced.
 */
export function overrunStepCosts(field: Battlefield, plan: MovePlan, options: OverrunPlanOptions = {}): MoveStepResult[] {
  if (field.map === null || plan.enemyHex === null) return [];
  const defenders = new Set<ActorRef>(plan.enemyHex.units.map((u) => u.id));
  const { steps, startAdjacent } = overrunSteps(field, field.map, plan, defenders, options);
  return stepCosts({ unit: plan.unit, startAdjacentEnemies: startAdjacent, steps }) ?? [];
}

/** An effect about the mover (its MP, hits and elimination are summed here instead). */
function isMovers(effect: Effect, unit: ActorRef): boolean {
  return "actor" in effect && effect.actor === unit;
}

/**
 * The whole resolution of a move into an enemy's hex: the path priced (its MP and hits), then the
 * overrun, with the effects the card writes. Refused (nothing written) when the hex cannot be
 * overrun, the path passes through enemies or breaks the movement rules, the mover would be
 * eliminated before it gets there, its counter's overrun cost is not entered (when battalions are
 * met), or it has too few MP left for that cost. The plan's turn breaks (`outOfPhase`,
 * `notYourGroup`) are the caller's: a GM's override may carry the move out over them.
 */
export function planOverrun(field: Battlefield, plan: MovePlan, options: OverrunPlanOptions = {}): Checked<Resolution<OverrunPlanOutcome>> {
  const can = overrunnable(field, plan);
  if (!can.ok) return can;
  const enemy = can.value;
  const map = field.map!;
  const unit = plan.unit;
  const through = plan.breaks.find((b) => b.code === "throughEnemy");
  if (through !== undefined) return refuse({ code: "throughEnemy", text: through.text, field: "path" });

  const defenders = new Set<ActorRef>(enemy.units.map((u) => u.id));
  const { steps, used, startAdjacent } = overrunSteps(field, map, plan, defenders, options);
  const marker = field.markers.get(unit.id);
  const allowance = movementAllowance(alwaysInMarchMode(unit) ? "march" : unit.mode);
  const priced = movePath({
    unit: { id: unit.id, name: unit.name, side: unit.side, mode: unit.mode, strength: unit.strength, noMove: marker?.noMove ?? false },
    startAdjacentEnemies: startAdjacent,
    mpSpentBefore: allowance - plan.mpBefore,
    steps,
  });
  if (!priced.ok) return priced;
  const path = priced.value.outcome;
  if (path.eliminated)
    return refuse({
      code: "eliminatedOnTheWay",
      text: phrase("NOBC.Overrun.Refused.eliminatedOnTheWay", { unit: unit.name, hex: enemy.hex, count: path.hitsApplied }),
      field: "path",
    });

  const battalions = enemy.units.filter((u) => u.arm !== "artillery");
  const cost = marker?.overrunCost ?? { mp: null, hits: null };
  if (battalions.length > 0 && (cost.mp === null || cost.hits === null)) {
    const missing: Phrase[] = [];
    if (cost.mp === null) missing.push(phrase("NOBC.Overrun.CostField.mp"));
    if (cost.hits === null) missing.push(phrase("NOBC.Overrun.CostField.hits"));
    return refuse({
      code: "overrunCostNotEntered",
      text: phrase("NOBC.Overrun.Refused.costNotEntered", { unit: unit.name, fields: listOf(missing) }),
      field: "overrunCost",
    });
  }

  const last = steps[steps.length - 1]!;
  const resolved = resolveOverrun({
    unit: { id: unit.id, name: unit.name, side: unit.side, mode: unit.mode, strength: unit.strength - path.hitsApplied },
    overrunCost: { mp: cost.mp ?? 0, hits: cost.hits ?? 0 },
    mpLeft: path.mpLeft,
    hex: { hex: enemy.hex, terrain: terrainOf(map, enemy.hex), ...optionalRoad(roadIn(map, enemy.hex)) },
    ...(last.river === undefined ? {} : { river: last.river.kind }),
    defenders: enemy.units,
    hqs: enemy.hqs,
    ...(options.rules === undefined ? {} : { options: options.rules }),
  });
  if (!resolved.ok) return resolved;
  const overrun = resolved.value.outcome;

  const mpSpent = path.mpSpent + overrun.mpSpent;
  const mpLeft = path.mpLeft - overrun.mpSpent;
  const hitsApplied = path.hitsApplied + overrun.hitsApplied;
  const entersHex = !overrun.unitEliminated;
  const effects: Effect[] = [{ type: "movementPoints", actor: unit.id, value: mpLeft }];
  if (hitsApplied > 0) effects.push({ type: "hits", actor: unit.id, amount: hitsApplied });
  if (overrun.unitEliminated) effects.push({ type: "eliminated", actor: unit.id });
  effects.push(...resolved.value.effects.filter((e) => !isMovers(e, unit.id)));
  // Artillery met alone owes a retreat: it may not move on its own before it is carried out (the black chip).
  const at = occupancy(field);
  for (const id of overrun.retreated) if (at.unitById.has(id)) effects.push({ type: "noMove", actor: id });
  effects.push(...engineerEffects(used));
  if (entersHex) effects.push({ type: "moved", actor: unit.id, from: plan.from, path: plan.path.slice(1) });

  const breakdown: BreakdownLine[] = [...priced.value.breakdown, ...overrunLines(resolved.value.breakdown, enemy.hex, overrun.mpSpent)];
  const outcome: OverrunPlanOutcome = {
    kind: overrun.kind,
    unit: unit.id,
    hex: enemy.hex,
    mpSpent,
    total: mpSpent,
    mpLeft,
    hits: path.hits + overrun.hitsToUnit,
    hitsApplied,
    unitEliminated: overrun.unitEliminated,
    entersHex,
    eliminated: overrun.eliminated,
    retreated: overrun.retreated,
    title: phrase("NOBC.Overrun.Title", { unit: unit.name, hex: enemy.hex }),
    line: outcomeLine(unit, enemy, overrun.kind, overrun.unitEliminated, mpSpent, hitsApplied),
  };
  return { ok: true, value: { breakdown, rolls: [], outcome, effects } };
}

function optionalRoad(road: RoadKind | undefined): { road?: RoadKind } {
  return road === undefined ? {} : { road };
}

/**
 * The overrun's breakdown in the path's terms, so the card adds up to MP like a move: the counter's
 * MP cost becomes an MP line, and the hit lines become notes of their hits (value 0).
 */
function overrunLines(lines: readonly BreakdownLine[], hex: HexRef, mp: number): BreakdownLine[] {
  const out: BreakdownLine[] = [];
  for (const line of lines) {
    if (line.text.key === "NOBC.Rules.Land.Movement.OverrunCostMp") {
      out.push({
        text: phrase("NOBC.Rules.Land.Movement.StepMp", { hex, line: phrase("NOBC.Overrun.CounterMp") }),
        value: mp,
        source: line.source,
      });
    } else if (line.value > 0) {
      out.push({
        text: phrase("NOBC.Rules.Land.Movement.StepHits", { hex, line: line.text, count: line.value }),
        value: 0,
        source: line.source,
      });
    } else if (line.text.key !== "NOBC.Rules.Land.Movement.OverrunCostHits") {
      out.push(line);
    }
  }
  return out;
}

/** "34 PzBrig overruns 1/1 MRR Bn in 0301: 2 MP, 3 hits", or who was met alone. */
function outcomeLine(
  unit: LandUnit,
  enemy: EnemyHex,
  kind: "overrun" | "displaced",
  eliminated: boolean,
  mp: number,
  hits: number,
): Phrase {
  const base = { unit: unit.name, hex: enemy.hex, mp, count: hits };
  if (kind === "displaced") {
    const met = [...enemy.units.map((u) => u.name), ...enemy.hqs.map((h) => h.name)];
    return phrase("NOBC.Overrun.Outcome.displaced", { ...base, met: listOf(met) });
  }
  const overrun = enemy.units.filter((u) => u.arm !== "artillery").map((u) => u.name);
  return phrase(eliminated ? "NOBC.Overrun.Outcome.overrunLost" : "NOBC.Overrun.Outcome.overrun", { ...base, defenders: listOf(overrun) });
}
