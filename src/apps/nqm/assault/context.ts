/** What the close assault dialog shows: both units, the round, the chance of each break-in count, every refusal. Pure. */
import { withNames } from "../../../words/phrase";
import { nqmCheck, unitOptions, type ChanceView, type OptionView, type Translator } from "../view";
import { nqmUnit, type NqmWorld } from "../world";
import { assaultChances, assaultInput, assaultResolution, type AssaultState } from "./state";

export interface AssaultView {
  readonly attackers: readonly OptionView[];
  readonly defenders: readonly OptionView[];
  readonly round: number;
  readonly stands: number;
  readonly firefightWon: boolean;
  readonly armoured: boolean;
  readonly canRetreat: boolean;
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

export function assaultContext(world: NqmWorld, state: AssaultState, words: Translator): AssaultView {
  const i18n = withNames(words, (id) => nqmUnit(world, id)?.name);
  const input = assaultInput(world, state);
  const check = nqmCheck((dice) => assaultResolution(world, state, dice), i18n);
  const none = i18n.localize("NOBC.Nqm.Recce.Choose");
  return {
    attackers: unitOptions(world.units, state.attacker, none),
    defenders: unitOptions(
      world.units.filter((u) => u.id !== state.attacker),
      state.defender,
      none,
    ),
    round: state.round,
    stands: state.stands,
    firefightWon: state.firefightWon,
    armoured: state.armoured,
    canRetreat: state.canRetreat,
    chances: input.ok && check.canRoll ? assaultChances(input.value, i18n) : [],
    ...check,
  };
}
