/**
 * Land War phase 2, Orders, for one HQ: each subordinate unit's mode (pre-filled from its marker;
 * artillery and battalions stay in March Mode) and the HQ's Engineer cards that lay a minefield,
 * read from the form. `resolveOrders` charges 1 SP for every unit in Combat Mode, every Orders
 * phase, and lays the minefields; the card carries those changes. Pure.
 */
import type { ActorRef, CardRef, HexRef } from "../../../rules/ids";
import {
  MINEFIELD_CARD_CATEGORIES,
  MODE_ORDERS,
  combatModeCharges,
  resolveOrders,
  type OrdersPhaseInput,
  type OrdersPhaseOutcome,
} from "../../../rules/nobc/land/orders";
import { alwaysInMarchMode, type LandHq, type LandUnit, type Mode } from "../../../rules/nobc/land/types";
import { distance } from "../../../map/rules-view";
import { speak } from "../../../words/phrase";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import type { Battlefield, WorldCard } from "../../../world/battlefield";
import type { CardInputLine } from "../../../chat/resolution-card";
import { hqById, oncePerTurn, type LandWorld } from "../world";
import { text, type Translator } from "../view";
import type { Card } from "../../base/controller";

export interface OrdersState {
  readonly hq: ActorRef;
  readonly modes: Readonly<Record<ActorRef, Mode>>;
  /** The hex each Engineer card lays its minefield in; a card left out (or "") is not played. */
  readonly minefields: Readonly<Record<CardRef, HexRef>>;
}

/** The units subordinated to an HQ (their `hq` is it), in the world's order. */
export function subordinateUnits(field: Battlefield, hq: ActorRef): LandUnit[] {
  return field.units.filter((u) => u.hq === hq);
}

/** The HQ's cards that may lay a minefield this phase. */
export function minefieldCards(field: Battlefield, hq: ActorRef): WorldCard[] {
  return field.cards.filter((c) => c.hq === hq && (MINEFIELD_CARD_CATEGORIES as readonly string[]).includes(c.category));
}

/** Each unit keeps its marker (March for those that need no orders); no minefield yet. */
export function initialOrders(field: Battlefield, hq: ActorRef): OrdersState {
  const modes: Record<ActorRef, Mode> = {};
  for (const u of subordinateUnits(field, hq)) modes[u.id] = alwaysInMarchMode(u) ? "march" : u.mode;
  return { hq, modes, minefields: {} };
}

/** What keeping a unit's current marker costs this Orders phase (seed 000, Land War QRS, 2. Orders). */
export function keepCost(unit: LandUnit): number {
  return alwaysInMarchMode(unit) ? 0 : MODE_ORDERS[unit.mode].supplyCost;
}

/** The dialog's form (flat names: `hq`, `mode:<unit>`, `mine:<card>`) read over the previous state. */
export function ordersFromForm(field: Battlefield, prev: OrdersState, data: Readonly<Record<string, unknown>>): OrdersState {
  const hq = text(data["hq"]) || prev.hq;
  if (hq !== prev.hq) return initialOrders(field, hq);
  const modes: Record<ActorRef, Mode> = { ...prev.modes };
  const minefields: Record<CardRef, HexRef> = { ...prev.minefields };
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith("mode:") && (value === "combat" || value === "march")) modes[key.slice(5)] = value;
    if (key.startsWith("mine:")) minefields[key.slice(5)] = text(value);
  }
  return { hq, modes, minefields };
}

/**
 * Where an HQ's Engineer card may lay its minefield (docs/rules-decisions.md, "Where a minefield is
 * laid"): a hex of the map within the HQ's radius, empty or not, that no enemy unit holds and that
 * has no minefield yet (on the scene, or laid by another card of these orders). Without a terrain map
 * only the hexes already mined or held by the enemy are known; the umpire judges the rest.
 */
export function minefieldPlaceProblem(
  field: Battlefield,
  hq: LandHq,
  hex: HexRef,
  card: string,
  laid: ReadonlySet<HexRef> = new Set(),
): Omit<Refusal, "field"> | null {
  if (field.mapState.mines.has(hex) || laid.has(hex))
    return { code: "alreadyMined", text: phrase("NOBC.MapRules.alreadyMined", { hex, card }) };
  if (field.units.some((u) => u.hex === hex && u.side !== hq.side))
    return { code: "enemyInHex", text: phrase("NOBC.MapRules.minefieldUnderEnemy", { hex, card }) };
  if (field.map === null) return null;
  if (field.map.map.hexes[hq.hex] === undefined)
    return { code: "noHex", text: phrase("NOBC.MapRules.minefieldHqOffMap", { hq: hq.name, card }) };
  const far = distance(field.map, hq.hex, hex);
  if (far > hq.radius)
    return {
      code: "beyondRadius",
      text: phrase("NOBC.MapRules.minefieldBeyondRadius", { hex, card, hq: hq.name, radius: hq.radius, distance: far }),
    };
  return null;
}

