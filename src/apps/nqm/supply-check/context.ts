/**
 * What the hourly supply check shows: every NQM unit with its supply, a box to check each one in
 * supply (one out of supply says it comes back when it reorganises), the chance of each outcome
 * before the roll, every refusal. Pure.
 */
import { withNames } from "../../../words/phrase";
import { refusalLines, words as say, type ChanceView, type Translator } from "../view";
import { nqmUnit, type NqmWorld } from "../world";
import { listedUnits, supplyCheckChances, supplyCheckRefusals, type SupplyCheckState } from "./state";

export interface SupplyCheckRow {
  readonly id: string;
  readonly name: string;
  /** Still in supply: it may be checked. */
  readonly checkable: boolean;
  readonly chosen: boolean;
  readonly supply: string;
  readonly useLabel: string;
}

export interface SupplyCheckView {
  readonly units: readonly SupplyCheckRow[];
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

export function supplyCheckContext(world: NqmWorld, state: SupplyCheckState, words: Translator): SupplyCheckView {
  const i18n = withNames(words, (id) => nqmUnit(world, id)?.name);
  const refusals = supplyCheckRefusals(world, state);
  const units = listedUnits(world).map((unit): SupplyCheckRow => ({
    id: unit.id,
    name: unit.name,
    checkable: unit.system.inSupply,
    chosen: state.units.includes(unit.id),
    supply: i18n.localize(unit.system.inSupply ? "NOBC.Nqm.SupplyCheck.InSupply" : "NOBC.Nqm.SupplyCheck.OutUntilReorganised"),
    useLabel: say(i18n, "NOBC.Nqm.SupplyCheck.UseLabel", { unit: unit.name }),
  }));
  return {
    units,
    chances: refusals.length === 0 ? supplyCheckChances(state, i18n) : [],
    refusals: refusalLines(refusals, i18n),
    canRoll: refusals.length === 0,
  };
}
