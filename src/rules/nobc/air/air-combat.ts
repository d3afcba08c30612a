/**
 * Step 3: air superiority combat over the line-up (seed 000, Air War QRS: 3) Air Superiority Combat).
 */
import type { ActorRef } from "../../ids";
import type { Dice } from "../../dice";
import type { Effect } from "../../effects";
import { RefusalList, phrase, refuse } from "../../resolution";
import type { BreakdownLine, Checked, Resolution } from "../../resolution";
import { AIR_SOURCES } from "./sources";
import { sideLabel } from "./labels";
import { hasWeapon } from "./types";
import { checkSquadron, squadronName } from "./validate";
import type { Side, Squadron } from "./types";
import type { Bout } from "./lineup";

export interface AirCombatInput {
  squadrons: readonly Squadron[];
  /** The bouts of a checked line-up. */
  bouts: readonly Bout[];
}

export interface Shot {
  shooter: ActorRef;
  target: ActorRef;
  roll: number;
  hit: boolean;
}

export interface AirCombatOutcome {
  shots: Shot[];
  damaged: ActorRef[];
}

/**
 * Fights every bout. A squadron with advanced AAM facing one without fires first, and an opponent
 * it damages does not fire back; otherwise both fire at once (the WP die is rolled first).
 */
export function resolveAirCombat(input: AirCombatInput, dice: Dice): Checked<Resolution<AirCombatOutcome>> {
  const refusals = new RefusalList();
  const byId = new Map(input.squadrons.map((s) => [s.id, s]));
  const seen = new Set<ActorRef>();
  const pairs: [Squadron, Squadron][] = [];
  input.bouts.forEach((bout, i) => {
    const found: Partial<Record<Side, Squadron>> = {};
    for (const side of ["wp", "nato"] as const) {
      const id = bout[side];
      if (id === null) continue;
      const s = byId.get(id);
      const field = `bouts.${i}.${side}`;
      if (s === undefined) {
        refusals.add("unknownSquadron", phrase("NOBC.Rules.Air.AirCombat.Refusal.unknownSquadron", { squadron: id }), field);
      } else if (s.side !== side || s.box !== "airSuperiority") {
        refusals.add(
          "notAFighter",
          phrase("NOBC.Rules.Air.AirCombat.Refusal.notAFighter", { squadron: squadronName(s), side: sideLabel(side) }),
          field,
        );
      } else if (seen.has(id)) {
        refusals.add("duplicate", phrase("NOBC.Rules.Air.AirCombat.Refusal.duplicate", { squadron: squadronName(s) }), field);
      } else {
        checkSquadron(s, refusals, field);
        found[side] = s;
      }
      seen.add(id);
    }
    if (found.wp !== undefined && found.nato !== undefined) pairs.push([found.wp, found.nato]);
  });
  if (!refusals.empty) return refuse(...refusals.items);

  const breakdown: BreakdownLine[] = [];
  const shots: Shot[] = [];
  const fire = (shooter: Squadron, target: Squadron, first: boolean): boolean => {
    const roll = dice.d6();
    const hit = roll <= shooter.airToAir;
    shots.push({ shooter: shooter.id, target: target.id, roll, hit });
    breakdown.push({
      text: phrase(first ? "NOBC.Rules.Air.AirCombat.FiresFirst" : "NOBC.Rules.Air.AirCombat.Fires", {
        shooter: squadronName(shooter),
        target: squadronName(target),
      }),
      value: shooter.airToAir,
      source: AIR_SOURCES.combat,
    });
    return hit;
  };
  const damaged: ActorRef[] = [];
  for (const [wp, nato] of pairs) {
    const wpFirst = hasWeapon(wp, "aam");
    const natoFirst = hasWeapon(nato, "aam");
    if (wpFirst !== natoFirst) {
      const [first, second] = wpFirst ? [wp, nato] : [nato, wp];
      if (fire(first, second, true)) damaged.push(second.id);
      else if (fire(second, first, false)) damaged.push(first.id);
    } else {
      const wpHits = fire(wp, nato, false);
      const natoHits = fire(nato, wp, false);
      if (wpHits) damaged.push(nato.id);
      if (natoHits) damaged.push(wp.id);
    }
  }
  const effects: Effect[] = damaged.map((id) => ({ type: "squadronBox", squadron: id, box: "damaged" }));
  return refusals.result(() => ({ breakdown, rolls: shots.map((s) => s.roll), outcome: { shots, damaged }, effects }));
}
