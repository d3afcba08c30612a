/**
 * Input checks every part of the rules core shares. Plain table functions throw on values no die or
 * counter can take; resolvers add a refusal instead, so nothing is half-done.
 */
import { isDieFace, type Dice } from "./dice";
import { phrase, type Phrase, type RefusalList } from "./resolution";

/**
 * Whether `value` is one of `allowed`: for data the types promise but a document, a form or a macro can break,
 * so the check takes `unknown` and narrows.
 */
export function isOneOf<T>(value: unknown, allowed: readonly T[]): value is T {
  return (allowed as readonly unknown[]).includes(value);
}

/** A whole number of at least `min` (0 unless told): strengths, hits, counters, boxes. */
export function isCount(value: number, min = 0): boolean {
  return Number.isInteger(value) && value >= min;
}

/**
 * The entry of a fixed table for a key its type promises but data from outside (a document, a form) can break:
 * throws a RangeError naming `what` for a key the table lacks, inherited keys such as "toString" included.
 */
export function tableEntry<K extends PropertyKey, V>(table: Readonly<Record<K, V>>, key: K, what: string): V {
  if (!Object.hasOwn(table, key)) throw new RangeError(`unknown ${what} ${String(key)}`);
  return table[key];
}

/** Throws for a die value outside 1..6: plain table functions are called with trusted dice. */
export function assertDie(die: number, name = "die"): void {
  if (!isDieFace(die)) throw new RangeError(`${name} must be a whole number from 1 to 6, got ${die}`);
}

/** Throws unless `value` is a whole number of at least `min`. */
export function assertCount(value: number, name: string, min = 0): void {
  if (!isCount(value, min)) throw new RangeError(`${name} must be a whole number of at least ${min}, got ${value}`);
}

/** Adds a refusal when `value` is not a whole number of at least `min`; says whether it was fine. `what` names the quantity. */
export function checkCount(refusals: RefusalList, value: number, field: string, what: Phrase, min = 0): boolean {
  if (isCount(value, min)) return true;
  refusals.add("badNumber", phrase("NOBC.Rules.Common.BadNumber", { what, field, min, value: String(value) }), field);
  return false;
}

/** One die from injected dice, checked: a broken Dice implementation fails loudly. */
export function rollDie(dice: Dice): number {
  const face = dice.d6();
  assertDie(face, "rolled die");
  return face;
}

/** `n` dice from injected dice, each checked. */
export function rollDice(dice: Dice, n: number): number[] {
  const faces = dice.roll(n);
  if (faces.length !== n) throw new RangeError(`asked for ${n} dice, got ${faces.length}`);
  for (const face of faces) assertDie(face, "rolled die");
  return faces;
}
