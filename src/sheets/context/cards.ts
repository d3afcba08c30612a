/** Support cards as sheets list them: in an HQ's hand, or assigned to a unit. */
import type { Side, SupportCardCategory } from "../../rules/nobc/land/types";
import { isWeapon } from "../../rules/nobc/land/card-categories";
import { CATEGORY_HINTS, CATEGORY_LABELS } from "../../view/labels";
import { signed } from "../../view/common";

/** A card as the sheet found it (an embedded item of an HQ, or a world item). */
export interface CardSummary {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly img: string;
  readonly side: Side;
  readonly category: SupportCardCategory;
  readonly value: number;
  readonly modifier: number;
  /** The unit it is assigned to, if any. */
  readonly assignedTo: { readonly uuid: string; readonly name: string } | null;
  /** The HQ holding it, if any. */
  readonly holder: { readonly uuid: string; readonly name: string } | null;
}

export interface CardRow extends CardSummary {
  readonly categoryLabel: string;
  readonly categoryHint: string;
  readonly modifierText: string;
  readonly hasModifier: boolean;
  readonly sideClass: string;
  /** A nuclear or ADM card held by an HQ: its row (on the HQ sheet) offers to ask Control for release, as its own sheet does. */
  readonly releasable: boolean;
}

export function cardRow(card: CardSummary): CardRow {
  return {
    ...card,
    categoryLabel: CATEGORY_LABELS[card.category],
    categoryHint: CATEGORY_HINTS[card.category],
    modifierText: signed(card.modifier),
    hasModifier: card.modifier !== 0,
    sideClass: card.side === "nato" ? "side-nato" : "side-wp",
    releasable: card.holder !== null && (isWeapon(card.category, "nuclear") || isWeapon(card.category, "adm")),
  };
}

/** Cards in a stable order: by category as the rules list them, then by name. */
export function cardRows(cards: readonly CardSummary[], order: readonly SupportCardCategory[]): CardRow[] {
  const rank = (c: SupportCardCategory): number => order.indexOf(c);
  return [...cards].sort((a, b) => rank(a.category) - rank(b.category) || a.name.localeCompare(b.name)).map(cardRow);
}
