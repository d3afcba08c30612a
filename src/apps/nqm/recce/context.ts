/** What the recce dialog shows: the recce and the concealed defender, the choices, each result's chance, every refusal. Pure. */
import { withNames } from "../../../words/phrase";
import { nqmCheck, unitOptions, type ChanceView, type OptionView, type Translator, labelledOptions } from "../view";
import { nqmUnit, type NqmWorld } from "../world";
import { CHOICE_LABEL, recceChances, recceInput, recceResolution, type RecceState } from "./state";

export interface RecceView {
  readonly recces: readonly OptionView[];
  readonly defenders: readonly OptionView[];
  readonly choices: readonly OptionView[];
  readonly reconnoitred: boolean;
  readonly shootAndScoot: boolean;
  readonly fireDice: number;
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

export function recceContext(world: NqmWorld, state: RecceState, words: Translator): RecceView {
  const i18n = withNames(words, (id) => nqmUnit(world, id)?.name);
  const input = recceInput(world, state);
  const check = nqmCheck((dice) => recceResolution(world, state, dice), i18n);
  const none = i18n.localize("NOBC.Nqm.Recce.Choose");
  return {
    recces: unitOptions(world.units, state.recce, none),
    defenders: unitOptions(
      world.units.filter((u) => u.id !== state.recce),
      state.defender,
      none,
    ),
    choices: labelledOptions(["ambush", "letPass"] as const, CHOICE_LABEL, state.defenderChoice, i18n),
    reconnoitred: state.reconnoitred,
    shootAndScoot: state.shootAndScoot,
    fireDice: state.fireDice,
    chances: input.ok && check.canRoll ? recceChances(input.value, i18n) : [],
    ...check,
  };
}
