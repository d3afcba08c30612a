import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { phrase, RefusalList, SEEDS, type BreakdownLine, type Checked, type Phrase, type Resolution } from "../resolution";
import type { NqmEffect } from "./effects";
import { assertCount, assertDie, checkCount } from "./validate";

export const REORGANISATION_SOURCE = `${SEEDS.nqm}, Post Combat Reorganisation`;

/** An odd pin comes off on this score or better. */
export const ODD_PIN_SCORE = 4;

/**
 * Pinned API: half the red pins (rounded down) come off; an odd one also comes off on 4-6; the rest
 * are permanent. `oddDie` is read only when the count is odd.
 */
export function reorganise(redPins: number, oddDie: number): { removed: number; permanent: number } {
  assertCount(redPins, "redPins");
  assertDie(oddDie, "oddDie");
  const half = Math.floor(redPins / 2);
  const removed = half + (redPins % 2 === 1 && oddDie >= ODD_PIN_SCORE ? 1 : 0);
  return { removed, permanent: redPins - removed };
}

export interface ReorganiseInput {
  actor: ActorRef;
  name: string;
  redPins: number;
  /** An unwounded command stand or base is with the unit. */
  commandPresent: boolean;
  /** Still under enemy fire or harassing fire, or still moving or fighting. */
  underFire: boolean;
  /**
   * Out of supply under the hourly supply check (a world setting): seed 004, Logistics, Resupply,
   * "come back into supply when the unit reorganises". Left out or false: supply is not touched.
   */
  backInSupply?: boolean;
}

export interface ReorganiseOutcome {
  removed: number;
  permanent: number;
}

function halve(label: Phrase, pins: number, dice: Dice): { rolls: number[]; breakdown: BreakdownLine[]; result: ReorganiseOutcome } {
  const odd = pins % 2 === 1;
  const die = odd ? dice.d6() : undefined;
  const result = reorganise(pins, die ?? 1);
  const breakdown: BreakdownLine[] = [
    { text: phrase("NOBC.Rules.Nqm.Reorganisation.HalfOff", { pins: label }), value: Math.floor(pins / 2), source: REORGANISATION_SOURCE },
  ];
  if (die !== undefined) {
    breakdown.push({
      text: phrase("NOBC.Rules.Nqm.Reorganisation.OddOff", { pins: label, score: ODD_PIN_SCORE }),
      value: die,
      source: REORGANISATION_SOURCE,
    });
  }
  return { rolls: die === undefined ? [] : [die], breakdown, result };
}

/**
 * Reorganising after combat: red pins are halved, the rest turn black (the pinned bases go to the
 * medical post), and the disorganised marker comes off. Needs an unwounded command stand and a
 * halt free of enemy interference.
 */
export function resolveReorganisation(input: ReorganiseInput, dice: Dice): Checked<Resolution<ReorganiseOutcome>> {
  const refusals = new RefusalList();
  checkCount(refusals, input.redPins, "redPins", phrase("NOBC.Rules.Nqm.Reorganisation.RedPinsOn", { unit: input.name }));
  if (!input.commandPresent) {
    refusals.add("noCommand", phrase("NOBC.Rules.Nqm.Reorganisation.Refusal.noCommand", { unit: input.name }), "commandPresent");
  }
  if (input.underFire) {
    refusals.add("underFire", phrase("NOBC.Rules.Nqm.Reorganisation.Refusal.underFire", { unit: input.name }), "underFire");
  }
  return refusals.result(() => {
    const { rolls, breakdown, result } = halve(phrase("NOBC.Rules.Nqm.Reorganisation.RedPins"), input.redPins, dice);
    const effects: NqmEffect[] = [];
    if (input.redPins > 0) effects.push({ type: "pins", actor: input.actor, red: -input.redPins, black: result.permanent });
    effects.push({ type: "disorganised", actor: input.actor, value: false });
    if (input.backInSupply === true) effects.push({ type: "inSupply", actor: input.actor, value: true });
    return { breakdown, rolls, outcome: result, effects };
  });
}

/** End of the operation: black pins are halved the same way; what stays is the lasting loss. */
export function resolveEndOfOperation(
  input: { actor: ActorRef; name: string; blackPins: number },
  dice: Dice,
): Checked<Resolution<ReorganiseOutcome>> {
  const refusals = new RefusalList();
  checkCount(refusals, input.blackPins, "blackPins", phrase("NOBC.Rules.Nqm.Reorganisation.BlackPinsOn", { unit: input.name }));
  return refusals.result(() => {
    const { rolls, breakdown, result } = halve(phrase("NOBC.Rules.Nqm.Reorganisation.BlackPins"), input.blackPins, dice);
    const effects: NqmEffect[] = result.removed > 0 ? [{ type: "pins", actor: input.actor, red: 0, black: -result.removed }] : [];
    return { breakdown, rolls, outcome: result, effects };
  });
}
