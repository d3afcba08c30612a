import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import { SRC, decision } from "./sources";
import { assertCount, checkCount, tableEntry } from "./validate";

export type AirSupportKind = "german" | "allied" | "heavyBomber";
export type AirSupportLevel = "none" | "normal" | "superior" | "overwhelming" | "apocalyptic";

/** Labels of the air support levels a fight can have (none is never shown). */
export const AIR_SUPPORT_LEVEL_LABELS: Readonly<Record<Exclude<AirSupportLevel, "none">, string>> = {
  normal: "NOBC.Rules.Playsheet.AirSupportLevel.normal",
  superior: "NOBC.Rules.Playsheet.AirSupportLevel.superior",
  overwhelming: "NOBC.Rules.Playsheet.AirSupportLevel.overwhelming",
  apocalyptic: "NOBC.Rules.Playsheet.AirSupportLevel.apocalyptic",
};

/** A band of units; `max` null means "or more". */
export interface UnitBand {
  readonly min: number;
  readonly max: number | null;
}

/**
 * seed 003 (Operational Playsheet), Air-Ground Attacks: units of each kind for each level.
 * null where the table prints nothing. Heavy bombers print "1 - 2" and "2 or more"; the higher
 * level wins the overlap (RULES-NOTES), which `airSupportLevel` does by checking from the top.
 */
export const AIR_GROUND_TABLE: Readonly<Record<AirSupportKind, Readonly<Record<Exclude<AirSupportLevel, "none">, UnitBand | null>>>> = {
  german: {
    normal: { min: 1, max: 2 },
    superior: { min: 3, max: 5 },
    overwhelming: { min: 6, max: 9 },
    apocalyptic: { min: 10, max: null },
  },
  allied: {
    normal: { min: 1, max: 1 },
    superior: { min: 2, max: 3 },
    overwhelming: { min: 4, max: 7 },
    apocalyptic: { min: 8, max: null },
  },
  heavyBomber: { normal: null, superior: null, overwhelming: { min: 1, max: 2 }, apocalyptic: { min: 2, max: null } },
};

/** seed 003, Combat factors: the score modifier of each air support level. */
export const AIR_SUPPORT_MODIFIER: Readonly<Record<AirSupportLevel, number>> = {
  none: 0,
  normal: 4,
  superior: 6,
  overwhelming: 8,
  apocalyptic: 10,
};

const LEVELS_HIGH_FIRST = ["apocalyptic", "overwhelming", "superior", "normal"] as const;
const LEVEL_ORDER: readonly AirSupportLevel[] = ["none", "normal", "superior", "overwhelming", "apocalyptic"];

function inBand(band: UnitBand | null, units: number): boolean {
  return band !== null && units >= band.min && (band.max === null || units <= band.max);
}

/** The support level a number of ground-attack units of one kind gives. */
export function airSupportLevel(kind: AirSupportKind, units: number): AirSupportLevel {
  const row = tableEntry(AIR_GROUND_TABLE, kind, "air support kind");
  assertCount(units, "air support units");
  return LEVELS_HIGH_FIRST.find((level) => inBand(row[level], units)) ?? "none";
}

/** The combat modifier of an air support level. */
export function airSupportModifier(level: AirSupportLevel): number {
  return tableEntry(AIR_SUPPORT_MODIFIER, level, "air support level");
}

/** The higher of two levels: several kinds over one fight give the best single level, not a sum. */
export function higherLevel(a: AirSupportLevel, b: AirSupportLevel): AirSupportLevel {
  return LEVEL_ORDER.indexOf(a) >= LEVEL_ORDER.indexOf(b) ? a : b;
}

/** Labels of the kinds of ground-attack aircraft, in the middle of a sentence. */
export const AIR_SUPPORT_KIND_LABELS: Readonly<Record<AirSupportKind, string>> = {
  german: "NOBC.Rules.Playsheet.AirSupportKind.german",
  allied: "NOBC.Rules.Playsheet.AirSupportKind.allied",
  heavyBomber: "NOBC.Rules.Playsheet.AirSupportKind.heavyBomber",
};

export interface AirSupportOutcome {
  /** The best single level of the kinds flown. */
  readonly level: AirSupportLevel;
  readonly modifier: number;
}

/**
 * The air support level over one fight (seed 003, Air-Ground Attacks) and its score modifier (Combat
 * factors): each kind read on its own row, the best single level counting, not a sum. The lines do
 * not add up to one score (each is one kind's level): a card shows no total.
 */
export function resolveAirSupport(
  input: readonly { readonly kind: AirSupportKind; readonly units: number }[],
): Checked<Resolution<AirSupportOutcome>> {
  const refusals = new RefusalList();
  input.forEach((a, i) => checkCount(refusals, a.units, `[${i}].units`, phrase(AIR_SUPPORT_KIND_LABELS[a.kind])));
  return refusals.result(() => {
    const flown = input.filter((a) => a.units > 0);
    const levels = flown.map((a) => ({ ...a, level: airSupportLevel(a.kind, a.units) }));
    const level = levels.reduce<AirSupportLevel>((best, a) => higherLevel(best, a.level), "none");
    const breakdown: BreakdownLine[] = levels.map((a) => ({
      text: phrase(a.level === "none" ? "NOBC.Rules.Playsheet.AirSupport.KindNone" : "NOBC.Rules.Playsheet.AirSupport.KindLevel", {
        kind: phrase(AIR_SUPPORT_KIND_LABELS[a.kind]),
        count: a.units,
        ...(a.level === "none" ? {} : { level: phrase(AIR_SUPPORT_LEVEL_LABELS[a.level]) }),
      }),
      value: airSupportModifier(a.level),
      source: levels.length > 1 ? `${SRC.airGround}; ${decision("several air support kinds")}` : SRC.airGround,
    }));
    return { breakdown, rolls: [], outcome: { level, modifier: airSupportModifier(level) }, effects: [] };
  });
}
