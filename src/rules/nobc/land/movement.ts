/**
 * Land War phase 5, Movement (seed 000, Land War QRS): movement points, the Movement Rates table,
 * river crossings, whole-path checking, overrun and the order in which groups move.
 * The map is the caller's business: each step arrives with its hex data and enemy adjacency.
 */
import type { ActorRef, HexRef } from "../../ids";
import {
  RefusalList,
  SEEDS,
  phrase,
  refuse,
  total,
  type BreakdownLine,
  type Checked,
  type Phrase,
  type PhraseArg,
  type Resolution,
} from "../../resolution";
import type { LandEffect } from "./effects";
import { ENGINEER_CARDS_FOR_UNBRIDGED } from "./combat-tables";
import { applyHits } from "./hits";
import { optionsSection, type OverrunOptions, type RulesOptionsInput } from "./options";
import {
  LAND_TERRAINS,
  type LandHq,
  type LandTerrain,
  type LandUnit,
  type Mode,
  type RiverHexside,
  type RiverKind,
  type Side,
} from "./types";
import { tableEntry } from "../../validate";
import { given, listOf, modeName, riverName, roadName, sizeName, terrainName } from "./words";

const RATES = `${SEEDS.nobc}, Land War QRS: Movement Rates`;
const PHASE = `${SEEDS.nobc}, Land War QRS: 5. Movement`;
const DECISIONS = "docs/rules-decisions.md";

// ---------------------------------------------------------------------------------------------
// Tables

/** seed 000 (NOBC), Land War QRS, 5. Movement: movement points per turn by mode. */
export const MOVEMENT_ALLOWANCE: Readonly<Record<Mode, number>> = { combat: 4, march: 6 };

/** seed 000 (NOBC), Land War QRS: Movement Rates, MP to enter a hex of a single terrain type. */
export const TERRAIN_MOVE_COST: Readonly<Record<LandTerrain, number>> = {
  clear: 1,
  town: 1,
  rough: 2,
  woods: 2,
  marsh: 2,
  city: 2,
};

/** seed 000 (NOBC), Land War QRS: Movement Rates, the rows that name a mix of terrain types. */
export const COMBINED_TERRAIN_MOVE_COST: readonly { readonly terrain: readonly LandTerrain[]; readonly cost: number }[] = [
  { terrain: ["rough", "woods"], cost: 2 },
];

/** seed 000 (NOBC), Land War QRS: Movement Rates, road rows: any terrain, March Mode only. */
export const ROAD_MOVE_COST = { autobahn: 0.5, road: 1 } as const;
export type RoadKind = keyof typeof ROAD_MOVE_COST;

/** seed 000 (NOBC), Land War QRS: Movement Rates, additions for what lies in the hex entered. */
export const HEX_MOVE_SURCHARGE = { mines: 1, contaminated: 1 } as const;

/** Hits a mover takes when it ignores a minefield instead of paying its MP (seed 000, Movement Rates). */
export const IGNORED_MINEFIELD_HITS = 1;

/**
 * seed 000 (NOBC), Land War QRS: Movement Rates, unbridged river hexsides: the full cost, and the
 * reduced cost once enough Bridging Engineers are used (how many: ENGINEER_CARDS_FOR_UNBRIDGED).
 * A bridged crossing adds nothing.
 */
export const RIVER_CROSSING_COST: Readonly<Record<RiverKind, { readonly unbridged: number; readonly withEngineers: number }>> = {
  minor: { unbridged: 2, withEngineers: 1 },
  major: { unbridged: 4, withEngineers: 2 },
};

/** seed 000 (NOBC), Land War QRS, 5. Movement: a NATO unit leaving a WP unit it started next to. */
export const DISENGAGE_COST = { mp: 1, hits: 1 } as const;

/** seed 000 (NOBC), Land War QRS, 5. Movement: extra hits to the unit that overruns a battalion. */
export const OVERRUN_EXTRA_HITS = { light: 1, city: 4, majorRiver: 3 } as const;

/** Terrain types that belong to the +1 overrun group (seed 000, 5. Movement). */
export const OVERRUN_LIGHT_TERRAIN: readonly LandTerrain[] = ["woods", "rough", "marsh", "town"];

