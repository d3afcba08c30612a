/**
 * Step 7: CAS and Recce squadrons handed to the land battle, and their return
 * (seed 000, Air War QRS: 7) Hand CAS units to land battle players; Land War QRS: 1. Air Support).
 */
import type { ActorRef } from "../../ids";
import type { Effect } from "../../effects";
import { RefusalList, phrase } from "../../resolution";
import type { BreakdownLine, Checked, Resolution } from "../../resolution";
import { AIR_SOURCES } from "./sources";
import { boxLabel } from "./labels";
import { pickSquadrons, squadronName } from "./validate";
import type { AdvancedWeapon, Side, Squadron } from "./types";
import type { AirBox } from "./effects";

/** Boxes whose flying squadrons the land players receive. */
export const HAND_OVER_BOXES: readonly AirBox[] = ["cas", "recce"];

/** A squadron as the land battle uses it: a CAS value for combat, or a Recce/EW card. */
export interface CasSupport {
  squadron: ActorRef;
  name: string;
  side: Side;
  cas: number;
  recce: boolean;
  ew: boolean;
  weapons: readonly AdvancedWeapon[];
}

/** Lists what each side's land players receive from the flying CAS and Recce squadrons. Nothing moves yet. */
export function resolveCasHandOver(input: {
  squadrons: readonly Squadron[];
  flying: readonly ActorRef[];
}): Checked<Resolution<{ support: CasSupport[] }>> {
  const refusals = new RefusalList();
  const handed = pickSquadrons(input.squadrons, input.flying, refusals, "flying").filter((s) => HAND_OVER_BOXES.includes(s.box));
  const breakdown: BreakdownLine[] = handed.map((s) => ({
    text: phrase("NOBC.Rules.Air.HandOver.CasValue", { squadron: squadronName(s) }),
    value: s.cas,
    source: AIR_SOURCES.handOver,
  }));
  return refusals.result(() => ({
    breakdown,
    rolls: [],
    outcome: {
      support: handed.map((s) => ({
        squadron: s.id,
        name: s.name,
        side: s.side,
        cas: s.cas,
        recce: s.recce,
        ew: s.ew,
        weapons: s.weapons,
      })),
    },
    effects: [],
  }));
}

/** Squadrons back from the land battle always go to the damaged box; their weapon cards are spent. */
export function resolveCasReturn(input: {
  squadrons: readonly Squadron[];
  returning: readonly ActorRef[];
}): Checked<Resolution<{ damaged: ActorRef[] }>> {
  const refusals = new RefusalList();
  const back = pickSquadrons(input.squadrons, input.returning, refusals, "returning");
  for (const s of back) {
    if (!HAND_OVER_BOXES.includes(s.box)) {
      refusals.add(
        "notCas",
        phrase("NOBC.Rules.Air.HandOver.Refusal.notCas", { squadron: squadronName(s), box: boxLabel(s.box) }),
        "returning",
      );
    }
  }
  const effects: Effect[] = [];
  for (const s of back) {
    for (const w of s.weapons) effects.push({ type: "weaponDiscarded", squadron: s.id, weapon: w.name });
    effects.push({ type: "squadronBox", squadron: s.id, box: "damaged" });
  }
  return refusals.result(() => ({
    breakdown: [{ text: phrase("NOBC.Rules.Air.HandOver.Back"), value: back.length, source: AIR_SOURCES.landCas }],
    rolls: [],
    outcome: { damaged: back.map((s) => s.id) },
    effects,
  }));
}
