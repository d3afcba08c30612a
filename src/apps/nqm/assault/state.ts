/**
 * Close assault, round by round (NQM seed 004, Table 9 and Close Assault): the attacker's dice against
 * the defender's, capped by grade and matched highest to highest; each pair won puts a pin on the
 * loser. One card per round, so the umpire sees each repeat and the grade's limit. Grades, unwounded
 * bases (bases without a pin), the command base and the defender's state come from the sheets. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import type { Dice } from "../../../rules/dice";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import type { CloseAssaultRoundInput, CloseAssaultRoundOutcome } from "../../../rules/nqm/index";
import { speak } from "../../../words/phrase";
import { uuidOrEmpty } from "../../base/state-bounds";
import type { Card } from "../../base/controller";
import { nqmCard, numberOf, percent, text, ticked, words, type ChanceView, type Translator } from "../view";
import { nqmUnit, unknownUnit, type NqmUnitView, type NqmWorld } from "../world";

export interface AssaultState {
  readonly attacker: string;
  readonly defender: string;
  readonly round: number;
  readonly stands: number;
  readonly firefightWon: boolean;
  readonly armoured: boolean;
  readonly canRetreat: boolean;
}

export const assaultStateSchema = z.strictObject({
  attacker: uuidOrEmpty,
  defender: uuidOrEmpty,
  round: z.number(),
  stands: z.number(),
  firefightWon: z.boolean(),
  armoured: z.boolean(),
  canRetreat: z.boolean(),
});

/** The macro's arguments: the two units by UUID and the round. */
export const assaultArgsSchema = assaultStateSchema.pick({ attacker: true, defender: true, round: true }).partial();

export type AssaultArgs = z.infer<typeof assaultArgsSchema>;

export function initialAssault(world: NqmWorld, args: AssaultArgs = {}): AssaultState {
  return {
    attacker: args.attacker ?? world.selected[0] ?? "",
    defender: args.defender ?? world.selected[1] ?? "",
    round: args.round ?? 1,
    stands: 1,
    firefightWon: true,
    armoured: false,
    canRetreat: true,
  };
}

export function assaultFromForm(prev: AssaultState, values: Readonly<Record<string, unknown>>): AssaultState {
  const flag = (key: "firefightWon" | "armoured" | "canRetreat", was: boolean) => (key in values ? ticked(values[key]) : was);
  return {
    attacker: "attacker" in values ? text(values["attacker"]) : prev.attacker,
    defender: "defender" in values ? text(values["defender"]) : prev.defender,
    round: numberOf(values["round"], prev.round),
    stands: numberOf(values["stands"], prev.stands),
    firefightWon: flag("firefightWon", prev.firefightWon),
    armoured: flag("armoured", prev.armoured),
    canRetreat: flag("canRetreat", prev.canRetreat),
  };
}

/** Bases with no pin: the ones that fight hand to hand. */
export function unwounded(unit: NqmUnitView): number {
  const { strength, pins } = unit.system;
  return Math.max(0, strength.value - pins.red - pins.black);
}

export function assaultInput(world: NqmWorld, state: AssaultState): Checked<CloseAssaultRoundInput> {
  const a = nqmUnit(world, state.attacker);
  const d = nqmUnit(world, state.defender);
  const refusals: Refusal[] = [];
  if (a === undefined) refusals.push(unknownUnit(state.attacker, "attacker"));
  if (d === undefined) refusals.push(unknownUnit(state.defender, "defender"));
  if (a === undefined || d === undefined) return { ok: false, refusals };
  return {
    ok: true,
    value: {
      attacker: {
        actor: a.id,
        name: a.name,
        grade: a.system.grade,
        green: a.system.green,
        unwounded: unwounded(a),
        stands: state.stands,
        commandBase: a.system.commandBase,
      },
      defender: {
        actor: d.id,
        name: d.name,
        grade: d.system.grade,
        green: d.system.green,
        unwounded: unwounded(d),
        disorganised: d.system.disorganised || d.system.broken,
        canRetreat: state.canRetreat,
      },
      round: state.round,
      firefightWon: state.firefightWon,
      armoured: state.armoured,
    },
  };
}