/** seed 000 (NOBC), Land War QRS, 5. Movement: an HQ or artillery met alone by a moving enemy. */
export const DISPLACED_ALONE = { retreatHexes: 4, hqLevels: 2, artilleryHits: 2 } as const;

// ---------------------------------------------------------------------------------------------
// Plain table functions (throw RangeError on values the tables do not cover)

/** What `moveCost` needs to know about the hex entered. `road` means the move follows that road. */
export interface MoveCostHex {
  terrain: readonly LandTerrain[];
  road?: RoadKind;
  mines?: boolean;
  contaminated?: boolean;
}

/** Movement points a unit has per turn in the given mode. */
export function movementAllowance(mode: Mode): number {
  const mp = tableEntry(MOVEMENT_ALLOWANCE, mode, "mode");
  return mp;
}

/** MP to cross a river hexside on top of the hex entered. */
export function riverCrossingCost(river: RiverKind, bridged: boolean, bridgingEngineers: number): number {
  const row = tableEntry(RIVER_CROSSING_COST, river, "river");
  if (!Number.isInteger(bridgingEngineers) || bridgingEngineers < 0) {
    throw new RangeError(`bridging engineers must be a whole number of 0 or more, not ${bridgingEngineers}`);
  }
  if (bridged) return 0;
  return bridgingEngineers >= ENGINEER_CARDS_FOR_UNBRIDGED[river] ? row.withEngineers : row.unbridged;
}

/** MP to enter a hex, paying for any minefield (use `movePath` to ignore mines and take a hit). */
export function moveCost(hex: MoveCostHex, mode: Mode): number {
  return total(hexEntry(hex, mode, false).mp);
}

/** The terrain part of a hex's cost: a listed combination row if the hex matches it, else the dearest type. */
function terrainLine(terrain: readonly LandTerrain[]): BreakdownLine {
  if (terrain.length === 0) throw new RangeError("a hex needs at least one terrain type");
  for (const t of terrain) {
    if (!LAND_TERRAINS.includes(t)) throw new RangeError(`unknown terrain "${t}"`);
  }
  const kinds = [...new Set(terrain)];
  const listed = COMBINED_TERRAIN_MOVE_COST.find(
    (row) => row.terrain.length === kinds.length && row.terrain.every((t) => kinds.includes(t)),
  );
  if (listed) {
    return {
      text: phrase("NOBC.Rules.Land.Movement.Terrain", { terrain: listOf(listed.terrain.map(terrainName), "plus") }),
      value: listed.cost,
      source: RATES,
    };
  }
  if (kinds.length === 1) {
    return {
      text: phrase("NOBC.Rules.Land.Movement.Terrain", { terrain: terrainName(kinds[0]!) }),
      value: TERRAIN_MOVE_COST[kinds[0]!],
      source: RATES,
    };
  }
  const dearest = Math.max(...kinds.map((t) => TERRAIN_MOVE_COST[t]));
  return {
    text: phrase("NOBC.Rules.Land.Movement.TerrainMixed", { terrain: listOf(kinds.map(terrainName)) }),
    value: dearest,
    source: `${DECISIONS}: mixed terrain`,
  };
}

/**
 * What makes a hex unreadable for `hexEntry` (no terrain, an unknown terrain, road or mode), as the
 * words of a refusal; undefined when the hex can be priced.
 */
function hexProblem(hex: MoveCostHex, mode?: Mode): Phrase | undefined {
  if (mode !== undefined && !Object.hasOwn(MOVEMENT_ALLOWANCE, mode))
    return phrase("NOBC.Rules.Land.Movement.Problem.unknownMode", { mode: given(mode) });
  if (hex.terrain.length === 0) return phrase("NOBC.Rules.Land.Movement.Problem.noTerrain");
  const unknown = hex.terrain.find((t) => !LAND_TERRAINS.includes(t));
  if (unknown !== undefined) return phrase("NOBC.Rules.Land.Movement.Problem.unknownTerrain", { terrain: given(unknown) });
  if (hex.road !== undefined && !Object.hasOwn(ROAD_MOVE_COST, hex.road))
    return phrase("NOBC.Rules.Land.Movement.Problem.unknownRoad", { road: given(hex.road) });
  return undefined;
}

