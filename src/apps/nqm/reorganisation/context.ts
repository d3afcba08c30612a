/** What the reorganisation dialog shows: the unit and its pins, when, the chance of each count of pins off, every refusal. Pure. */
import { withNames } from "../../../words/phrase";
import { nqmCheck, unitOptions, words as say, type ChanceView, type OptionView, type Translator, labelledOptions } from "../view";
import { nqmUnit, type NqmWorld } from "../world";
import { reorganisationChances, reorganisationResolution, WHEN_LABEL, type ReorganisationState } from "./state";

export interface ReorganisationView {
  readonly units: readonly OptionView[];
  readonly whens: readonly OptionView[];
  readonly isTurn: boolean;
  readonly pinsLine: string;
  readonly underFire: boolean;
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

export function reorganisationContext(world: NqmWorld, state: ReorganisationState, words: Translator): ReorganisationView {
  const i18n = withNames(words, (id) => nqmUnit(world, id)?.name);
  const unit = nqmUnit(world, state.unit);
  const check = nqmCheck((dice) => reorganisationResolution(world, state, dice), i18n);
  return {
    units: unitOptions(world.units, state.unit),
    whens: labelledOptions(["turn", "operation"] as const, WHEN_LABEL, state.when, i18n),
    isTurn: state.when === "turn",
    pinsLine:
      unit === undefined
        ? ""
        : say(i18n, "NOBC.Nqm.Reorganisation.PinsValue", { red: unit.system.pins.red, black: unit.system.pins.black }),
    underFire: state.underFire,
    chances: check.canRoll ? reorganisationChances(world, state, i18n) : [],
    ...check,
  };
}
