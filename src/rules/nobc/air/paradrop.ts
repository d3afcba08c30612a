/**
 * Step 7 (part): paradrops, one die per brigade (seed 000, Air War QRS: 7) PARADROP).
 */
import type { ActorRef } from "../../ids";
import type { Dice } from "../../dice";
import type { Effect } from "../../effects";
import { RefusalList, phrase, refuse } from "../../resolution";
import type { BreakdownLine, Checked, Phrase, Resolution } from "../../resolution";
import { AIR_SOURCES, decision } from "./sources";
import { levelLabel, sideLabel } from "./labels";
import { squadronName } from "./validate";
import type { AirLevel, AirStatus, Side, Squadron } from "./types";

export type ParadropResult = "totalLoss" | "heavyLoss" | "lightLoss" | "success";

/**
 * Seed 000, Air War QRS: 7) paradrop results: 0 total loss with transports, 1 lose 3 hit points and
 * transports, 2 lose 1 hit point, 3-6 success. A roll below 0 reads as 0.
 */
export const PARADROP_RESULTS: readonly { atMost: number; result: ParadropResult }[] = [
  { atMost: 0, result: "totalLoss" },
  { atMost: 1, result: "heavyLoss" },
  { atMost: 2, result: "lightLoss" },
  { atMost: Number.POSITIVE_INFINITY, result: "success" },
];

/** What each result costs the brigade and its transports (seed 000, Air War QRS: 7)). */
export const PARADROP_LOSSES: Readonly<Record<ParadropResult, { hits: number | "all"; transportsLost: boolean }>> = {
  totalLoss: { hits: "all", transportsLost: true },
  heavyLoss: { hits: 3, transportsLost: true },
  lightLoss: { hits: 1, transportsLost: false },
  success: { hits: 0, transportsLost: false },
};

/**
 * Modifier for the dropping side's own air status: superiority −1 and contested −3 from the seed
 * (seed 000, Air War QRS: 7)); supremacy, which the seed leaves out, is 0.
 */
export const PARADROP_AIR_MODIFIERS: Readonly<Record<AirLevel, number>> = {
  supremacy: 0,
  superiority: -1,
  contested: -3,
};
/** Our reading when the enemy holds superiority or supremacy: the worst printed modifier. */
export const PARADROP_ENEMY_AIR_MODIFIER = -3;
/** Seed 000, Air War QRS: 7): landing next to an enemy unit −1, landing on an airfield −1. */
export const PARADROP_ADJACENT_ENEMY = -1;
export const PARADROP_ON_AIRFIELD = -1;

export function paradropResult(modifiedRoll: number): ParadropResult {
  if (!Number.isInteger(modifiedRoll)) throw new RangeError(`paradrop roll ${modifiedRoll} is not a whole number`);
  return PARADROP_RESULTS.find((row) => modifiedRoll <= row.atMost)!.result;
}

export interface ParadropInput {
  side: Side;
  brigade: ActorRef;
  brigadeName: string;
  /** The air status of the zone the brigade drops into. */
  status: AirStatus;
  adjacentToEnemy: boolean;
  onAirfield: boolean;
  /** The squadrons in the paradrop box carrying this brigade. */
  transports: readonly Squadron[];
  /** The umpire's air-status modifier, used instead of the table's (e.g. to waive the enemy-superiority −3). */
  airModifierOverride?: number;
}

export interface ParadropOutcome {
  modifiedRoll: number;
  result: ParadropResult;
  /** Things the players should know before accepting the result. */
  warnings: Phrase[];
}

function airModifier(input: ParadropInput): { value: number; text: Phrase; source: string; warning?: Phrase } {
  if (input.airModifierOverride !== undefined) {
    return { value: input.airModifierOverride, text: phrase("NOBC.Rules.Air.Paradrop.Umpire"), source: decision("Paradrop air status") };
  }
  const level = levelLabel(input.status.level);
  const enemy = input.status.winner !== null && input.status.winner !== input.side;
  if (enemy && input.status.level !== "contested") {
    return {
      value: PARADROP_ENEMY_AIR_MODIFIER,
      text: phrase("NOBC.Rules.Air.Paradrop.EnemyAir", { level }),
      source: decision("Paradrop air status"),
      warning: phrase("NOBC.Rules.Air.Paradrop.EnemyAirWarning", { level, modifier: PARADROP_ENEMY_AIR_MODIFIER }),
    };
  }
  return {
    value: PARADROP_AIR_MODIFIERS[input.status.level],
    text: phrase("NOBC.Rules.Air.Paradrop.AirStatus", { level }),
    source: AIR_SOURCES.paradrop,
  };
}

/** Drops one brigade: one die, the modifiers, then the result for the brigade and its transports. */
export function resolveParadrop(input: ParadropInput, dice: Dice): Checked<Resolution<ParadropOutcome>> {
  const refusals = new RefusalList();
  if (input.airModifierOverride !== undefined && !Number.isInteger(input.airModifierOverride)) {
    refusals.add(
      "badModifier",
      phrase("NOBC.Rules.Air.Paradrop.Refusal.badModifier", { value: String(input.airModifierOverride) }),
      "airModifierOverride",
    );
  }
  input.transports.forEach((s, i) => {
    if (s.side !== input.side || s.box !== "paradrop") {
      refusals.add(
        "notATransport",
        phrase("NOBC.Rules.Air.Paradrop.Refusal.notATransport", {
          squadron: squadronName(s),
          side: sideLabel(input.side),
          brigade: input.brigadeName,
        }),
        `transports.${i}`,
      );
    }
  });
  if (!refusals.empty) return refuse(...refusals.items);

  const roll = dice.d6();
  const air = airModifier(input);
  const breakdown: BreakdownLine[] = [
    { text: phrase("NOBC.Rules.Air.Paradrop.Die"), value: roll, source: AIR_SOURCES.paradrop },
    { text: air.text, value: air.value, source: air.source },
  ];
  if (input.adjacentToEnemy) {
    breakdown.push({ text: phrase("NOBC.Rules.Air.Paradrop.AdjacentEnemy"), value: PARADROP_ADJACENT_ENEMY, source: AIR_SOURCES.paradrop });
  }
  if (input.onAirfield) {
    breakdown.push({ text: phrase("NOBC.Rules.Air.Paradrop.OnAirfield"), value: PARADROP_ON_AIRFIELD, source: AIR_SOURCES.paradrop });
  }
  const modifiedRoll = breakdown.reduce((sum, line) => sum + line.value, 0);
  const result = paradropResult(modifiedRoll);
  const loss = PARADROP_LOSSES[result];
  const effects: Effect[] = [];
  if (loss.hits === "all") effects.push({ type: "eliminated", actor: input.brigade });
  else if (loss.hits > 0) effects.push({ type: "hits", actor: input.brigade, amount: loss.hits });
  for (const t of input.transports) {
    // Transports that survive come back like every squadron handed to the land battle: damaged.
    effects.push({ type: "squadronBox", squadron: t.id, box: loss.transportsLost ? "destroyed" : "damaged" });
  }
  return refusals.result(() => ({
    breakdown,
    rolls: [roll],
    outcome: { modifiedRoll, result, warnings: air.warning === undefined ? [] : [air.warning] },
    effects,
  }));
}
