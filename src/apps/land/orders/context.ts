/**
 * What the Orders dialog shows (each unit's mode and what it costs, the minefield cards, the
 * rules' preview), and the information card posted on entering Orders. Pure.
 */
import { MODE_ORDERS } from "../../../rules/nobc/land/orders";
import { alwaysInMarchMode } from "../../../rules/nobc/land/types";
import type { Battlefield } from "../../../world/battlefield";
import { hqById, hqsFor, type LandWorld } from "../world";
import { options, previewView, type OptionView, type PreviewView, type Translator } from "../view";
import { subordinateUnits, minefieldCards, keepCost, ordersResolution, type OrdersState } from "./state";
import { categoryLabelKey } from "../../../view/labels";
import { MODE_LABELS } from "../../../view/labels";

export interface OrdersUnitView {
  readonly id: string;
  readonly name: string;
  readonly supply: number;
  readonly forced: boolean;
  readonly combat: boolean;
  readonly field: string;
  readonly cost: number;
}

export interface OrdersView extends PreviewView {
  readonly hqs: readonly OptionView[];
  readonly hqName: string;
  readonly units: readonly OrdersUnitView[];
  readonly cards: readonly {
    readonly id: string;
    readonly name: string;
    readonly category: string;
    readonly hex: string;
    readonly field: string;
  }[];
  /** SP the orders as they stand would spend. */
  readonly cost: number;
}

/** The orders dialog's template context. */
export function ordersContext(world: LandWorld, state: OrdersState, i18n: Translator): OrdersView {
  const { field } = world;
  const units = subordinateUnits(field, state.hq).map((u) => {
    const forced = alwaysInMarchMode(u);
    const combat = !forced && state.modes[u.id] === "combat";
    // Combat Mode is paid once per unit per turn, whichever way it was chosen (issue #29): a unit
    // already charged this turn (by its sheet's mode switch) costs nothing more here.
    const paid = world.combatPaid?.has(u.id) === true;
    return {
      id: u.id,
      name: u.name,
      supply: u.supply,
      forced,
      combat,
      field: `mode:${u.id}`,
      cost: combat && !paid ? MODE_ORDERS.combat.supplyCost : 0,
    };
  });
  const cards = minefieldCards(field, state.hq).map((c) => ({
    id: c.id,
    name: c.name,
    category: categoryLabelKey(c.category),
    hex: state.minefields[c.id] ?? "",
    field: `mine:${c.id}`,
  }));
  return {
    hqs: options(
      hqsFor(world).map((h) => [h.id, h.name] as const),
      state.hq,
    ),
    hqName: hqById(field, state.hq)?.name ?? "",
    units,
    cards,
    cost: units.reduce((s, u) => s + u.cost, 0),
    ...previewView(ordersResolution(field, state, world.combatPaid), field, i18n, "NOBC.Land.Orders.Intro", true),
  };
}

// ---------------------------------------------------------------------------------------------
// Entering Orders: what keeping every marker would cost, per HQ

export interface OrdersEntryHq {
  readonly id: string;
  readonly name: string;
  readonly units: readonly {
    readonly name: string;
    readonly mode: string;
    readonly supply: number;
    readonly cost: number;
    readonly stuck: boolean;
  }[];
  /** SP the HQ's units would spend keeping their markers. */
  readonly cost: number;
}

export interface OrdersEntryView {
  readonly hqs: readonly OrdersEntryHq[];
}

/**
 * The information card posted on entering Orders: per HQ with units, each unit's marker and what
 * keeping it costs (`stuck`: in Combat Mode with no SP, so it must switch to March Mode).
 */
export function ordersEntryContext(field: Battlefield): OrdersEntryView {
  const hqs: OrdersEntryHq[] = [];
  for (const hq of field.hqs) {
    const units = subordinateUnits(field, hq.id).map((u) => {
      const mode = alwaysInMarchMode(u) ? "march" : u.mode;
      return { name: u.name, mode: MODE_LABELS[mode], supply: u.supply, cost: keepCost(u), stuck: keepCost(u) > u.supply };
    });
    if (units.length === 0) continue;
    hqs.push({ id: hq.id, name: hq.name, units, cost: units.reduce((s, u) => s + u.cost, 0) });
  }
  return { hqs };
}
