import type { ActorRef } from "../ids";
import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { PlaysheetEffect } from "./effects";
import { SRC, decision } from "./sources";
import { assertCount, checkCount, checkDistance, tableEntry } from "./validate";

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

export interface ArtillerySupportInput {
  readonly ref: ActorRef;
  readonly name: string;
  readonly kind: ArtilleryKind;
  readonly status: number;
  readonly rangeKm: number;
}

export interface ArtillerySupportOutcome {
  readonly effect: ArtilleryEffect;
  /** What the battery adds to its side's total. */
  readonly contribution: number;
}

/** The breakdown line of the range band, by what the battery adds there. */
const RANGE_BAND_KEYS: Readonly<Record<ArtilleryEffect, string>> = {
  normal: "NOBC.Rules.Playsheet.ArtillerySupport.Effective",
  half: "NOBC.Rules.Playsheet.ArtillerySupport.Long",
  outOfRange: "NOBC.Rules.Playsheet.ArtillerySupport.OutOfRange",
};

/**
 * What one supporting battery adds to a fight at a range (seed 003, Supporting Artillery): its status
 * up to effective range, half of it up to long range, nothing beyond. A battery that fires spends
 * 1 ammunition point (seed 003, Combat: "any artillery use").
 */
export function resolveArtillerySupport(input: ArtillerySupportInput): Checked<Resolution<ArtillerySupportOutcome>> {
  const refusals = new RefusalList();
  checkCount(refusals, input.status, "status", phrase("NOBC.Rules.Playsheet.Combat.StatusOf", { unit: input.name }));
  checkDistance(refusals, input.rangeKm, "rangeKm", phrase("NOBC.Rules.Playsheet.Combat.RangeOf", { gun: input.name }));
  return refusals.result(() => {
    const effect = artilleryEffect(input.kind, input.rangeKm);
    const contribution = artilleryContribution(input.status, effect);
    const ranges = ARTILLERY_RANGES[input.kind];
    const breakdown: BreakdownLine[] = [
      { text: phrase("NOBC.Rules.Playsheet.ArtillerySupport.Status", { gun: input.name }), value: input.status, source: SRC.artillery },
      {
        text: phrase(RANGE_BAND_KEYS[effect], {
          range: input.rangeKm,
          effective: ranges.effectiveKm,
          long: ranges.longKm ?? ranges.effectiveKm,
          kind: phrase(ARTILLERY_KIND_LABELS[input.kind]),
        }),
        value: contribution - input.status,
        source: effect === "half" ? `${SRC.artillery}; ${decision("half status rounds down")}` : SRC.artillery,
      },
    ];
    const effects: PlaysheetEffect[] =
      effect === "outOfRange" ? [] : [{ type: "playsheetSupply", actor: input.ref, delta: -1, kind: "ammo" }];
    return { breakdown, rolls: [], outcome: { effect, contribution }, effects };
  });
}
