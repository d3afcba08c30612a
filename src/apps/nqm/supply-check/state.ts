/**
 * The hourly supply check (NQM seed 004, Logistics, Resupply: the seed's "quick and dirty house rule",
 * a world setting): each hour every battalion or battery checked rolls one die; on a 1 it goes out of
 * supply and is disorganised until it reorganises. Several units at once, one die each. A unit already
 * out of supply has nothing to check (it comes back only by reorganising), so it is refused, named
 * (docs/rules-decisions.md, "Hourly supply check"). Supply comes from the world, never from the state. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import type { Dice } from "../../../rules/dice";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { boundedList, uuid } from "../../base/state-bounds";
import type { Card } from "../../base/controller";
import type { CardInputLine } from "../../../chat/card-data";
import { nqmCard, percent, words, type ChanceView, type Translator, tickedUnits } from "../view";
import { nqmUnit, unknownUnit, type NqmUnitView, type NqmWorld } from "../world";

export interface SupplyCheckState {
  /** The units to check, by UUID: one die each. */
  readonly units: readonly string[];
}

export const supplyCheckStateSchema = z.strictObject({ units: boundedList(uuid).readonly() });

/** The macro's arguments: the units to check, by UUID. */
export const supplyCheckArgsSchema = z.strictObject({ units: boundedList(uuid).readonly().optional() });

export type SupplyCheckArgs = z.infer<typeof supplyCheckArgsSchema>;

export interface SupplyCheckOutcome {
  /** The units that rolled a 1, by UUID. */
  readonly outOfSupply: readonly string[];
}

/** The face that puts a unit out of supply (seed 004: "out of supply on a 1 (1D6 every hour)"). */
const OUT_FACE = 1;

/** The chance one unit's die puts it out of supply. */
export const OUT_OF_SUPPLY_CHANCE = 1 / 6;

/** The units the dialog lists: every NQM unit that has not surrendered. */
export function listedUnits(world: NqmWorld): NqmUnitView[] {
  return world.units.filter((u) => !u.system.surrendered);
}

/** A unit that can be checked: listed and still in supply. */
function checkable(unit: NqmUnitView | undefined): boolean {
  return unit !== undefined && !unit.system.surrendered && unit.system.inSupply;
}

/** The check to open on: the units named, else the selected units still in supply. */
export function initialSupplyCheck(world: NqmWorld, args: SupplyCheckArgs = {}): SupplyCheckState {
  return { units: [...(args.units ?? world.selected.filter((id) => checkable(nqmUnit(world, id))))] };
}

/** Form → state: one checkbox `unit:<uuid>` per listed unit, kept in the world's order. */
export function supplyCheckFromForm(world: NqmWorld, prev: SupplyCheckState, values: Readonly<Record<string, unknown>>): SupplyCheckState {
  return { units: tickedUnits(world.units, prev.units, values, "unit") };
}

/** The dialog's refusals, each naming its field: no unit, an unknown one, one listed twice, one surrendered, one already out of supply. */
export function supplyCheckRefusals(world: NqmWorld, state: SupplyCheckState): Refusal[] {
  const refusals: Refusal[] = [];
  if (state.units.length === 0) refusals.push({ code: "noUnits", text: phrase("NOBC.Nqm.SupplyCheck.Check.noUnits"), field: "units" });
  state.units.forEach((id, i) => {
    const field = `units[${i}]`;
    const unit = nqmUnit(world, id);
    if (unit === undefined) return void refusals.push(unknownUnit(id, field));
    if (state.units.indexOf(id) !== i)
      return void refusals.push({ code: "twice", text: phrase("NOBC.Nqm.SupplyCheck.Check.twice", { unit: unit.name }), field });
    if (unit.system.surrendered)
      return void refusals.push({
        code: "surrendered",
        text: phrase("NOBC.Nqm.SupplyCheck.Check.surrendered", { unit: unit.name }),
        field,
      });
    if (!unit.system.inSupply)
      refusals.push({ code: "outOfSupply", text: phrase("NOBC.Nqm.SupplyCheck.Check.outOfSupply", { unit: unit.name }), field });
  });
  return refusals;
}

/** Every unit's check as the rules resolve it (one die each, in the order listed), or every refusal. */
export function supplyCheckResolution(world: NqmWorld, state: SupplyCheckState, dice: Dice): Checked<Resolution<SupplyCheckOutcome>> {
  const refusals = supplyCheckRefusals(world, state);
  if (refusals.length > 0) return { ok: false, refusals };
  const checks = state.units.map((id) => {
    const unit = nqmUnit(world, id)!;
    return { id, resolution: nqm.resolveHourlySupplyCheck({ actor: unit.id, name: unit.name }, dice) };
  });
  return {
    ok: true,
    value: {
      breakdown: checks.flatMap((c) => c.resolution.breakdown),
      rolls: checks.flatMap((c) => c.resolution.rolls),
      outcome: { outOfSupply: checks.filter((c) => c.resolution.outcome.outOfSupply).map((c) => c.id) },
      effects: checks.flatMap((c) => c.resolution.effects),
    },
  };
}

/** The chance of each outcome for one unit, and of at least one going out when several are checked. */
export function supplyCheckChances(state: SupplyCheckState, i18n: Translator): ChanceView[] {
  const lines: ChanceView[] = [
    { label: i18n.localize("NOBC.Nqm.SupplyCheck.ChanceOut"), chance: percent(OUT_OF_SUPPLY_CHANCE, i18n) },
    { label: i18n.localize("NOBC.Nqm.SupplyCheck.ChanceStays"), chance: percent(1 - OUT_OF_SUPPLY_CHANCE, i18n) },
  ];
  const n = state.units.length;
  if (n > 1)
    lines.push({
      label: words(i18n, "NOBC.Nqm.SupplyCheck.ChanceAny", { count: n }),
      chance: percent(1 - (1 - OUT_OF_SUPPLY_CHANCE) ** n, i18n),
    });
  return lines;
}

/** Names joined as the reader's language joins a list ("A Coy and 2 Bty"). */
export function nameList(names: readonly string[], i18n: Translator): string {
  return new Intl.ListFormat(i18n.lang, { type: "conjunction" }).format(names);
}

export function supplyCheckCard(world: NqmWorld, state: SupplyCheckState, dice: Dice, i18n: Translator): Checked<Card> {
  const checked = supplyCheckResolution(world, state, dice);
  if (!checked.ok) return checked;
  const out = checked.value.outcome.outOfSupply;
  const name = (id: string) => nqmUnit(world, id)!.name;
  const stay = state.units.length - out.length;
  const outcome =
    out.length === 0
      ? speak(
          phrase("NOBC.Nqm.SupplyCheck.Outcome.none", { count: state.units.length, units: nameList(state.units.map(name), i18n) }),
          i18n,
        )
      : [
          speak(phrase("NOBC.Nqm.SupplyCheck.Outcome.some", { count: out.length, units: nameList(out.map(name), i18n) }), i18n),
          ...(stay > 0 ? [speak(phrase("NOBC.Nqm.SupplyCheck.Outcome.rest", { count: stay }), i18n)] : []),
        ].join(" ");
  const inputs: CardInputLine[] = state.units.map((id, i) => {
    const die = checked.value.rolls[i] ?? 0;
    return {
      label: name(id),
      value: words(i18n, die === OUT_FACE ? "NOBC.Nqm.SupplyCheck.RolledOut" : "NOBC.Nqm.SupplyCheck.RolledStays", { die }),
    };
  });
  return { ok: true, value: nqmCard(i18n.localize("NOBC.Nqm.SupplyCheck.CardTitle"), checked.value, outcome, inputs) };
}
