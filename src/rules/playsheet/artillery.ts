import { assertCount, tableEntry } from "./validate";

export type ArtilleryKind = "field" | "medium" | "rocket" | "infantryGuns";

/** Labels of the artillery kinds, in the middle of a sentence. */
export const ARTILLERY_KIND_LABELS: Readonly<Record<ArtilleryKind, string>> = {
  field: "NOBC.Rules.Playsheet.ArtilleryKind.field",
  medium: "NOBC.Rules.Playsheet.ArtilleryKind.medium",
  rocket: "NOBC.Rules.Playsheet.ArtilleryKind.rocket",
  infantryGuns: "NOBC.Rules.Playsheet.ArtilleryKind.infantryGuns",
};
/** What a supporting battery adds: its whole status, half of it, or nothing. */
export type ArtilleryEffect = "normal" | "half" | "outOfRange";

/** seed 003 (Operational Playsheet), Supporting Artillery: ranges in km; null where it prints "n.a.". */
export const ARTILLERY_RANGES: Readonly<Record<ArtilleryKind, { readonly effectiveKm: number; readonly longKm: number | null }>> = {
  field: { effectiveKm: 8, longKm: 12 },
  medium: { effectiveKm: 12, longKm: 20 },
  rocket: { effectiveKm: 6, longKm: null },
  infantryGuns: { effectiveKm: 6, longKm: null },
};

/** Full status up to effective range, half status up to long range, none beyond. */
export function artilleryEffect(kind: ArtilleryKind, rangeKm: number): ArtilleryEffect {
  const ranges = tableEntry(ARTILLERY_RANGES, kind, "artillery kind");
  if (!Number.isFinite(rangeKm) || rangeKm < 0) throw new RangeError(`artillery range must be 0 km or more, got ${rangeKm}`);
  if (rangeKm <= ranges.effectiveKm) return "normal";
  if (ranges.longKm !== null && rangeKm <= ranges.longKm) return "half";
  return "outOfRange";
}

/** What a battery adds to its side's total: half status rounds down (docs/rules-decisions.md). */
export function artilleryContribution(status: number, effect: ArtilleryEffect): number {
  assertCount(status, "artillery status");
  if (effect === "normal") return status;
  if (effect === "half") return Math.floor(status / 2);
  return 0;
}
