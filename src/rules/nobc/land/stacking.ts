/**
 * Stacking at the end of movement (seed 000, Land War QRS: Stacking). HQs are not counted: the
 * seed limits only units, so callers pass the units in each hex and leave HQs out.
 */
import type { ActorRef, HexRef } from "../../ids";
import { SEEDS, phrase, type Phrase } from "../../resolution";
import { LAND_TERRAINS, type LandTerrain, type LandUnit, type Mode } from "./types";
import { tableEntry } from "../../validate";
import { listOf, modeName } from "./words";

const STACKING = `${SEEDS.nobc}, Land War QRS: Stacking`;
const DECISIONS = "docs/rules-decisions.md";
const FORMATION_SOURCE = `${STACKING}; ${DECISIONS}: stacking`;

export type StackingHexType = "close" | "open" | "city";

export interface StackingLimit {
  divisions: number;
  brigades: number;
}

/**
 * seed 000 (NOBC), Land War QRS: Stacking table. "close" is the Wooded, Rough or Marsh row,
 * "open" the Open or Coastal Terrain row, "city" the City row.
 */
export const STACKING_LIMITS: Readonly<Record<StackingHexType, Readonly<Record<Mode, StackingLimit>>>> = {
  close: { combat: { divisions: 1, brigades: 2 }, march: { divisions: 1, brigades: 2 } },
  open: { combat: { divisions: 2, brigades: 3 }, march: { divisions: 1, brigades: 2 } },
  city: { combat: { divisions: 3, brigades: 4 }, march: { divisions: 1, brigades: 2 } },
};

/** seed 000 (NOBC), Land War QRS: Stacking, the two rules above the table. */
export const BATTALIONS_PER_HEX = 1;
export const ARTILLERY_PER_HEX = 2;

/** Division and brigade limits of a hex type in a mode. */
export function stackingLimit(hex: StackingHexType, mode: Mode): StackingLimit {
  const row = tableEntry(STACKING_LIMITS, hex, "stacking hex type");
  const limit = tableEntry(row, mode, "mode");
  return { ...limit };
}

/** The table row for a hex's terrain: city first, then any close terrain, else open. */
export function stackingHexType(terrain: readonly LandTerrain[]): StackingHexType {
  if (terrain.length === 0) throw new RangeError("a hex needs at least one terrain type");
  for (const t of terrain) {
    if (!LAND_TERRAINS.includes(t)) throw new RangeError(`unknown terrain "${t}"`);
  }
  if (terrain.includes("city")) return "city";
  if (terrain.some((t) => t === "woods" || t === "rough" || t === "marsh")) return "close";
  return "open";
}

/** The words for a hex of each table row, in a mode ("an open hex in Combat Mode"). */
const WHERE: Readonly<Record<StackingHexType, string>> = {
  close: "NOBC.Rules.Land.Stacking.Where.close",
  open: "NOBC.Rules.Land.Stacking.Where.open",
  city: "NOBC.Rules.Land.Stacking.Where.city",
};

export type StackingUnit = Pick<LandUnit, "id" | "name" | "size" | "arm" | "mode">;

export interface StackingHex {
  hex: HexRef;
  terrain: readonly LandTerrain[];
  units: readonly StackingUnit[];
}

export type StackingRule = "battalions" | "artilleryMixed" | "artilleryCount" | "divisions" | "brigades";

export interface StackingViolation {
  hex: HexRef;
  rule: StackingRule;
  /** The units the rule counts in this hex. */
  units: ActorRef[];
  count: number;
  limit: number;
  /** What is wrong, for the reader. */
  text: Phrase;
  source: string;
}

/** Every stacking violation in the given hexes, in hex order. */
export function checkStacking(hexes: readonly StackingHex[]): StackingViolation[] {
  return hexes.flatMap(checkHex);
}

function checkHex(hex: StackingHex): StackingViolation[] {
  const out: StackingViolation[] = [];
  const add = (rule: StackingRule, units: readonly StackingUnit[], limit: number, text: Phrase, source = STACKING) =>
    out.push({ hex: hex.hex, rule, units: units.map((u) => u.id), count: units.length, limit, text, source });
  const names = (units: readonly StackingUnit[]) => listOf(units.map((u) => u.name));

  const artillery = hex.units.filter((u) => u.arm === "artillery");
  const others = hex.units.filter((u) => u.arm !== "artillery");
  if (artillery.length > 0 && others.length > 0) {
    add("artilleryMixed", hex.units, 0, phrase("NOBC.Rules.Land.Stacking.ArtilleryMixed", { hex: hex.hex, units: names(hex.units) }));
  }
  if (artillery.length > ARTILLERY_PER_HEX) {
    add(
      "artilleryCount",
      artillery,
      ARTILLERY_PER_HEX,
      phrase("NOBC.Rules.Land.Stacking.ArtilleryCount", {
        hex: hex.hex,
        count: artillery.length,
        units: names(artillery),
        limit: ARTILLERY_PER_HEX,
      }),
    );
  }
  const battalions = others.filter((u) => u.size === "battalion");
  if (battalions.length > BATTALIONS_PER_HEX) {
    add(
      "battalions",
      battalions,
      BATTALIONS_PER_HEX,
      phrase("NOBC.Rules.Land.Stacking.Battalions", {
        hex: hex.hex,
        count: battalions.length,
        units: names(battalions),
        limit: BATTALIONS_PER_HEX,
      }),
    );
  }

  const formations = others.filter((u) => u.size !== "battalion");
  const mode: Mode = formations.some((u) => u.mode === "march") ? "march" : "combat";
  const type = stackingHexType(hex.terrain);
  const limit = stackingLimit(type, mode);
  // The words of the hex and the source are made only for a violation (most hexes have none).
  const where = () => phrase(WHERE[type], { mode: modeName(mode) });
  const divisions = formations.filter((u) => u.size === "division");
  if (divisions.length > limit.divisions) {
    add(
      "divisions",
      divisions,
      limit.divisions,
      phrase("NOBC.Rules.Land.Stacking.Divisions", {
        hex: hex.hex,
        count: divisions.length,
        units: names(divisions),
        where: where(),
        limit: limit.divisions,
      }),
      FORMATION_SOURCE,
    );
  }
  const brigades = formations.filter((u) => u.size === "brigade" || u.size === "regiment");
  if (brigades.length > limit.brigades) {
    add(
      "brigades",
      brigades,
      limit.brigades,
      phrase("NOBC.Rules.Land.Stacking.Brigades", {
        hex: hex.hex,
        count: brigades.length,
        units: names(brigades),
        where: where(),
        limit: limit.brigades,
      }),
      FORMATION_SOURCE,
    );
  }
  return out;
}
