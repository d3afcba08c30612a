/**
 * The exact chance of each outcome of a resolver, found by walking every sequence of faces it asks for.
 * The dialogs show it before the roll. Pure.
 */
import type { Dice } from "../../rules/dice";
import type { Checked, Resolution } from "../../rules/resolution";

/** One outcome of a walk over the dice: its chance, the faces of the first die that lead to it, one example. */
export interface Spread<O> {
  readonly key: string;
  readonly probability: number;
  readonly firstFaces: readonly number[];
  readonly example: O;
}

/** More rolls than this in one walk is a mistake of the caller (the Playsheet's rolls need at most 6³). */
const MAX_WALK = 6 ** 4;

/**
 * The exact chance of each outcome of a resolver, by running it once for every sequence of faces
 * it asks for (a die asked beyond the sequence splits it six ways), grouped by `key`, in the order
 * first met from the lowest faces up. Null when the input is refused (no dice are asked then).
 */
export function outcomeSpread<O>(run: (dice: Dice) => Checked<Resolution<O>>, key: (outcome: O) => string): Spread<O>[] | null {
  const found = new Map<string, { probability: number; firstFaces: Set<number>; example: O }>();
  const queue: number[][] = [[]];
  let runs = 0;
  while (queue.length > 0) {
    const prefix = queue.shift()!;
    runs += 1;
    if (runs > MAX_WALK) throw new RangeError("too many dice to walk");
    let used = 0;
    // Set inside the dice (a closure): whether the run asked for a die beyond the prefix.
    const asked = { beyond: false };
    const d6 = (): number => {
      const face = prefix[used];
      used += 1;
      if (face !== undefined) return face;
      asked.beyond = true;
      return 1;
    };
    const checked = run({ d6, roll: (n) => Array.from({ length: n }, d6) });
    if (!checked.ok) return null;
    if (asked.beyond) {
      for (let face = 1; face <= 6; face += 1) queue.push([...prefix, face]);
      continue;
    }
    const k = key(checked.value.outcome);
    const entry = found.get(k) ?? { probability: 0, firstFaces: new Set<number>(), example: checked.value.outcome };
    entry.probability += 6 ** -prefix.length;
    if (prefix[0] !== undefined) entry.firstFaces.add(prefix[0]);
    found.set(k, entry);
  }
  return [...found].map(([k, e]) => ({ key: k, probability: e.probability, firstFaces: [...e.firstFaces], example: e.example }));
}
