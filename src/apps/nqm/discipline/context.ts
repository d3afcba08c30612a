/** What the Restoring Discipline dialog shows: the unit, who fires, the chance of each number of hits, every refusal. Pure. */
import { nqm } from "../../../rules/index";
import { withNames } from "../../../words/phrase";
import { nqmCheck, unitOptions, type ChanceView, type OptionView, type Translator, labelledOptions } from "../view";
import { nqmUnit, type NqmWorld } from "../world";
import { disciplineChances, disciplineResolution, type DisciplineState } from "./state";

export interface DisciplineView {
  readonly units: readonly OptionView[];
  readonly firers: readonly OptionView[];
  readonly weights: readonly OptionView[];
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

export function disciplineContext(world: NqmWorld, state: DisciplineState, words: Translator): DisciplineView {
  const i18n = withNames(words, (id) => nqmUnit(world, id)?.name);
  const check = nqmCheck((dice) => disciplineResolution(world, state, dice, i18n), i18n);
  return {
    units: unitOptions(world.units, state.unit),
    firers: unitOptions(
      world.units.filter((u) => u.id !== state.unit),
      state.firer,
      i18n.localize("NOBC.Nqm.Discipline.Commissar"),
    ),
    weights: labelledOptions(nqm.WEIGHT_CLASSES, nqm.WEIGHT_CLASS_LABEL, state.weight, i18n),
    chances: check.canRoll ? disciplineChances(world, state, i18n) : [],
    ...check,
  };
}
