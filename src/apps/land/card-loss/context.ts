/** What the card-loss dialog shows: the loss, the HQ's cards to tick and the refusals. Pure. */
import { hqById } from "../world";
import { previewView, type PreviewView, type Translator } from "../view";
import { categoryLabelKey } from "../../../view/labels";
import { phrase } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { cardLossResolution, cardsToGive, heldCards, lossOf, type CardLossState, type CardLossWorld } from "./state";

export interface CardLossView extends PreviewView {
  readonly hqName: string;
  /** How many cards to give up (0 when the loss is unknown). */
  readonly count: number;
  /** What to do, worded with the plural of the count (a template's `localize` does not choose plural forms). */
  readonly hint: string;
  readonly cards: readonly { readonly name: string; readonly category: string; readonly field: string; readonly chosen: boolean }[];
}

export function cardLossContext(world: CardLossWorld, state: CardLossState, i18n: Translator): CardLossView {
  const loss = lossOf(world, state);
  const hqName = hqById(world.field, state.hq)?.name ?? state.hq;
  const count = loss === undefined ? 0 : cardsToGive(world, loss);
  return {
    hqName,
    count,
    hint: speak(phrase("NOBC.MapRules.CardLoss.Hint", { hq: hqName, count }), i18n),
    cards: heldCards(world, state.hq).map((c) => ({
      name: c.name,
      category: categoryLabelKey(c.category),
      field: `card:${c.id}`,
      chosen: state.cards.includes(c.id),
    })),
    ...previewView(cardLossResolution(world, state), world.field, i18n, "NOBC.MapRules.CardLoss.Intro", false),
  };
}
