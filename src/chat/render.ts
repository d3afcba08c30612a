/**
 * Renders a stored card's content: on posting, and again on the GM's client after a split. The
 * names, notes and words come from the documents and translations of the client rendering it.
 */
import { withNames } from "../words/phrase";
import { documentAt, planEffects, snapshotOf } from "../effects/apply";
import { loadTemplates, renderTemplate, translator } from "../base/foundry";
import { templatePath } from "../view/paths";
import type { CardDisplay, CardFlags } from "./card-data";
import { cardInputOf, resolutionCardContext } from "./context";

export const CARD_TEMPLATE = templatePath("chat/resolution-card.hbs");

/** The parts of the card template, loaded as partials on init (each registered under its path). */
export const CARD_PARTIALS = [
  templatePath("chat/parts/inputs.hbs"),
  templatePath("chat/parts/breakdown.hbs"),
  templatePath("chat/parts/changes.hbs"),
  templatePath("chat/parts/split.hbs"),
] as const;

export function nameOf(uuid: string): string {
  return worldName(uuid) ?? uuid;
}

/** The name of the world document a UUID names on this client (the UUID checked to be that document's), or undefined. */
export function worldName(uuid: string): string | undefined {
  return (documentAt(uuid) as { name?: string } | null | undefined)?.name;
}

/** The HTML of a card from its flags (which must hold what it shows). */
export function renderCardContent(card: CardFlags & { readonly display: CardDisplay }): Promise<string> {
  const notes = planEffects(card.effects, snapshotOf).notes;
  const view = resolutionCardContext(cardInputOf(card, notes), nameOf, withNames(translator(), worldName));
  return renderTemplate(CARD_TEMPLATE, view);
}

/** Loads the card's partials (on init); Foundry caches them. */
export function loadCardPartials(): Promise<unknown> {
  return loadTemplates(CARD_PARTIALS);
}
