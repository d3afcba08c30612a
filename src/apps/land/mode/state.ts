/**
 * A mode change outside the Orders dialog (the unit sheet's Combat / March buttons, the pack macro
 * "Toggle Combat or March Mode"): which units, and the mode each takes, or `toggle` for the other
 * one, read from the GM's own read of each unit. The Orders-phase rule and the rules' check (1 SP
 * for Combat Mode, artillery and battalions stay in March Mode) are the GM's. Pure.
 */
import { combatModeCharges, resolveOrders } from "../../../rules/nobc/land/orders";
import type { LandUnit, Mode } from "../../../rules/nobc/land/types";
import { phrase, type Checked } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { MODE_LABELS } from "../../../view/labels";
import { allowed, denied, type Access, type Card } from "../../base/controller";
import { unitById, type LandWorld } from "../world";
import type { Translator } from "../view";
import { modeChangeAllowed } from "./guard";

export { modeChangeAllowed };

export type ModeChoice = Mode | "toggle";

export interface ModeState {
  readonly units: readonly string[];
  readonly mode: ModeChoice;
}

export interface ModeWorld extends LandWorld {
  /** The stage the turn tracker is at, or null when the world keeps no turn. */
  readonly stage: string | null;
}

/** Who may ask: the Orders-phase rule, then every unit the asker's own (a GM may act for anyone). */
export function modeAccess(state: ModeState, world: ModeWorld): Access {
  if (!modeChangeAllowed(world.isGM, world.stage)) return denied("NOBC.Dialog.ModeOnlyInOrders");
  for (const [i, id] of state.units.entries()) {
    const unit = unitById(world.field, id);
    if (unit === undefined) return denied("NOBC.Land.Mode.UnknownUnit", { field: `units[${i}]`, unit: id });
    if (!world.isGM && !world.owned.has(id)) return denied("NOBC.Land.Mode.NotYourUnit", { field: `units[${i}]`, unit: unit.name });
  }
  return allowed;
}

/** The mode each unit is to take, from the GM's read of its marker. */
export function modeOrders(world: ModeWorld, state: ModeState): { unit: LandUnit; mode: Mode; paid?: boolean }[] {
  return state.units.flatMap((id) => {
    const unit = unitById(world.field, id);
    if (unit === undefined) return [];
    const mode: Mode = state.mode === "toggle" ? (unit.mode === "combat" ? "march" : "combat") : state.mode;
    return [{ unit, mode, ...(world.combatPaid?.has(id) === true ? { paid: true } : {}) }];
  });
}

/** The card's headline: each unit and the mode it takes, then the supply points Combat Mode costs (when any). */
export function modeOutcome(orders: readonly { unit: LandUnit; mode: Mode }[], supplySpent: number, i18n: Translator): string {
  const changes = orders
    .map((o) => speak(phrase("NOBC.Land.Mode.ToMode", { unit: o.unit.name, mode: phrase(MODE_LABELS[o.mode]) }), i18n))
    .join(", ");
  return supplySpent === 0 ? changes : speak(phrase("NOBC.Land.Mode.Outcome", { changes, sp: supplySpent }), i18n);
}

/** The card of the change (what it costs and changes), or every refusal of the rules. */
export function modeCard(world: ModeWorld, state: ModeState, i18n: Translator): Checked<Card> {
  const orders = modeOrders(world, state);
  const checked = resolveOrders({ orders });
  if (!checked.ok) return checked;
  const names = orders.map((o) => o.unit.name).join(", ");
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.Land.Mode.CardTitle", { units: names }),
      resolution: checked.value,
      outcome: modeOutcome(orders, checked.value.outcome.supplySpent, i18n),
      inputs: orders.map((o) => ({ label: o.unit.name, value: i18n.localize(`NOBC.Mode.${o.mode}`) })),
      ...combatModeCharges(checked.value.outcome.modes, world.turn),
    },
  };
}