/**
 * The rules' input from the dialog's state, or the dialog's own refusals: an unknown HQ, a unit
 * not under it, a card it does not hold, a minefield hex off the scene's map or where it may not be laid.
 */
export function ordersInput(field: Battlefield, state: OrdersState, paid: ReadonlySet<ActorRef> = new Set()): Checked<OrdersPhaseInput> {
  const refusals: Refusal[] = [];
  const hq = hqById(field, state.hq);
  if (hq === undefined)
    return {
      ok: false,
      refusals: [{ code: "unknownHq", text: phrase("NOBC.Land.Check.unknownHq", { hq: state.hq }), field: "hq" }],
    };
  const units = new Map(subordinateUnits(field, hq.id).map((u) => [u.id, u]));
  const orders: { unit: LandUnit; mode: Mode; paid?: boolean }[] = [];
  for (const [id, mode] of Object.entries(state.modes)) {
    const unit = units.get(id);
    if (unit === undefined)
      refusals.push({
        code: "notSubordinate",
        text: phrase("NOBC.Land.Check.notSubordinate", { unit: id, hq: hq.name }),
        field: `modes.${id}`,
      });
    else orders.push({ unit, mode, ...(paid.has(id) ? { paid: true } : {}) });
  }
  const cards = new Map(minefieldCards(field, hq.id).map((c) => [c.id, c]));
  const minefields: { card: WorldCard; hex: HexRef }[] = [];
  const laid = new Set<HexRef>();
  for (const [id, hex] of Object.entries(state.minefields)) {
    if (hex === "") continue;
    const card = cards.get(id);
    if (card === undefined) {
      refusals.push({
        code: "cardNotHeld",
        text: phrase("NOBC.Land.Check.notMinefieldCard", { card: id, hq: hq.name }),
        field: `minefields.${id}`,
      });
    } else if (field.map !== null && field.map.map.hexes[hex] === undefined) {
      refusals.push({
        code: "hexOffMap",
        text: phrase("NOBC.Land.Check.minefieldOffMap", { hex, card: card.name }),
        field: `minefields.${id}`,
      });
    } else {
      const where = minefieldPlaceProblem(field, hq, hex, card.name, laid);
      if (where === null) {
        minefields.push({ card, hex });
        laid.add(hex);
      } else refusals.push({ ...where, field: `minefields.${id}` });
    }
  }
  if (refusals.length > 0) return { ok: false, refusals };
  return { ok: true, value: { orders, minefields } };
}

/** The dialog's input checked by the rules. */
export function ordersResolution(
  field: Battlefield,
  state: OrdersState,
  paid?: ReadonlySet<ActorRef>,
): Checked<Resolution<OrdersPhaseOutcome>> {
  const input = ordersInput(field, state, paid);
  return input.ok ? resolveOrders(input.value) : input;
}

/** The card's "what went in" lines. */
export function ordersInputs(field: Battlefield, state: OrdersState, i18n: Translator): CardInputLine[] {
  const hq = hqById(field, state.hq);
  const units = subordinateUnits(field, state.hq);
  const combat = units.filter((u) => state.modes[u.id] === "combat").map((u) => u.name);
  const march = units.filter((u) => state.modes[u.id] !== "combat").map((u) => u.name);
  const mines = minefieldCards(field, state.hq)
    .filter((c) => (state.minefields[c.id] ?? "") !== "")
    .map((c) => `${c.name} → ${state.minefields[c.id]}`);
  const none = i18n.localize("NOBC.Land.None");
  return [
    { label: i18n.localize("NOBC.Land.Hq"), value: hq?.name ?? state.hq },
    { label: i18n.localize("NOBC.Mode.combat"), value: combat.join(", ") || none },
    { label: i18n.localize("NOBC.Mode.march"), value: march.join(", ") || none },
    { label: i18n.localize("NOBC.Land.Orders.Minefields"), value: mines.join(", ") || none },
  ];
}

/** The card Post puts in chat (once a turn for this HQ), or every refusal. */
export function ordersCard(world: LandWorld, state: OrdersState, i18n: Translator): Checked<Card> {
  const checked = ordersResolution(world.field, state, world.combatPaid);
  if (!checked.ok) return checked;
  const { supplySpent, minefields, modes } = checked.value.outcome;
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.Land.Orders.CardTitle", { hq: hqById(world.field, state.hq)?.name ?? state.hq }),
      resolution: checked.value,
      outcome: speak(
        phrase("NOBC.Land.Orders.Outcome", {
          sp: supplySpent,
          mines: phrase("NOBC.Land.Orders.MinefieldsLaid", { count: minefields.length }),
        }),
        i18n,
      ),
      inputs: ordersInputs(world.field, state, i18n),
      ...oncePerTurn("orders", state.hq, world.turn),
      ...combatModeCharges(modes, world.turn),
    },
  };
}
