/**
 * The one closed union of changes the rules can ask for. The Foundry layer has exactly one
 * function that applies a list of these (and its inverse, for undo).
 */
import type { LandEffect } from "./nobc/land/effects";
import type { AirEffect } from "./nobc/air/effects";
import type { NqmEffect } from "./nqm/effects";
import type { PlaysheetEffect } from "./playsheet/effects";
import type { MissionEffect } from "./missions/effects";

export type { LandEffect, AirEffect, NqmEffect, PlaysheetEffect, MissionEffect };
export type Effect = LandEffect | AirEffect | NqmEffect | PlaysheetEffect | MissionEffect;
