/**
 * The ground-combat tables of the NOBC Land War (seed 000, Land War QRS, phase 4 "Ground Combat":
 * Steps One to Three and the Combat Results Table), as data, with the plain lookups next to them.
 * Lookups throw RangeError on inputs the tables cannot read; resolvers refuse them earlier.
 */
import { LAND_TERRAINS, type LandTerrain, type RiverKind } from "./types";
import { isOneOf } from "../../validate";

/** How odds below 1:1 are read (the seed lists none): "zero" is the default, "mirror" a world setting. */
export type OddsBelowOne = "zero" | "mirror";

/** Seed 000, Land War QRS, Ground Combat Step One: odds rows, best first (attacker : defender = ratio : 1). */
export const GROUND_COMBAT_ODDS = [
  { ratio: 10, modifier: 10 },
  { ratio: 6, modifier: 8 },
  { ratio: 4, modifier: 6 },
  { ratio: 3, modifier: 4 },
  { ratio: 2, modifier: 2 },
  { ratio: 1, modifier: 0 },
] as const satisfies readonly { ratio: number; modifier: number }[];

/** Seed 000, Land War QRS, Ground Combat Step Two: terrain of the defending hex (cumulative). */
export const GROUND_COMBAT_TERRAIN: Readonly<Record<LandTerrain, number>> = {
  clear: 0,
  woods: -1,
  rough: -1,
  marsh: -1,
  town: -1,
  city: -4,
};

/** Seed 000, Land War QRS, Ground Combat Step Three: river hexside crossed by every attacker. */
export const GROUND_COMBAT_RIVER: Readonly<Record<RiverKind, number>> = { minor: -1, major: -3 };

/**
 * Engineer cards an unbridged river hexside needs: seed 000, Land War QRS, Ground Combat Step Three
 * note (to attack across it) and Movement Rates, unbridged river rows (for the reduced MP cost).
 * The one statement of "1 for a minor river, 2 for a major one"; movement.ts reads it too.
 */
export const ENGINEER_CARDS_FOR_UNBRIDGED: Readonly<Record<RiverKind, number>> = { minor: 1, major: 2 };

/** What one attacking unit crosses to reach the defending hex: a river of a kind, or none. */
export type CombatRiverCrossing = "none" | RiverKind;

/** Seed 000, Land War QRS, Ground Combat Step Four: each defender-side Combat Mode unit adjacent to the defending hex. */
export const ADJACENT_DEFENDER_MODIFIER = -2;

/** Seed 000, Land War QRS, Ground Combat C) Supporting Artillery: limits and cost of fire support. */
export const FIRE_SUPPORT_LIMITS = {
  missionsPerCombat: 3,
  artilleryPerMission: 3,
  supplyPerMission: 1,
} as const;

export type GroundCombatResultId =
  "breakthrough" | "costlyBreakthrough" | "costlySuccess" | "success" | "heavyFighting" | "attackBeatenOff" | "attackStalledEarly";

/** Hits one side takes: `each` true puts `amount` on every unit, false shares `amount` between all. */
export interface CombatHits {
  amount: number;
  each: boolean;
}

/** One cell of the Combat Results Table. `retreat` is in hexes (0: the defender stays in place). */
export interface GroundCombatResult {
  id: GroundCombatResultId;
  attackerHits: CombatHits;
  defenderHits: CombatHits;
  retreat: number;
}

/** The CRT's score bands, highest first. "4-" is the row the seed prints as "<4", read as 4 or less. */
export type CrtBand = "16+" | "12-15" | "8-11" | "5-7" | "4-";

const each = (amount: number): CombatHits => ({ amount, each: true });
const between = (amount: number): CombatHits => ({ amount, each: false });

