/**
 * Reorganisation (NQM seed 004, Post Combat Reorganisation): at the end of a turn a unit halves its
 * red pins (an odd one comes off on 4-6), the rest turn black and the disorganised marker comes off;
 * at the end of the operation black pins are halved the same way. Pins and the command base come
 * from the unit's sheet. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import type { Dice } from "../../../rules/dice";
import { phrase, type Checked, type Resolution } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { uuidOrEmpty } from "../../base/state-bounds";
import type { Card } from "../../base/controller";
import { nqmCard, percent, scoreChance, text, ticked, words, type ChanceView, type Translator } from "../view";
import { nqmUnit, unitToOpen, unknownUnit, type NqmWorld } from "../world";

export type ReorganiseWhen = "turn" | "operation";

export interface ReorganisationState {
  readonly when: ReorganiseWhen;
  readonly unit: string;
  /** Still under enemy or harassing fire, or still moving or fighting. */
  readonly underFire: boolean;
}

export const reorganisationStateSchema = z.strictObject({ when: z.enum(["turn", "operation"]), unit: uuidOrEmpty, underFire: z.boolean() });

export const WHEN_LABEL: Readonly<Record<ReorganiseWhen, string>> = {
  turn: "NOBC.Nqm.Reorganisation.turn",
  operation: "NOBC.Nqm.Reorganisation.operation",
};

/** The macro's arguments: the unit by UUID and when it reorganises. */
export const reorganisationArgsSchema = reorganisationStateSchema.pick({ unit: true, when: true }).partial();

export type ReorganisationArgs = z.infer<typeof reorganisationArgsSchema>;

export function initialReorganisation(world: NqmWorld, args: ReorganisationArgs = {}): ReorganisationState {
  const unit = nqmUnit(world, unitToOpen(world, args.unit));
  return { when: args.when ?? "turn", unit: unit?.id ?? "", underFire: (unit?.system.harassedHours ?? 0) > 0 };
}

export function reorganisationFromForm(prev: ReorganisationState, values: Readonly<Record<string, unknown>>): ReorganisationState {
  return {
    when: values["when"] === "turn" || values["when"] === "operation" ? values["when"] : prev.when,
    unit: "unit" in values ? text(values["unit"]) : prev.unit,
    underFire: "underFire" in values ? ticked(values["underFire"]) : prev.underFire,
  };
}

export function reorganisationResolution(
  world: NqmWorld,
  state: ReorganisationState,
  dice: Dice,
): Checked<Resolution<nqm.ReorganiseOutcome>> {
  const unit = nqmUnit(world, state.unit);
  if (unit === undefined) return { ok: false, refusals: [unknownUnit(state.unit, "unit")] };
  if (state.when === "operation")
    return nqm.resolveEndOfOperation({ actor: unit.id, name: unit.name, blackPins: unit.system.pins.black }, dice);
  return nqm.resolveReorganisation(
    {
      actor: unit.id,
      name: unit.name,
      redPins: unit.system.pins.red,
      commandPresent: unit.system.commandBase,
      underFire: state.underFire || unit.system.harassedHours > 0,
      // The hourly supply check (world setting): a unit out of supply comes back into supply as it reorganises.
      backInSupply: world.hourlySupplyCheck === true && !unit.system.inSupply,
    },
    dice,
  );
}

/** The pins that come off and their chance: half for sure, one more on 4-6 when the count is odd. */
export function reorganisationChances(world: NqmWorld, state: ReorganisationState, i18n: Translator): ChanceView[] {
  const unit = nqmUnit(world, state.unit);
  if (unit === undefined) return [];
  const pins = state.when === "turn" ? unit.system.pins.red : unit.system.pins.black;
  const half = Math.floor(pins / 2);
  const line = (count: number, p: number): ChanceView => ({
    label: words(i18n, "NOBC.Nqm.Reorganisation.Chance", { count }),
    chance: percent(p, i18n),
  });
  if (pins % 2 === 0) return [line(half, 1)];
  const odd = scoreChance(nqm.ODD_PIN_SCORE);
  return [line(half, 1 - odd), line(half + 1, odd)];
}

export function reorganisationCard(world: NqmWorld, state: ReorganisationState, dice: Dice, i18n: Translator): Checked<Card> {
  const checked = reorganisationResolution(world, state, dice);
  if (!checked.ok) return checked;
  const unit = nqmUnit(world, state.unit)!;
  const { removed, permanent } = checked.value.outcome;
  const outcome = speak(
    phrase(state.when === "turn" ? "NOBC.Nqm.Reorganisation.OutcomeTurn" : "NOBC.Nqm.Reorganisation.OutcomeOperation", {
      unit: unit.name,
      count: removed,
      permanent,
    }),
    i18n,
  );
  const inputs = [
    { label: i18n.localize("NOBC.Nqm.Unit"), value: unit.name },
    { label: i18n.localize("NOBC.Nqm.Reorganisation.When"), value: i18n.localize(WHEN_LABEL[state.when]) },
    {
      label: i18n.localize("NOBC.Nqm.Field.Pins"),
      value: words(i18n, "NOBC.Nqm.Reorganisation.PinsValue", { red: unit.system.pins.red, black: unit.system.pins.black }),
    },
  ];
  const title = words(i18n, "NOBC.Nqm.Reorganisation.CardTitle", { unit: unit.name, when: phrase(WHEN_LABEL[state.when]) });
  return { ok: true, value: nqmCard(title, checked.value, outcome, inputs) };
}
