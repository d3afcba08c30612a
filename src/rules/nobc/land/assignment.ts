/**
 * Assigning a support card from an HQ to one of its side's units (seed 000, Land War QRS,
 * "4. Ground Combat": cards are played only within the HQ's radius and up to its HQ limit for each
 * combat). A unit fights in one combat, so the HQ limit is checked over the cards this HQ has given
 * to this unit, with the same rule the combat planner applies to the whole combat (hq-support.ts).
 * Pure: the caller measures the distance and counts the cards.
 */
import type { ActorRef, CardRef } from "../../ids";
import { RefusalList, phrase, refuse, type Checked } from "../../resolution";
import { isCount } from "../../validate";
import { HQ_SUPPORT_LIMIT_SOURCE, hqSupportProblems } from "./hq-support";
import { categoriesWhere, categoryName, supportCardRecord } from "./card-categories";
import { sideName } from "./words";
import type { Side, SupportCardCategory } from "./types";

/**
 * Card categories that go with a unit into its combat or move: those whose record's holder is a
 * unit. The rest are played by the HQ itself (recovery), against the enemy's rear or on the map.
 * Reading recorded in docs/decisions/foundry-documents.md, "Which cards a unit can take".
 */
export const UNIT_SUPPORT_CATEGORIES = categoriesWhere((r) => r.holder === "unit");

export function unitCanTake(category: SupportCardCategory): boolean {
  return supportCardRecord(category)?.holder === "unit";
}

export interface AssignmentInput {
  readonly card: {
    readonly id: CardRef;
    readonly name: string;
    readonly side: Side;
    readonly category: SupportCardCategory;
    /** The unit it is already assigned to this turn, if any. */
    readonly assignedTo?: ActorRef | undefined;
  };
  readonly unit: { readonly id: ActorRef; readonly name: string; readonly side: Side };
  /** The HQ holding the card; absent for a card no HQ holds. */
  readonly hq?: {
    readonly id: ActorRef;
    readonly name: string;
    readonly side: Side;
    /** Current level: how many cards and CAS it may give to one combat. */
    readonly level: number;
    readonly radius: number;
  };
  /** Hexes from the HQ to the unit, measured by the caller (null when either is off the map). */
  readonly distance: number | null;
  /** Cards of this HQ already assigned to this unit this turn (this card excluded). */
  readonly assignedToUnit: number;
}

/** An accepted assignment, with how much of the HQ's score it leaves. */
export interface CardAssignment {
  card: CardRef;
  unit: ActorRef;
  hq: ActorRef;
  /** Cards of the HQ with this unit once this one is counted. */
  used: number;
  /** Cards the HQ may still give this unit's combat (the planner also counts the other attackers' and CAS). */
  left: number;
  source: string;
}

/** Checks a card-to-unit assignment; a refusal lists every reason and changes nothing. */
export function checkCardAssignment(input: AssignmentInput): Checked<CardAssignment> {
  const { card, unit, hq, distance, assignedToUnit } = input;
  const why = new RefusalList();

  if (card.side !== unit.side) {
    why.add(
      "sideMismatch",
      phrase("NOBC.Rules.Land.Assignment.Refusal.sideMismatch", {
        card: card.name,
        cardSide: sideName(card.side),
        unit: unit.name,
        unitSide: sideName(unit.side),
      }),
      "unit.side",
    );
  }
  if (!unitCanTake(card.category)) {
    why.add(
      "categoryNotForUnits",
      phrase("NOBC.Rules.Land.Assignment.Refusal.categoryNotForUnits", { category: categoryName(card.category), unit: unit.name }),
      "card.category",
    );
  }
  if (card.assignedTo === unit.id) {
    why.add(
      "alreadyAssigned",
      phrase("NOBC.Rules.Land.Assignment.Refusal.alreadyAssigned", { card: card.name, unit: unit.name }),
      "card.assignedTo",
    );
  }
  if (!isCount(assignedToUnit)) {
    why.add("badCount", phrase("NOBC.Rules.Land.Assignment.Refusal.badCount", { assigned: String(assignedToUnit) }), "assignedToUnit");
  }

  if (hq === undefined) {
    why.add("noHq", phrase("NOBC.Rules.Land.Assignment.Refusal.noHq", { card: card.name }), "hq");
    return refuse(...why.items);
  }

  if (hq.side !== card.side) {
    why.add(
      "hqSideMismatch",
      phrase("NOBC.Rules.Land.Assignment.Refusal.hqSideMismatch", {
        hq: hq.name,
        hqSide: sideName(hq.side),
        card: card.name,
        cardSide: sideName(card.side),
      }),
      "hq.side",
    );
  }
  if (distance === null) {
    why.add("noDistance", phrase("NOBC.Rules.Land.Assignment.Refusal.noDistance", { hq: hq.name, unit: unit.name }), "distance");
  }
  // A bad count is refused above; the limit is then checked for this card alone.
  const used = isCount(assignedToUnit) ? assignedToUnit + 1 : 1;
  why.items.push(...hqSupportProblems({ hq, used, ...(distance === null ? {} : { distance }) }, "hq"));

  return why.result(() => ({
    card: card.id,
    unit: unit.id,
    hq: hq.id,
    used,
    left: hq.level - used,
    source: HQ_SUPPORT_LIMIT_SOURCE,
  }));
}
