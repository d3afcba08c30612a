/**
 * The one closed union of changes the rules can ask for. The Foundry layer has exactly one
 * function that applies a list of these (and its inverse, for undo).
 */
import type { LandEffect } from "./nobc/land/effects";
import type { AirEffect } from "./nobc/air/effects";
import type { NqmEffect } from "./nqm/effects";
import type { PlaysheetEffect } from "./playsheet/effects";
import type { MissionEffect } from "./missions/effects";
import type { TimetableEffect } from "./nobc/timetable/effects";
import type { SetupEffect } from "./setup/effects";

export type { LandEffect, AirEffect, NqmEffect, PlaysheetEffect, MissionEffect, TimetableEffect, SetupEffect };
export type Effect = LandEffect | AirEffect | NqmEffect | PlaysheetEffect | MissionEffect | TimetableEffect | SetupEffect;

/** The effect fields that name a document (an actor, or a card item). */
const REF_KEYS = ["actor", "card", "squadron", "airbase", "chart", "target"] as const;

/** Every document UUID the effects name, once each, in order. */
export function touchedDocuments(effects: readonly Effect[]): string[] {
  const out = new Set<string>();
  for (const effect of effects) {
    for (const key of REF_KEYS) {
      const ref = (effect as Record<string, unknown>)[key];
      if (typeof ref === "string" && ref !== "") out.add(ref);
    }
  }
  return [...out];
}