/** Seed 000, Land War QRS: Combat Results Table. `min` is the lowest final score of the band. */
export const GROUND_COMBAT_CRT: readonly {
  band: CrtBand;
  min: number;
  mine: GroundCombatResult;
  noMine: GroundCombatResult;
}[] = [
  {
    band: "16+",
    min: 16,
    mine: { id: "costlyBreakthrough", attackerHits: each(4), defenderHits: each(4), retreat: 2 },
    noMine: { id: "breakthrough", attackerHits: between(3), defenderHits: each(2), retreat: 3 },
  },
  {
    band: "12-15",
    min: 12,
    mine: { id: "costlySuccess", attackerHits: each(4), defenderHits: between(3), retreat: 1 },
    noMine: { id: "costlyBreakthrough", attackerHits: each(3), defenderHits: each(3), retreat: 2 },
  },
  {
    band: "8-11",
    min: 8,
    mine: { id: "heavyFighting", attackerHits: each(4), defenderHits: between(4), retreat: 0 },
    noMine: { id: "success", attackerHits: each(3), defenderHits: between(2), retreat: 1 },
  },
  {
    band: "5-7",
    min: 5,
    mine: { id: "attackBeatenOff", attackerHits: between(4), defenderHits: between(3), retreat: 0 },
    noMine: { id: "heavyFighting", attackerHits: each(3), defenderHits: between(3), retreat: 0 },
  },
  {
    band: "4-",
    min: Number.NEGATIVE_INFINITY,
    mine: { id: "attackStalledEarly", attackerHits: between(3), defenderHits: between(2), retreat: 0 },
    noMine: { id: "attackBeatenOff", attackerHits: between(3), defenderHits: between(2), retreat: 0 },
  },
];

function requireInteger(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  }
}

function stepOneRow(attack: number, defence: number): number {
  // Integer comparison (attack >= ratio × defence) rounds the ratio down without float error.
  const row = GROUND_COMBAT_ODDS.find((r) => attack >= r.ratio * defence);
  return row === undefined ? 0 : row.modifier;
}

/**
 * Step One: the odds modifier for total attack and defence Combat Strength, the ratio rounded down
 * to a listed row (5:1 reads 4:1). Below 1:1 gives 0, or with "mirror" the negative of the reversed
 * odds (1:2 −2 … 1:10 −10), so that a:d and d:a always cancel.
 */
export function oddsModifier(attack: number, defence: number, belowOne: OddsBelowOne = "zero"): number {
  requireInteger("attack strength", attack, 1);
  requireInteger("defence strength", defence, 1);
  if (attack >= defence || belowOne === "zero") return stepOneRow(attack, defence);
  // 0 − x rather than −x, so 1:1 under the mirror is +0, never −0.
  return 0 - stepOneRow(defence, attack);
}

/** Step Two: terrain of the defending hex, cumulative over the distinct types present. */
export function terrainModifier(terrain: readonly LandTerrain[]): number {
  for (const t of terrain) {
    if (!(LAND_TERRAINS as readonly string[]).includes(t)) throw new RangeError(`unknown terrain "${t}"`);
  }
  return [...new Set(terrain)].reduce((sum, t) => sum + GROUND_COMBAT_TERRAIN[t], 0);
}

/**
 * Step Three: one entry per attacking unit. The modifier applies only when every attacker crosses a
 * river: −3 when all cross a major river, otherwise −1.
 */
export function riverModifier(crossings: readonly CombatRiverCrossing[]): number {
  if (crossings.length === 0) throw new RangeError("a combat needs at least one attacking unit");
  for (const c of crossings) {
    if (!isOneOf(c, ["none", "minor", "major"] as const)) throw new RangeError(`unknown river crossing "${String(c)}"`);
  }
  if (crossings.some((c) => c === "none")) return 0;
  return crossings.every((c) => c === "major") ? GROUND_COMBAT_RIVER.major : GROUND_COMBAT_RIVER.minor;
}

/** The CRT band a final score falls in. */
export function crtBand(score: number): CrtBand {
  return crtRow(score).band;
}

function crtRow(score: number): (typeof GROUND_COMBAT_CRT)[number] {
  if (!Number.isInteger(score)) throw new RangeError(`final score must be an integer, got ${score}`);
  // The last row's min is −∞, so find always succeeds.
  return GROUND_COMBAT_CRT.find((row) => score >= row.min)!;
}

/** The Combat Results Table cell for a final score and the defender's minefield column. */
export function combatResult(score: number, defenderUnderMine: boolean): GroundCombatResult {
  const row = crtRow(score);
  const cell = defenderUnderMine ? row.mine : row.noMine;
  return {
    id: cell.id,
    attackerHits: { ...cell.attackerHits },
    defenderHits: { ...cell.defenderHits },
    retreat: cell.retreat,
  };
}