/** What makes a river crossing unreadable for `riverLine`, as the words of a refusal; undefined when it can be priced. */
function riverProblem(river: RiverCrossing): Phrase | undefined {
  if (!Object.hasOwn(RIVER_CROSSING_COST, river.kind))
    return phrase("NOBC.Rules.Land.Movement.Problem.unknownRiver", { river: given(river.kind) });
  const engineers = river.bridgingEngineers ?? 0;
  if (!Number.isInteger(engineers) || engineers < 0)
    return phrase("NOBC.Rules.Land.Movement.Problem.badEngineers", { engineers: String(engineers) });
  return undefined;
}

/** MP lines and hits for entering one hex. */
function hexEntry(hex: MoveCostHex, mode: Mode, ignoreMines: boolean): { mp: BreakdownLine[]; hits: number } {
  movementAllowance(mode); // rejects an unknown mode
  // Terrain is checked even when a road replaces its cost, so a bad hex never slips through.
  const mp: BreakdownLine[] = [terrainLine(hex.terrain)];
  if (hex.road !== undefined) {
    const cost = tableEntry(ROAD_MOVE_COST, hex.road, "road");
    if (mode === "march")
      mp[0] = { text: phrase("NOBC.Rules.Land.Movement.Road", { road: roadName(hex.road) }), value: cost, source: RATES };
  }
  let hits = 0;
  if (hex.mines) {
    if (ignoreMines) hits += IGNORED_MINEFIELD_HITS;
    else mp.push({ text: phrase("NOBC.Rules.Land.Movement.Minefield"), value: HEX_MOVE_SURCHARGE.mines, source: RATES });
  }
  if (hex.contaminated)
    mp.push({ text: phrase("NOBC.Rules.Land.Movement.Contaminated"), value: HEX_MOVE_SURCHARGE.contaminated, source: RATES });
  return { mp, hits };
}

function riverLine(river: RiverCrossing): BreakdownLine {
  const engineers = river.bridgingEngineers ?? 0;
  const value = riverCrossingCost(river.kind, river.bridged, engineers);
  const kind = riverName(river.kind);
  const text = river.bridged
    ? phrase("NOBC.Rules.Land.Movement.RiverBridged", { kind })
    : engineers > 0
      ? phrase("NOBC.Rules.Land.Movement.RiverEngineers", { kind, count: engineers })
      : phrase("NOBC.Rules.Land.Movement.RiverUnbridged", { kind });
  return {
    text,
    value,
    source: `${RATES}; ${DECISIONS}: river crossings`,
  };
}

// ---------------------------------------------------------------------------------------------
// Whole-path movement

/** A river on the hexside crossed to enter a step's hex. */
export interface RiverCrossing extends RiverHexside {
  /** Bridging Engineer cards at this hexside (cards left there by earlier movers count too). */
  bridgingEngineers?: number;
}

/** One hex entered along a path. */
export interface MovePathStep extends MoveCostHex {
  hex: HexRef;
  /** The mover ignores the minefield here and takes a hit instead of paying MP. */
  ignoreMines?: boolean;
  river?: RiverCrossing;
  /** Enemy units adjacent to this hex. */
  adjacentEnemies?: readonly ActorRef[];
}

/** The unit that moves (`strength` caps its hits); `noMove` is the black chip from a retreat. */
export interface MovingUnit extends Pick<LandUnit, "id" | "name" | "side" | "mode" | "strength"> {
  noMove?: boolean;
}

export interface MovePathInput {
  unit: MovingUnit;
  /** Enemy units adjacent to the hex the unit starts from. */
  startAdjacentEnemies?: readonly ActorRef[];
  /** MP already used this turn (an earlier leg, an overrun). */
  mpSpentBefore?: number;
  steps: readonly MovePathStep[];
}

export interface MoveStepResult {
  hex: HexRef;
  mp: number;
  hits: number;
}

