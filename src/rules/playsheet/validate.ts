import { phrase, type Phrase, type RefusalList } from "../resolution";

import { assertCount, assertDie, checkCount, isCount, rollDice, rollDie, tableEntry } from "../validate";

export { assertCount, assertDie, checkCount, isCount, rollDice, rollDie, tableEntry };

/** Adds a refusal when `value` is not a finite number of at least zero. `what` names the quantity. */
export function checkDistance(refusals: RefusalList, value: number, field: string, what: Phrase): boolean {
  if (Number.isFinite(value) && value >= 0) return true;
  refusals.add("badDistance", phrase("NOBC.Rules.Playsheet.Validate.BadDistance", { what, field, value: String(value) }), field);
  return false;
}

/**
 * Adds a refusal for each reference used twice in one resolution. `text` says so for one reference
 * (by default: it appears more than once in `field`).
 */
export function checkUniqueRefs(
  refusals: RefusalList,
  refs: readonly string[],
  field: string,
  text: (ref: string) => Phrase = (ref) => phrase("NOBC.Rules.Playsheet.Validate.DuplicateUnit", { ref, field }),
): void {
  const seen = new Set<string>();
  for (const ref of refs) {
    if (seen.has(ref)) refusals.add("duplicateUnit", text(ref), field);
    seen.add(ref);
  }
}

/** Nearest whole number, halves rounded up: how the playsheet's "nearest squadron" is read. */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