export function assaultResolution(world: NqmWorld, state: AssaultState, dice: Dice): Checked<Resolution<CloseAssaultRoundOutcome>> {
  const input = assaultInput(world, state);
  return input.ok ? nqm.resolveCloseAssaultRound(input.value, dice) : input;
}

/** Every sorted roll of `n` dice (highest first) with its chance. */
function sortedRolls(n: number): { faces: number[]; p: number }[] {
  const out: { faces: number[]; p: number }[] = [];
  const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
  const walk = (faces: number[], max: number): void => {
    if (faces.length === n) {
      const counts = [1, 2, 3, 4, 5, 6].map((f) => faces.filter((x) => x === f).length);
      out.push({ faces, p: fact(n) / counts.reduce((m, c) => m * fact(c), 1) / 6 ** n });
      return;
    }
    for (let f = max; f >= 1; f--) walk([...faces, f], f);
  };
  walk([], 6);
  return out;
}

/** The exact chance of each number of bases breaking in this round (Table 9: dice matched highest to highest). */
export function assaultChances(input: CloseAssaultRoundInput, i18n: Translator): ChanceView[] {
  if (input.defender.unwounded === 0 || input.defender.disorganised)
    return [{ label: words(i18n, "NOBC.Nqm.Assault.Chance.overrun"), chance: percent(1, i18n) }];
  const nA = nqm.assaultDice(input.attacker.grade, "attack", input.attacker.unwounded);
  const nD = nqm.assaultDice(input.defender.grade, "defence", input.defender.unwounded);
  const dist = new Map<number, number>();
  for (const a of sortedRolls(nA))
    for (const d of sortedRolls(nD)) {
      const k = nqm.closeAssaultDice(a.faces, d.faces).defenderCasualties;
      dist.set(k, (dist.get(k) ?? 0) + a.p * d.p);
    }
  return [...dist]
    .sort(([x], [y]) => x - y)
    .map(([count, p]) => ({ label: words(i18n, "NOBC.Nqm.Assault.Chance.breakIns", { count }), chance: percent(p, i18n) }));
}

export function assaultCard(world: NqmWorld, state: AssaultState, dice: Dice, i18n: Translator): Checked<Card> {
  const input = assaultInput(world, state);
  if (!input.ok) return input;
  const checked = nqm.resolveCloseAssaultRound(input.value, dice);
  if (!checked.ok) return checked;
  const o = checked.value.outcome;
  const names = { attacker: input.value.attacker.name, defender: input.value.defender.name };
  const outcome = speak(
    o.overrun
      ? phrase("NOBC.Nqm.Assault.Overrun", names)
      : phrase("NOBC.Nqm.Assault.Outcome", {
          ...names,
          breakIns: o.breakIns,
          pushBacks: o.pushBacks,
          left: o.roundsLeft === null ? phrase("NOBC.Nqm.Assault.NoLimit") : phrase("NOBC.Nqm.Assault.RoundsLeft", { count: o.roundsLeft }),
        }),
    i18n,
  );
  const inputs = [
    {
      label: i18n.localize("NOBC.Nqm.Assault.Attacker"),
      value: words(i18n, "NOBC.Nqm.Assault.SideText", { unit: names.attacker, count: input.value.attacker.unwounded }),
    },
    {
      label: i18n.localize("NOBC.Nqm.Assault.Defender"),
      value: words(i18n, "NOBC.Nqm.Assault.SideText", { unit: names.defender, count: input.value.defender.unwounded }),
    },
    { label: i18n.localize("NOBC.Nqm.Assault.Round"), value: String(state.round) },
  ];
  return {
    ok: true,
    value: nqmCard(words(i18n, "NOBC.Nqm.Assault.CardTitle", { ...names, round: state.round }), checked.value, outcome, inputs),
  };
}
