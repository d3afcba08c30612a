/**
 * The recce sequence (NQM seed 004, Tables 3 and 4): the defender rolls red, white and blue together;
 * red decides whether the recce sights it, white whether the defender may choose to ambush or let
 * the recce pass, blue the range fire opens at. Recce troops may shoot and scoot. Grades, the recce
 * flag, the defender's fire and the recce's stands come from the sheets. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import { scriptedDice, type Dice } from "../../../rules/dice";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import type { RecceInput, RecceOutcome, RecceResult } from "../../../rules/nqm/index";
import { speak } from "../../../words/phrase";
import { uuidOrEmpty } from "../../base/state-bounds";
import type { Card } from "../../base/controller";
import { nqmCard, numberOf, percent, text, ticked, words, type ChanceView, type Translator } from "../view";
import { nqmUnit, targetStand, unknownUnit, type NqmWorld } from "../world";

export interface RecceState {
  readonly recce: string;
  readonly defender: string;
  readonly reconnoitred: boolean;
  readonly defenderChoice: "ambush" | "letPass";
  readonly shootAndScoot: boolean;
  /** The defender's combat units fired if it opens up (0: learn only the range). */
  readonly fireDice: number;
}

export const recceStateSchema = z.strictObject({
  recce: uuidOrEmpty,
  defender: uuidOrEmpty,
  reconnoitred: z.boolean(),
  defenderChoice: z.enum(["ambush", "letPass"]),
  shootAndScoot: z.boolean(),
  fireDice: z.number(),
});

/** The macro's arguments: the recce unit and the defender, by UUID. */
export const recceArgsSchema = recceStateSchema.pick({ recce: true, defender: true }).partial();

export type RecceArgs = z.infer<typeof recceArgsSchema>;

export function initialRecce(world: NqmWorld, args: RecceArgs = {}): RecceState {
  const recce = args.recce ?? world.selected[0] ?? "";
  const defender = args.defender ?? world.selected[1] ?? "";
  return {
    recce,
    defender,
    reconnoitred: true,
    defenderChoice: "ambush",
    shootAndScoot: false,
    fireDice: nqmUnit(world, defender)?.system.combatUnits ?? 0,
  };
}

export function recceFromForm(world: NqmWorld, prev: RecceState, values: Readonly<Record<string, unknown>>): RecceState {
  const defender = "defender" in values ? text(values["defender"]) : prev.defender;
  return {
    recce: "recce" in values ? text(values["recce"]) : prev.recce,
    defender,
    reconnoitred: "reconnoitred" in values ? ticked(values["reconnoitred"]) : prev.reconnoitred,
    defenderChoice:
      values["defenderChoice"] === "letPass" || values["defenderChoice"] === "ambush" ? values["defenderChoice"] : prev.defenderChoice,
    shootAndScoot: "shootAndScoot" in values ? ticked(values["shootAndScoot"]) : prev.shootAndScoot,
    fireDice:
      defender !== prev.defender ? (nqmUnit(world, defender)?.system.combatUnits ?? 0) : numberOf(values["fireDice"], prev.fireDice),
  };
}

export function recceInput(world: NqmWorld, state: RecceState): Checked<RecceInput> {
  const recce = nqmUnit(world, state.recce);
  const defender = nqmUnit(world, state.defender);
  const refusals: Refusal[] = [];
  if (recce === undefined) refusals.push(unknownUnit(state.recce, "recce"));
  if (defender === undefined) refusals.push(unknownUnit(state.defender, "defender"));
  if (recce === undefined || defender === undefined) return { ok: false, refusals };
  const stand = targetStand(recce);
  return {
    ok: true,
    value: {
      recce: { actor: recce.id, name: recce.name, grade: recce.system.grade, recceTroops: recce.system.recceTroops, stands: [stand] },
      defender: {
        actor: defender.id,
        name: defender.name,
        grade: defender.system.grade,
        ...(state.fireDice === 0
          ? {}
          : { fire: [{ firer: defender.id, weight: defender.system.weight, dice: state.fireDice, against: stand.protection }] }),
      },
      reconnoitred: state.reconnoitred,
      defenderChoice: state.defenderChoice,
      shootAndScoot: state.shootAndScoot,
    },
  };
}

export function recceResolution(world: NqmWorld, state: RecceState, dice: Dice): Checked<Resolution<RecceOutcome>> {
  const input = recceInput(world, state);
  return input.ok ? nqm.resolveRecce(input.value, dice) : input;
}

export const RESULT_LABEL: Readonly<Record<RecceResult, string>> = {
  sighted: "NOBC.Nqm.Recce.Result.sighted",
  passed: "NOBC.Nqm.Recce.Result.passed",
  ambushed: "NOBC.Nqm.Recce.Result.ambushed",
  engaged: "NOBC.Nqm.Recce.Result.engaged",
};

/** The exact chance of each result: the rules read on every red, white and blue face (no fire rolled). */
export function recceChances(input: RecceInput, i18n: Translator): ChanceView[] {
  const quiet: RecceInput = { ...input, defender: { actor: input.defender.actor, name: input.defender.name, grade: input.defender.grade } };
  const counts = new Map<RecceResult, number>();
  for (let r = 1; r <= 6; r++)
    for (let w = 1; w <= 6; w++)
      for (let b = 1; b <= 6; b++) {
        const out = nqm.resolveRecce(quiet, scriptedDice([r, w, b]));
        if (!out.ok) return [];
        counts.set(out.value.outcome.result, (counts.get(out.value.outcome.result) ?? 0) + 1);
      }
  return (["sighted", "passed", "ambushed", "engaged"] as const)
    .filter((k) => counts.has(k))
    .map((k) => ({ label: i18n.localize(RESULT_LABEL[k]), chance: percent((counts.get(k) ?? 0) / 216, i18n) }));
}

export function recceCard(world: NqmWorld, state: RecceState, dice: Dice, i18n: Translator): Checked<Card> {
  const input = recceInput(world, state);
  if (!input.ok) return input;
  const checked = nqm.resolveRecce(input.value, dice);
  if (!checked.ok) return checked;
  const o = checked.value.outcome;
  const data = { recce: input.value.recce.name, defender: input.value.defender.name, count: o.hitsTaken };
  const outcome = speak(
    o.range === undefined
      ? phrase(RESULT_LABEL[o.result])
      : phrase("NOBC.Nqm.Recce.Outcome", { ...data, result: phrase(RESULT_LABEL[o.result]), range: phrase(nqm.RANGE_LABEL[o.range]) }),
    i18n,
  );
  const inputs = [
    {
      label: i18n.localize("NOBC.Nqm.Recce.Recce"),
      value: `${input.value.recce.name} (${speak(nqm.gradeLabel(input.value.recce.grade), i18n)})`,
    },
    {
      label: i18n.localize("NOBC.Nqm.Recce.Defender"),
      value: `${input.value.defender.name} (${speak(nqm.gradeLabel(input.value.defender.grade), i18n)})`,
    },
    { label: i18n.localize("NOBC.Nqm.Recce.Choice"), value: i18n.localize(CHOICE_LABEL[state.defenderChoice]) },
  ];
  return { ok: true, value: nqmCard(words(i18n, "NOBC.Nqm.Recce.CardTitle", data), checked.value, outcome, inputs) };
}

export const CHOICE_LABEL: Readonly<Record<RecceState["defenderChoice"], string>> = {
  ambush: "NOBC.Nqm.Recce.ambush",
  letPass: "NOBC.Nqm.Recce.letPass",
};
