/**
 * Phase 2 of the Land War turn: Orders (seed 000, Land War QRS). Each unit takes a Combat Mode or
 * March Mode marker; an Engineer card may lay a minefield.
 */
import type { ActorRef, CardRef, HexRef } from "../../ids";
import type { Effect } from "../../effects";
import { SEEDS, RefusalList, phrase, type BreakdownLine, type Checked, type Refusal, type Resolution } from "../../resolution";
import { categoriesWhere, categoryName, supportCardRecord } from "./card-categories";
import { alwaysInMarchMode, type LandUnit, type Mode, type SupportCard, type SupportCardCategory } from "./types";
import { given } from "./words";

const ORDERS_SOURCE = `${SEEDS.nobc}, Land War QRS: 2. Orders`;
const ORDERS_DECISION = `${SEEDS.decision}: Land orders`;

/** What each mode costs and allows (seed 000, Land War QRS, 2. Orders). */
export const MODE_ORDERS = {
  combat: { supplyCost: 1, mayAttack: true },
  march: { supplyCost: 0, mayAttack: false },
} as const satisfies Record<Mode, { supplyCost: number; mayAttack: boolean }>;

/** Engineer cards that may lay a minefield in the Orders phase: those with a minefield use (decision: bridging engineers may not). */
export const MINEFIELD_CARD_CATEGORIES: readonly SupportCardCategory[] = categoriesWhere((r) => r.uses.minefield === true);

export interface ModeOrder {
  unit: LandUnit;
  mode: Mode;
  /** The unit's Combat Mode is paid for this turn already (by another card): it costs nothing again. */
  paid?: boolean;
}

export interface ModeOrderOutcome {
  unit: ActorRef;
  mode: Mode;
  supplySpent: number;
}

/** An Engineer card played to lay a minefield in a hex. */
export interface MinefieldOrder {
  card: SupportCard;
  hex: HexRef;
}

export interface OrdersPhaseInput {
  orders: readonly ModeOrder[];
  minefields?: readonly MinefieldOrder[];
}

export interface OrdersPhaseOutcome {
  modes: ModeOrderOutcome[];
  /** Supply points spent across every unit. */
  supplySpent: number;
  minefields: HexRef[];
}

const MODES: readonly Mode[] = ["combat", "march"];

/**
 * The once-a-turn charge of a unit's Combat Mode on the card that pays it (`combatMode:<unit>:<turn>`):
 * no two applied cards pay the same, so choosing Combat Mode twice in a turn (an Orders card and a
 * mode change) costs 1 SP once.
 */
export function combatModeCharge(unit: ActorRef, turn: number): string {
  return `combatMode:${unit}:${String(turn)}`;
}

/** The charges of the units a resolution of the Orders phase pays Combat Mode for (none without a turn). */
export function combatModeCharges(modes: readonly ModeOrderOutcome[], turn: number | null): { readonly charges?: readonly string[] } {
  if (turn === null) return {};
  const charges = modes.filter((m) => m.mode === "combat" && m.supplySpent > 0).map((m) => combatModeCharge(m.unit, turn));
  return charges.length === 0 ? {} : { charges };
}

/** Every reason one mode order is invalid; `at` prefixes field names inside a batch. */
function modeOrderProblems(order: ModeOrder, at: string): Refusal[] {
  const problems = new RefusalList();
  const { unit, mode } = order;
  if (!MODES.includes(mode)) {
    problems.add("invalidMode", phrase("NOBC.Rules.Land.Orders.Refusal.invalidMode", { mode: given(mode), unit: unit.name }), `${at}mode`);
    return problems.items;
  }
  if (!Number.isInteger(unit.supply) || unit.supply < 0) {
    problems.add(
      "invalidSupply",
      phrase("NOBC.Rules.Land.Orders.Refusal.invalidSupply", { unit: unit.name, supply: String(unit.supply) }),
      `${at}unit.supply`,
    );
    return problems.items;
  }
  if (mode === "combat" && alwaysInMarchMode(unit)) {
    problems.add("alwaysMarchMode", phrase("NOBC.Rules.Land.Orders.Refusal.alwaysMarchMode", { unit: unit.name }), `${at}mode`);
  } else if (mode === "combat" && order.paid !== true && unit.supply < MODE_ORDERS.combat.supplyCost) {
    problems.add("noSupply", phrase("NOBC.Rules.Land.Orders.Refusal.noSupply", { unit: unit.name }), `${at}unit.supply`);
  }
  return problems.items;
}

