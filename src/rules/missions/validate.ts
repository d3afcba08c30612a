import { phrase, type Phrase, type RefusalList } from "../resolution";

import { assertCount, assertDie, checkCount, isCount, rollDice, rollDie, tableEntry } from "../validate";

export { assertCount, assertDie, checkCount, isCount, rollDice, rollDie, tableEntry };

/** "The turn", the quantity named when a turn number is refused. */
export const TURN: Phrase = phrase("NOBC.Rules.Missions.Validate.Turn");

/** Adds a refusal unless `value` is a die target from 2 to 6 (a skill, save or "5+"-style rating). `what` names the quantity. */
export function checkRating(refusals: RefusalList, value: number, field: string, what: Phrase): boolean {
  if (Number.isInteger(value) && value >= 2 && value <= 6) return true;
  refusals.add("badRating", phrase("NOBC.Rules.Missions.Validate.BadRating", { what, field, value: String(value) }), field);
  return false;
}

/** Adds a refusal when `value` is not a finite number of at least zero. `what` names the quantity. */
export function checkDistance(refusals: RefusalList, value: number, field: string, what: Phrase): boolean {
  if (Number.isFinite(value) && value >= 0) return true;
  refusals.add("badDistance", phrase("NOBC.Rules.Missions.Validate.BadDistance", { what, field, value: String(value) }), field);
  return false;
}