export interface MovePathOutcome {
  /** MP this path costs (sum of its steps). */
  mpSpent: number;
  /** What the breakdown adds up to: the MP spent (hits appear in it as 0-value notes). */
  total: number;
  mpLeft: number;
  /** Hits the path deals (sum of its steps); `hitsApplied` of them land, capped at the unit's strength. */
  hits: number;
  hitsApplied: number;
  eliminated: boolean;
  /** Where the move ends: the last step's hex, or the hex whose hits eliminate the unit (the rest of the path is not moved). */
  endHex: HexRef;
  /** The hex where the hits taken on the way eliminate the unit, when they do: the move stops there. */
  eliminatedAt?: HexRef;
  /** The first hex where the unit had to stop (NATO next to WP units), if the path reaches one. */
  mustStopAt?: HexRef;
  steps: MoveStepResult[];
}

/** Checks and prices a whole move: MP, hits, the NATO stop rule and the allowance. */
export function movePath(input: MovePathInput): Checked<Resolution<MovePathOutcome>> {
  const { unit, steps } = input;
  const spentBefore = input.mpSpentBefore ?? 0;
  const allowance = movementAllowance(unit.mode);
  const checks = new RefusalList();
  if (unit.noMove) {
    checks.add("noMove", phrase("NOBC.Rules.Land.Movement.Refusal.noMove", { unit: unit.name }), "unit.noMove");
  }
  if (steps.length === 0) checks.add("noSteps", phrase("NOBC.Rules.Land.Movement.Refusal.noSteps", { unit: unit.name }), "steps");
  if (!Number.isInteger(unit.strength) || unit.strength < 0) {
    checks.add(
      "badStrength",
      phrase("NOBC.Rules.Land.Movement.Refusal.badStrength", { unit: unit.name, strength: String(unit.strength) }),
      "unit.strength",
    );
  }
  if (!Number.isFinite(spentBefore) || spentBefore < 0 || spentBefore > allowance) {
    checks.add(
      "badMpSpent",
      phrase("NOBC.Rules.Land.Movement.Refusal.badMpSpent", { unit: unit.name, allowance, spent: String(spentBefore) }),
      "mpSpentBefore",
    );
  }
  steps.forEach((step, i) => {
    const problem = hexProblem(step) ?? (step.river === undefined ? undefined : riverProblem(step.river));
    if (problem !== undefined)
      checks.add("badStep", phrase("NOBC.Rules.Land.Movement.Refusal.badStep", { step: i + 1, hex: step.hex, problem }), `steps.${i}`);
  });
  if (!checks.empty) return refuse(...checks.items);

  const breakdown: BreakdownLine[] = [];
  const results: MoveStepResult[] = [];
  const startEnemies = input.startAdjacentEnemies ?? [];
  let mustStopAt: HexRef | undefined;
  let eliminatedAt: HexRef | undefined;
  let spent = spentBefore;
  let dealt = 0;
  for (const [i, step] of steps.entries()) {
    // Hits on the way that eliminate the unit end its move in that hex: it enters no hex after it.
    if (eliminatedAt !== undefined) break;
    if (mustStopAt !== undefined && !checks.items.some((r) => r.code === "mustStopAdjacent")) {
      checks.add(
        "mustStopAdjacent",
        phrase("NOBC.Rules.Land.Movement.Refusal.mustStopAdjacent", { unit: unit.name, stop: mustStopAt, step: i + 1, hex: step.hex }),
        `steps.${i}`,
      );
    }
    const { mpLines, hitLines } = stepLines(unit, step, i === 0 ? startEnemies : []);
    const mp = total(mpLines);
    const hits = total(hitLines);
    spent += mp;
    if (spent > allowance && !checks.items.some((r) => r.code === "overAllowance")) {
      checks.add(
        "overAllowance",
        phrase("NOBC.Rules.Land.Movement.Refusal.overAllowance", {
          unit: unit.name,
          spent,
          hex: step.hex,
          step: i + 1,
          allowance,
          mode: modeName(unit.mode),
        }),
        `steps.${i}`,
      );
    }
    for (const line of mpLines)
      breakdown.push({ ...line, text: phrase("NOBC.Rules.Land.Movement.StepMp", { hex: step.hex, line: line.text }) });
    for (const line of hitLines) breakdown.push(hitNote(line, step.hex));
    results.push({ hex: step.hex, mp, hits });
    if (mustStopAt === undefined && unit.side === "nato" && (step.adjacentEnemies ?? []).length > 0) mustStopAt = step.hex;
    dealt += hits;
    if (unit.strength > 0 && dealt >= unit.strength) {
      eliminatedAt = step.hex;
      if (i < steps.length - 1)
        breakdown.push({
          text: phrase("NOBC.Rules.Land.Movement.EliminatedOnTheWay", { unit: unit.name, hex: step.hex }),
          value: 0,
          source: PHASE,
        });
    }
  }

  return checks.result(() => {
    const mpSpent = results.reduce((sum, s) => sum + s.mp, 0);
    const hits = results.reduce((sum, s) => sum + s.hits, 0);
    const mpLeft = allowance - spentBefore - mpSpent;
    const taken = applyHits(unit, hits);
    const effects: LandEffect[] = [{ type: "movementPoints", actor: unit.id, value: mpLeft }, ...taken.effects];
    const outcome: MovePathOutcome = {
      mpSpent,
      total: mpSpent,
      mpLeft,
      hits,
      hitsApplied: taken.applied,
      eliminated: taken.eliminated,
      endHex: results[results.length - 1]!.hex,
      steps: results,
    };
    if (eliminatedAt !== undefined) outcome.eliminatedAt = eliminatedAt;
    if (mustStopAt !== undefined) outcome.mustStopAt = mustStopAt;
    return { breakdown, rolls: [], outcome, effects };
  });
}

