/** Checks shared by the Air War resolvers: squadron snapshots and lists of squadron ids. */
import type { ActorRef } from "../../ids";
import { phrase, type RefusalList } from "../../resolution";
import { isCount, tableEntry } from "../../validate";
import { NATIONALITIES, nationalityName, sideOfNationality } from "./types";
import type { Squadron } from "./types";
import { sideLabel } from "./labels";

/** The lang keys of a squadron's factors, for refusals. */
const FACTOR_LABELS = {
  airToAir: "NOBC.Rules.Air.Validate.Factor.airToAir",
  cas: "NOBC.Rules.Air.Validate.Factor.cas",
  deepStrike: "NOBC.Rules.Air.Validate.Factor.deepStrike",
} as const;

/** A squadron's name for messages. */
export function squadronName(squadron: Pick<Squadron, "id" | "name">): string {
  return squadron.name || squadron.id;
}

/** A whole number, 0 or more (hits, boxes, capacities). */
export { isCount, tableEntry };

function isFactor(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 6;
}

/** Checks the numbers and the side of a squadron snapshot; adds one refusal per problem. */
export function checkSquadron(squadron: Squadron, refusals: RefusalList, field: string): void {
  const name = squadronName(squadron);
  for (const key of ["airToAir", "cas", "deepStrike"] as const) {
    if (!isFactor(squadron[key])) {
      refusals.add(
        "badFactor",
        phrase("NOBC.Rules.Air.Validate.Refusal.badFactor", {
          squadron: name,
          factor: phrase(FACTOR_LABELS[key]),
          value: String(squadron[key]),
        }),
        `${field}.${key}`,
      );
    }
  }
  if (!Number.isInteger(squadron.range) || squadron.range < 0) {
    refusals.add(
      "badRange",
      phrase("NOBC.Rules.Air.Validate.Refusal.badRange", { squadron: name, value: String(squadron.range) }),
      `${field}.range`,
    );
  }
  if (!(NATIONALITIES as readonly string[]).includes(squadron.nationality)) {
    refusals.add(
      "unknownNationality",
      phrase("NOBC.Rules.Air.Validate.Refusal.unknownNationality", { squadron: name, nationality: squadron.nationality }),
      `${field}.nationality`,
    );
  } else if (sideOfNationality(squadron.nationality) !== squadron.side) {
    refusals.add(
      "wrongSide",
      phrase("NOBC.Rules.Air.Validate.Refusal.wrongSide", {
        squadron: name,
        nationality: nationalityName(squadron.nationality),
        side: sideLabel(squadron.side),
      }),
      `${field}.nationality`,
    );
  }
}

/** Looks squadrons up by id; refuses unknown and repeated ids. */
export function pickSquadrons(squadrons: readonly Squadron[], ids: readonly ActorRef[], refusals: RefusalList, field: string): Squadron[] {
  const byId = new Map(squadrons.map((s) => [s.id, s]));
  const seen = new Set<ActorRef>();
  const picked: Squadron[] = [];
  ids.forEach((id, i) => {
    const squadron = byId.get(id);
    if (seen.has(id)) {
      refusals.add("duplicate", phrase("NOBC.Rules.Air.Validate.Refusal.duplicate", { squadron: id, field }), `${field}.${i}`);
    } else if (squadron === undefined) {
      refusals.add("unknownSquadron", phrase("NOBC.Rules.Air.Validate.Refusal.unknownSquadron", { squadron: id, field }), `${field}.${i}`);
    } else {
      picked.push(squadron);
    }
    seen.add(id);
  });
  return picked;
}
