/**
 * What the logistics dialog shows: the dump and its DIV LOG, each stand it may resupply with its
 * dice now and after and what its supply lets it do, when, what Resupply will change (nothing is
 * rolled), every refusal. Pure.
 */
import { withNames } from "../../../words/phrase";
import { refusalLines, unitOptions, words as say, type OptionView, type Translator } from "../view";
import { nqmUnit, type NqmWorld } from "../world";
import { candidateStands, limitsWords, logisticsResolution, standAfter, whenWords, type LogisticsState } from "./state";

export interface StandRow {
  readonly id: string;
  readonly name: string;
  readonly chosen: boolean;
  readonly tracked: boolean;
  /** "1 of 3 dice, 3 after" */
  readonly ammoLine: string;
  readonly limits: string;
  readonly useLabel: string;
  readonly trackedLabel: string;
}

export interface LogisticsView {
  readonly dumps: readonly OptionView[];
  readonly divLogLine: string;
  readonly stands: readonly StandRow[];
  readonly overnight: boolean;
  readonly vehicleSentBack: boolean;
  /** What Resupply will do, in words, shown before it (no chance: nothing is rolled). */
  readonly preview: readonly string[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

export function logisticsContext(world: NqmWorld, state: LogisticsState, words: Translator): LogisticsView {
  const i18n = withNames(words, (id) => nqmUnit(world, id)?.name);
  const dump = nqmUnit(world, state.dump);
  const checked = logisticsResolution(world, state);
  const stands = candidateStands(world, state.dump).map((unit): StandRow => {
    const chosen = state.stands.includes(unit.id);
    const after = standAfter(unit, state, chosen);
    return {
      id: unit.id,
      name: unit.name,
      chosen,
      tracked: state.tracked.includes(unit.id),
      ammoLine: say(i18n, "NOBC.Nqm.Logistics.AmmoLine", { ammo: unit.system.ammo, capacity: after.capacity, after: after.ammo }),
      limits: limitsWords(after, i18n),
      useLabel: say(i18n, "NOBC.Nqm.Logistics.UseLabel", { unit: unit.name }),
      trackedLabel: say(i18n, "NOBC.Nqm.Logistics.TrackedLabel", { unit: unit.name }),
    };
  });
  const preview = checked.ok
    ? [
        say(i18n, "NOBC.Nqm.Logistics.PreviewDivLog", {
          dump: dump?.name ?? "",
          before: dump?.system.supplyUnits.log ?? 0,
          after: (dump?.system.supplyUnits.log ?? 0) - 1,
        }),
        say(i18n, "NOBC.Nqm.Logistics.PreviewDice", { count: checked.value.outcome.diceIssued }),
        whenWords(state, i18n),
        i18n.localize("NOBC.Nqm.Logistics.NoDice"),
      ]
    : [];
  return {
    dumps: unitOptions(world.units, state.dump, i18n.localize("NOBC.Nqm.Logistics.NoDump")),
    divLogLine: dump === undefined ? "" : say(i18n, "NOBC.Nqm.Logistics.DivLogHeld", { count: dump.system.supplyUnits.log }),
    stands,
    overnight: state.overnight,
    vehicleSentBack: state.vehicleSentBack,
    preview,
    refusals: checked.ok ? [] : refusalLines(checked.refusals, i18n),
    canRoll: checked.ok,
  };
}