/** The MP and hit lines of entering one step's hex; `startEnemies` only for the first step (disengaging). */
function stepLines(
  unit: MovingUnit,
  step: MovePathStep,
  startEnemies: readonly ActorRef[],
): { mpLines: BreakdownLine[]; hitLines: BreakdownLine[] } {
  const mpLines: BreakdownLine[] = [];
  const hitLines: BreakdownLine[] = [];
  if (unit.side === "nato" && leavesAny(startEnemies, step.adjacentEnemies ?? [])) {
    mpLines.push({ text: phrase("NOBC.Rules.Land.Movement.Disengage"), value: DISENGAGE_COST.mp, source: PHASE });
    hitLines.push({ text: phrase("NOBC.Rules.Land.Movement.Disengage"), value: DISENGAGE_COST.hits, source: PHASE });
  }
  if (step.river) mpLines.push(riverLine(step.river));
  const entry = hexEntry(step, unit.mode, step.ignoreMines ?? false);
  mpLines.push(...entry.mp);
  if (entry.hits > 0) {
    hitLines.push({
      text: phrase("NOBC.Rules.Land.Movement.MinefieldIgnored"),
      value: entry.hits,
      source: `${RATES}; ${DECISIONS}: mines`,
    });
  }
  return { mpLines, hitLines };
}

/**
 * What each step of a path costs and deals, priced as `movePath` prices it (the same lines), but
 * without its checks of the allowance, the NATO stop or the no-move chip: the drag's ruler shows
 * what a path costs while it breaks them. Null when a step cannot be priced (an unknown mode,
 * terrain, road or river: `movePath` refuses those as `badStep`).
 */
export function stepCosts(input: Pick<MovePathInput, "unit" | "startAdjacentEnemies" | "steps">): MoveStepResult[] | null {
  const { unit, steps } = input;
  if (!Object.hasOwn(MOVEMENT_ALLOWANCE, unit.mode)) return null;
  for (const step of steps)
    if ((hexProblem(step) ?? (step.river === undefined ? undefined : riverProblem(step.river))) !== undefined) return null;
  const startEnemies = input.startAdjacentEnemies ?? [];
  return steps.map((step, i) => {
    const { mpLines, hitLines } = stepLines(unit, step, i === 0 ? startEnemies : []);
    return { hex: step.hex, mp: total(mpLines), hits: total(hitLines) };
  });
}

