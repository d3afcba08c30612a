/**
 * Gallery entries of the Land War phase dialogs (Orders, rear-area attack, bridge demolition,
 * resupply, HQ recovery, the HQ's card loss, a retreat on the map), the nuclear release request message, and the
 * information cards posted on entering Orders and Resupply. Each
 * context comes from the dialog's own pure context function over the fixture world of
 * tests/apps/land, worded by the language the gallery is rendered in.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import { withNames } from "../../src/words/phrase";
import { world } from "../apps/land/fixture";
import { initialOrders, ordersFromForm } from "../../src/apps/land/orders/state";
import { ordersContext, ordersEntryContext } from "../../src/apps/land/orders/context";
import { initialResupply, resupplyFromForm } from "../../src/apps/land/resupply/state";
import { recoveryContext } from "../../src/apps/land/recovery/context";
import { resupplyContext } from "../../src/apps/land/resupply/context";
import { resupplyEntryView } from "../../src/apps/land/resupply/entry-view";
import { initialRearArea, rearAreaFromForm } from "../../src/apps/land/rear-area/state";
import { rearAreaContext } from "../../src/apps/land/rear-area/context";
import { demolitionContext } from "../../src/apps/land/demolition/context";
import { demolitionFromForm, initialDemolition } from "../../src/apps/land/demolition/state";
import { cardLossContext } from "../../src/apps/land/card-loss/context";
import { cardLossFromForm, cardLosses, type LossMessage } from "../../src/apps/land/card-loss/state";
import { retreatContext } from "../../src/apps/land/retreat/context";
import { owedRetreats, proposedState } from "../../src/apps/land/retreat/state";
import { wmdRequestContent } from "../../src/apps/land/wmd/state";
import { wmdRequestView } from "../../src/apps/land/wmd/request-card";
import { CARD_MESSAGE_TYPE } from "../../src/chat/card-data";
import { INT, NUC, RECCE, wmdSpecs } from "../apps/land/wmd-fixture";

const w = world();
const f = w.field;
const classes = "application nobc nobc-land";
const H1 = "Actor.h1";
const card = (id: string) => `Actor.h1.Item.${id}`;

const orders = ordersFromForm(f, initialOrders(f, H1), { "mode:Actor.u3": "march", [`mine:${card("e1")}`]: "0202" });
const attack = rearAreaFromForm(initialRearArea("nato"), {
  side: "nato",
  target: "Actor.w2",
  ident0: card("int1"),
  ident1: card("rec1"),
  "strike:Actor.s1": true,
  [`strike:${card("ssm1")}`]: true,
});
const turn0 = world({ turn: 0 });

/** A rear-area attack on I Corps, applied by the GM: it owes the loss of two cards, which the HQ's owner chooses. */
const attackOnHq: LossMessage = {
  id: "m1",
  type: CARD_MESSAGE_TYPE,
  author: { isGM: true },
  system: { state: "applied", effects: [{ type: "hqCardsLost", actor: H1, count: 2 }] },
};
const lossWorld = { ...world({ owned: [H1] }), losses: cardLosses([attackOnHq]) };
const lossChoice = cardLossFromForm({ source: "m1", hq: H1, cards: [] }, { [`card:${card("e1")}`]: true, [`card:${card("sig1")}`]: true });

/** A ground combat applied by the GM: PzGrenBrig 3 (0203) retreats 2 hexes; its owner sees the proposal. */
const combatOnU3: LossMessage = {
  id: "m2",
  type: CARD_MESSAGE_TYPE,
  author: { isGM: true },
  system: { state: "applied", effects: [{ type: "retreat", actor: "Actor.u3", hexes: 2 }] },
};
const retreatWorld = { ...world({ owned: ["Actor.u3"], isGM: false }), owed: owedRetreats([combatOnU3]) };
const retreatState = proposedState(retreatWorld, "m2");

/** A nuclear strike on the division in 0302, identified by two cards, as the request message shows it. */
const wmdWorld = world({ owned: [H1], list: wmdSpecs() });
const strike = { card: NUC, target: "nuclear" as const, hex: "0302", otherHex: "", identification: [INT, RECCE] as [string, string] };

/** What the entries are built from: names, hexes and cards shown as data (the pseudo-locale test reads them). */
export const landFixtureData: readonly unknown[] = [
  w,
  orders,
  attack,
  turn0,
  lossWorld,
  lossChoice,
  retreatWorld,
  retreatState,
  wmdWorld,
  strike,
];

