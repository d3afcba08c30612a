import { isDieFace } from "../dice";
import type { RefusalList } from "../resolution";

/** Throws for a die value outside 1..6: plain table functions are called with trusted dice. */
export function assertDie(die: number, name = "die"): void {
  if (!isDieFace(die)) throw new RangeError(`${name} must be a whole number from 1 to 6, got ${die}`);
}

/** Throws unless `value` is a whole number of at least `min`. */
export function assertCount(value: number, name: string, min = 0): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}, got ${value}`);
  }
}

export function isCount(value: number, min = 0): boolean {
  return Number.isInteger(value) && value >= min;
}

/** Adds a refusal when `value` is not a whole number of at least `min`. */
export function checkCount(refusals: RefusalList, value: number, field: string, what: string, min = 0): void {
  if (!isCount(value, min)) {
    refusals.add("badNumber", `${what} (${field}) must be a whole number of at least ${min}, not ${value}.`, field);
  }
}