/** A hit line shown beside MP lines: value 0 so the breakdown still adds up to MP, the hits named in its words. */
function hitNote(line: BreakdownLine, hex: HexRef): BreakdownLine {
  return { text: phrase("NOBC.Rules.Land.Movement.StepHits", { hex, line: line.text, count: line.value }), value: 0, source: line.source };
}

/** True when a unit that started next to `before` enemies is no longer next to one of them. */
function leavesAny(before: readonly ActorRef[], after: readonly ActorRef[]): boolean {
  return before.some((enemy) => !after.includes(enemy));
}

// ---------------------------------------------------------------------------------------------
// Overrun

export type { OverrunOptions } from "./options";

export interface OverrunInput {
  /** The unit moving into the enemy hex. */
  unit: Pick<LandUnit, "id" | "name" | "side" | "mode" | "strength">;
  /** Overrun cost printed on the overrunning unit's counter. */
  overrunCost: { mp: number; hits: number };
  /** MP the unit still has this turn. */
  mpLeft: number;
  hex: { hex: HexRef; terrain: readonly LandTerrain[]; road?: RoadKind };
  /** River on the hexside crossed into the hex, if any. */
  river?: RiverKind;
  /** Enemy units in the hex (HQs go in `hqs`); artillery's `strength` caps the hits it takes. */
  defenders: readonly Pick<LandUnit, "id" | "name" | "side" | "size" | "arm" | "strength">[];
  hqs?: readonly Pick<LandHq, "id" | "name" | "side" | "level">[];
  /** The world's rules options, whole (`overrun` is read here), or their `overrun` section alone. */
  options?: RulesOptionsInput | OverrunOptions;
}

export interface OverrunOutcome {
  /** "overrun": battalions eliminated at a cost; "displaced": only HQs/artillery were met. */
  kind: "overrun" | "displaced";
  mpSpent: number;
  /** Hits the overrun deals the moving unit; the breakdown adds up to this (other lines are 0-value notes). */
  hitsToUnit: number;
  total: number;
  /** Of `hitsToUnit`, what lands (capped at its strength), and whether that eliminates it. */
  hitsApplied: number;
  unitEliminated: boolean;
  /** Battalions overrun, and artillery that the hits of being met alone bring to 0. */
  eliminated: ActorRef[];
  retreated: ActorRef[];
}