function modeOrderResolution(order: ModeOrder): Resolution<ModeOrderOutcome> {
  const { unit, mode } = order;
  const paid = mode === "combat" && order.paid === true;
  const cost = paid ? 0 : MODE_ORDERS[mode].supplyCost;
  const breakdown: BreakdownLine[] = [];
  const effects: Effect[] = [];
  if (alwaysInMarchMode(unit)) {
    breakdown.push({ text: phrase("NOBC.Rules.Land.Orders.AlwaysMarch", { unit: unit.name }), value: 0, source: ORDERS_SOURCE });
  } else if (paid) {
    breakdown.push({ text: phrase("NOBC.Rules.Land.Orders.CombatModePaid", { unit: unit.name }), value: 0, source: ORDERS_DECISION });
  } else {
    const key = mode === "combat" ? "NOBC.Rules.Land.Orders.CombatMode" : "NOBC.Rules.Land.Orders.MarchMode";
    // The line's value is the change to the unit's supply points (−1 for Combat Mode), as its label says.
    breakdown.push({ text: phrase(key, { unit: unit.name }), value: -cost, source: ORDERS_SOURCE });
  }
  if (cost > 0) effects.push({ type: "supply", actor: unit.id, delta: -cost });
  if (unit.mode !== mode) effects.push({ type: "mode", actor: unit.id, mode });
  return { breakdown, rolls: [], outcome: { unit: unit.id, mode, supplySpent: cost }, effects };
}

/**
 * Sets one unit's mode for the turn. Combat Mode costs 1 supply point every turn it is taken
 * (decision: also when the unit already was in Combat Mode), once a turn however it is chosen
 * (`paid`: an Orders card or a mode change paid it this turn); March Mode is free.
 */
export function setMode(input: ModeOrder): Checked<Resolution<ModeOrderOutcome>> {
  const problems = modeOrderProblems(input, "");
  if (problems.length > 0) return { ok: false, refusals: problems };
  return { ok: true, value: modeOrderResolution(input) };
}

function minefieldProblems(order: MinefieldOrder, at: string, seen: Set<CardRef>): Refusal[] {
  const problems = new RefusalList();
  const { card, hex } = order;
  if (supportCardRecord(card.category)?.uses.minefield !== true) {
    problems.add(
      "notMinefieldCard",
      phrase("NOBC.Rules.Land.Orders.Refusal.notMinefieldCard", { card: card.id, category: categoryName(card.category) }),
      `${at}card.category`,
    );
  }
  if (seen.has(card.id)) {
    problems.add("cardReused", phrase("NOBC.Rules.Land.Orders.Refusal.cardReused", { card: card.id }), `${at}card.id`);
  }
  if (hex.length === 0) problems.add("missingHex", phrase("NOBC.Rules.Land.Orders.Refusal.missingHex", { card: card.id }), `${at}hex`);
  seen.add(card.id);
  return problems.items;
}

/**
 * The whole Orders phase at once: every unit's mode and every minefield. Refused with every
 * problem found if any order is invalid, so nothing is half-applied.
 */
export function resolveOrders(input: OrdersPhaseInput): Checked<Resolution<OrdersPhaseOutcome>> {
  const refusals: Refusal[] = [];
  const units = new Set<ActorRef>();
  input.orders.forEach((order, i) => {
    const at = `orders[${i}].`;
    if (units.has(order.unit.id)) {
      refusals.push({
        code: "duplicateUnit",
        text: phrase("NOBC.Rules.Land.Orders.Refusal.duplicateUnit", { unit: order.unit.name }),
        field: `${at}unit.id`,
      });
    }
    units.add(order.unit.id);
    refusals.push(...modeOrderProblems(order, at));
  });
  const cards = new Set<CardRef>();
  const minefields = input.minefields ?? [];
  minefields.forEach((order, i) => refusals.push(...minefieldProblems(order, `minefields[${i}].`, cards)));
  if (refusals.length > 0) return { ok: false, refusals };

  const parts = input.orders.map(modeOrderResolution);
  const breakdown = parts.flatMap((p) => p.breakdown);
  const effects: Effect[] = parts.flatMap((p) => p.effects);
  for (const { card, hex } of minefields) {
    breakdown.push({ text: phrase("NOBC.Rules.Land.Orders.Minefield", { hex, card: card.id }), value: 0, source: ORDERS_SOURCE });
    effects.push({ type: "minefield", hex, present: true, side: card.side }, { type: "cardDiscarded", card: card.id });
  }
  if (minefields.length > 0) {
    breakdown.push({ text: phrase("NOBC.Rules.Land.Orders.EngineerUsedUp"), value: 0, source: ORDERS_DECISION });
  }
  const modes = parts.map((p) => p.outcome);
  return {
    ok: true,
    value: {
      breakdown,
      rolls: [],
      outcome: {
        modes,
        supplySpent: modes.reduce((sum, m) => sum + m.supplySpent, 0),
        minefields: minefields.map((m) => m.hex),
      },
      effects,
    },
  };
}
