/**
 * Restoring Discipline (NQM seed 004 house rule, a world setting): after a failed morale test, a
 * commissar or fanatical headquarters fires one CU at its own unit; the hits are black pins at once
 * and the unit passes. The unit's bases, pins and position come from its sheet. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import type { Dice } from "../../../rules/dice";
import { phrase, type Checked, type Resolution } from "../../../rules/resolution";
import type { RestoreDisciplineOutcome, WeightClass } from "../../../rules/nqm/index";
import { speak } from "../../../words/phrase";
import { uuidOrEmpty } from "../../base/state-bounds";
import type { Card } from "../../base/controller";
import {
  nqmCard,
  percent,
  text,
  totalsDistribution,
  words,
  type ChanceView,
  type Translator,
  weightClassOf,
  weightClassSchema,
} from "../view";
import { nqmName, nqmUnit, targetStand, unitToOpen, unknownUnit, type NqmWorld } from "../world";

export interface DisciplineState {
  readonly unit: string;
  /** The NQM unit that fires (a headquarters), or "" for a commissar with the unit. */
  readonly firer: string;
  readonly weight: WeightClass;
}

const weight = weightClassSchema;
export const disciplineStateSchema = z.strictObject({ unit: uuidOrEmpty, firer: uuidOrEmpty, weight });

/** The macro's arguments: the unit and the headquarters that fires, by UUID. */
export const disciplineArgsSchema = disciplineStateSchema.pick({ unit: true, firer: true }).partial();

export type DisciplineArgs = z.infer<typeof disciplineArgsSchema>;

export function initialDiscipline(world: NqmWorld, args: DisciplineArgs = {}): DisciplineState {
  const firer = args.firer ?? "";
  return { unit: unitToOpen(world, args.unit), firer, weight: nqmUnit(world, firer)?.system.weight ?? "L" };
}

export function disciplineFromForm(world: NqmWorld, prev: DisciplineState, values: Readonly<Record<string, unknown>>): DisciplineState {
  const firer = "firer" in values ? text(values["firer"]) : prev.firer;
  const weight = firer !== prev.firer ? (nqmUnit(world, firer)?.system.weight ?? prev.weight) : prev.weight;
  return {
    unit: "unit" in values ? text(values["unit"]) : prev.unit,
    firer,
    weight: weightClassOf(values["weight"], weight),
  };
}

function firerName(world: NqmWorld, state: DisciplineState, i18n: Translator): string {
  return state.firer === "" ? i18n.localize("NOBC.Nqm.Discipline.Commissar") : nqmName(world, state.firer);
}

export function disciplineResolution(
  world: NqmWorld,
  state: DisciplineState,
  dice: Dice,
  i18n: Translator,
): Checked<Resolution<RestoreDisciplineOutcome>> {
  const unit = nqmUnit(world, state.unit);
  if (unit === undefined) return { ok: false, refusals: [unknownUnit(state.unit, "unit")] };
  if (state.firer !== "" && nqmUnit(world, state.firer) === undefined) return { ok: false, refusals: [unknownUnit(state.firer, "firer")] };
  return nqm.resolveRestoringDiscipline(
    {
      unit: { ...targetStand(unit), name: unit.name },
      firer: { actor: state.firer === "" ? unit.id : state.firer, name: firerName(world, state, i18n), weight: state.weight },
    },
    dice,
  );
}

/** The chance of each number of hits the one CU scores (Table 12). */
export function disciplineChances(world: NqmWorld, state: DisciplineState, i18n: Translator): ChanceView[] {
  const unit = nqmUnit(world, state.unit);
  if (unit === undefined) return [];
  const faces = [1, 2, 3, 4, 5, 6].map((f) => nqm.hitsFor(state.weight, unit.system.targetClass, f));
  return [...totalsDistribution([faces])]
    .sort(([a], [b]) => a - b)
    .map(([hits, p]) => ({ label: words(i18n, "NOBC.Nqm.Discipline.Chance", { count: hits }), chance: percent(p, i18n) }));
}

export function disciplineCard(world: NqmWorld, state: DisciplineState, dice: Dice, i18n: Translator): Checked<Card> {
  const checked = disciplineResolution(world, state, dice, i18n);
  if (!checked.ok) return checked;
  const unit = nqmUnit(world, state.unit)!;
  const o = checked.value.outcome;
  const outcome = speak(phrase("NOBC.Nqm.Discipline.Outcome", { unit: unit.name, count: o.blackPins, lost: o.basesLost }), i18n);
  const inputs = [
    { label: i18n.localize("NOBC.Nqm.Unit"), value: unit.name },
    {
      label: i18n.localize("NOBC.Nqm.Discipline.Firer"),
      value: `${firerName(world, state, i18n)} (${i18n.localize(nqm.WEIGHT_CLASS_LABEL[state.weight])})`,
    },
  ];
  return { ok: true, value: nqmCard(words(i18n, "NOBC.Nqm.Discipline.CardTitle", { unit: unit.name }), checked.value, outcome, inputs) };
}