/** Resolves a unit moving into a hex held only by battalions, HQs or artillery. */
export function resolveOverrun(input: OverrunInput): Checked<Resolution<OverrunOutcome>> {
  const { unit, overrunCost, mpLeft, hex, defenders } = input;
  const hqs = input.hqs ?? [];
  const options = optionsSection(input.options, "overrun").value;
  const checks = new RefusalList();
  if (!Number.isFinite(overrunCost.mp) || overrunCost.mp < 0) {
    checks.add(
      "badOverrunCost",
      phrase("NOBC.Rules.Land.Movement.Refusal.badOverrunCost", { unit: unit.name, mp: String(overrunCost.mp) }),
      "overrunCost.mp",
    );
  }
  if (!Number.isInteger(overrunCost.hits) || overrunCost.hits < 0) {
    checks.add(
      "badOverrunCost",
      phrase("NOBC.Rules.Land.Movement.Refusal.badOverrunCostHits", { unit: unit.name, hits: String(overrunCost.hits) }),
      "overrunCost.hits",
    );
  }
  if (!Number.isFinite(mpLeft) || mpLeft < 0) {
    checks.add("badMpLeft", phrase("NOBC.Rules.Land.Movement.Refusal.badMpLeft", { unit: unit.name, mp: String(mpLeft) }), "mpLeft");
  }
  const hexWrong = hexProblem(hex, unit.mode);
  if (hexWrong !== undefined)
    checks.add("badHex", phrase("NOBC.Rules.Land.Movement.Refusal.badHex", { hex: hex.hex, problem: hexWrong }), "hex");
  if (defenders.length === 0 && hqs.length === 0) {
    checks.add("emptyHex", phrase("NOBC.Rules.Land.Movement.Refusal.emptyHex", { hex: hex.hex }), "defenders");
  }
  for (const enemy of [...defenders, ...hqs]) {
    if (enemy.side === unit.side) {
      checks.add("notEnemy", phrase("NOBC.Rules.Land.Movement.Refusal.notEnemy", { enemy: enemy.name, unit: unit.name }), "defenders");
    }
  }
  const strengths = [{ who: unit, field: "unit.strength" }, ...artilleryOf(defenders).map((a) => ({ who: a, field: "defenders" }))];
  for (const { who, field } of strengths) {
    if (!Number.isInteger(who.strength) || who.strength < 0) {
      checks.add(
        "badStrength",
        phrase("NOBC.Rules.Land.Movement.Refusal.badStrengthOverrun", { unit: who.name, strength: String(who.strength) }),
        field,
      );
    }
  }
  for (const hq of hqs) {
    if (!Number.isInteger(hq.level) || hq.level < 0) {
      checks.add("badHqLevel", phrase("NOBC.Rules.Land.Movement.Refusal.badHqLevel", { hq: hq.name, level: String(hq.level) }), "hqs");
    }
  }
  const battalions = defenders.filter((d) => d.arm !== "artillery" && d.size === "battalion");
  const artillery = artilleryOf(defenders);
  for (const d of defenders) {
    if (d.arm !== "artillery" && d.size !== "battalion") {
      checks.add(
        "notOverrunnable",
        phrase("NOBC.Rules.Land.Movement.Refusal.notOverrunnable", { unit: d.name, size: sizeName(d.size) }),
        "defenders",
      );
    }
  }
  if (battalions.length > 0 && overrunCost.mp > mpLeft) {
    checks.add(
      "overrunMpShort",
      phrase("NOBC.Rules.Land.Movement.Refusal.overrunMpShort", { unit: unit.name, mpLeft, cost: overrunCost.mp }),
      "mpLeft",
    );
  }

  return checks.result(() => {
    const breakdown: BreakdownLine[] = [];
    const effects: LandEffect[] = [];
    const eliminated: ActorRef[] = [];
    let mpSpent = 0;
    let hitsToUnit = 0;
    let taken = applyHits(unit, 0);
    if (battalions.length > 0) {
      mpSpent = overrunCost.mp;
      breakdown.push({ text: phrase("NOBC.Rules.Land.Movement.OverrunCostMp", { mp: overrunCost.mp }), value: 0, source: PHASE });
      breakdown.push({ text: phrase("NOBC.Rules.Land.Movement.OverrunCostHits"), value: overrunCost.hits, source: PHASE });
      const extras = overrunExtraHits(input, options);
      breakdown.push(...extras);
      hitsToUnit = overrunCost.hits + total(extras);
      taken = applyHits(unit, hitsToUnit);
      effects.push({ type: "movementPoints", actor: unit.id, value: mpLeft - mpSpent }, ...taken.effects);
      for (const b of battalions) {
        effects.push({ type: "eliminated", actor: b.id });
        eliminated.push(b.id);
      }
    }
    const alone: ActorRef[] = [];
    for (const a of artillery) {
      const hit = applyHits(a, DISPLACED_ALONE.artilleryHits);
      breakdown.push({
        text: phrase("NOBC.Rules.Land.Movement.ArtilleryAlone", { unit: a.name, count: hit.applied }),
        value: 0,
        source: PHASE,
      });
      effects.push(...hit.effects);
      if (hit.eliminated) {
        eliminated.push(a.id);
      } else {
        effects.push({ type: "retreat", actor: a.id, hexes: DISPLACED_ALONE.retreatHexes });
        alone.push(a.id);
      }
    }
    for (const hq of hqs) {
      const lost = Math.min(DISPLACED_ALONE.hqLevels, hq.level);
      breakdown.push({ text: phrase("NOBC.Rules.Land.Movement.HqAlone", { hq: hq.name, count: lost }), value: 0, source: PHASE });
      if (lost > 0) effects.push({ type: "hqLevel", actor: hq.id, delta: -lost });
      effects.push({ type: "retreat", actor: hq.id, hexes: DISPLACED_ALONE.retreatHexes });
      alone.push(hq.id);
    }
    const outcome: OverrunOutcome = {
      kind: battalions.length > 0 ? "overrun" : "displaced",
      mpSpent,
      hitsToUnit,
      total: hitsToUnit,
      hitsApplied: taken.applied,
      unitEliminated: taken.eliminated,
      eliminated,
      retreated: alone,
    };
    return { breakdown, rolls: [], outcome, effects };
  });
}

