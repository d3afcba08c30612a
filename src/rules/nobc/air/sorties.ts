/**
 * Step 5: how many CAS and Recce/EW squadrons each side may fly, and the owner's choice of them
 * (seed 000, Air War QRS: 5) CAS & Deep Strike unit number).
 */
import type { ActorRef } from "../../ids";
import { RefusalList, phrase } from "../../resolution";
import type { Checked, Resolution } from "../../resolution";
import { AIR_SOURCES, decision } from "./sources";
import { boxLabel, sideLabel } from "./labels";
import { isRecceOrEw } from "./types";
import { pickSquadrons, squadronName, tableEntry } from "./validate";
import type { AirLevel, AirStatus, Side, Squadron } from "./types";
import type { AirBox } from "./effects";

export interface Allotment {
  cas: number;
  recceEw: number;
}

/** Seed 000, Air War QRS: 5) table: Winner CAS, Winner Recce/EW, Loser CAS, Loser Recce/EW by level. */
export const SORTIES_TABLE: Readonly<Record<AirLevel, { winner: Allotment; loser: Allotment }>> = {
  contested: { winner: { cas: 8, recceEw: 4 }, loser: { cas: 6, recceEw: 3 } },
  superiority: { winner: { cas: 10, recceEw: 5 }, loser: { cas: 4, recceEw: 2 } },
  supremacy: { winner: { cas: 12, recceEw: 6 }, loser: { cas: 2, recceEw: 1 } },
};

export function sorties(level: AirLevel): { winner: Allotment; loser: Allotment } {
  const row = tableEntry(SORTIES_TABLE, level, "air superiority level");
  return { winner: { ...row.winner }, loser: { ...row.loser } };
}

/** The allotment of one side: the winner's row if it won, else the loser's (a tie gives both the loser's). */
export function sortieAllotment(status: AirStatus, side: Side): Allotment {
  const row = sorties(status.level);
  return status.winner === side ? row.winner : row.loser;
}

/** Boxes whose squadrons fly ground missions and so need a sortie. */
export const SORTIE_BOXES: readonly AirBox[] = ["cas", "recce", "paradrop", "deepStrike"];

export interface SortieInput {
  side: Side;
  status: AirStatus;
  squadrons: readonly Squadron[];
  /** The squadrons the owner sends; the rest of its mission squadrons will be intercepted. */
  selected: readonly ActorRef[];
}

export interface SortieOutcome {
  allotment: Allotment;
  flying: ActorRef[];
  intercepted: ActorRef[];
}

/**
 * Checks the owner's selection against the allotment: Recce and EW squadrons on the Recce/EW
 * number, every other CAS, paradrop and deep-strike squadron on the CAS number.
 */
export function resolveSortieSelection(input: SortieInput): Checked<Resolution<SortieOutcome>> {
  const refusals = new RefusalList();
  const allotment = sortieAllotment(input.status, input.side);
  const picked = pickSquadrons(input.squadrons, input.selected, refusals, "selected");
  for (const s of picked) {
    if (s.side !== input.side) {
      refusals.add(
        "wrongSide",
        phrase("NOBC.Rules.Air.Sorties.Refusal.wrongSide", { squadron: squadronName(s), side: sideLabel(input.side) }),
        "selected",
      );
    } else if (!SORTIE_BOXES.includes(s.box)) {
      refusals.add(
        "notOnMission",
        phrase("NOBC.Rules.Air.Sorties.Refusal.notOnMission", { squadron: squadronName(s), box: boxLabel(s.box) }),
        "selected",
      );
    }
  }
  const recceEw = picked.filter(isRecceOrEw).length;
  const cas = picked.length - recceEw;
  if (cas > allotment.cas) {
    refusals.add("tooManyCas", phrase("NOBC.Rules.Air.Sorties.Refusal.tooManyCas", { count: cas, allotment: allotment.cas }), "selected");
  }
  if (recceEw > allotment.recceEw) {
    refusals.add(
      "tooManyRecceEw",
      phrase("NOBC.Rules.Air.Sorties.Refusal.tooManyRecceEw", { count: recceEw, allotment: allotment.recceEw }),
      "selected",
    );
  }
  const flying = new Set(input.selected);
  return refusals.result(() => ({
    breakdown: [
      { text: phrase("NOBC.Rules.Air.Sorties.CasAllotment"), value: allotment.cas, source: AIR_SOURCES.sorties },
      { text: phrase("NOBC.Rules.Air.Sorties.RecceEwAllotment"), value: allotment.recceEw, source: AIR_SOURCES.sorties },
      { text: phrase("NOBC.Rules.Air.Sorties.CasSelected"), value: cas, source: decision("What the allotments count") },
      { text: phrase("NOBC.Rules.Air.Sorties.RecceEwSelected"), value: recceEw, source: AIR_SOURCES.sorties },
    ],
    rolls: [],
    outcome: {
      allotment,
      flying: [...input.selected],
      intercepted: input.squadrons
        .filter((s) => s.side === input.side && SORTIE_BOXES.includes(s.box) && !flying.has(s.id))
        .map((s) => s.id),
    },
    effects: [],
  }));
}
