/** What the air fireplan dialog shows: the air stands, the AA, the target, the chances, every refusal. Pure. */
import { nqm } from "../../../rules/index";
import { withNames } from "../../../words/phrase";
import { nqmCheck, unitOptions, type ChanceView, type OptionView, type Translator, labelledOptions } from "../view";
import { nqmUnit, type NqmWorld } from "../world";
import { airChances, airInput, airResolution, ALTITUDE_LABEL, defaultAa, defaultAircraft, type AirState } from "./state";

export interface AirRowView {
  readonly id: string;
  readonly name: string;
  readonly flies: boolean;
  readonly fires: boolean;
  readonly engines: number;
  readonly heavyBomber: boolean;
  readonly roles: readonly OptionView[];
  readonly altitudes: readonly OptionView[];
  readonly aaDice: number;
  readonly aaWeights: readonly OptionView[];
}

export interface AirView {
  readonly rows: readonly AirRowView[];
  readonly targets: readonly OptionView[];
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

export function airContext(world: NqmWorld, state: AirState, words: Translator): AirView {
  const i18n = withNames(words, (id) => nqmUnit(world, id)?.name);
  const input = airInput(world, state);
  const check = nqmCheck((dice) => airResolution(world, state, dice), i18n);
  return {
    rows: world.units.map((u) => {
      const air = state.aircraft[u.id] ?? defaultAircraft(world, u.id);
      const aa = state.aa[u.id] ?? defaultAa(world, u.id);
      return {
        id: u.id,
        name: u.name,
        flies: state.aircraft[u.id] !== undefined,
        fires: state.aa[u.id] !== undefined,
        engines: air.engines,
        heavyBomber: air.heavyBomber,
        roles: labelledOptions(nqm.AIRCRAFT_ROLES, nqm.AIRCRAFT_ROLE_LABEL, air.role, i18n),
        altitudes: labelledOptions(["low", "high"] as const, ALTITUDE_LABEL, air.altitude, i18n),
        aaDice: aa.dice,
        aaWeights: labelledOptions(nqm.WEIGHT_CLASSES, nqm.WEIGHT_CLASS_LABEL, aa.weight, i18n),
      };
    }),
    targets: unitOptions(world.units, state.target, i18n.localize("NOBC.Nqm.Air.NoTarget")),
    chances: input.ok && check.canRoll ? airChances(input.value, i18n) : [],
    ...check,
  };
}