function artilleryOf<U extends Pick<LandUnit, "arm">>(units: readonly U[]): U[] {
  return units.filter((u) => u.arm === "artillery");
}

/** The seed's extra-hit list for an overrun, as breakdown lines. */
function overrunExtraHits(input: OverrunInput, options: OverrunOptions): BreakdownLine[] {
  const { hex, unit, river } = input;
  const light: PhraseArg[] = hex.terrain
    .filter((t, i) => OVERRUN_LIGHT_TERRAIN.includes(t) && hex.terrain.indexOf(t) === i)
    .map(terrainName);
  if (options.minorRoadMeansMinorRiver ? river === "minor" : hex.road === "road") {
    light.push(phrase(options.minorRoadMeansMinorRiver ? "NOBC.Rules.Land.Movement.MinorRiver" : "NOBC.Rules.Land.Movement.MinorRoad"));
  }
  if (unit.mode === "march") light.push(modeName("march"));
  const lines: BreakdownLine[] = [];
  if (options.lightExtrasCumulative) {
    for (const item of light) {
      lines.push({
        text: phrase("NOBC.Rules.Land.Movement.OverrunExtra", { item }),
        value: OVERRUN_EXTRA_HITS.light,
        source: `${PHASE}; ${DECISIONS}: overrun extra hits`,
      });
    }
  } else if (light.length > 0) {
    lines.push({
      text: phrase("NOBC.Rules.Land.Movement.OverrunExtraOnce", { items: listOf(light) }),
      value: OVERRUN_EXTRA_HITS.light,
      source: `${PHASE}; ${DECISIONS}: overrun extra hits`,
    });
  }
  if (hex.terrain.includes("city"))
    lines.push({ text: phrase("NOBC.Rules.Land.Movement.OverrunCity"), value: OVERRUN_EXTRA_HITS.city, source: PHASE });
  if (river === "major") {
    lines.push({ text: phrase("NOBC.Rules.Land.Movement.OverrunMajorRiver"), value: OVERRUN_EXTRA_HITS.majorRiver, source: PHASE });
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Movement order

/** One group of the movement phase, in the order groups move. */
export interface MovementGroup {
  side: Side;
  airborne: boolean;
  /** NATO units whose corps holds the initiative this turn. */
  initiative: boolean;
  units: ActorRef[];
}

export interface MovementOrderInput {
  /** Every unit that may move; `hq` is its corps (NATO) or army (WP). */
  units: readonly Pick<LandUnit, "id" | "side" | "arm" | "hq">[];
  /** NATO corps HQs that hold the initiative this turn. */
  natoCorpsWithInitiative: readonly ActorRef[];
}

/**
 * The order in which units move: airborne units first, then the rest; within each, NATO corps that
 * hold the initiative, then the Warsaw Pact, then the other NATO units. Empty groups are left out.
 */
export function movementOrder(input: MovementOrderInput): MovementGroup[] {
  const initiative = new Set(input.natoCorpsWithInitiative);
  const groups: MovementGroup[] = [];
  for (const airborne of [true, false]) {
    const slots: { side: Side; initiative: boolean }[] = [
      { side: "nato", initiative: true },
      { side: "wp", initiative: false },
      { side: "nato", initiative: false },
    ];
    for (const slot of slots) {
      const units = input.units
        .filter(
          (u) =>
            u.side === slot.side &&
            (u.arm === "airborne") === airborne &&
            (slot.side === "wp" || (u.hq !== undefined && initiative.has(u.hq)) === slot.initiative),
        )
        .map((u) => u.id);
      if (units.length > 0) groups.push({ ...slot, airborne, units });
    }
  }
  return groups;
}
