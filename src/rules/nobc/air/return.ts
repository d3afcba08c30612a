/**
 * Step 6: returning the squadrons once the sorties are known (seed 000, Air War QRS: 6) Return Air Units).
 */
import type { ActorRef } from "../../ids";
import type { Effect } from "../../effects";
import { RefusalList, phrase } from "../../resolution";
import type { Checked, Resolution } from "../../resolution";
import { AIR_SOURCES, decision } from "./sources";
import { boxLabel } from "./labels";
import { pickSquadrons, squadronName } from "./validate";
import type { Squadron } from "./types";
import { SORTIE_BOXES } from "./sorties";

export interface ReturnInput {
  squadrons: readonly Squadron[];
  /** Both sides' checked sortie selections. */
  flying: readonly ActorRef[];
}

export interface ReturnOutcome {
  toHolding: ActorRef[];
  intercepted: ActorRef[];
  discarded: { squadron: ActorRef; weapon: string }[];
}

/**
 * Air superiority squadrons go to holding; mission squadrons beyond the sorties are intercepted
 * (damaged); AAM cards of the air battle and every weapon of an intercepted squadron are discarded.
 * Weapons of flying squadrons stay until their mission is flown.
 */
export function resolveReturn(input: ReturnInput): Checked<Resolution<ReturnOutcome>> {
  const refusals = new RefusalList();
  for (const s of pickSquadrons(input.squadrons, input.flying, refusals, "flying")) {
    if (!SORTIE_BOXES.includes(s.box)) {
      refusals.add(
        "notOnMission",
        phrase("NOBC.Rules.Air.Return.Refusal.notOnMission", { squadron: squadronName(s), box: boxLabel(s.box) }),
        "flying",
      );
    }
  }
  const flying = new Set(input.flying);
  const toHolding: ActorRef[] = [];
  const intercepted: ActorRef[] = [];
  const discarded: ReturnOutcome["discarded"] = [];
  const effects: Effect[] = [];
  const discard = (s: Squadron, all: boolean) => {
    for (const w of s.weapons) {
      if (!all && w.kind !== "aam") continue;
      discarded.push({ squadron: s.id, weapon: w.name });
      effects.push({ type: "weaponDiscarded", squadron: s.id, weapon: w.name });
    }
  };
  for (const s of input.squadrons) {
    if (s.box === "airSuperiority") {
      toHolding.push(s.id);
      discard(s, false);
      effects.push({ type: "squadronBox", squadron: s.id, box: "holding" });
    } else if (s.box === "damaged") {
      discard(s, false);
    } else if (SORTIE_BOXES.includes(s.box) && !flying.has(s.id)) {
      intercepted.push(s.id);
      discard(s, true);
      effects.push({ type: "squadronBox", squadron: s.id, box: "damaged" });
    }
  }
  return refusals.result(() => ({
    breakdown: [
      { text: phrase("NOBC.Rules.Air.Return.ToHolding"), value: toHolding.length, source: AIR_SOURCES.return },
      { text: phrase("NOBC.Rules.Air.Return.Intercepted"), value: intercepted.length, source: AIR_SOURCES.return },
      { text: phrase("NOBC.Rules.Air.Return.Discarded"), value: discarded.length, source: decision("When weapons are discarded") },
    ],
    rolls: [],
    outcome: { toHolding, intercepted, discarded },
    effects,
  }));
}
