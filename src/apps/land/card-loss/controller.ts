/**
 * The choice of the cards an HQ gives up after a rear-area attack (`hqCardsLost`): its owners' or a
 * GM's. The GM checks the choice against the chat and the HQ's cards, and posts the `cardDiscarded`
 * card (once for that loss), applied and undone like any other.
 */
import { z } from "zod";
import { cardOf, denied, opened, type DialogController } from "../../base/controller";
import { boundedList, uuid } from "../../base/state-bounds";
import type { AskingUser } from "../../../base/foundry";
import { hqAccess, readLandWorld } from "../world";
import { cardLossContext } from "./context";
import {
  cardLosses,
  cardLossCard,
  cardLossFromForm,
  MAX_CARDS_LOST,
  type CardLossState,
  type CardLossWorld,
  type LossMessage,
} from "./state";

/** The state a request carries: the imposing card, the HQ and the cards chosen (at most the most a loss takes). */
export const cardLossStateSchema = z.object({ source: uuid, hq: uuid, cards: boundedList(uuid).max(MAX_CARDS_LOST) }).strict();

export const cardLossArgs = z.object({ source: uuid.optional(), hq: uuid.optional() }).strict();
export type CardLossArgs = z.infer<typeof cardLossArgs>;

function readCardLossWorld(user?: AskingUser): CardLossWorld {
  const messages = (game as unknown as { messages?: { contents?: readonly LossMessage[] } }).messages?.contents ?? [];
  return { ...readLandWorld(user), losses: cardLosses(messages) };
}

export const cardLossController: DialogController<CardLossState, CardLossWorld, CardLossArgs> = {
  template: "apps/land/card-loss.hbs",
  title: "NOBC.MapRules.CardLoss.Title",
  icon: "fa-solid fa-layer-group",
  classes: ["nobc", "nobc-land"],
  width: 560,
  submitAction: "post",
  read: readCardLossWorld,
  stateSchema: cardLossStateSchema,
  open(world, args) {
    // The loss asked for, else the first one not chosen yet of an HQ the user acts for.
    const mine = (hq: string) => world.isGM || world.owned.has(hq);
    const loss = world.losses.find(
      (l) =>
        (args.source === undefined || l.source === args.source) &&
        (args.hq === undefined || l.hq === args.hq) &&
        (args.source !== undefined || (l.choice === "none" && mine(l.hq))),
    );
    return loss === undefined ? denied("NOBC.MapRules.CardLoss.noLoss") : opened({ source: loss.source, hq: loss.hq, cards: [] });
  },
  access: (state, world) => hqAccess(world, state.hq),
  context: (state, world, i18n) => cardLossContext(world, state, i18n),
  change: (state, values) => cardLossFromForm(state, values),
  submit: (state, world, i18n) => cardOf(cardLossCard(world, state, i18n), i18n),
};
