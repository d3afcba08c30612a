import type { RefusalList } from "../resolution";

import { assertCount, assertDie, checkCount, isCount, rollDice, rollDie, tableEntry } from "../validate";

export { assertCount, assertDie, checkCount, isCount, rollDice, rollDie, tableEntry };

/** Adds a refusal when `value` is not a finite number of at least zero. */
export function checkDistance(refusals: RefusalList, value: number, field: string, what: string): boolean {
  if (Number.isFinite(value) && value >= 0) return true;
  refusals.add("badDistance", `${what} (${field}) must be a distance of zero or more, not ${value}.`, field);
  return false;
}

/** Adds a refusal for each reference used twice in one resolution. */
export function checkUniqueRefs(refusals: RefusalList, refs: readonly string[], field: string): void {
  const seen = new Set<string>();
  for (const ref of refs) {
    if (seen.has(ref)) refusals.add("duplicateUnit", `The unit ${ref} appears more than once in ${field}.`, field);
    seen.add(ref);
  }
}

/** Nearest whole number, halves rounded up: how the playsheet's "nearest squadron" is read. */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
