import type { RefusalList } from "../resolution";

import { assertCount, assertDie, checkCount, isCount, rollDice, rollDie, tableEntry } from "../validate";

export { assertCount, assertDie, checkCount, isCount, rollDice, rollDie, tableEntry };

/** Adds a refusal unless `value` is a die target from 2 to 6 (a skill, save or "5+"-style rating). */
export function checkRating(refusals: RefusalList, value: number, field: string, what: string): boolean {
  if (Number.isInteger(value) && value >= 2 && value <= 6) return true;
  refusals.add("badRating", `${what} (${field}) must be a rating from 2 to 6 (as in 4+), not ${value}.`, field);
  return false;
}

/** Adds a refusal when `value` is not a finite number of at least zero. */
export function checkDistance(refusals: RefusalList, value: number, field: string, what: string): boolean {
  if (Number.isFinite(value) && value >= 0) return true;
  refusals.add("badDistance", `${what} (${field}) must be a distance of zero or more, not ${value}.`, field);
  return false;
}