/**
 * The Land War dialogs, worded by `words`, with the fixture worlds' names for the UUIDs the rules put
 * in their sentences (in Foundry the translator reads them from the documents).
 */
export const landGallery = (words: Translator): FixtureSheet[] =>
  landEntries(withNames(words, new Map([...w.field.names, ...wmdWorld.field.names])));

const landEntries = (i18n: Translator): FixtureSheet[] => [
  {
    id: "land-orders",
    title: "Orders: modes and a minefield",
    template: "apps/land/orders.hbs",
    classes,
    context: ordersContext(w, orders, i18n),
  },
  {
    id: "land-orders-refused",
    title: "Orders refused (Combat Mode with no SP)",
    template: "apps/land/orders.hbs",
    classes,
    context: ordersContext(w, initialOrders(f, H1), i18n),
  },
  {
    id: "land-rear-area",
    title: "Rear-area attack on a division in a city",
    template: "apps/land/rear-area.hbs",
    classes,
    context: rearAreaContext(w, attack, i18n),
  },
  {
    id: "land-rear-area-refused",
    title: "Rear-area attack refused (in contact, chemical not released)",
    template: "apps/land/rear-area.hbs",
    classes,
    context: rearAreaContext(w, { ...attack, target: "Actor.w3", strikes: { "Actor.s1": card("cw1") } }, i18n),
  },
  {
    id: "land-demolition",
    title: "Bridge demolition by NATO engineers on turn 0",
    template: "apps/land/demolition.hbs",
    classes,
    context: demolitionContext(turn0, demolitionFromForm(turn0, initialDemolition(turn0, H1), { "by:0101|0201": card("e1") }), i18n),
  },
  {
    id: "land-resupply",
    title: "Resupply by I Corps",
    template: "apps/land/resupply.hbs",
    classes,
    context: resupplyContext(w, resupplyFromForm(initialResupply(H1), { "give:Actor.u1": "1", "give:Actor.u3": "1" }), i18n),
  },
  {
    id: "land-resupply-refused",
    title: "Resupply refused (over the HQ's level)",
    template: "apps/land/resupply.hbs",
    classes,
    context: resupplyContext(w, resupplyFromForm(initialResupply(H1), { "give:Actor.u1": "1", "give:Actor.u3": "2" }), i18n),
  },
  {
    id: "land-recovery",
    title: "HQ recovery with a Signals card",
    template: "apps/land/recovery.hbs",
    classes,
    context: recoveryContext(w, { hq: H1, cards: [card("sig1")] }, i18n),
  },
  {
    id: "land-card-loss",
    title: "HQ must give up two cards: the owner's choice",
    template: "apps/land/card-loss.hbs",
    classes,
    context: cardLossContext(lossWorld, lossChoice, i18n),
  },
  {
    id: "land-card-loss-refused",
    title: "HQ must give up two cards: one ticked",
    template: "apps/land/card-loss.hbs",
    classes,
    context: cardLossContext(lossWorld, { ...lossChoice, cards: [card("e1")] }, i18n),
  },
  {
    id: "land-retreat",
    title: "A retreat on the map: the proposed path, hex by hex",
    template: "apps/land/retreat.hbs",
    classes,
    context: retreatContext(retreatWorld, retreatState, i18n),
  },
  {
    id: "land-wmd-request",
    title: "Nuclear release requested, as Control sees it",
    template: "apps/land/wmd-request.hbs",
    classes: "chat-message nobc",
    context: {
      ...wmdRequestContent(wmdWorld, strike, i18n),
      ...wmdRequestView({ state: strike, requestedBy: "p1", status: "pending" }, true, i18n),
    },
  },
  {
    id: "land-wmd-request-refused",
    title: "Nuclear release refused, as the player sees it",
    template: "apps/land/wmd-request.hbs",
    classes: "chat-message nobc",
    context: {
      ...wmdRequestContent(wmdWorld, strike, i18n),
      ...wmdRequestView({ state: strike, requestedBy: "p1", status: "refused", reason: "Not before turn 3" }, false, i18n),
    },
  },
  {
    id: "land-orders-entry",
    title: "Entering Orders: modes and their cost",
    template: "apps/land/orders-entry.hbs",
    classes: "chat-message nobc",
    context: ordersEntryContext(f),
  },
  {
    id: "land-resupply-entry",
    title: "Entering Resupply: counters on offer",
    template: "apps/land/resupply-entry.hbs",
    classes: "chat-message nobc",
    context: resupplyEntryView(f, i18n),
  },
];
