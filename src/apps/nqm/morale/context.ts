/** What the morale dialog shows: the unit, the test, the casualty levels, the chance of passing, every refusal. Pure. */
import { nqm } from "../../../rules/index";
import { phrase } from "../../../rules/resolution";
import { withNames, speak } from "../../../words/phrase";
import { nqmCheck, unitOptions, type ChanceView, type OptionView, type Translator, labelledOptions } from "../view";
import { nqmUnit, type NqmWorld } from "../world";
import { MORALE_TEST_LABEL, MORALE_TESTS, ROLE_LABEL, moraleChances, moraleResolution, type MoraleState } from "./state";

export interface MoraleView {
  readonly units: readonly OptionView[];
  readonly tests: readonly OptionView[];
  readonly roles: readonly OptionView[];
  readonly isBreak: boolean;
  readonly isTankTerror: boolean;
  readonly unitLine: string;
  readonly casualtiesBefore: number;
  readonly casualtiesAfter: number;
  readonly supported: boolean;
  readonly firstTime: boolean;
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

export function moraleContext(world: NqmWorld, state: MoraleState, words: Translator): MoraleView {
  const i18n = withNames(words, (id) => nqmUnit(world, id)?.name);
  const unit = nqmUnit(world, state.unit);
  const check = nqmCheck((dice) => moraleResolution(world, state, dice), i18n);
  return {
    units: unitOptions(world.units, state.unit),
    tests: labelledOptions(MORALE_TESTS, MORALE_TEST_LABEL, state.test, i18n),
    roles: labelledOptions(["defending", "attacking"] as const, ROLE_LABEL, state.role, i18n),
    isBreak: state.test === "break",
    isTankTerror: state.test === "tankTerror",
    unitLine:
      unit === undefined
        ? ""
        : speak(
            phrase("NOBC.Nqm.Morale.UnitLine", {
              grade: nqm.gradeLabel(unit.system.grade),
              count: unit.system.strength.max,
              green: phrase(unit.system.green ? "NOBC.Nqm.Morale.IsGreen" : "NOBC.Nqm.Morale.NotGreen"),
            }),
            i18n,
          ),
    casualtiesBefore: state.casualtiesBefore,
    casualtiesAfter: state.casualtiesAfter,
    supported: state.supported,
    firstTime: state.firstTime,
    chances: check.canRoll ? moraleChances(world, state, i18n) : [],
    ...check,
  };
}
