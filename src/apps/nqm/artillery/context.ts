/** What the artillery dialog shows: the target, the batteries and their shoot, the chances, every refusal. Pure. */
import { nqm } from "../../../rules/index";
import { withNames } from "../../../words/phrase";
import { nqmCheck, unitOptions, type ChanceView, type OptionView, type Translator, labelledOptions } from "../view";
import { nqmUnit, type NqmWorld } from "../world";
import { artilleryChances, artilleryInput, artilleryResolution, defaultBattery, MODE_LABEL, type ArtilleryState } from "./state";

export interface BatteryView {
  readonly id: string;
  readonly name: string;
  readonly chosen: boolean;
  readonly dice: number;
  readonly calibre: number;
  readonly weights: readonly OptionView[];
}

export interface ArtilleryView {
  readonly modes: readonly OptionView[];
  readonly targets: readonly OptionView[];
  readonly protections: readonly OptionView[];
  readonly batteries: readonly BatteryView[];
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

function classOptions(i18n: Translator, chosen: string): OptionView[] {
  return labelledOptions(nqm.WEIGHT_CLASSES, nqm.WEIGHT_CLASS_LABEL, chosen, i18n);
}

export function artilleryContext(world: NqmWorld, state: ArtilleryState, words: Translator): ArtilleryView {
  const i18n = withNames(words, (id) => nqmUnit(world, id)?.name);
  const input = artilleryInput(world, state);
  const check = nqmCheck((dice) => artilleryResolution(world, state, dice), i18n);
  return {
    modes: labelledOptions(["effective", "harassing"] as const, MODE_LABEL, state.mode, i18n),
    targets: unitOptions(world.units, state.target),
    protections: classOptions(i18n, state.protection),
    batteries: world.units
      .filter((u) => u.id !== state.target)
      .map((u) => {
        const row = state.fire[u.id] ?? defaultBattery(world, u.id);
        return {
          id: u.id,
          name: u.name,
          chosen: state.fire[u.id] !== undefined,
          dice: row.dice,
          calibre: row.calibre,
          weights: classOptions(i18n, row.weight),
        };
      }),
    chances: input.ok && check.canRoll ? artilleryChances(input.value, i18n) : [],
    ...check,
  };
}
