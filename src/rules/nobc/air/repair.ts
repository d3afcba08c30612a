/**
 * Step 9: aircraft repair (seed 000, Air War QRS: 9) Aircraft repair).
 */
import type { ActorRef } from "../../ids";
import type { Dice } from "../../dice";
import type { Effect } from "../../effects";
import { RefusalList, phrase, refuse } from "../../resolution";
import type { BreakdownLine, Checked, Resolution } from "../../resolution";
import { AIR_SOURCES } from "./sources";
import { boxLabel, sideLabel } from "./labels";
import { NATIONALITIES, nationalityName } from "./types";
import { checkSquadron, pickSquadrons, squadronName } from "./validate";
import type { Nationality, Side, Squadron } from "./types";

/**
 * Seed 000, Air War QRS: 9) repair table. USAF, RAF, Luftwaffe, Canadian and French 5; Dutch,
 * Belgian and Danish 4; Soviet and East German 4; Polish and Czechoslovak 3.
 */
export const REPAIR_SCORES: Readonly<Record<Nationality, number>> = {
  us: 5,
  uk: 5,
  frg: 5,
  ca: 5,
  fr: 5,
  nl: 4,
  be: 4,
  dk: 4,
  su: 4,
  gdr: 4,
  pl: 3,
  cs: 3,
};

/** Squadrons each NATO air team repairs without a roll (seed 000, Air War QRS: 9)). */
export const NATO_AUTOMATIC_REPAIRS = 2;

export function repairScore(nationality: Nationality): number {
  if (!(NATIONALITIES as readonly string[]).includes(nationality)) {
    throw new RangeError(`unknown air force nationality ${nationality}`);
  }
  return REPAIR_SCORES[nationality];
}

export interface RepairInput {
  /** The air team's side. */
  side: Side;
  /** The team's squadrons in the damaged box. */
  squadrons: readonly Squadron[];
  /** NATO only: up to two squadrons the team repairs without a roll. */
  automatic?: readonly ActorRef[];
}

export interface RepairOutcome {
  repaired: ActorRef[];
  destroyed: ActorRef[];
}

/** Repairs the team's damaged squadrons: the chosen ones outright, the rest on a roll at or under the repair score. */
export function resolveAircraftRepair(input: RepairInput, dice: Dice): Checked<Resolution<RepairOutcome>> {
  const refusals = new RefusalList();
  input.squadrons.forEach((s, i) => {
    checkSquadron(s, refusals, `squadrons.${i}`);
    if (s.side !== input.side) {
      refusals.add(
        "wrongSide",
        phrase("NOBC.Rules.Air.Repair.Refusal.wrongSide", { squadron: squadronName(s), side: sideLabel(input.side) }),
        `squadrons.${i}`,
      );
    }
    if (s.box !== "damaged") {
      refusals.add(
        "notDamaged",
        phrase("NOBC.Rules.Air.Repair.Refusal.notDamaged", { squadron: squadronName(s), box: boxLabel(s.box) }),
        `squadrons.${i}`,
      );
    }
  });
  const automaticIds = input.automatic ?? [];
  const automatic = pickSquadrons(input.squadrons, automaticIds, refusals, "automatic");
  const limit = input.side === "nato" ? NATO_AUTOMATIC_REPAIRS : 0;
  if (automaticIds.length > limit) {
    refusals.add(
      "tooManyAutomatic",
      input.side === "nato"
        ? phrase("NOBC.Rules.Air.Repair.Refusal.tooManyAutomatic", { limit: NATO_AUTOMATIC_REPAIRS, count: automaticIds.length })
        : phrase("NOBC.Rules.Air.Repair.Refusal.tooManyAutomaticWp"),
      "automatic",
    );
  }
  if (!refusals.empty) return refuse(...refusals.items);

  const chosen = new Set(automatic.map((s) => s.id));
  const breakdown: BreakdownLine[] = [];
  const rolls: number[] = [];
  const effects: Effect[] = [];
  const repaired: ActorRef[] = [];
  const destroyed: ActorRef[] = [];
  for (const s of input.squadrons) {
    if (chosen.has(s.id)) {
      breakdown.push({
        text: phrase("NOBC.Rules.Air.Repair.ByChoice", { squadron: squadronName(s) }),
        value: 0,
        source: AIR_SOURCES.repair,
      });
      repaired.push(s.id);
      effects.push({ type: "squadronBox", squadron: s.id, box: "ready" });
      continue;
    }
    const score = repairScore(s.nationality);
    const roll = dice.d6();
    rolls.push(roll);
    breakdown.push({
      text: phrase("NOBC.Rules.Air.Repair.Score", { squadron: squadronName(s), nationality: nationalityName(s.nationality) }),
      value: score,
      source: AIR_SOURCES.repair,
    });
    const ok = roll <= score;
    (ok ? repaired : destroyed).push(s.id);
    effects.push({ type: "squadronBox", squadron: s.id, box: ok ? "ready" : "destroyed" });
  }
  return refusals.result(() => ({ breakdown, rolls, outcome: { repaired, destroyed }, effects }));
}
