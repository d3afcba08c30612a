/**
 * Dice are injected into every resolver so the rules core stays pure and testable.
 * Inside Foundry the layer supplies dice backed by `Roll`; tests use seeded or scripted dice.
 */
export interface Dice {
  /** One six-sided die, 1..6. */
  d6(): number;
  /** `n` six-sided dice, in the order rolled. */
  roll(n: number): number[];
}

/** A six-sided die face. Validated wherever a die value enters the rules from outside. */
export function isDieFace(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 6;
}

function fromSource(next: () => number): Dice {
  return {
    d6: next,
    roll: (n) => Array.from({ length: n }, next),
  };
}

/** Deterministic uniform numbers in [0, 1) (mulberry32): same seed, same sequence. */
export function seededUniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Deterministic pseudo-random dice (mulberry32). Same seed, same sequence: used by
 * property tests and by the gallery fixtures.
 */
export function seededDice(seed: number): Dice {
  const uniform = seededUniform(seed);
  return fromSource(() => 1 + Math.floor(uniform() * 6));
}

/** Error thrown by scripted dice when a test asks for more dice than it scripted. */
export class DiceExhaustedError extends Error {}

/**
 * Dice that return exactly the faces given, in order. A test that rolls more than it
 * scripted fails loudly instead of silently reusing values.
 */
export function scriptedDice(faces: readonly number[]): Dice & { readonly remaining: number } {
  const queue = [...faces];
  for (const face of queue) {
    if (!isDieFace(face)) throw new RangeError(`scripted die face ${face} is not 1..6`);
  }
  const dice = fromSource(() => {
    const face = queue.shift();
    if (face === undefined) throw new DiceExhaustedError("scripted dice exhausted");
    return face;
  });
  return Object.defineProperty(dice, "remaining", { get: () => queue.length }) as Dice & {
    readonly remaining: number;
  };
}

/** Dice backed by any uniform [0,1) source, e.g. Math.random or Foundry's twister. */
export function randomDice(random: () => number = Math.random): Dice {
  return fromSource(() => 1 + Math.floor(random() * 6));
}

/** Dice that always show `face`: a dry run finds refusals, or what comes before any roll, without rolling. */
export function constantDice(face: number): Dice {
  return { d6: () => face, roll: (n) => Array.from({ length: n }, () => face) };
}
