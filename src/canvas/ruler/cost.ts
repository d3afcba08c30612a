/**
 * The rules' movement cost of one grid step, for Foundry's token movement (a movement action's cost
 * function): the MP a unit pays to enter the next hex (seed 000, Land War QRS: Movement Rates;
 * terrain by mode, roads and autobahns in March Mode only, rivers bridged, unbridged or with the
 * unit's Bridging Engineers, minefields, contamination; the NATO unit's +1 MP for leaving a Warsaw
 * Pact unit it starts next to), priced by the same lines as `movePath`. Pure over a `Battlefield`.
 */
import type { HexRef } from "../../rules/ids";
import { stepCosts } from "../../rules/nobc/land/movement";
import type { LandUnit } from "../../rules/nobc/land/types";
import { directionTo, hexLabel, inMap, offsetOf } from "../../map/hex-grid";
import type { Battlefield } from "../../world/battlefield";
import { startEnemiesOf, unitPathSteps } from "../../world/movement";

/**
 * MP `unit` pays to step from hex `from` into the next hex `to`; null when the rules cannot say (no
 * map, a hex off it, hexes not next to each other, a hex the rules cannot price): the caller keeps
 * Foundry's own cost. A step out of the hex the unit stands in is its first (disengaging counts
 * there); a path that comes back to it and leaves again pays that once more here, never in `planMove`.
 */
export function stepMp(field: Battlefield, unit: LandUnit, from: HexRef, to: HexRef): number | null {
  const hexes = field.map?.map.hexes;
  if (hexes?.[from] === undefined || hexes[to] === undefined) return null;
  if (directionTo(offsetOf(from), offsetOf(to)) === undefined) return null;
  const { steps } = unitPathSteps(field, unit, [from, to]);
  const priced = stepCosts({ unit, startAdjacentEnemies: from === unit.hex ? startEnemiesOf(field, unit) : [], steps });
  return priced?.[0]?.mp ?? null;
}

/** A grid offset as Foundry gives it (`i` the row, `j` the column). */
export interface GridStep {
  readonly i: number;
  readonly j: number;
}

/** The map hex of grid offset `at`, with `origin` the offset of hex 0101 (the scene's top-left space); null off the labelled grid. */
export function hexOfOffset(at: GridStep, origin: GridStep): HexRef | null {
  const off = { col: at.j - origin.j, row: at.i - origin.i };
  return inMap(off, 99, 99) ? hexLabel(off) : null;
}
