/** Checks shared by the Air War resolvers: squadron snapshots and lists of squadron ids. */
import type { ActorRef } from "../../ids";
import type { RefusalList } from "../../resolution";
import { isCount, tableEntry } from "../../validate";
import { NATIONALITIES, sideOfNationality } from "./types";
import type { Squadron } from "./types";

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
        `Squadron ${name} has ${key} ${squadron[key]}; a factor must be a whole number from 0 to 6.`,
        `${field}.${key}`,
      );
    }
  }
  if (!Number.isInteger(squadron.range) || squadron.range < 0) {
    refusals.add("badRange", `Squadron ${name} has range ${squadron.range}; it must be a whole number, 0 or more.`, `${field}.range`);
  }
  if (!(NATIONALITIES as readonly string[]).includes(squadron.nationality)) {
    refusals.add(
      "unknownNationality",
      `Squadron ${name} has nationality ${squadron.nationality}, which the repair table does not know.`,
      `${field}.nationality`,
    );
  } else if (sideOfNationality(squadron.nationality) !== squadron.side) {
    refusals.add(
      "wrongSide",
      `Squadron ${name} is of nationality ${squadron.nationality}, which does not fly for ${squadron.side.toUpperCase()}.`,
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
      refusals.add("duplicate", `Squadron ${id} is listed more than once in ${field}.`, `${field}.${i}`);
    } else if (squadron === undefined) {
      refusals.add("unknownSquadron", `No squadron with id ${id} was given, so ${field} cannot use it.`, `${field}.${i}`);
    } else {
      picked.push(squadron);
    }
    seen.add(id);
  });
  return picked;
}
