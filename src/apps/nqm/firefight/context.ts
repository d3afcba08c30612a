/** What the Winning the Firefight dialog shows: both sides' units and their fire, the chances, and every refusal. Pure. */
import { nqm } from "../../../rules/index";
import type { WeightClass } from "../../../rules/nqm/index";
import { withNames } from "../../../words/phrase";
import { NQM_SIDE_LABELS } from "../../../view/labels";
import { nqmCheck, options, type ChanceView, type OptionView, type Translator, labelledOptions } from "../view";
import type { NqmWorld } from "../world";
import { chanceViews, defaultRow, firefightInput, firefightResolution, SHIFT_CHOICES, type FireRow, type FirefightState } from "./state";

export interface FireRowView {
  readonly id: string;
  readonly name: string;
  readonly grade: string;
  readonly chosen: boolean;
  readonly dice: number;
  readonly weights: readonly OptionView[];
  readonly against: readonly OptionView[];
  readonly protections: readonly OptionView[];
}

export interface FirefightView {
  readonly sides: readonly OptionView[];
  readonly attackerRows: readonly FireRowView[];
  readonly defenderRows: readonly FireRowView[];
  readonly attackerShifts: readonly OptionView[];
  readonly defenderShifts: readonly OptionView[];
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

function classOptions(i18n: Translator, chosen: string, withAuto: boolean): OptionView[] {
  const entries: [string, string][] = nqm.WEIGHT_CLASSES.map((c: WeightClass) => [c, i18n.localize(nqm.WEIGHT_CLASS_LABEL[c])]);
  return options(withAuto ? [["", i18n.localize("NOBC.Nqm.Firefight.AgainstEnemy")], ...entries] : entries, chosen);
}

function shiftOptions(i18n: Translator, chosen: string): OptionView[] {
  return options(
    SHIFT_CHOICES.map((s) => [s, i18n.localize(s === "" ? "NOBC.Nqm.Shift.none" : nqm.SHIFT_LABEL[s])] as const),
    chosen,
  );
}

export function firefightContext(world: NqmWorld, state: FirefightState, words: Translator): FirefightView {
  const i18n = withNames(words, (id) => world.units.find((u) => u.id === id)?.name);
  const rows = (attacking: boolean, chosen: Readonly<Record<string, FireRow>>): FireRowView[] =>
    world.units
      .filter((u) => (u.system.side === state.attackerSide) === attacking)
      .map((u) => {
        const row = chosen[u.id] ?? defaultRow(u);
        return {
          id: u.id,
          name: u.name,
          grade: i18n.localize(nqm.GRADE_LABEL[u.system.grade]),
          chosen: chosen[u.id] !== undefined,
          dice: row.dice,
          weights: classOptions(i18n, row.weight, false),
          against: classOptions(i18n, row.against, true),
          protections: classOptions(i18n, row.protection, false),
        };
      });
  const input = firefightInput(world, state);
  const check = nqmCheck((dice) => firefightResolution(world, state, dice), i18n);
  return {
    sides: labelledOptions(["nato", "wp"] as const, NQM_SIDE_LABELS, state.attackerSide, i18n),
    attackerRows: rows(true, state.attacker),
    defenderRows: rows(false, state.defender),
    attackerShifts: shiftOptions(i18n, state.attackerShift),
    defenderShifts: shiftOptions(i18n, state.defenderShift),
    chances: input.ok && check.canRoll ? chanceViews(input.value, i18n) : [],
    ...check,
  };
}
